"""The best bot's draft when the draft can be replayed (`best_infer`): for each character it may take, and
each consistent hypothesis, the whole round's holders are known, so the chance it is killed, bewitched or
robbed is the heuristic bot's own (a uniform choice among its favourites, `bots._power`), and what the
Assassin and the Thief would win is read off who holds what.
"""

from __future__ import annotations

from .best_draft import gain, turn_stake
from .best_infer import Hypothesis, later_holders
from .best_model import held_chance
from .commands import NamesCharacter
from .state import State

# The heuristic bot's favourite victims (`bots._power`, `bots._more_powers`).
KILLS = ("architect", "merchant", "king", "alchemist", "navigator", "warlord")
BEWITCHES = ("architect", "merchant", "king", "alchemist")
ROBS = ("merchant", "architect", "king", "alchemist", "navigator", "bishop")
STEAL_WORTH = 1.0  # a gold coin robbed: this seat's gain and the victim's loss


def _named_chance(state: State, character: str, favourites: tuple[str, ...], excluded: set[str]) -> float:
    """The chance the heuristic bot names `character` with its power: uniform among the favourites it may
    name (or among all it may name when no favourite is open)."""
    open_ = [c for c in state.rules.characters if c not in state.face_up and c not in excluded]
    liked = [c for c in open_ if c in favourites]
    pool = liked or open_
    return 1.0 / len(pool) if character in pool else 0.0


def dangers(state: State, seat: int, character: str, holders: dict[str, int]) -> tuple[float, float]:
    """(chance killed or bewitched, chance robbed) of `character` in this seat's hands, the rivals' powers
    known from `holders`."""
    killed = 0.0
    if holders.get("assassin", seat) != seat:
        killed += _named_chance(state, character, KILLS, {"assassin"})
    if holders.get("witch", seat) != seat:
        killed += _named_chance(state, character, BEWITCHES, {"witch"})
    robbed = 0.0
    if holders.get("thief", seat) != seat and character not in ("assassin", "thief", "witch"):
        robbed = _named_chance(state, character, ROBS, {"assassin", "thief", "witch"})
    return min(killed, 1.0), robbed


def power_gain(state: State, seat: int, character: str, holders: dict[str, int]) -> float | None:
    """What the Thief brings this seat when the victims are known: the richest robbable rival's gold; None
    for the other characters (`best_draft.gain` values them)."""
    if character != "thief":
        return None
    robbable = [s for c, s in holders.items() if s != seat and c not in ("assassin", "witch")]
    return STEAL_WORTH * max((state.players[s].gold for s in robbable), default=0)


def known_worth(state: State, seat: int, character: str, hypothesis: Hypothesis) -> float:
    """The worth of taking `character` under one hypothesis: as `best_draft.worth`, with the dangers and
    the Thief's haul read off the round's holders."""
    holders = later_holders(state, seat, hypothesis, character)
    chances = {c: 1.0 for c, s in holders.items() if s != seat}
    killed, robbed = dangers(state, seat, character, holders)
    value = power_gain(state, seat, character, holders)
    if value is None:
        value = gain(state, seat, character, chances or held_chance(state, seat))
    me = state.players[seat]
    return (1 - killed) * (value + turn_stake(state, seat)) - robbed * me.gold


def known_draft(state: State, seat: int, commands: list[NamesCharacter], found: list[Hypothesis]) -> NamesCharacter:
    """The character worth most, averaged over the hypotheses."""
    def mean_worth(command: NamesCharacter) -> float:
        return sum(known_worth(state, seat, command["character"], h) for h in found) / len(found)

    return max(commands, key=lambda c: (mean_worth(c), c["character"]))

