"""The Dominion part of the new-game form: the kingdom (10 piles at random, or the ones ticked) and Shelters.

The pile choices come from the card data (`dominion.cards`); the engine validates the options (a kingdom of
other than 10 piles is refused, and the hosting shows the refusal as a form error).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from dominion.cards import CARDS, KINGDOM_PILES

from .words import card_name


class _LazyChoices:
    """Choices computed when the form renders, so the names follow the reader's language."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def __iter__(self) -> Any:
        return iter(self.make())


def _pile_cost(pile: str) -> int:
    return 5 if pile == "knights" else CARDS[pile].cost


def _kingdom_choices() -> list[tuple[str, str]]:
    ordered = sorted(KINGDOM_PILES, key=lambda p: (_pile_cost(p), card_name(p)))
    return [(pile, f"{card_name(pile)} ({_pile_cost(pile)})") for pile in ordered]


KINGDOM_SIZE = 10


def _ten_piles(piles: list[str]) -> None:
    """None ticked (drawn at random) or exactly ten: refused at the field, in the reader's language."""
    if len(piles) != KINGDOM_SIZE:
        raise ValidationError(ngettext(
            "You ticked %(count)s pile: tick exactly 10, or none for 10 drawn at random.",
            "You ticked %(count)s piles: tick exactly 10, or none for 10 drawn at random.", len(piles),
        ) % {"count": len(piles)}, code="kingdom_size")


def form_fields() -> dict[str, forms.Field]:
    """The Dominion fields of the new-game form (names are local; the hosting prefixes them)."""
    return {
        "kingdom": forms.MultipleChoiceField(
            label=_("Kingdom cards"), choices=_LazyChoices(_kingdom_choices), required=False,
            widget=forms.CheckboxSelectMultiple, validators=[_ten_piles],
            help_text=_("Tick exactly 10 piles, or none for 10 drawn at random."),
        ),
        "shelters": forms.BooleanField(
            label=_("Shelters"), required=False, initial=True,
            help_text=_("Start with Hovel, Necropolis and Overgrown Estate instead of 3 Estates."),
        ),
    }


def options_from_form(data: dict[str, Any]) -> dict[str, Any]:
    """The game options of the form's cleaned Dominion fields: only what differs from the defaults."""
    options: dict[str, Any] = {}
    if data.get("kingdom"):
        options["kingdom"] = sorted(data["kingdom"])
    if not data.get("shelters"):
        options["shelters"] = False
    return options


def describe_options(options: dict[str, Any]) -> list[str]:
    """A game's options in the reader's words (the kingdom, Shelters): what a player joins, told in the
    waiting room and on the invite page (the same labels as the new-game form)."""
    kingdom = sorted(options.get("kingdom") or [], key=card_name)
    names = ", ".join(card_name(pile) for pile in kingdom) if kingdom else gettext("10 drawn at random")
    lines = [f"{gettext('Kingdom cards')}: {names}"]
    if options.get("shelters", True):
        lines.append(gettext("Start with Hovel, Necropolis and Overgrown Estate instead of 3 Estates."))
    return lines
