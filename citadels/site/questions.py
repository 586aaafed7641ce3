"""The questions the table asks before a Citadels move that throws something away (`citadels.questions`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def describe_question(code: str, params: dict[str, Any]) -> str:
    """The question of a code from the rules' `question`, in the active language."""
    if code == "end_turn_with_build":
        return _("End your turn with {gold} gold and a district you could still build?").format(gold=params.get("gold", 0))
    return _("Are you sure?")
