"""The ratings app's part of the settings page (`accounts.settings_page`): what of the profile others see.
Added in `RatingsConfig.ready` through accounts' hook."""

from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.settings_page import SettingsSection, sections

from .models import ProfilePrivacy
from .profiles import privacy_of, update_privacy


class PrivacyForm(forms.Form):
    show_record = forms.BooleanField(label=gettext_lazy("Show my games played, won and running"), required=False)
    show_rating = forms.BooleanField(label=gettext_lazy("Show my ratings"), required=False,
                                     help_text=gettext_lazy("On my profile and beside my name in the lobby."))
    show_reliability = forms.BooleanField(
        label=gettext_lazy("Show my reliability and my usual time to move"), required=False,
        help_text=gettext_lazy("On my profile and beside my name in the lobby. Games that ask for a least "
                               "reliability still see whether I have it."),
    )
    show_games = forms.BooleanField(label=gettext_lazy("Show my finished games"), required=False)


def _initial(user: User) -> dict[str, Any]:
    privacy = privacy_of(user)
    return {flag: getattr(privacy, flag) for flag in ProfilePrivacy.FLAGS}


def _save(user: User, data: dict[str, Any]) -> None:
    update_privacy(user, **{flag: data[flag] for flag in ProfilePrivacy.FLAGS})


def add_sections() -> None:
    """Add the profile's privacy to the settings page."""
    sections.register(SettingsSection(
        part="profile_privacy", template="ratings/settings_privacy.html", form_class=PrivacyForm,
        initial=_initial, save=_save, context=lambda user, now: {"profile_url": reverse("player-profile", args=[user.pk])},
    ))
