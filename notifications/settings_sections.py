"""The notifications app's parts of the settings page (`accounts.settings_page`, which owns the page): how
the player gets game emails, and their vacation (the deadlines' absences, whose API is here too). Added
in `NotificationsConfig.ready` through accounts' hook, so that accounts imports nothing of this app."""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.settings_page import SettingsSection, sections
from games.deadlines import absences
from games.models import Absence

from . import preferences
from .models import GAME_KINDS, Kind, Preference


class EmailForm(forms.Form):
    mode = forms.ChoiceField(
        label=gettext_lazy("Game emails"), choices=Preference.Mode.choices, widget=forms.RadioSelect,
        help_text=gettext_lazy("Each email as it happens, one daily digest, or none at all."),
    )
    opted_out = forms.MultipleChoiceField(
        label=gettext_lazy("Never send me these"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(k.value, k.label) for k in GAME_KINDS if k not in (Kind.DIGEST, Kind.CHAT)],
    )
    chat = forms.ChoiceField(
        label=gettext_lazy("Chat messages"), choices=Preference.ChatMode.choices, widget=forms.RadioSelect,
        help_text=gettext_lazy("What the other players write in your games' chat. Your turn emails tell it either way."),
    )


def _email_initial(user: User) -> dict[str, Any]:
    pref = preferences.preference(user)
    chat = Preference.ChatMode.NEVER if Kind.CHAT in pref.opted_out else pref.chat
    return {"mode": pref.mode, "opted_out": [k for k in pref.opted_out if k != Kind.CHAT], "chat": chat}


def _save_email(user: User, data: dict[str, Any]) -> None:
    preferences.update_preferences(user, mode=data["mode"], opted_out=list(data["opted_out"]), chat=data["chat"])


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


def _save_vacation(user: User, data: dict[str, Any]) -> None:
    absences.declare_absence(user, *_local_day_bounds(user, data["starts_on"], data["ends_on"]))


def _end_vacation(user: User, post: QueryDict) -> str:
    absences.end_absence(user, post.get("absence"))
    return _("Your vacation is over: welcome back.")


def _vacations(user: User, now: datetime) -> dict[str, Any]:
    """The player's coming and current vacations as the days they entered: the first and the last day away
    (a vacation is stored up to the midnight after its last day, which would read as one day too many),
    and the days left this year."""
    return {
        "absences": [
            {"pk": a.pk, "first": timezone.localtime(a.starts_at).date(), "started": a.starts_at <= now,
             "last": timezone.localtime(a.ends_at - timedelta(microseconds=1)).date()}
            for a in Absence.objects.filter(user=user, ends_at__gt=now).order_by("starts_at")
        ],
        "days_left": absences.absence_days_left(user, timezone.localdate().year),
        "days_per_year": absences.absence_days_per_year(),
    }


def add_sections() -> None:
    """Add the email and the vacation parts to the settings page (`NotificationsConfig.ready`)."""
    sections.register(SettingsSection(
        part="email", template="notifications/settings_email.html", form_class=EmailForm,
        initial=_email_initial, save=_save_email,
    ))
    sections.register(SettingsSection(
        part="vacation", template="notifications/settings_vacation.html", form_class=VacationForm,
        initial=lambda user: {}, save=_save_vacation, context=_vacations, actions={"end_vacation": _end_vacation},
    ))
