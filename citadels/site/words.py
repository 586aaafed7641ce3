"""Citadels in words, in the active language (Django's gettext): cards, commands, email sections.

Card and character names come from the card data (`citadels.cards`, German and English), so a card added
there is named here with no more work. The events are told in `event_words`, from the reader's seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language, gettext_noop, ngettext
from django.utils.translation import gettext as _

from citadels.cards import CHARACTERS, DISTRICTS

COMPLETE_CITY = 8  # districts that complete a city unless a Bell Tower says 7


def _german() -> bool:
    return (get_language() or "en").startswith("de")


def district_name(district_id: str) -> str:
    """A district's name in the active language (the id itself for an unknown card)."""
    card = DISTRICTS.get(district_id)
    if card is None:
        return district_id
    return card.name_de if _german() else card.name_en


def district_text(district_id: str) -> str:
    """A purple district's ability in the active language ("" for the others)."""
    card = DISTRICTS.get(district_id)
    if card is None:
        return ""
    return card.text_de if _german() else card.text_en


def character_name(character_id: str) -> str:
    """A character's name in the active language."""
    card = CHARACTERS.get(character_id)
    if card is None:
        return character_id
    return card.name_de if _german() else card.name_en


def character_text(character_id: str) -> str:
    """A character's ability in the active language."""
    card = CHARACTERS.get(character_id)
    if card is None:
        return ""
    return card.text_de if _german() else card.text_en


_COLOURS: dict[str, str] = {
    "yellow": gettext_noop("yellow"), "blue": gettext_noop("blue"), "green": gettext_noop("green"),
    "red": gettext_noop("red"), "purple": gettext_noop("purple"),
}


def colour_name(colour: str) -> str:
    """A district colour in words ("yellow"/"gelb"): the cards' colour is never told by colour alone."""
    return _(_COLOURS[colour]) if colour in _COLOURS else colour


def district_summary(district_id: str) -> str:
    """What a district's tile shows, in words for the accessibility tree: "Castle, yellow, costs 4 gold"
    ("University, purple, costs 6 gold, 8 points" where its points differ from its cost)."""
    card = DISTRICTS.get(district_id)
    if card is None:
        return district_id
    values = {"name": district_name(district_id), "colour": colour_name(card.colour.value), "cost": card.cost,
              "points": card.points}
    if card.points != card.cost:
        return ngettext("{name}, {colour}, costs {cost} gold, {points} point",
                        "{name}, {colour}, costs {cost} gold, {points} points", card.points).format(**values)
    return _("{name}, {colour}, costs {cost} gold").format(**values)


def card_count(count: int) -> str:
    """A number of cards in words: "1 card", "3 cards"."""
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def museum_size(count: int) -> str:
    """How many cards lie under a Museum, in words."""
    return ngettext("%(count)s card under the Museum", "%(count)s cards under the Museum", count) % {"count": count}


def gold_change(gold: int) -> str:
    """A command's effect on the player's gold in words: "pay 3 gold", "+2 gold", "0 gold"."""
    if gold < 0:
        return ngettext("pay %(count)s gold", "pay %(count)s gold", -gold) % {"count": -gold}
    if gold == 0:
        return _("0 gold")
    return ngettext("+%(count)s gold", "+%(count)s gold", gold) % {"count": gold}


def card_line(ids: list[str] | tuple[str, ...], name: Callable[[str], str] = district_name) -> str:
    """A list of card names, or "(none)"."""
    return ", ".join(name(i) for i in ids) if ids else _("(none)")


