"""The best bot (`BOTS["best"]`): the heuristic bot's plan with the decisions that decide Citadels made
with care. The draft is replayed as the heuristic rivals draft (`best_infer`), so the bot knows who holds
what; it takes the character whose rolled-out round ends best (`best_rollout`, up to 4 players) or is
worth most against the known Assassin, Witch and Thief (`best_pick`), else against estimated ones
(`best_draft`). The Assassin, the Witch and the Thief name the characters the strongest rivals hold,
income and builds aim at points, colours and the complete city, and the Warlord strikes the leader only
when it pays. The rarer decisions (the purples' powers, the Dark City's open decisions) are the heuristic
bot's.

It reads only what its seat may see (`best_model`, `best_infer`); its rollouts deal the hidden cards with a
random source seeded from `rng`, so the same seat information and rng give the same command.
"""

from __future__ import annotations

import random

from . import bots as baseline
from .best_draft import draft, victim
from .best_infer import hypotheses
from .best_model import affordable, colours, standing, threat, useful
from .best_pick import known_draft
from .best_rollout import lookahead
from .cards import CHARACTERS, DISTRICTS, Colour
from .commands import Command, NamesDistrict, NamesSeatAndDistrict
from .legal import legal_commands
from .state import Player, State
from .turn import build_cost

ByType = dict[str, list[Command]]
NEW_COLOUR = 1.5  # a district of a colour the city lacks, towards the 3 points of all five
COMPLETES = 5.0  # the district that completes the city (+4 first, and the end when ahead)



LOOKAHEAD = True  # the draft's rollouts (`best_rollout`); off for the rollouts' own best bot
LOOKAHEAD_PLAYERS = 4  # the most players it rolls out for (7 players: as strong without, ~4x the time)


def best_bot(state: State, seat: int, rng: random.Random) -> Command:
    """The strongest Citadels bot of this project (docs/bots.md): a command of `legal_commands`."""
    return _play(state, seat, rng, LOOKAHEAD)


def plain_bot(state: State, seat: int, rng: random.Random) -> Command:
    """The best bot without the draft's lookahead (what it plays for itself in its rollouts)."""
    return _play(state, seat, rng, False)


def _play(state: State, seat: int, rng: random.Random, look: bool) -> Command:
    commands = legal_commands(state, seat)
    by_type: ByType = {}
    for command in commands:
        by_type.setdefault(command["type"], []).append(command)
    # The heuristic bot's preferences kept: the thanks, the open decisions, the purples.
    kept = (baseline._thanks, baseline._decisions, baseline._purple, baseline._more_purples)
    for pick in kept:
        chosen = pick(state, seat, by_type, rng)
        if chosen is not None:
            return chosen
    if "choose_character" in by_type or "discard_character" in by_type:
        return _characters(state, seat, by_type, rng, look)
    for own in (_cards, _power, _income, _build):
        chosen = own(state, seat, by_type)
        if chosen is not None:
            return chosen
    return baseline.heuristic_bot(state, seat, rng)


def _characters(state: State, seat: int, by_type: ByType, rng: random.Random, look: bool) -> Command:
    for kind in ("choose_character", "discard_character"):
        named = [c for c in by_type.get(kind, []) if c["type"] == "choose_character" or c["type"] == "discard_character"]
        if named:
            found = hypotheses(state, seat) if kind == "choose_character" else []
            if found and look and len(named) > 1 and state.rules.players <= LOOKAHEAD_PLAYERS:
                return lookahead(state, seat, named, found, plain_bot, rng)
            return known_draft(state, seat, named, found) if found else draft(state, seat, named)
    raise AssertionError("no character to choose or discard")


# --- cards ---------------------------------------------------------------------------------------------

def card_value(state: State, player: Player, district: str) -> float:
    """What a card in hand is worth to `player`: its points, more if its colour is new, less if it is dear
    beyond reach or the city has it already."""
    if player.has(district) and not player.has("quarry"):
        return -5.0
    card = DISTRICTS[district]
    value = float(card.points)
    if colours(player)[card.colour] == 0 and card.colour != Colour.PURPLE:
        value += NEW_COLOUR
    reach = player.gold + 4
    if build_cost(player, district) > reach:
        value -= (build_cost(player, district) - reach) * 0.8
    return value


def _cards(state: State, seat: int, by_type: ByType) -> Command | None:
    player = state.players[seat]
    kept = [c for c in by_type.get("keep_card", []) if c["type"] == "keep_card"]
    if kept:
        return max(kept, key=lambda c: (card_value(state, player, c["district"]), c["district"]))
    discarded = [c for c in by_type.get("discard_card", []) if c["type"] == "discard_card"]
    if discarded:
        return min(discarded, key=lambda c: (card_value(state, player, c["district"]), c["district"]))
    return None


