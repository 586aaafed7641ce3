"""The helper that turns a Dominion view into what the table template (templates/dominion/table.html) shows.

Everything here reads the viewer's `view` (spectators the public one) and their legal commands; card names
and texts come through `words` in the active language. Cards the viewer may act on carry the command as
JSON for the site's script: a hand card its `play`, a Supply pile its `buy`, a decision's cards a form.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from dominion.cards import BASIC, CARDS, KNIGHTS, PILE_NAMES
from dominion.commands import REACTIONS
from dominion.turn import ASKS_NOTHING
from games.registry import CardSelection

from . import words
from .kingdom_words import pile_set
from .rules_pages import rules_card_url, rules_index_url
from .standing_words import preference_rows

TABLE_TEMPLATE = "dominion/table.html"
# The reaction cards a player may give a standing answer (the engine's `set_reaction`).
_COLOURS = ("curse", "ruins", "shelter", "reaction", "victory", "treasure", "attack", "action")


def colour(card_id: str | None) -> str:
    """The card's frame colour in the template: its most telling type."""
    card = CARDS.get(card_id or "")
    if card is None:
        return "ruins" if card_id == "ruins" else "action"
    return next((t for t in _COLOURS if card.has(t)), "action")


def card(card_id: str | None, number: int | None = None, pile: str | None = None) -> dict[str, Any]:
    """A card as the template draws it: name, cost, text, colour (a pile's id when it is empty)."""
    shown = card_id or pile or ""
    facts = CARDS.get(shown)
    return {
        "id": number,
        "card": shown,
        "name": words.card_name(shown),
        "cost": facts.cost if facts else (5 if shown == "knights" else 0),
        "coins": words.coin_count(facts.cost) if facts else "",  # the cost in words, for screen readers
        "types": words.card_types(shown),  # what the frame's colour shows, in text
        "text": words.card_text(shown),
        "colour": colour(shown),
        "count": None,  # a pile's cards left
        "pile": "",  # a mixed pile's name (Knights, Ruins) over its top card
        "buy": "",  # the JSON of the command that buys / plays this card, when legal
        "buy_label": "",  # the buy command in words, as the emails list it
        "play": "",
        "set": "",  # a kingdom pile's card set, e.g. "Dark Ages"
    }


def _supply(view: Mapping[str, Any], buys: Mapping[str, dict[str, Any]]) -> list[dict[str, Any]]:
    piles = []
    for pile, facts in (view.get("supply") or {}).items():
        shown = card(facts.get("top"), pile=pile)
        if pile in PILE_NAMES:
            shown["pile"] = words.card_name(pile)
        basic = pile in BASIC or pile == "ruins"
        shown.update(pile_id=pile, count=facts.get("count", 0), basic=basic, set="" if basic else pile_set(pile))
        if pile in buys:
            command = words.describe_command(buys[pile], {}, view)
            facts = words.card_facts(str(shown["card"]), shown["count"])
            shown.update(buy=json.dumps(buys[pile]), buy_label=_("{command}, {facts}").format(command=command, facts=facts))
        piles.append(shown)
    return piles


def _bounds(lo: int, hi: int) -> str:
    """How many cards a selection takes, e.g. "Choose 1 card." or "Choose 0 to 2 cards."."""
    if lo == hi:
        return ngettext("Choose %(count)s card.", "Choose %(count)s cards.", lo) % {"count": lo}
    return ngettext("Choose %(lo)s to %(hi)s card.", "Choose %(lo)s to %(hi)s cards.", hi) % {"lo": lo, "hi": hi}


