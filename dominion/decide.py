"""`decide(state, seat, command, rng) -> events`: a player's command checked and carried out."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from rules_kit import IllegalCommand
from rules_kit.resign import RESIGN, RESIGNED, record_resignation

from . import decisions, kingdom, play, triggers, turn
from .commands import Command, SetPreference, SetReaction
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
    if command["type"] == "set_reaction" or command["type"] == "set_preference":
        return _set_standing(state, seat, command, rng)
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


def _set_standing(
    state: State, seat: int, command: SetReaction | SetPreference, rng: random.Random
) -> tuple[list[Event], State]:
    """A standing answer, set whoever's turn it is: for a reaction card (`set_reaction`: always use it, never,
    or ask each time) or for a prompt asked outside one's own turn (`set_preference`: a named policy, or
    ask). When the decision asked of the seat now is one it answers, it answers it at once, as the engine
    answers a decision asked later (`decisions.automatic`): the same events as the player's own answer."""
    game = Recorder(state, rng, STEPS)
    if command["type"] == "set_reaction":
        game.emit("standing_set", {"seat": seat, "card": command["card"], "answer": command["answer"]})
    else:
        game.emit("preference_set", {"seat": seat}, {seat: {"prompt": command["prompt"], "policy": command["policy"]}})
    decision = game.s.pending.get(seat)
    if decision is not None and seat in game.s.awaiting():
        answer = decisions.automatic(game.s, decision)
        if answer is not decisions.NONE:
            game.answer(seat, answer)
            game.run()
            game.finish()
    return game.events, game.s
