"""The best bot's characters: what each is worth to a seat (`gain`), which to take in the draft (`draft`),
and whom the Assassin, the Witch and the Thief name (`victim`). Reads only what the seat may see
(`best_model`)."""

from __future__ import annotations

import math

from . import bots as baseline
from .best_infer import holder_chances, hypotheses
from .best_model import (
    ROB_FAVOURITES,
    affordable,
    colours,
    danger,
    held_chance,
    rivals,
    seen_face_down,
    standing,
    threat,
    useful,
)
from .cards import CHARACTERS, DISTRICTS
from .commands import NamesCharacter
from .state import Player, State
from .turn import build_cost

CARD_WORTH = 1.2  # a drawn card, in gold (benchmarks/tune_citadels_bot.py: 0.4-1.8 searched, flat)
INCOME = 3.0  # what any turn is worth (its 2 gold or cards, and the tempo), lost with a killed character
PICK_TEMPERATURE = 2.25  # how sharply a rival prefers its best characters (the softmax of `public_gain`)
KILLER_BASE, KILLER_THREAT = 0.5, 0.3  # the Assassin's and the Witch's worth: a base and per threat of the top rival
LARGE_TABLE = 5  # players from which `gain` is the heuristic bot's valuation
CROWN_PER_PLAYER = 0.0  # the crown's first pick next round per player beyond 2 (0.25 and 0.6 measured worse)
TEMPO = 0.75  # a lost turn's build, per gold of the dearest district it could have built
COMPLETION_STAKE = 6.0  # a lost turn that could have completed the city


def public_gain(state: State, player: Player, character: str) -> float:
    """What `character` brings `player` this round beyond the income of any turn, from public facts only
    (its city, gold and hand size): what the best bot expects a rival to weigh."""
    colour = CHARACTERS[character].colour
    value = float(colours(player)[colour]) if colour is not None else 0.0
    to_go = state.complete_at - len(player.city)
    near_end = min(to_go for to_go in (state.complete_at - len(p.city) for p in state.players)) <= 2
    if character == "merchant":
        value += 1.0
    elif character == "architect":
        value += 2 * CARD_WORTH + (1.5 if player.gold >= 4 and player.hand else 0.0)
    elif character == "king":
        value += 1.0 if state.crown != player.seat else 0.5
    elif character == "bishop" and to_go <= 2:
        value += 3.0
    elif character in ("assassin", "witch", "warlord", "diplomat"):
        value += 1.0 + (2.0 if near_end else 0.0)
    elif character == "thief":
        value += 1.5
    elif character == "magician":
        value += 2.0 if not player.hand else 0.5
    elif character == "navigator":
        value += 2.0
    elif character == "alchemist":
        value += min(player.gold, 4) * 0.6
    elif character in ("tax_collector", "wizard", "abbot", "emperor", "artist"):
        value += 1.0
    elif character == "queen":
        value += 3.0 if state.crown in ((player.seat + 1) % state.rules.players, (player.seat - 1) % state.rules.players) else 0.0
    return value


def gain(state: State, seat: int, character: str, chances: dict[str, float]) -> float:
    """What `character` brings `seat` this round beyond a turn's income, from its own hand too. From 5
    players on, the heuristic bot's valuation (measured better there: at a large table nearly every
    character is taken, and the colour income decides); the risk weighing (`worth`) applies at every table."""
    if state.rules.players >= LARGE_TABLE:
        return baseline._character_value(state, seat, character)
    me = state.players[seat]
    colour = CHARACTERS[character].colour
    value = 0.0
    if colour is not None:
        value = colours(me)[colour] + (0.8 if any(DISTRICTS[d].colour == colour for d in affordable(me, me.gold + 2)) else 0)
    others = rivals(state, seat)
    if character == "merchant":
        value += 1.0
    elif character == "architect":
        extra = len(affordable(me, me.gold + 2)) - 1
        value += 2 * CARD_WORTH + 1.5 * max(0, min(2, extra))
    elif character in ("king", "emperor"):
        value += (1.0 if state.crown != seat else 0.4) + CROWN_PER_PLAYER * (state.rules.players - 2)
    elif character in ("bishop", "abbot"):
        attackers = chances.get("warlord", 0.0) + chances.get("diplomat", 0.0)
        dearest = max((DISTRICTS[b.district].cost for b in me.city), default=0)
        value += attackers * dearest * (0.9 if state.complete_at - len(me.city) <= 3 else 0.4)
        value += 1.0 if character == "abbot" else 0.0
    elif character in ("assassin", "witch"):
        value += KILLER_BASE + KILLER_THREAT * max((threat(state, seat, r) for r in others), default=0.0)
    elif character == "thief":
        value += 0.4 * sum(r.gold for r in others) / max(len(others), 1)
    elif character == "magician":
        biggest = max((len(r.hand) for r in others), default=0)
        value += max(0.0, biggest - len(useful(me)) - 1) * CARD_WORTH + 0.3 * (len(me.hand) - len(useful(me)))
    elif character in ("warlord", "diplomat"):
        close = [r for r in others if state.complete_at - len(r.city) <= 2]
        value += 0.5 + (2.0 if close else 0.0)
    elif character == "alchemist":
        value += max((build_cost(me, d) for d in affordable(me, me.gold + 2)), default=0) * 0.8
    elif character == "navigator":
        value += 4 * CARD_WORTH if not useful(me) else 1.5
    else:
        value += public_gain(state, me, character)
    return value


