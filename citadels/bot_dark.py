"""The heuristic bot's preferences for the Dark City: thanks first, the open decisions, the new powers."""

from __future__ import annotations

import random
from typing import Any

from . import characters
from .cards import DISTRICTS
from .state import Player, State

Command = dict[str, Any]
ByType = dict[str, list[Command]]

# Extra draft value of the new characters (the base ones are valued in bots.py).
DARK_VALUES = {"tax_collector": 1.5, "abbot": 1.0, "alchemist": 2.5, "navigator": 2.0, "queen": 1.0,
               "witch": 2.0, "wizard": 1.5, "artist": 1.0, "diplomat": 1.0, "emperor": 0.5}


def character_bonus(state: State, seat: int, character: str) -> float:
    """What a Dark City character is worth to `seat` beyond its colour income."""
    me = state.players[seat]
    value = DARK_VALUES.get(character, 0.0)
    players = state.rules.players
    if character == "queen" and state.crown in ((seat + 1) % players, (seat - 1) % players):
        value += 3
    if character == "alchemist" and me.gold >= 3 and _buildable(me):
        value += 2
    if character == "navigator" and not _buildable(me):
        value += 2
    if character == "artist" and me.gold >= 4:
        value += 1
    return value


def _buildable(player: Player) -> list[str]:
    return [d for d in player.hand if not player.has(d)]


def _leader(state: State, seat: int) -> Player:
    return max((p for p in state.players if p.seat != seat), key=lambda p: (len(p.city), p.gold))


def _worth(player: Player, district: str) -> float:
    card = DISTRICTS[district]
    new = 0.0 if player.has(district) else 3.0
    return card.points + new + (2.0 if card.cost <= player.gold + 2 else 0.0)


def thanks(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """Always thank His Excellency first."""
    return by_type["thank_your_excellency"][0] if "thank_your_excellency" in by_type else None


def decisions(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """The open decisions: the Wizard's card, the Lighthouse's search and card, the Bell Tower, the Emperor's
    crown."""
    me = state.players[seat]
    if "take_card" in by_type:
        return max(by_type["take_card"], key=lambda c: (_worth(me, c["district"]), c.get("build", False)))
    if "search_deck" in by_type:  # a card of one's choice is worth more than the order kept unseen
        return by_type["search_deck"][0]
    if "keep_from_deck" in by_type:
        return max(by_type["keep_from_deck"], key=lambda c: _worth(me, c["district"]))
    if "set_bell_tower" in by_type:
        ahead = len(me.city) >= max(len(p.city) for p in state.players)
        return {"type": "set_bell_tower", "districts": 7 if ahead else 8}
    if "give_crown" in by_type:  # to the player who profits least: the smallest city
        return min(by_type["give_crown"], key=lambda c: (len(state.players[c["seat"]].city), c["seat"]))
    return None


def powers(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """The new characters' powers, each when it pays."""
    me = state.players[seat]
    if "bewitch" in by_type:
        wanted = ("architect", "merchant", "king", "alchemist", "navigator", "bishop", "warlord")
        favoured = [c for c in by_type["bewitch"] if c["character"] in wanted[:4]]
        return rng.choice(favoured or by_type["bewitch"])
    if "look_at_hand" in by_type:
        return max(by_type["look_at_hand"], key=lambda c: len(state.players[c["seat"]].hand))
    if "navigate" in by_type:
        take = "cards" if not _buildable(me) and len(by_type["navigate"]) > 1 else "gold"
        return next(c for c in by_type["navigate"] if c["take"] == take)
    if "exchange" in by_type:
        return _exchange(state, seat, by_type["exchange"])
    if "adorn" in by_type and (me.gold >= 5 or not _buildable(me)):
        return by_type["adorn"][0]
    return None


def _exchange(state: State, seat: int, exchanges: list[Command]) -> Command | None:
    def gain(command: Command) -> int:
        other = state.players[command["seat"]]
        mine = characters.district_value(state.players[seat], command["own"])
        return characters.district_value(other, command["their"]) - mine

    best = max(exchanges, key=gain)
    return best if gain(best) >= 2 and gain(best) <= state.players[seat].gold else None


def purples(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """The Museum takes useless cards; the Armory hits a leader close to the end."""
    me = state.players[seat]
    for command in by_type.get("use_museum", []):
        if me.has(command["district"]) or len(me.hand) > 3:
            return command
    leader = _leader(state, seat)
    if len(leader.city) >= state.complete_at - 1:
        hits = [c for c in by_type.get("use_armory", []) if c["seat"] == leader.seat]
        if hits:
            return max(hits, key=lambda c: DISTRICTS[c["district"]].cost)
    return None
