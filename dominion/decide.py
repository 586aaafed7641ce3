"""`decide(state, seat, command, rng) -> events`: a player's command checked and carried out."""

from __future__ import annotations

import random
from typing import Any

from rules_kit import IllegalCommand
from rules_kit.resign import RESIGN, RESIGNED, check_resignation, last_seat_standing

from . import decisions, kingdom, triggers  # noqa: F401 (kingdom and triggers register their steps)
from .commands import REACTIONS
from .events import Event
from .recorder import Recorder
from .scoring import score, winners
from .state import OVER, State
from .turn import turn_command


def awaiting(state: State) -> list[int]:
    """The seats whose command the game waits for."""
    return state.awaiting()


def decide(state: State, seat: int, command: Any, rng: random.Random) -> list[Event]:
    """The events `command` from `seat` causes; IllegalCommand when it is not legal now."""
    return decide_live(state, seat, command, rng)[0]


def decide_live(state: State, seat: int, command: Any, rng: random.Random) -> tuple[list[Event], State]:
    """`decide`, with the state the engine reached while deciding (the tests hold the fold of the events
    to it)."""
    if not isinstance(command, dict):
        raise IllegalCommand("malformed", "a command is a JSON object with a 'type'", "not_an_object")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalCommand("no_such_seat", f"there is no seat {seat} at this table")
    if state.phase == OVER:
        raise IllegalCommand("game_over", "the game is over")
    if command.get("type") == RESIGN:
        return _resign(state, seat, rng)
    if command.get("type") == "set_reaction":
        game = Recorder(state, rng)
        _set_reaction(game, seat, command)
        return game.events, game.s
    if seat not in state.awaiting():
        raise IllegalCommand("not_your_turn", "the game does not wait for you now")
    game = Recorder(state, rng)
    if state.pending:
        if command.get("type") != "decide":
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
    check_resignation(state.resigned, seat, state.players)
    game = Recorder(state, rng)
    game.emit(RESIGNED, {"seat": seat})
    if last_seat_standing(game.s.resigned, state.players) is not None:
        scores = score(game.s)
        game.emit("game_ended", {"scores": scores, "winners": winners(scores, game.s.resigned)})
    return game.events, game.s


def _set_reaction(game: Recorder, seat: int, command: dict[str, Any]) -> None:
    """A standing answer for one reaction card: always use it, never, or ask each time."""
    card, answer = command.get("card"), command.get("answer")
    if card not in REACTIONS:
        raise IllegalCommand("not_a_reaction", f"standing answers are for {', '.join(REACTIONS)}")
    if answer not in ("always", "never", "ask"):
        raise IllegalCommand("malformed", "'answer' is always, never or ask", "needs_choice",
                             {"command": "set_reaction", "field": "answer", "choices": ["always", "never", "ask"]})
    game.emit("standing_set", {"seat": seat, "card": card, "answer": answer})
