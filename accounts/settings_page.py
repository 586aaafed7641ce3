"""`/settings/`: the player's settings on one page. accounts owns the page and its own parts (display name,
language and time zone; API token); the apps above it register theirs in `sections` (a
`core.registry.Registry`, by part; the notifications app adds the email preferences and the vacation, in its
`AppConfig.ready`), so that accounts imports none of them.

Each part is its own small form posted to the same page (`part` says which); each calls the service that
owns the setting and shows what was wrong on the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from core.errors import ServiceError
from core.registry import Registry

from . import services
from .models import DISPLAY_NAME_MAX_LENGTH, User, validate_display_name
from .time_zones import filter_attrs, grouped_time_zones


@dataclass(frozen=True)
class SettingsSection:
    """A part of the settings page that another app owns: its form, shown by its template (which gets the
    bound or filled `form` and whatever `context` adds, as `section`), saved through that app's service
    (`save`; a `ServiceError` is shown on the form). `actions` are the section's other buttons: a `part`
    name and what it does with the POST, returning the message shown after it."""

    part: str
    template: str
    form_class: type[forms.Form]
    initial: Callable[[User], dict[str, Any]]
    save: Callable[[User, dict[str, Any]], None]
    context: Callable[[User, datetime], dict[str, Any]] = lambda user, now: {}
    actions: Mapping[str, Callable[[User, QueryDict], str]] = field(default_factory=dict)


# The page's parts in the order shown: the profile first, then the sections the apps register in their
# `AppConfig.ready` (`sections.register(SettingsSection(...))`), by their `part`.
sections: Registry[SettingsSection] = Registry("settings section", name_of=lambda section: section.part)


class ProfileForm(forms.Form):
    display_name = forms.CharField(label=gettext_lazy("Display name"), max_length=DISPLAY_NAME_MAX_LENGTH,
                                   validators=[validate_display_name])
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=User.Language.choices)
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"), choices=grouped_time_zones,
        help_text=gettext_lazy("Deadlines are shown in this time zone."), widget=forms.Select(attrs=filter_attrs()),
    )


def _save_profile(user: User, data: dict[str, Any]) -> None:
    services.update_profile(user, **data)


PROFILE = SettingsSection(
    part="profile", template="accounts/settings_profile.html", form_class=ProfileForm, save=_save_profile,
    initial=lambda user: {"display_name": user.display_name, "language": user.language, "time_zone": user.time_zone},
)
sections.register(PROFILE)


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    """Every setting of the player on one page; a POST changes one part."""
    if not isinstance(request.user, User):  # login_required admits signed-in users only; this narrows the type
        raise PermissionDenied
    user = User.objects.get(pk=request.user.pk)  # the model itself, not the request's lazy wrapper
    forms_by_part = {s.part: s.form_class(initial=s.initial(user)) for s in sections}
    actions = {name: action for s in sections for name, action in s.actions.items()}
    new_token = ""
    status = 200
    if request.method == "POST":
        part = request.POST.get("part", "")
        try:
            if part in sections:
                form = sections[part].form_class(request.POST)
                forms_by_part[part] = form
                if form.is_valid():
                    sections[part].save(user, form.cleaned_data)
                    # A new language speaks from this answer on: "Saved." already in it.
                    translation.activate(user.language)
                    messages.success(request, _("Saved."))
                    return redirect("settings")
                status = 400
            elif part in actions:
                messages.success(request, actions[part](user, request.POST))
                return redirect("settings")
            elif part == "new_token":
                Token.objects.filter(user=user).delete()
                new_token = str(Token.objects.create(user=user).key)
            elif part == "revoke_token":
                services.revoke_token(user)
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
        "sections": [{"template": s.template, "form": forms_by_part[s.part], **s.context(user, now)}
                     for s in sections],
        "token": Token.objects.filter(user=user).first(),
        "new_token": new_token,
        "now": now,
    }, status=status)
