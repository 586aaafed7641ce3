"""The helper that turns a Citadels view into what the table template (templates/citadels/table.html) shows.

Everything here reads the viewer's `view` (spectators the public one) and their legal commands; card names
and texts come through `words` in the active language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from citadels.cards import CHARACTERS, DISTRICTS
from citadels.turn import draw_counts
from games.registry import CardSelection

from . import words
from .rules_pages import rules_card_url, rules_index_url
from .wish_words import wish_form

TABLE_TEMPLATE = "citadels/table.html"


class _CardChoice(NamedTuple):
    """A choice made of cards: the cards are selected, then one button sends the command with them."""

    field: str  # the command's field that names the card(s)
    multiple: bool
    source: str  # where the cards come from in the viewer's view
    title: str
    confirm: str


_CARD_CHOICES = {
    "keep_card": _CardChoice("district", False, "drawn", gettext_noop("Keep one of the cards you drew"),
                             gettext_noop("Keep the selected card")),
    "use_laboratory": _CardChoice("district", False, "hand", gettext_noop("Laboratory: discard one card for 1 gold"),
                                  gettext_noop("Discard the selected card")),
    "redraw": _CardChoice("districts", True, "hand", gettext_noop("Magician: discard any cards and draw as many"),
                          gettext_noop("Discard the selected cards and draw")),
    "keep_from_deck": _CardChoice("district", False, "deck_cards",
                                  gettext_noop("Lighthouse: keep one card of the deck (then it is shuffled)"),
                                  gettext_noop("Keep the selected card")),
    "use_museum": _CardChoice("district", False, "hand", gettext_noop("Museum: put one card of your hand under it"),
                              gettext_noop("Put the selected card under the Museum")),
}


def _choice_cards(view: Mapping[str, Any], source: str, multiple: bool) -> list[str]:
    """The cards a choice offers: a box for each copy where several are picked (the Magician may discard
    both copies of a district), else each district once."""
    cards = (view.get("drawn") or {}).get("cards", []) if source == "drawn" else view.get(source) or []
    return list(cards) if multiple else list(dict.fromkeys(cards))


def _offered(legal: list[dict[str, Any]], kind: str, field: str) -> set[str]:
    """The districts the legal commands of a card choice name (the whole hand, for the Magician's)."""
    offered: set[str] = set()
    for command in legal:
        if command.get("type") == kind:
            offered.update(command.get("districts") or [command.get(field)])
    return offered


def card_selections(view: Mapping[str, Any] | None, legal: list[dict[str, Any]]) -> list[CardSelection]:
    """The choices of any number of cards open now (the table's checkbox forms: the Magician's redraw),
    a box for each copy, in the zone's order: a reply by email may name their cards."""
    view = view or {}
    selections = []
    for kind, spec in _CARD_CHOICES.items():
        offered = _offered(legal, kind, spec.field) if spec.multiple else set()
        if offered:
            cards = [d for d in _choice_cards(view, spec.source, True) if d in offered]
            selections.append(CardSelection(kind, spec.field, tuple((d, words.district_name(d)) for d in cards)))
    return selections


def district_card(district_id: str, adorned: bool = False) -> dict[str, Any]:
    """A district as the template draws it: colour, cost, points, name, (purple) text and the Artist's gold."""
    card = DISTRICTS.get(district_id)
    return {
        "id": district_id,
        "name": words.district_name(district_id),
        "colour": card.colour.value if card else "grey",
        "summary": words.district_summary(district_id),
        "cost": card.cost if card else "?",
        "points": card.points if card else "?",
        "extra_points": bool(card and card.points != card.cost),
        "text": words.district_text(district_id),
        "adorned": _("adorned by the Artist: 1 gold on it") if adorned else "",
        "rules_url": rules_card_url(district_id) if card else "",
    }


def character_card(character_id: str, status: str = "") -> dict[str, Any]:
    """A character as the template draws it: rank, name, ability, and its state in this round."""
    card = CHARACTERS.get(character_id)
    return {
        "id": character_id,
        "rank": card.rank if card else "?",
        "name": words.character_name(character_id),
        "colour": card.colour.value if card and card.colour else "none",
        "rank_words": _("rank {rank}").format(rank=card.rank) if card else "",
        "text": words.character_text(character_id),
        "status": status,
        "rules_url": rules_card_url(character_id) if card else "",
    }


def _round_characters(view: Mapping[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """Every character of the game in rank order (the 9th rank too), with its public fate this round:
    face up, called (with the player), playing now, murdered, robbed, bewitched."""
    shown = {c: character_card(c) for c in view.get("characters") or []}
    for character in view.get("face_up", []):
        shown[character] = character_card(character, _("face up, out of the round"))
    for player in view.get("players", []):
        for character in player.get("characters", []):
            shown[character] = character_card(character, _("called: {name}").format(name=names.get(player["seat"], "?")))
    turn = view.get("turn") or {}
    if turn.get("character"):
        shown[turn["character"]] = character_card(
            turn["character"], _("playing now: {name}").format(name=names.get(turn.get("seat", -1), "?"))
        )
    for key, label in (("killed", _("murdered")), ("robbed", _("robbed")), ("bewitched", _("bewitched"))):
        if view.get(key):
            card = shown.get(view[key]) or character_card(view[key])
            card["status"] = f"{card['status']}, {label}" if card["status"] else label
            shown[view[key]] = card
    return sorted(shown.values(), key=lambda c: (c["rank"] if isinstance(c["rank"], int) else 99, c["id"]))


def _rank(character_id: Any) -> int:
    card = CHARACTERS.get(str(character_id))
    return card.rank if card else 99


def _by_rank(characters: list[str]) -> list[str]:
    """Characters in the order they are called (the rules list them by id, which reads as no order)."""
    return sorted(characters, key=lambda c: (_rank(c), c))


def choice_order(legal: list[dict[str, Any]], view: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The legal commands grouped by type as the rules list them; those naming a character (choose, lay
    face down, murder, rob, bewitch) by the character's rank, in every language alike. The table's buttons
    and the emails' numbered choices (and so a reply by number) follow this one order."""
    first: dict[Any, int] = {}
    for index, command in enumerate(legal):
        first.setdefault(command.get("type"), index)
    return sorted(legal, key=lambda c: (first[c.get("type")], _rank(c["character"]) if "character" in c else 0))


def _gold_of(view: Mapping[str, Any], command: Mapping[str, Any]) -> int | None:
    """The gold the rules quote for `command` in the viewer's view (a price is negative), or None."""
    for quote in view.get("gold_quotes") or []:
        if quote.get("command") == command:
            return int(quote["gold"])
    return None


def _draw_label(view: Mapping[str, Any]) -> str:
    """The draw button with its numbers, as the rules count them for the viewer's city
    (`citadels.turn.draw_counts`): "Draw 2 cards, keep 1", or under the 2000 edition's rule "Draw 2 cards,
    then discard 1 from your hand"."""
    seat = view.get("seat")
    city: list[str] = next((p.get("city", []) for p in view.get("players", []) if p.get("seat") == seat), [])
    rejected_card = str((view.get("options") or {}).get("rejected_card", ""))
    count, keep, from_hand = draw_counts("observatory" in city, "library" in city, rejected_card)
    if from_hand:
        return _("Draw {count} cards, then discard {discard} from your hand").format(count=count, discard=count - 1)
    return _("Draw {count} cards, keep {keep}").format(count=count, keep=keep)


def _commands(legal: list[dict[str, Any]], names: Mapping[int, str], view: Mapping[str, Any]) -> dict[str, Any]:
    """Buttons for simple commands; card selections (with a confirm button) for the choices made of cards."""
    buttons = []
    choices: dict[str, dict[str, Any]] = {}
    for command in choice_order(legal, view):
        kind = str(command.get("type"))
        if kind in _CARD_CHOICES:
            spec = _CARD_CHOICES[kind]
            if kind not in choices:
                choices[kind] = {
                    "type": kind, "field": spec.field, "multiple": spec.multiple,
                    "cards": [district_card(d) for d in _choice_cards(view, spec.source, spec.multiple)],
                    "allowed": _offered(legal, kind, spec.field), "title": _(spec.title), "confirm": _(spec.confirm),
                }
            continue
        label = _draw_label(view) if kind == "draw_cards" else words.describe_command(command, names)
        gold = _gold_of(view, command)
        buttons.append({"label": f"{label} ({words.gold_change(gold)})" if gold is not None else label,
                        "json": json.dumps(command)})
    for choice in choices.values():
        choice["cards"] = [c for c in choice["cards"] if c["id"] in choice["allowed"]]
        del choice["allowed"]
    return {"buttons": buttons, "card_choices": list(choices.values())}


def _score_so_far(score: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A player's score so far as the template shows it: the total and its parts in words."""
    if not score:
        return None
    parts = [_("{points} for districts").format(points=score.get("districts", 0))]
    for key, label in (("colours", _("{points} for five colours")), ("complete", _("{points} for a complete city")),
                       ("extras", _("{points} from purple districts"))):
        if score.get(key):
            parts.append(label.format(points=score[key]))
    return {"total": int(score.get("total", 0)), "parts": ", ".join(parts)}


def table(
    view: Mapping[str, Any] | None, seat: int | None, names: Mapping[int, str], legal: list[dict[str, Any]]
) -> dict[str, Any]:
    """What the table template shows of `view` for the viewer at `seat` (None: a spectator)."""
    view = view or {}
    turn = view.get("turn") or {}
    awaiting = set(view.get("awaiting", []))
    resigned = set(view.get("resigned") or [])  # played by the bot for good
    players = [
        {
            "seat": p["seat"],
            "name": names.get(p["seat"], f"#{p['seat']}"),
            "gold": p.get("gold", 0),
            "hand_size": p.get("hand_size", 0),
            "city": [district_card(d, adorned=i in p.get("adorned_at", [])) for i, d in enumerate(p.get("city", []))],
            "museum": words.museum_size(int(p["museum_size"])) if p.get("museum_size") else "",
            "characters": [words.character_name(c) for c in p.get("characters", [])],
            "awaited": p["seat"] in awaiting,
            "crown": p["seat"] == view.get("crown"),
            "me": p["seat"] == seat,
            "playing": p["seat"] == turn.get("seat"),
            "score": _score_so_far(p.get("score")) if not view.get("scores") else None,
            "resigned": p["seat"] in resigned,
        }
        for p in view.get("players", [])
    ]
    scores = sorted(view.get("scores") or [], key=lambda s: -int(s.get("total", 0)))
    draft = view.get("draft")
    return {
        "round": view.get("round"),
        "rules_url": rules_index_url(),
        "crown": names.get(view.get("crown", -1), ""),
        "deck_size": int(view.get("deck_size") or 0),
        "complete_at": view.get("complete_at"),
        "bell_tower": _("Bell Tower: a city is complete with {count} districts.").format(count=view["complete_at"])
        if view.get("complete_at") not in (None, words.COMPLETE_CITY) else "",
        "museum_title": _("Under your Museum"),
        "museum": [district_card(d) for d in view.get("museum") or []] if seat is not None else None,
        "discard_size": view.get("discard_size"),
        "characters": _round_characters(view, names),
        "players": players,
        "seat": seat,
        "hand": [district_card(d) for d in view.get("hand", [])] if seat is not None else None,
        "my_characters": [character_card(c) for c in _by_rank(view.get("my_characters", []))]
        if seat is not None else None,
        "draft": {"action": draft["action"], "characters": [character_card(c) for c in _by_rank(draft["characters"])]}
        if draft else None,
        "face_down": character_card(view["face_down"]) if view.get("face_down") else None,
        "scores": [
            {"seat": s["seat"], "name": names.get(s["seat"], "?"), "total": s.get("total"),
             "winner": s["seat"] in (view.get("winners") or []), "resigned": s["seat"] in resigned}
            for s in scores
        ],
        "wishes": wish_form(view, seat),
        # the wishes' form is sent whoever's turn it is (the page's move form stands for it too)
        "anytime_commands": seat is not None and view.get("phase") != "over",
        **_commands(legal, names, view),
    }