_COMMANDS: dict[str, str] = {
    "choose_character": gettext_noop("Choose the {character}"),
    "set_wishes": gettext_noop("Draft wishes: {characters}"),
    "discard_character": gettext_noop("Lay the {character} face down"),
    "take_gold": gettext_noop("Take 2 gold"),
    "draw_cards": gettext_noop("Draw cards"),
    "keep_card": gettext_noop("Keep {district}"),
    "discard_card": gettext_noop("Discard {district}"),
    "build": gettext_noop("Build {district}"),
    "collect_income": gettext_noop("Collect income from your districts"),
    "kill": gettext_noop("Murder the {character}"),
    "rob": gettext_noop("Rob the {character}"),
    "swap_hands": gettext_noop("Swap hands with {whom}"),
    "redraw": gettext_noop("Discard {districts} and draw as many"),
    "destroy": gettext_noop("Destroy {district} of {whom}"),
    "use_laboratory": gettext_noop("Laboratory: discard {district} for 1 gold"),
    "use_smithy": gettext_noop("Smithy: pay 2 gold, draw 3 cards"),
    "end_turn": gettext_noop("End your turn"),
    "resign": gettext_noop("Resign the game"),
    "use_graveyard": gettext_noop("Pay 1 gold to take the destroyed district"),
    "decline_graveyard": gettext_noop("Leave the destroyed district"),
    # Die dunklen Lande
    "thank_your_excellency": gettext_noop("\u201cThank you, Your Excellency!\u201d"),
    "bewitch": gettext_noop("Bewitch the {character}"),
    "look_at_hand": gettext_noop("Look at the hand of {whom}"),
    "take_card": gettext_noop("Take {district} into your hand"),
    "take_card:build": gettext_noop("Take {district} and build it at once"),
    "give_crown": gettext_noop("Give the crown to {whom}"),
    "navigate:gold": gettext_noop("Navigator: take 4 gold"),
    "navigate:cards": gettext_noop("Navigator: draw 4 cards"),
    "exchange": gettext_noop("Exchange your {own} for {their} of {whom}"),
    "adorn": gettext_noop("Adorn {district} with 1 gold"),
    "search_deck": gettext_noop("Lighthouse: look through the deck and keep one card"),
    "decline_search": gettext_noop("Lighthouse: leave the deck unsearched"),
    "keep_from_deck": gettext_noop("Keep {district} from the deck"),
    "set_bell_tower": gettext_noop("Bell Tower: a city is complete with {count} districts"),
    "use_museum": gettext_noop("Museum: put {district} under it"),
    "use_armory": gettext_noop("Armory: blow it up to destroy {district} of {whom}"),
}


class Missing(dict[str, Any]):
    """Format values that leave a missing placeholder visible instead of failing a whole page or email."""

    def __missing__(self, key: str) -> str:
        return "?"


def seat_name(names: Mapping[int, str], seat: Any) -> str:
    """A seat's player name ("#3" for an unnamed seat)."""
    return names.get(seat, f"#{seat}") if isinstance(seat, int) else "?"


def card_values(values: dict[str, Any], data: Mapping[str, Any]) -> None:
    """Fill `values` with the names of the cards `data` names (character, district(s), cards)."""
    if "character" in data:
        values["character"] = character_name(str(data["character"]))
    if "district" in data:
        values["district"] = district_name(str(data["district"]))
    if isinstance(data.get("districts"), list):
        values["districts"] = card_line(list(data["districts"]))
    if "cards" in data:
        values["cards"] = card_line(list(data["cards"]))
    if isinstance(data.get("characters"), list):  # draft wishes (set_wishes, wishes_set)
        values["characters"] = wishes_text([str(c) for c in data["characters"] if c])


def wishes_text(characters: list[str]) -> str:
    """Draft wishes in words: the characters in order, or "ask me"."""
    if not characters:
        return _("ask me when my pick comes")
    return ", ".join(character_name(c) for c in characters)


def describe_command(
    command: Mapping[str, Any], names: Mapping[int, str], view: Mapping[str, Any] | None = None
) -> str:
    """One legal command in words, e.g. "Build Castle" / "Schloss bauen". A command names everything by
    its id, so the sender's `view` (which every site's `describe_command` is given) is not needed."""
    values: dict[str, Any] = Missing(command)
    card_values(values, command)
    if "seat" in command:
        values["whom"] = seat_name(names, command["seat"])
    for field in ("own", "their"):
        if field in command:
            values[field] = district_name(str(command[field]))
    if isinstance(command.get("districts"), int):
        values["count"] = command["districts"]
    kind = str(command.get("type"))
    variant = "build" if command.get("build") else str(command.get("take", ""))
    template = _COMMANDS.get(f"{kind}:{variant}") or _COMMANDS.get(kind)
    if template is None:
        return kind.replace("_", " ")
    return _(template).format_map(values)
