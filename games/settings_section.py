"""The table's part of the settings page (`accounts.settings_page.sections`): whether the table
asks before a move that does nothing useful or throws something away."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.settings_page import SettingsSection, sections

from .services import questions


class TableForm(forms.Form):
    ask_before_waste = forms.BooleanField(
        label=gettext_lazy("Ask before a move that does nothing useful"), required=False,
        help_text=gettext_lazy(
            "For example a move that throws something away, or ending a turn while a useful move is still open."
        ),
    )


def _save(user: User, data: dict[str, Any]) -> None:
    questions.set_asks_before_waste(user, data["ask_before_waste"])


def add_section() -> None:
    """Add the table's part to the settings page (`GamesConfig.ready`)."""
    sections.register(SettingsSection(
        part="table", template="games/settings_table.html", form_class=TableForm,
        initial=lambda user: {"ask_before_waste": questions.asks_before_waste(user)}, save=_save,
    ))
