"""The questions the table asks before a Dominion move that does nothing useful (`dominion.questions`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def describe_question(code: str, params: dict[str, Any]) -> str:
    """The question of a code from the rules' `question`, in the active language."""
    if code == "buy_curse":
        return _("Buy a Curse? It is worth -1 victory point to you.")
    if code == "end_turn_with_buy":
        return _("End your turn with ${coins} and a buy left?").format(coins=params.get("coins", 0))
    return _("Are you sure?")
