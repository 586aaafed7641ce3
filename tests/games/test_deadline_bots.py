"""Which bot plays a passed deadline: a late player's seat the easy level's bot (a sensible move, cheap
enough for the sweep's thousands), a seat handed to the bot (absent) the game's stand-in, its strongest."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine

from games import services, store
from games.deadlines import enforcement, sweep
from games.models import Command, Game
from games.registry import get_kind
from games.services.bots import bot_for
from games.services.takeover import hand_seat_to_bot

from .helpers import seat_users, started_game

pytestmark = pytest.mark.django_db

CONTROL = {"decision_hours": 24, "reminder_hours": 4}
# Games started until one fits: the bots often agree on a first pick (12 tries failed about one run in ten).
TRIES = 60


def _choices(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """The awaited seat's command by the easy level's bot and by the stand-in, with the enforcement's
    random source (the same for both)."""
    kind = get_kind(game.kind)
    state, seat = store.load_state(game), game.awaiting[0]
    easy = bot_for(kind, enforcement.LATE_LEVEL)(state, seat, services.game_rng(game, purpose="bot"))
    best = kind.timeout_bot(state, seat, services.game_rng(game, purpose="bot"))
    return dict(easy), dict(best)


def _game_where_the_bots_differ(make_user: Any) -> tuple[Game, dict[str, Any], dict[str, Any]]:
    """A started game whose first decision the two bots answer differently (else the test could not tell
    which of them played)."""
    for _ in range(TRIES):
        game = started_game([make_user() for _ in range(4)], time_control=CONTROL)
        easy, best = _choices(game)
        if easy != best:
            return game, easy, best
    raise AssertionError(f"in {TRIES} games the easy bot and the stand-in always chose alike")


def _played(game: Game, version: int) -> tuple[dict[str, Any], Command]:
    command = Command.objects.get(game=game, first_seq=version + 1)
    return command.command, command


def test_a_late_players_seat_is_played_by_the_easy_levels_bot(make_user: Any) -> None:
    game, easy, _best = _game_where_the_bots_differ(make_user)
    version = game.version
    with time_machine.travel(game.deadline_at + timedelta(minutes=1), tick=False):
        sweep.enforce_due_deadlines()
    played, command = _played(game, version)
    assert command.by_service and played == easy


def test_a_seat_handed_to_the_bot_is_played_by_the_stand_in(make_user: Any) -> None:
    game, _easy, best = _game_where_the_bots_differ(make_user)
    version, seat = game.version, game.awaiting[0]
    assert hand_seat_to_bot(game.pk, seat_users(game)[seat])
    sweep.enforce_due_deadlines()  # (if the task played it already on commit, there is nothing left to do)
    played, command = _played(game, version)
    assert command.by_service and command.seat == seat and played == best


def _least_move(game: Game) -> dict[str, Any]:
    """The least move as the kind declares it: the first legal command of the first of its
    `minimal_commands` on offer (the first legal command when none is)."""
    kind = get_kind(game.kind)
    legal = [dict(c) for c in kind.rules.legal_commands(store.load_state(game), game.awaiting[0])]
    for preferred in kind.minimal_commands:
        offered = [c for c in legal if c["type"] == preferred]
        if offered:
            return offered[0]
    return legal[0]


def test_the_least_move_policy_still_plays_no_bot(make_user: Any) -> None:
    for _ in range(TRIES):  # a game whose first decision the easy bot would answer otherwise
        game = started_game(
            [make_user() for _ in range(4)], time_control={**CONTROL, "timeout_policy": "minimal"}
        )
        least, (easy, _best) = _least_move(game), _choices(game)
        if least != easy:
            break
    else:
        raise AssertionError(f"in {TRIES} games the easy bot always chose the least move")
    version = game.version
    with time_machine.travel(game.deadline_at + timedelta(minutes=1), tick=False):
        sweep.enforce_due_deadlines()
    played, command = _played(game, version)
    assert command.by_service and played == least != easy