def _decision(view: Mapping[str, Any], legal: list[dict[str, Any]], names: Mapping[int, str]) -> dict[str, Any] | None:
    """The decision asked of the viewer: a card selection (with its bounds), a named card, or buttons."""
    decision = view.get("decision")
    answers = [c for c in legal if c.get("type") == "decide"]
    if not decision or not answers:
        return None
    shown: dict[str, Any] = {"title": words.prompt_text(decision), "kind": decision.get("kind"), "buttons": [],
                             # the cards looked at to decide (Catacombs, Survivors, Ironmonger's revealed one)
                             "seen": [card(c["card"], c["id"]) for c in decision.get("seen", [])]}
    if decision.get("kind") == "cards":
        lo, hi = int(decision.get("min", 0)), int(decision.get("max", 0))
        shown.update(
            cards=_offered(decision), min=lo, max=hi,
            bounds=_bounds(lo, hi),
            confirm=_("Confirm the selection"),
        )
    elif decision.get("kind") == "name":
        shown.update(options=sorted(((c["name"], words.card_name(c["name"])) for c in answers), key=lambda o: o[1]),
                     confirm=_("Name this card"))
    else:
        shown["buttons"] = [{"label": words.describe_command(c, names, view), "json": json.dumps(c),
                             "name": _answer_name(c, names, view)} for c in choice_order(answers, view)]
    return shown


