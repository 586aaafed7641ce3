"""`decide(state, seat, command, rng) -> events`: a player's command checked and carried out."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from rules_kit import IllegalCommand
from rules_kit.resign import RESIGN, RESIGNED, record_resignation

from . import decisions, kingdom, play, triggers, turn
from .commands import Command, SetReaction
from .events import Event
from .recorder import Recorder, Step
from .scoring import score, winners
from .state import OVER, State
from .turn import turn_command

FLOW_TABLES: tuple[dict[str, Step], ...] = (turn.STEPS, play.STEPS, triggers.STEPS)
"""The steps of the turn flow's own frames: Clean-up, the reactions to an Attack, to a trash, to a gain."""


def merge_steps(tables: Iterable[Mapping[str, Step]]) -> dict[str, Step]:
    """One table of the step functions of `tables` by their `op`; ValueError naming the ops that two tables
    both define (merged, the later would silently replace the earlier: a card would run another's effect)."""
    merged: dict[str, Step] = {}
    for table in tables:
        clash = sorted(merged.keys() & table.keys())
        if clash:
            raise ValueError(f"step ops defined in two tables: {', '.join(clash)}")
        merged.update(table)
    return merged


STEPS: dict[str, Step] = merge_steps((*FLOW_TABLES, *kingdom.TABLES))
"""Every step function by its frame `op`: the flow's and the cards' (`kingdom.TABLES`), no op in two of
them (checked on import); the recorder runs a frame by it."""


def awaiting(state: State) -> list[int]:
    """The seats whose command the game waits for."""
    return state.awaiting()


def decide(state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
    """The events `command` from `seat` causes; IllegalCommand when it is not legal now."""
    return decide_live(state, seat, command, rng)[0]


def decide_live(state: State, seat: int, command: Command, rng: random.Random) -> tuple[list[Event], State]:
    """`decide`, with the state the engine reached while deciding (the tests hold the fold of the events
    to it). `command` is trusted to be a `Command`, every field of its type (`RULES.normalize_command` read
    it, or `legal_commands` or a bot made it): what is checked here is whether the state takes it."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalCommand("no_such_seat", f"there is no seat {seat} at this table")
    if state.phase == OVER:
        raise IllegalCommand("game_over", "the game is over")
    if command["type"] == RESIGN:
        return _resign(state, seat, rng)
    if command["type"] == "set_reaction":
        game = Recorder(state, rng, STEPS)
        _set_reaction(game, seat, command)
        return game.events, game.s
    if seat not in state.awaiting():
        raise IllegalCommand("not_your_turn", "the game does not wait for you now")
    game = Recorder(state, rng, STEPS)
    if state.pending:
        if command["type"] != "decide":
            raise IllegalCommand("decision_pending", "answer the decision asked of you first")
        game.answer(seat, decisions.parse(state.pending[seat], command))
    else:
        turn_command(game, seat, command)
    game.run()
    game.finish()
    return game.events, game.s


def _resign(state: State, seat: int, rng: random.Random) -> tuple[list[Event], State]:
    """A player resigns (awaited or not): recorded; the bot plays the seat from now on. When only one seat
    has not resigned, the game ends and that seat wins (`rules_kit.resign`)."""
    game = Recorder(state, rng, STEPS)

    def end_game() -> None:
        scores = score(game.s)
        game.emit("game_ended", {"scores": scores, "winners": winners(scores, game.s.resigned)})

    record_resignation(state.resigned, seat, state.players, lambda: game.emit(RESIGNED, {"seat": seat}), end_game)
    return game.events, game.s


def _set_reaction(game: Recorder, seat: int, command: SetReaction) -> None:
    """A standing answer for one reaction card (a reaction, as `read_command` checked): always use it, never,
    or ask each time."""
    game.emit("standing_set", {"seat": seat, "card": command["card"], "answer": command["answer"]})