# --- powers ----------------------------------------------------------------------------------------------

def _power(state: State, seat: int, by_type: ByType) -> Command | None:
    for kind in ("kill", "bewitch", "rob"):
        named = [c for c in by_type.get(kind, []) if c["type"] == kind]
        if named:
            return victim(state, seat, named)
    if "swap_hands" in by_type:
        return _magic(state, seat, by_type)
    destroys = [c for c in by_type.get("destroy", []) if c["type"] == "destroy"]
    if destroys and "end_turn" in by_type:  # after the builds: the gold goes to points first
        return _destroy(state, seat, destroys, by_type)
    return None


def _magic(state: State, seat: int, by_type: ByType) -> Command | None:
    me = state.players[seat]
    keep = len(useful(me))
    swaps = [c for c in by_type["swap_hands"] if c["type"] == "swap_hands"]
    best = max(swaps, key=lambda c: (len(state.players[c["seat"]].hand), standing(state, state.players[c["seat"]])))
    if best["type"] == "swap_hands" and len(state.players[best["seat"]].hand) >= keep + 2:
        return best
    useless = [d for d in me.hand if me.has(d) and not me.has("quarry")]
    if useless:
        return {"type": "redraw", "districts": useless}
    return None


def _last_round(state: State) -> bool:
    return state.first_complete is not None


def _destroy(state: State, seat: int, destroys: list[NamesSeatAndDistrict], by_type: ByType) -> Command | None:
    """Strike when the rival's loss, weighed by its threat, beats the gold paid (worth nothing in the last
    round)."""
    me = state.players[seat]
    still_to_build = bool(_builds(by_type))
    if still_to_build:
        return None
    gold_worth = 0.1 if _last_round(state) else 0.8

    def net(command: NamesSeatAndDistrict) -> float:
        victim_player = state.players[command["seat"]]
        cost = DISTRICTS[command["district"]].cost
        paid = max(cost - 1, 0)
        loss = cost + (NEW_COLOUR if colours(victim_player)[DISTRICTS[command["district"]].colour] == 1 else 0.0)
        return threat(state, seat, victim_player) / 2.5 * loss - paid * gold_worth - (0.5 if paid > me.gold - 2 else 0)

    best = max(destroys, key=lambda c: (net(c), -c["seat"], c["district"]))
    return best if net(best) > 1.0 else None


# --- income and builds -------------------------------------------------------------------------------------

def _income(state: State, seat: int, by_type: ByType) -> Command | None:
    if "take_gold" not in by_type:
        return None
    if "draw_cards" not in by_type:
        return by_type["take_gold"][0]
    me = state.players[seat]
    options = useful(me)
    assert state.turn is not None
    architect = state.turn.character == "architect"
    if not options:
        return by_type["draw_cards"][0]
    if _last_round(state) or architect:
        return by_type["take_gold"][0]
    dearest_needed = sum(sorted(build_cost(me, d) for d in options)[:2])
    if me.gold >= dearest_needed + 1 and len(options) <= 2:
        return by_type["draw_cards"][0]
    return by_type["take_gold"][0]


def build_value(state: State, player: Player, district: str) -> float:
    """The points a build brings now: its points, a new colour, the complete city."""
    value = card_value(state, player, district)
    if len(player.city) + 1 >= state.complete_at:
        value += COMPLETES
    return value


def _builds(by_type: ByType) -> list[NamesDistrict]:
    return [c for c in by_type.get("build", []) if c["type"] == "build"]


def _build(state: State, seat: int, by_type: ByType) -> Command | None:
    me = state.players[seat]
    builds = _builds(by_type)
    collect = "collect_income" in by_type
    if not builds:
        return by_type["collect_income"][0] if collect else None
    best = max(builds, key=lambda c: (build_value(state, me, c["district"]), c["district"]))
    if collect:
        assert state.turn is not None
        colour = CHARACTERS[state.turn.character].colour
        same = [c for c in builds if DISTRICTS[c["district"]].colour == colour]
        richer = affordable(me, me.gold + (colours(me)[colour] if colour is not None else 0) + 1)
        better_later = max((build_value(state, me, d) for d in richer), default=0.0)
        if not same or build_value(state, me, same[0]["district"]) < better_later - 1.0:
            return by_type["collect_income"][0]
        best = max(same, key=lambda c: (build_value(state, me, c["district"]), c["district"]))
    return best