def _offered(decision: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A card selection's cards as its checkboxes show them; where the cards come from several places (Hermit:
    the hand and the discard pile) each says where it lies."""
    offered = [c for c in decision.get("cards", []) if isinstance(c, Mapping)]
    places = {str(c.get("zone", "")) for c in offered}
    return [{**card(c["card"], c["id"]), "zone": _ZONE_WORDS[str(c.get("zone"))]()
             if len(places) > 1 and str(c.get("zone")) in _ZONE_WORDS else ""} for c in offered]


_ZONE_WORDS = {
    "hand": lambda: _("in your hand"), "discard": lambda: _("in your discard pile"), "deck": lambda: _("on your deck"),
    "in_play": lambda: _("in play"), "set_aside": lambda: _("set aside"), "trash": lambda: _("in the trash"),
}


def _answer_name(command: Mapping[str, Any], names: Mapping[int, str], view: Mapping[str, Any]) -> str:
    """A decision's answer button's accessible name: its words, and for a Supply pile (a card to gain, to play
    from the Supply) the facts its tile shows: "Gain Silver, 3 coins, Treasure, 38 left"."""
    said = words.describe_command(command, names, view)
    pile = (view.get("supply") or {}).get(str(command.get("choice")))
    if not isinstance(pile, Mapping):
        return said
    top = pile.get("top") or str(command.get("choice"))
    return _("{command}, {facts}").format(command=said, facts=words.card_facts(str(top), int(pile.get("count", 0))))

def card_selections(view: Mapping[str, Any] | None, legal: list[dict[str, Any]]) -> list[CardSelection]:
    """The decision asked of the viewer when it chooses a set of cards (the table's checkbox form), its
    cards in the decision's order with their bounds: a reply by email may name the cards."""
    decision = (view or {}).get("decision") or {}
    if decision.get("kind") != "cards" or not any(c.get("type") == "decide" for c in legal):
        return []
    cards = tuple((c["id"], words.card_name(c["card"])) for c in decision.get("cards", []))
    return [CardSelection("decide", "cards", cards, int(decision.get("min", 0)), int(decision.get("max", 0)))]


# Where each command type stands among the choices: the decision's answers, the hand's cards, the Treasures
# at once, the Supply's piles, the end of the turn.
_GROUPS = {"decide": 0, "play": 1, "play_treasures": 2, "buy": 3, "end_turn": 4}


def choice_order(legal: list[dict[str, Any]], view: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The legal commands in the table's order: a decision's answers as the decision lists them, the cards
    to play in the hand's order, then all Treasures, the piles to buy in the Supply's order (the basic ones
    first, as the table shows them), the end of the turn last. The table's buttons and the emails' numbered
    choices (and so a reply by number) follow this one order, in every language alike."""
    view = view or {}
    hand = {c["id"]: index for index, c in enumerate(view.get("hand", []))}
    piles = list((view.get("supply") or {}).keys())
    supply = {p: index for index, p in enumerate(sorted(piles, key=lambda p: not (p in BASIC or p == "ruins")))}

    def key(command: dict[str, Any]) -> tuple[int, int]:
        kind = str(command.get("type"))
        if kind == "play":
            return _GROUPS[kind], hand.get(command.get("card"), len(hand))
        if kind == "buy":
            return _GROUPS[kind], supply.get(str(command.get("card")), len(supply))
        return _GROUPS.get(kind, len(_GROUPS)), 0

    return sorted(legal, key=key)


def _visible_cards(view: Mapping[str, Any]) -> set[str]:
    seen = {c["card"] for c in [*view.get("hand", []), *view.get("trash", [])]}
    for player in view.get("players", []):
        seen |= {c["card"] for c in player.get("in_play", [])} | {player.get("discard_top") or ""}
    return seen


def _standing(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The viewer's standing answers for the reactions of this game (Beggar, Market Square and Moat when in
    the kingdom, Hovel once seen), with buttons for the other answers."""
    in_game = set(view.get("kingdom") or []) | (_visible_cards(view) & {"hovel"})
    standing = view.get("standing") or {}
    rows = []
    for reaction in (r for r in REACTIONS if r in in_game):
        now = standing.get(reaction, "ask")
        rows.append({
            "name": words.card_name(reaction),
            "now": {"always": _("always used"), "never": _("never used"), "ask": _("asked each time")}[now],
            "buttons": [
                {"label": words.describe_command({"type": "set_reaction", "card": reaction, "answer": a}, {}),
                 "json": json.dumps({"type": "set_reaction", "card": reaction, "answer": a})}
                for a in ("always", "never", "ask") if a != now
            ],
        })
    return rows


def _player(p: Mapping[str, Any], view: Mapping[str, Any], seat: int | None, names: Mapping[int, str]) -> dict[str, Any]:
    return {
        "seat": p["seat"],
        "name": names.get(p["seat"], f"#{p['seat']}"),
        "hand_size": p.get("hand_size", 0),
        "deck_size": p.get("deck_size", 0),
        "discard_size": p.get("discard_size", 0),
        "discard_top": words.card_name(p["discard_top"]) if p.get("discard_top") else "",
        "in_play": [card(c["card"], c["id"]) for c in p.get("in_play", [])],
        "set_aside": [card(c["card"], c["id"]) for c in p.get("set_aside", [])],
        "victory_points": p.get("victory_points"),
        "composition": [
            {"name": words.card_name(name), "count": count, "colour": colour(name)}
            for name, count in (p.get("composition") or {}).items()
        ],
        "awaited": p["seat"] in (view.get("awaiting") or []),
        "current": p["seat"] == view.get("current") and view.get("phase") != "over",
        "me": p["seat"] == seat,
        "resigned": p["seat"] in (view.get("resigned") or []),  # played by the bot for good
    }


def table(
    view: Mapping[str, Any] | None, seat: int | None, names: Mapping[int, str], legal: list[dict[str, Any]]
) -> dict[str, Any]:
    """What the table template shows of `view` for the viewer at `seat` (None: a spectator)."""
    view = view or {}
    plays = {c["card"]: json.dumps(c) for c in legal if c.get("type") == "play"}
    buys = {c["card"]: c for c in legal if c.get("type") == "buy"}
    play_by_name = {_name_of(view, number): command for number, command in plays.items()}
    # Cards of one name are listed once among the legal commands; each copy plays that one.
    hand = [{**card(c["card"], c["id"]), "play": play_by_name.get(c["card"], "")} for c in view.get("hand", [])]
    for shown in hand:
        if shown["play"]:
            shown["play_label"] = _play_label(shown)
    supply = _supply(view, buys)
    scores = sorted(view.get("scores") or [], key=lambda s: -int(s.get("total", 0)))
    playing_on = seat is not None and view.get("phase") != "over"
    standing = _standing(view) if playing_on else []
    preferences = preference_rows(view) if playing_on else []
    players = [_player(p, view, seat, names) for p in view.get("players", [])]
    playing = next((p for p in players if p["current"]), None)
    return {
        "phase": view.get("phase"),
        "turn": view.get("turn"),
        "current": names.get(view.get("current", -1), "?"),
        "my_turn": seat is not None and seat == view.get("current") and view.get("phase") != "over",
        "actions": view.get("actions", 0),
        "buys": view.get("buys", 0),
        "coins": view.get("coins", 0),
        "basic": [p for p in supply if p["basic"]],
        "kingdom": [p for p in supply if not p["basic"]],
        "non_supply": [{**card(p), "count": n} for p, n in (view.get("non_supply") or {}).items()],
        "trash": [card(c["card"], c["id"]) for c in view.get("trash", [])],
        "seat": seat,
        "hand": hand if seat is not None else None,
        "players": players,
        # The cards of the turn being played, shown beside the hand (and again in the player's row).
        "in_play": {"name": playing["name"], "cards": playing["in_play"], "mine": playing["me"]} if playing else None,
        "kingdom_texts": [_kingdom_text(p["pile_id"]) for p in supply if not p["basic"]],
        "rules_url": rules_index_url(),
        "asks": [
            _("{name}: {question}").format(name=names.get(a.get("seat", -1), "?"), question=words.prompt_text(a))
            for a in view.get("asks", []) if a.get("seat") != seat
        ],
        "decision": _decision(view, legal, names),
        "buttons": [
            {"label": words.describe_command(c, names, view), "json": json.dumps(c), "name": _command_name(c, view)}
            for c in choice_order(legal, view) if c.get("type") in ("play_treasures", "end_turn")
        ],
        "standing": standing,
        "preferences": preferences,
        "anytime_commands": bool(standing or preferences),
        "scores": [
            {"seat": s["seat"], "name": names.get(s["seat"], "?"), "total": s.get("total"), "turns": s.get("turns"),
             "winner": s["seat"] in (view.get("winners") or []), "resigned": s["seat"] in (view.get("resigned") or [])}
            for s in scores
        ],
    }


def _play_label(shown: Mapping[str, Any]) -> str:
    """A hand card's Play button's accessible name: "Play Village, Action: +1 Card, +2 Actions."."""
    command = _("Play {card}").format(card=shown["name"])
    if not shown["text"]:
        return _("{command}, {facts}").format(command=command, facts=shown["types"])
    return _("{command}, {types}: {text}").format(command=command, types=shown["types"], text=shown["text"])


def _command_name(command: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """The accessible name of "Play all Treasures" (which ones) and "End your turn" (what is left unused)."""
    said = words.describe_command(command, {}, view)
    if command.get("type") == "play_treasures":
        treasures = [c["card"] for c in view.get("hand", []) if c["card"] in ASKS_NOTHING]
        return _("{command}: {cards}").format(command=said, cards=words.card_line(treasures))
    buys, coins = int(view.get("buys", 0)), int(view.get("coins", 0))
    if view.get("phase") == "over" or not buys:
        return said
    left = ngettext("%(buys)s buy and %(coins)s left", "%(buys)s buys and %(coins)s left", buys) % {
        "buys": buys, "coins": words.coin_count(coins)}
    return _("{command} ({left})").format(command=said, left=left)


def _kingdom_text(pile: str) -> dict[str, Any]:
    """A kingdom pile's name, full text and rules page (a mixed pile's: Knights, each Knight on its page)."""
    text = words.card_text(pile) or ", ".join(words.card_name(k) for k in KNIGHTS if pile == "knights")
    return {"name": words.card_name(pile), "text": text, "url": rules_card_url(pile)}


def _name_of(view: Mapping[str, Any], number: int) -> str:
    return next((c["card"] for c in view.get("hand", []) if c["id"] == number), "")
