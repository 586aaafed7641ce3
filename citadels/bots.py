"""Bots: a random bot and a heuristic bot (the hosting plays the latter for players who go quiet).

A bot is a function `(state, seat, rng) -> command` choosing from `legal_commands`, so it can never send
an illegal command and needs no rules of its own beyond its preferences.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from .abilities.cities import district_value
from .cards import CHARACTERS, DISTRICTS
from .commands import Command, Exchange, NamesCharacter, NamesDistrict, NamesSeatAndDistrict
from .legal import legal_commands
from .state import Player, State

Bot = Callable[[State, int, random.Random], Command]
ByType = dict[str, list[Command]]


def random_bot(state: State, seat: int, rng: random.Random) -> Command:
    """Any legal command, uniformly."""
    return rng.choice(legal_commands(state, seat))


def heuristic_bot(state: State, seat: int, rng: random.Random) -> Command:
    """A sensible move: good characters, income by need, the dearest affordable build, pointed targets."""
    commands = legal_commands(state, seat)
    by_type: ByType = {}
    for command in commands:
        by_type.setdefault(command["type"], []).append(command)
    for pick in _PREFERENCES:
        chosen = pick(state, seat, by_type, rng)
        if chosen is not None:
            return chosen
    return commands[0]


# --- the draft ---------------------------------------------------------------------------------------

def _character_value(state: State, seat: int, character: str) -> float:
    me = state.players[seat]
    leader = max((len(p.city) for p in state.players if p.seat != seat), default=0)
    colours = Counter(DISTRICTS[b.district].colour for b in me.city)
    colour = CHARACTERS[character].colour
    value = float(colours[colour]) if colour is not None else 0.0
    if character == "bishop" and len(me.city) >= state.rules.complete_city - 2:
        value += 6
    if character in ("assassin", "warlord", "witch", "diplomat") and leader >= state.rules.complete_city - 2:
        value += 5
    if character == "thief" and me.gold <= 2:
        value += 2.5
    if character == "architect" and me.gold >= 4 and me.hand:
        value += 3
    if character == "magician" and not _buildable(me):
        value += 2.5
    if character == "merchant":
        value += 1.5
    if character in ("king", "emperor") and state.crown != seat:
        value += 1
    return value + _character_bonus(state, seat, character)


def _draft(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    chosen = [c for c in by_type.get("choose_character", []) if c["type"] == "choose_character"]
    if chosen:
        return max(chosen, key=lambda c: _character_value(state, seat, c["character"]))
    discarded = [c for c in by_type.get("discard_character", []) if c["type"] == "discard_character"]
    if discarded:
        return min(discarded, key=lambda c: _character_value(state, seat, c["character"]))
    return None


# --- income and building ------------------------------------------------------------------------------

def _buildable(player: Player) -> list[str]:
    return [d for d in player.hand if not player.has(d)]


def _card_value(player: Player, district: str) -> float:
    if player.has(district):
        return -1.0
    card = DISTRICTS[district]
    affordable = 2.0 if card.cost <= player.gold + 2 else 0.0
    return card.points + affordable


def _keep(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    player = state.players[seat]
    kept = [c for c in by_type.get("keep_card", []) if c["type"] == "keep_card"]
    if kept:
        return max(kept, key=lambda c: _card_value(player, c["district"]))
    discarded = [c for c in by_type.get("discard_card", []) if c["type"] == "discard_card"]
    if discarded:
        return min(discarded, key=lambda c: _card_value(player, c["district"]))
    return None


def _income(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    if "take_gold" not in by_type:
        return None
    player = state.players[seat]
    wants_cards = not _buildable(player) or (player.gold >= 4 and len(player.hand) < 2)
    if wants_cards and "draw_cards" in by_type:
        return by_type["draw_cards"][0]
    return by_type["take_gold"][0]


def _collect(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    if "collect_income" not in by_type:
        return None
    assert state.turn is not None
    colour = CHARACTERS[state.turn.character].colour
    # Build a district of the character's colour first when it is affordable: it pays at once.
    for build in _builds(by_type):
        if DISTRICTS[build["district"]].colour == colour:
            return None
    return by_type["collect_income"][0]


def _build(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    builds = _builds(by_type)
    return max(builds, key=lambda c: DISTRICTS[c["district"]].points) if builds else None


def _builds(by_type: ByType) -> list[NamesDistrict]:
    return [c for c in by_type.get("build", []) if c["type"] == "build"]


# --- powers ----------------------------------------------------------------------------------------------

def _leader(state: State, seat: int) -> Player:
    others = [p for p in state.players if p.seat != seat]
    return max(others, key=lambda p: (len(p.city), p.gold))


def _power(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    kills = [c for c in by_type.get("kill", []) if c["type"] == "kill"]
    if kills:
        return _named(kills, ("architect", "merchant", "king", "alchemist", "navigator", "warlord"), rng)
    robberies = [c for c in by_type.get("rob", []) if c["type"] == "rob"]
    if robberies:
        return _named(robberies, ("merchant", "architect", "king", "alchemist", "navigator", "bishop"), rng)
    if "swap_hands" in by_type:
        return _magic(state, seat, by_type)
    destroys = [c for c in by_type.get("destroy", []) if c["type"] == "destroy"]
    if destroys:
        return _warlord(state, seat, destroys)
    return None


def _named(commands: list[NamesCharacter], wanted: tuple[str, ...], rng: random.Random) -> Command:
    favoured = [c for c in commands if c["character"] in wanted]
    return rng.choice(favoured or commands)


def _magic(state: State, seat: int, by_type: ByType) -> Command | None:
    me = state.players[seat]
    richest = max((p for p in state.players if p.seat != seat), key=lambda p: len(p.hand))
    if len(richest.hand) >= len(me.hand) + 2:
        return {"type": "swap_hands", "seat": richest.seat}
    useless = [d for d in me.hand if me.has(d)]
    if useless:
        return {"type": "redraw", "districts": useless}
    return None


def _warlord(state: State, seat: int, destroys: list[NamesSeatAndDistrict]) -> Command | None:
    leader = _leader(state, seat)
    gold = state.players[seat].gold
    at_leader = [c for c in destroys if c["seat"] == leader.seat]
    if at_leader and len(leader.city) >= state.rules.complete_city - 2:
        return max(at_leader, key=lambda c: DISTRICTS[c["district"]].cost)
    free = [c for c in destroys if DISTRICTS[c["district"]].cost == 1 and gold >= 0]
    return free[0] if free else None


def _purple(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    player = state.players[seat]
    for command in by_type.get("use_laboratory", []):
        if command["type"] == "use_laboratory" and player.has(command["district"]):
            return command
    if "use_smithy" in by_type and player.gold >= 5 and len(player.hand) <= 1:
        return by_type["use_smithy"][0]
    if "use_graveyard" in by_type:
        offer = state.graveyard_offer
        assert offer is not None
        return by_type["use_graveyard" if not player.has(offer.district) else "decline_graveyard"][0]
    return None


def _end(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    return by_type["end_turn"][0] if "end_turn" in by_type else None


# --- the Ball Room's thanks, the open decisions, the other characters' powers, the other purples ----------

# Extra draft value of the characters of Die dunklen Lande (beyond what `_character_value` counts).
DARK_VALUES = {"tax_collector": 1.5, "abbot": 1.0, "alchemist": 2.5, "navigator": 2.0, "queen": 1.0,
               "witch": 2.0, "wizard": 1.5, "artist": 1.0, "diplomat": 1.0, "emperor": 0.5}


def _character_bonus(state: State, seat: int, character: str) -> float:
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


def _worth(player: Player, district: str) -> float:
    card = DISTRICTS[district]
    new = 0.0 if player.has(district) else 3.0
    return card.points + new + (2.0 if card.cost <= player.gold + 2 else 0.0)


def _thanks(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """Always thank His Excellency first."""
    return by_type["thank_your_excellency"][0] if "thank_your_excellency" in by_type else None


def _decisions(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """The open decisions: the Wizard's card, the Lighthouse's search and card, the Bell Tower, the Emperor's
    crown."""
    me = state.players[seat]
    taken = [c for c in by_type.get("take_card", []) if c["type"] == "take_card"]
    if taken:
        return max(taken, key=lambda c: (_worth(me, c["district"]), c.get("build", False)))
    if "search_deck" in by_type:  # a card of one's choice is worth more than the order kept unseen
        return by_type["search_deck"][0]
    kept = [c for c in by_type.get("keep_from_deck", []) if c["type"] == "keep_from_deck"]
    if kept:
        return max(kept, key=lambda c: _worth(me, c["district"]))
    if "set_bell_tower" in by_type:
        ahead = len(me.city) >= max(len(p.city) for p in state.players)
        return {"type": "set_bell_tower", "districts": 7 if ahead else 8}
    crowns = [c for c in by_type.get("give_crown", []) if c["type"] == "give_crown"]
    if crowns:  # to the player who profits least: the smallest city
        return min(crowns, key=lambda c: (len(state.players[c["seat"]].city), c["seat"]))
    return None


def _more_powers(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """The new characters' powers, each when it pays."""
    me = state.players[seat]
    bewitched = [c for c in by_type.get("bewitch", []) if c["type"] == "bewitch"]
    if bewitched:
        return _named(bewitched, ("architect", "merchant", "king", "alchemist"), rng)
    looks = [c for c in by_type.get("look_at_hand", []) if c["type"] == "look_at_hand"]
    if looks:
        return max(looks, key=lambda c: len(state.players[c["seat"]].hand))
    navigations = [c for c in by_type.get("navigate", []) if c["type"] == "navigate"]
    if navigations:
        take = "cards" if not _buildable(me) and len(navigations) > 1 else "gold"
        return next(c for c in navigations if c["take"] == take)
    exchanges = [c for c in by_type.get("exchange", []) if c["type"] == "exchange"]
    if exchanges:
        return _exchange(state, seat, exchanges)
    if "adorn" in by_type and (me.gold >= 5 or not _buildable(me)):
        return by_type["adorn"][0]
    return None


def _exchange(state: State, seat: int, exchanges: list[Exchange]) -> Command | None:
    def gain(command: Exchange) -> int:
        other = state.players[command["seat"]]
        mine = district_value(state.players[seat], command["own"])
        return district_value(other, command["their"]) - mine

    best = max(exchanges, key=gain)
    return best if gain(best) >= 2 and gain(best) <= state.players[seat].gold else None


def _more_purples(state: State, seat: int, by_type: ByType, rng: random.Random) -> Command | None:
    """The Museum takes useless cards; the Armory hits a leader close to the end."""
    me = state.players[seat]
    for command in by_type.get("use_museum", []):
        if command["type"] == "use_museum" and (me.has(command["district"]) or len(me.hand) > 3):
            return command
    leader = _leader(state, seat)
    if len(leader.city) >= state.complete_at - 1:
        hits = [c for c in by_type.get("use_armory", []) if c["type"] == "use_armory" and c["seat"] == leader.seat]
        if hits:
            return max(hits, key=lambda c: DISTRICTS[c["district"]].cost)
    return None


_PREFERENCES = (
    _thanks, _decisions, _draft, _keep, _purple, _more_purples, _power, _more_powers, _income, _collect, _build,
    _end,
)
