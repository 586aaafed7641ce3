"""A draft lookahead for the best bot: for each character it may take and each replayed draft
(`best_infer`), play the rest of the round out on determinized copies (the hidden districts dealt at
random from what the seat cannot place, with a random source drawn from the bot's own rng) and score the
round's end by standing (`best_model.standing`): this seat's against the best rival's.

The other seats play the heuristic bot (the draft's replay assumes they draft like it), this seat the best
bot without the lookahead.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import bots as baseline
from .best_infer import Hypothesis
from .best_model import standing
from .best_pick import known_worth
from .commands import Command, NamesCharacter
from .decide import awaiting, decide
from .evolve import fold
from .information import seen_by
from .state import DRAFT, OVER, State

ROLLOUTS = 2  # determinized deals per character and hypothesis
MAX_DECISIONS = 400  # a safety net: a round ends far sooner
WIN = 30.0  # a won game, in standing points

Player = Callable[[State, int, random.Random], Command]


def determinized(state: State, seat: int, hypothesis: Hypothesis, rng: random.Random) -> State:
    """A full state the seat's information allows: the other hands and the deck dealt at random from the
    cards it cannot place, the earlier choosers' characters and the face-down one as `hypothesis` says."""
    seen = seen_by(state, seat)
    others = [p for p in seen.players if p.seat != seat]
    pool = [d for p in others for d in p.hand] + list(seen.deck)
    rng.shuffle(pool)
    players = list(seen.players)
    for p in others:
        players[p.seat] = p._replace(hand=tuple(pool[: len(p.hand)]))
        pool = pool[len(p.hand):]
    seen.players, seen.deck = tuple(players), tuple(pool)
    chosen = [list(c) for c in seen.chosen]
    for character, holder in hypothesis.holders.items():
        if holder != seat:
            chosen[holder] = [character]
    seen.chosen = tuple(tuple(c) for c in chosen)
    seen.face_down = (hypothesis.face_down,) if state.face_down else ()
    return seen


def play_round(state: State, seat: int, me: Player, rng: random.Random) -> float:
    """Play to the next round's draft (or the end); this seat's standing less the best rival's."""
    start = state.round
    for _ in range(MAX_DECISIONS):
        if state.phase == OVER or (state.phase == DRAFT and state.round > start):
            break
        deciding = awaiting(state)[0]
        bot = me if deciding == seat else baseline.heuristic_bot
        state = fold(decide(state, deciding, bot(state, deciding, rng), rng), state)
    if state.phase == OVER:
        return WIN if seat in state.winners else -WIN
    mine = standing(state, state.players[seat])
    return mine - max(standing(state, p) for p in state.players if p.seat != seat)


def lookahead(
    state: State, seat: int, commands: list[NamesCharacter], found: list[Hypothesis], me: Player,
    rng: random.Random,
) -> NamesCharacter:
    """The character whose rolled-out rounds end best on average; every character meets the same deals
    (common random numbers, so that the comparison is not the deals' noise); a tie goes to the character
    worth most by the replay's estimate (`best_pick.known_worth`)."""
    seeds = [rng.getrandbits(64) for _ in range(ROLLOUTS)]

    def mean(command: NamesCharacter) -> float:
        total = 0.0
        for hypothesis in found:
            for seed in seeds:
                private = random.Random(seed)
                start = determinized(state, seat, hypothesis, private)
                start = fold(decide(start, seat, command, private), start)
                total += play_round(start, seat, me, private)
        return total / (len(found) * len(seeds))

    def estimate(command: NamesCharacter) -> float:
        return sum(known_worth(state, seat, command["character"], h) for h in found) / len(found)

    return max(commands, key=lambda c: (mean(c), estimate(c), c["character"]))
