"""Citadels in words, in the active language (Django's gettext): cards, events, commands, email sections.

Card and character names come from the card data (`citadels.cards`, German and English), so a card added
there is named here with no more work. Events are told as the reader's seat sees them (`RULES.redact`), so
nothing here can leak another seat's private part: it is not in the input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from citadels.cards import CHARACTERS, DISTRICTS


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


def card_line(ids: list[str] | tuple[str, ...], name: Callable[[str], str] = district_name) -> str:
    """A list of card names, or "(none)"."""
    return ", ".join(name(i) for i in ids) if ids else _("(none)")


# Each event type: its sentence, with {placeholders} filled from the redacted event. {who} is the actor's
# name, {whom} a target's, {character} / {district} / {districts} / {cards} card names. The "_own" variants
# are told when the reader's private part names the card.
_EVENTS: dict[str, str] = {
    "game_set_up": gettext_noop("The game was set up for {players} players; each starts with {gold} gold."),
    "round_started": gettext_noop("Round {round} began; {crown_name} holds the crown."),
    "character_chosen": gettext_noop("{who} chose a character."),
    "character_chosen_own": gettext_noop("{who} chose the {character}."),
    "character_discarded": gettext_noop("{who} laid a character face down."),
    "character_discarded_own": gettext_noop("{who} laid the {character} face down."),
    "face_down_offered": gettext_noop("{who} was offered the face-down character."),
    "character_revealed": gettext_noop("The {character} was called: {who}."),
    "gold_stolen": gettext_noop("{who} stole {amount} gold from {whom}."),
    "crown_passed": gettext_noop("{who} took the crown."),
    "gold_taken": gettext_noop("{who} took {amount} gold."),
    "bonus_gold": gettext_noop("{who} got {amount} bonus gold."),
    "cards_drawn": gettext_noop("{who} drew {count} cards."),
    "cards_drawn_own": gettext_noop("{who} drew {count} cards: {cards}."),
    "card_kept": gettext_noop("{who} kept one card."),
    "card_kept_own": gettext_noop("{who} kept {district}."),
    "cards_discarded": gettext_noop("{who} discarded {districts}."),
    "district_built": gettext_noop("{who} built {district} for {cost} gold."),
    "income_collected": gettext_noop("{who} collected {amount} gold from their districts."),
    "character_killed": gettext_noop("{who} murdered the {character}."),
    "character_robbed": gettext_noop("{who} chose to rob the {character}."),
    "hands_swapped": gettext_noop("{who} swapped hands with {whom}."),
    "deck_reshuffled": gettext_noop("The discard pile was shuffled into a new deck."),
    "district_destroyed": gettext_noop("{who} destroyed {district} of {whom} for {cost} gold."),
    "graveyard_offered": gettext_noop("{who} may take back {district} with the Graveyard."),
    "graveyard_used": gettext_noop("{who} took back {district} with the Graveyard."),
    "graveyard_declined": gettext_noop("{who} left the district on the discard pile."),
    "laboratory_used": gettext_noop("{who} used the Laboratory."),
    "smithy_used": gettext_noop("{who} used the Smithy."),
    "turn_ended": gettext_noop("{who} ended the turn."),
    "round_ended": gettext_noop("Round {round} ended."),
    "game_ended": gettext_noop("The game ended. Winner: {winners}."),
}

_COMMANDS: dict[str, str] = {
    "choose_character": gettext_noop("Choose the {character}"),
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
    "use_graveyard": gettext_noop("Pay 1 gold to take the destroyed district"),
    "decline_graveyard": gettext_noop("Leave the destroyed district"),
}


class _Missing(dict[str, Any]):
    """Format values that leave a missing placeholder visible instead of failing a whole page or email."""

    def __missing__(self, key: str) -> str:
        return "?"


def _name(names: Mapping[int, str], seat: Any) -> str:
    return names.get(seat, f"#{seat}") if isinstance(seat, int) else "?"


def _card_values(values: dict[str, Any], data: Mapping[str, Any]) -> None:
    if "character" in data:
        values["character"] = character_name(str(data["character"]))
    if "district" in data:
        values["district"] = district_name(str(data["district"]))
    if "districts" in data:
        values["districts"] = card_line(list(data["districts"]))
    if "cards" in data:
        values["cards"] = card_line(list(data["cards"]))


def describe_event(seen: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One event as the reader's seat sees it (`seen` is `RULES.redact(event, seat)`), in words."""
    kind = str(seen.get("type", ""))
    values: dict[str, Any] = _Missing(seen)
    values["who"] = _name(names, seen.get("seat"))
    values["whom"] = _name(names, seen.get("victim", seen.get("target", seen.get("other"))))
    values["crown_name"] = _name(names, seen.get("crown"))
    _card_values(values, seen)
    if "winners" in seen:
        values["winners"] = ", ".join(_name(names, s) for s in seen["winners"])
    own = f"{kind}_own"
    if own in _EVENTS and (
        ("character" in seen and kind.startswith("character")) or "cards" in seen
        or (kind == "card_kept" and "district" in seen)
    ):
        kind = own
    template = _EVENTS.get(kind)
    if template is None:
        return kind.replace("_", " ")
    return _(template).format_map(values)


def describe_command(command: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One legal command in words, e.g. "Build Castle" / "Schloss bauen"."""
    values: dict[str, Any] = _Missing(command)
    _card_values(values, command)
    if "seat" in command:
        values["whom"] = _name(names, command["seat"])
    template = _COMMANDS.get(str(command.get("type")))
    if template is None:
        return str(command.get("type", "?")).replace("_", " ")
    return _(template).format_map(values)


def email_sections(view: dict[str, Any], seat: int | None, names: Mapping[int, str]) -> list[tuple[str, list[str]]]:
    """The table of a turn email: the reader's hand, gold, city and characters, then every player's row."""
    sections: list[tuple[str, list[str]]] = []
    if seat is not None:
        me: dict[str, Any] = next((p for p in view.get("players", []) if p.get("seat") == seat), {})
        sections += [
            (_("Your hand"), [card_line(view.get("hand", []))]),
            (_("Your gold"), [str(me.get("gold", 0))]),
            (_("Your city"), [card_line(me.get("city", []))]),
            (_("Your characters"), [card_line(view.get("my_characters", []), character_name)]),
        ]
    rows = [
        _("{name}: {gold} gold, {hand} cards in hand, city: {city}").format(
            name=_name(names, p["seat"]), gold=p.get("gold", 0), hand=p.get("hand_size", 0),
            city=card_line(p.get("city", [])),
        )
        for p in view.get("players", [])
    ]
    sections.append((_("The table"), rows))
    return sections
