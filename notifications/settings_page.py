"""`/settings/`: display name, language and time zone; email preferences; vacation; API tokens.

Each part is its own small form posted to the same page (`part` says which); each calls the service that
owns the setting (accounts, notifications, games.deadlines.absences) and shows what was wrong on the page.
"""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from accounts import services as accounts
from accounts.models import DISPLAY_NAME_MAX_LENGTH, User, validate_display_name
from config.errors import ServiceError
from games.deadlines import absences
from games.models import Absence

from . import preferences
from .models import Kind, Preference


def _time_zones() -> list[tuple[str, str]]:
    return [(z, z) for z in sorted(zoneinfo.available_timezones()) if "/" in z or z == "UTC"]


class ProfileForm(forms.Form):
    display_name = forms.CharField(label=gettext_lazy("Display name"), max_length=DISPLAY_NAME_MAX_LENGTH,
                                   validators=[validate_display_name])
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=User.Language.choices)
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"), choices=_time_zones,
        help_text=gettext_lazy("Deadlines are shown in this time zone."),
    )


class EmailForm(forms.Form):
    mode = forms.ChoiceField(
        label=gettext_lazy("Game emails"), choices=Preference.Mode.choices, widget=forms.RadioSelect,
        help_text=gettext_lazy("Each email as it happens, one daily digest, or none at all."),
    )
    opted_out = forms.MultipleChoiceField(
        label=gettext_lazy("Never send me these"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(k.value, k.label) for k in Kind if k != Kind.DIGEST],
    )


# Beyond this a day's bounds (the midnight after the last day, then UTC) overflow Python's dates: a 500.
LAST_POSSIBLE_DAY = date.max - timedelta(days=2)


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=gettext_lazy("First day away"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=gettext_lazy("Last day away"), widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("starts_on") and data.get("ends_on") and data["ends_on"] < data["starts_on"]:
            self.add_error("ends_on", _("The last day cannot be before the first."))
        for name in ("starts_on", "ends_on"):
            if data.get(name) and data[name] > LAST_POSSIBLE_DAY:
                self.add_error(name, _("This day is too far in the future."))
        return data


def _local_day_bounds(user: User, first: Any, last: Any) -> tuple[datetime, datetime]:
    """From the start of the first day to the end of the last, in the player's time zone."""
    zone = zoneinfo.ZoneInfo(user.time_zone or "UTC")
    starts = datetime.combine(first, time.min, tzinfo=zone)
    ends = datetime.combine(last + timedelta(days=1), time.min, tzinfo=zone)
    return starts, ends


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    """Every setting of the player on one page; a POST changes one part."""
    if not isinstance(request.user, User):  # login_required admits signed-in users only; this narrows the type
        raise PermissionDenied
    user = User.objects.get(pk=request.user.pk)  # the model itself, not the request's lazy wrapper
    pref = preferences.preference(user)
    forms_by_part: dict[str, forms.Form] = {
        "profile": ProfileForm(initial={"display_name": user.display_name, "language": user.language,
                                        "time_zone": user.time_zone}),
        "email": EmailForm(initial={"mode": pref.mode, "opted_out": list(pref.opted_out)}),
        "vacation": VacationForm(),
    }
    new_token = ""
    status = 200
    if request.method == "POST":
        part = request.POST.get("part", "")
        try:
            if part in forms_by_part:
                form = type(forms_by_part[part])(request.POST)
                forms_by_part[part] = form
                if form.is_valid():
                    _save(part, user, form.cleaned_data)
                    # A new language speaks from this answer on: "Saved." already in it.
                    translation.activate(user.language)
                    messages.success(request, _("Saved."))
                    return redirect("settings")
                status = 400
            elif part == "end_vacation":
                absences.end_absence(user, request.POST.get("absence"))
                messages.success(request, _("Your vacation is over: welcome back."))
                return redirect("settings")
            elif part == "new_token":
                Token.objects.filter(user=user).delete()
                new_token = str(Token.objects.create(user=user).key)
            elif part == "revoke_token":
                accounts.revoke_token(user)
                messages.success(request, _("The API token is revoked."))
                return redirect("settings")
        except ServiceError as error:
            target = forms_by_part.get(part)
            if target is not None:
                target.add_error(None, error.message)
            else:
                messages.error(request, error.message)
            status = error.status
    now = timezone.now()
    return render(request, "settings.html", {
        "profile_form": forms_by_part["profile"],
        "email_form": forms_by_part["email"],
        "vacation_form": forms_by_part["vacation"],
        "absences": _vacations(user, now),
        "days_left": absences.absence_days_left(user, timezone.localdate().year),
        "days_per_year": absences.absence_days_per_year(),
        "token": Token.objects.filter(user=user).first(),
        "new_token": new_token,
        "now": now,
    }, status=status)


def _vacations(user: User, now: datetime) -> list[dict[str, Any]]:
    """The player's coming and current vacations as the days they entered: the first and the last day away
    (a vacation is stored up to the midnight after its last day, which would read as one day too many)."""
    return [
        {"pk": a.pk, "first": timezone.localtime(a.starts_at).date(), "started": a.starts_at <= now,
         "last": timezone.localtime(a.ends_at - timedelta(microseconds=1)).date()}
        for a in Absence.objects.filter(user=user, ends_at__gt=now).order_by("starts_at")
    ]


def _save(part: str, user: User, data: dict[str, Any]) -> None:
    if part == "profile":
        accounts.update_profile(user, **data)
    elif part == "email":
        preferences.update_preferences(user, mode=data["mode"], opted_out=list(data["opted_out"]))
    elif part == "vacation":
        absences.declare_absence(user, *_local_day_bounds(user, data["starts_on"], data["ends_on"]))