def turn_stake(state: State, seat: int) -> float:
    """What a lost turn costs `seat` besides the character's gain: the income, the build's tempo, and the
    completion of the city when this turn could bring it."""
    me = state.players[seat]
    reachable = affordable(me, me.gold + 2)
    stake = INCOME + TEMPO * max((build_cost(me, d) for d in reachable), default=0)
    if reachable and len(me.city) + 1 >= state.complete_at:
        stake += COMPLETION_STAKE
    return stake


def worth(state: State, seat: int, character: str, chances: dict[str, float]) -> float:
    """The expected value of taking `character`: its gain and the turn, unless killed, less the gold a
    Thief takes."""
    killed, robbed = danger(state, seat, character, chances)
    me = state.players[seat]
    return (1 - killed) * (gain(state, seat, character, chances) + turn_stake(state, seat)) - robbed * me.gold


def draft(state: State, seat: int, commands: list[NamesCharacter]) -> NamesCharacter:
    """Choose the character worth most; discard (2 players) the one the rival would value most against
    what it is worth to this seat."""
    chances = held_chance(state, seat)
    if commands[0]["type"] == "choose_character":
        return max(commands, key=lambda c: (worth(state, seat, c["character"], chances), c["character"]))
    rival = max(rivals(state, seat), key=lambda p: standing(state, p))
    return max(commands, key=lambda c: (
        public_gain(state, rival, c["character"]) - 0.5 * worth(state, seat, c["character"], chances), c["character"]
    ))


def holders(state: State, seat: int, candidates: list[str]) -> dict[str, dict[int, float]]:
    """For each candidate character: the chance each rival holds it (the chance someone holds it, shared
    by how much each rival would want it)."""
    chances = held_chance(state, seat)
    hidden = seen_face_down(state, seat)
    others = [r for r in rivals(state, seat) if not state.chosen or state.chosen[r.seat]]
    revealed = dict((c, s) for s, c in state.revealed)
    wants = {r.seat: {c: math.exp(public_gain(state, r, c) / PICK_TEMPERATURE) for c in candidates} for r in others}
    result: dict[str, dict[int, float]] = {}
    for character in candidates:
        if character in revealed:
            result[character] = {revealed[character]: 1.0} if revealed[character] != seat else {}
            continue
        if character == hidden:
            result[character] = {}
            continue
        total = sum(wants[r.seat][character] / sum(wants[r.seat].values()) for r in others) or 1.0
        result[character] = {
            r.seat: chances.get(character, 0.0) * wants[r.seat][character] / sum(wants[r.seat].values()) / total
            for r in others
        }
    return result


def victim(state: State, seat: int, commands: list[NamesCharacter]) -> NamesCharacter:
    """The character to kill, bewitch or rob: the one whose loss hurts the rivals most (the Thief: whose
    gold is likely most), as far as this seat can tell who holds what."""
    names = [c["character"] for c in commands]
    found = hypotheses(state, seat)
    who = holder_chances(found, seat) if found else holders(state, seat, names)
    robbing = commands[0]["type"] == "rob"

    def harm(character: str) -> float:
        total = 0.0
        for rival_seat, chance in who.get(character, {}).items():
            rival = state.players[rival_seat]
            if robbing:
                total += chance * (rival.gold + (1.0 if character in ROB_FAVOURITES else 0.0))
            else:
                loss = public_gain(state, rival, character) + INCOME + 1.0
                total += chance * threat(state, seat, rival) * loss
        return total

    return max(commands, key=lambda c: (harm(c["character"]), c["character"]))

