"""The table of a turn email, in the reader's language: their hand, gold, city and characters, then a row
for every player (the Citadels part of a turn email; games/registry.py loads `email_sections` by name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .words import (
    COMPLETE_CITY,
    card_line,
    character_name,
    district_name,
    museum_size,
    seat_name,
    wishes_text,
)


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
        if view.get("museum"):
            sections.append((_("Under your Museum"), [card_line(view["museum"])]))
        if view.get("phase") != "over":
            sections.append((_("Draft wishes"), _wish_lines(view)))
    rows = [_player_row(p, names) for p in view.get("players", [])]
    if view.get("characters"):
        rows.append(_("Characters in this game: {names}").format(names=card_line(view["characters"], character_name)))
    if view.get("complete_at") not in (None, COMPLETE_CITY):
        rows.append(_("Bell Tower: a city is complete with {count} districts.").format(count=view["complete_at"]))
    sections.append((_("The table"), rows))
    return sections


def _wish_lines(view: Mapping[str, Any]) -> list[str]:
    """The reader's draft wishes now, and how a reply sets them."""
    wished = [str(c) for c in view.get("wishes") or []]
    return [
        _("Now: {wishes}").format(wishes=wishes_text(wished)),
        _('Reply "wish: assassin, thief" (names or numbers, first first) to have your pick of the next draft '
          'taken for you; "wish: ask" to be asked.'),
    ]


def _player_row(player: Mapping[str, Any], names: Mapping[int, str]) -> str:
    cards = int(player.get("hand_size", 0))
    row = _("{name}: {gold} gold, {hand}, city: {city}").format(
        name=seat_name(names, player["seat"]), gold=player.get("gold", 0),
        hand=ngettext("%(cards)s card in hand", "%(cards)s cards in hand", cards) % {"cards": cards},
        city=card_line(player.get("city", [])),
    )
    if player.get("museum_size"):
        row += ", " + museum_size(int(player["museum_size"]))
    return row


def asked_between_turns(view: Mapping[str, Any], seat: int) -> str | None:
    """What is asked of `seat` in another player's turn (the Graveyard's offer in the Warlord's), in words;
    None when it is the reader's own turn or draft step (their mail says "your turn")."""
    offer = view.get("graveyard_offer") or {}
    turn = view.get("turn") or {}
    if offer.get("seat") == seat and turn.get("seat") != seat:
        return _("Graveyard: pay 1 gold to take the destroyed {district} into your hand?").format(
            district=district_name(str(offer.get("district"))))
    return None
