"""`decide(state, seat, command, rng) -> events`: validate a command and return what it causes."""

from __future__ import annotations

import random

from rules_kit import IllegalCommand
from rules_kit.resign import RESIGN, RESIGNED, record_resignation

from . import flow, scoring, wishes
from .actions import perform
from .commands import COMMAND_TYPES, Command
from .events import Event
from .recorder import Recorder
from .state import DRAFT, OVER, State, Turn

DRAFT_TYPES = frozenset({"choose_character", "discard_character"})
GRAVEYARD_TYPES = frozenset({"use_graveyard", "decline_graveyard"})
ANYTIME_TYPES = frozenset({"set_wishes"})
"""The commands any seat may send whoever's turn it is (besides resign): the draft wishes (`wishes`)."""
TURN_TYPES = COMMAND_TYPES - DRAFT_TYPES - GRAVEYARD_TYPES - ANYTIME_TYPES - {RESIGN}
"""The commands of a character's turn (its income, building, the powers, the end)."""
INCOME_TYPES = frozenset({"take_gold", "draw_cards", "keep_card", "discard_card"})


def awaiting(state: State) -> list[int]:
    """The seats whose decision the game waits for now; empty once the game is over.

    Also empty between two events of one decision's batch (say, after a turn ended and before the next
    character reveals): such a state is never the last of a stored batch but can be replayed.
    """
    if state.phase == OVER:
        return []
    if state.graveyard_offer is not None:
        return [state.graveyard_offer.seat]
    if state.phase == DRAFT:
        return [state.draft_steps[0].seat] if state.draft_steps else []
    return [state.turn.seat] if state.turn is not None else []


def types_now(state: State) -> frozenset[str]:
    """The command types that make sense in the current phase."""
    if state.graveyard_offer is not None:
        return GRAVEYARD_TYPES
    if state.phase == DRAFT:
        return DRAFT_TYPES
    return TURN_TYPES


def decide(state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
    """The events `command` from `seat` causes; IllegalCommand if it is not legal now.

    `command` is trusted to be a `Command`, every field of its type (`RULES.normalize_command` read it, or
    `legal_commands` or a bot made it): what is checked here is whether the state takes it."""
    kind = command["type"]
    if state.phase == OVER:
        raise IllegalCommand("game_over", "the game is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.rules.players:
        raise IllegalCommand("no_such_seat", f"there is no seat {seat} at this table")
    if kind == RESIGN:
        return resign(state, seat, rng)
    if command["type"] == "set_wishes":
        return wishes.set_wishes(state, seat, command, rng)
    if seat not in awaiting(state):
        raise IllegalCommand("not_your_turn", "it is not your decision now")
    if kind not in types_now(state):
        raise IllegalCommand("not_now", f"'{kind}' is not possible now: {_what_now(state)}")
    rec = Recorder(state, rng)
    turn_ = state.turn
    if turn_ is not None and kind in TURN_TYPES:
        if turn_.must_thank and kind != "thank_your_excellency":
            _require_legal_once_thanked(state, seat, command, rng)
            flow.lose_turn(rec, seat, kind)
            return rec.events
        if kind != "thank_your_excellency":
            _require_open_decision(turn_, kind)
    perform(rec, seat, command)
    flow.settle(rec)
    return rec.events


def resign(state: State, seat: int, rng: random.Random) -> list[Event]:
    """A player resigns (awaited or not): recorded; the bot plays the seat from now on. When only one seat
    has not resigned, the game ends and that seat wins (`rules_kit.resign`)."""
    rec = Recorder(state, rng)
    record_resignation(state.resigned, seat, state.rules.players,
                       lambda: rec.emit(RESIGNED, {"seat": seat}), lambda: scoring.end_game(rec))
    return rec.events


# The decisions a turn may open, each answered by one of its commands before anything else.
_OPEN_DECISIONS = (
    ("seen", ("take_card",), "first take one card of the hand you looked at"),
    ("may_search", ("search_deck", "decline_search"), "first decide whether to search the deck (the Lighthouse)"),
    ("searching", ("keep_from_deck",), "first keep one card of the deck (the Lighthouse)"),
    ("bell_tower", ("set_bell_tower",), "first decide whether the game ends at 7 or 8 districts (the Bell Tower)"),
    ("must_give_crown", ("give_crown",), "first give the crown to another player (the Emperor)"),
)


def _require_legal_once_thanked(state: State, seat: int, command: Command, rng: random.Random) -> None:
    """Refuse, with its own error, a command that would be illegal even after the thanks (the Ball Room): only
    a real move made without thanking loses the turn (seed 000: "Vergisst der aufgerufene Spieler dies, so
    verliert er seinen gesamten Zug"). The command is tried on the thanked turn with a copy of the random
    source, and what it would cause is thrown away."""
    turn_ = state.turn
    assert turn_ is not None
    thanked = state.copy()
    thanked_turn = thanked.current_turn()
    thanked_turn.must_thank = False
    _require_open_decision(thanked_turn, command["type"])
    probe = random.Random()
    probe.setstate(rng.getstate())
    perform(Recorder(thanked, probe), seat, command)


def _require_open_decision(turn_: Turn, kind: str) -> None:
    if turn_.income_only and kind not in INCOME_TYPES:
        raise IllegalCommand("income_only", "this turn you take your income only; then it ends")
    for field, answers, message in _OPEN_DECISIONS:
        if getattr(turn_, field) and kind not in answers:
            raise IllegalCommand("decide_first", message)


def _what_now(state: State) -> str:
    if state.graveyard_offer is not None:
        return "decide whether to use your Graveyard"
    if state.phase == DRAFT:
        return "the characters are being chosen"
    return "it is a character's turn"
