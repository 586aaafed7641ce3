"""The stats app's part of the settings page (`accounts.settings_page`): whether the player's finished games
go into the open record. Added in `StatsConfig.ready` through accounts' hook."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.settings_page import SettingsSection, sections

from .consent import is_included, set_included


class OpenRecordForm(forms.Form):
    included = forms.BooleanField(
        label=gettext_lazy("Put my finished games in the open record"), required=False,
        help_text=gettext_lazy("Once a month the finished, listed games are published for study, every hand open, "
                               "each player under a number that tells nobody who they are: no names, no addresses, "
                               "no chat. Unticked, none of the games you played are in it."),
    )


def _initial(user: User) -> dict[str, Any]:
    return {"included": is_included(user)}


def _save(user: User, data: dict[str, Any]) -> None:
    set_included(user, data["included"])


def add_sections() -> None:
    """Add the open record's choice to the settings page."""
    sections.register(SettingsSection(part="open_record", template="stats/settings_open_record.html",
                                      form_class=OpenRecordForm, initial=_initial, save=_save))
