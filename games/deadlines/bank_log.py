"""The time banks derived from the game's log: the check that the projection (`Game.clock_banks`) is no
second truth.

The clock's subscriber pays and starts the banks at the time of each event batch that changes who is
awaited (the events' `created_at`), reading the absences of the seats' players; this replays the same from
the log alone: the batches (a command's events, or the setup's), the awaited seats after each (the rules'
fold) and the absences as they are stored (an absence starts when it is declared or later, and ending it
early keeps the part already passed, so the stored ones are those each batch saw). A seat taken over by
another player reads the new player's absences for its earlier decisions too.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from ..models import Event, Game
from ..registry import get_kind
from . import bank
from .clock import time_control


def banks_from_log(game: Game) -> dict[str, dict[str, Any]]:
    """A time bank game's banks as its log gives them (`Game.clock_banks`' shape; {} for a game with a time
    per decision)."""
    control = time_control(game)
    if not bank.is_bank(control):
        return {}
    kind = get_kind(game.kind)
    limits = bank.Limits.of(control)
    replay = Game(pk=game.pk, players=game.players, absences_declared=game.absences_declared,
                  time_control=game.time_control, clock_banks={})
    state: Any = None
    awaited: set[int] = set()
    rows = Event.objects.filter(game=game).order_by("seq").values_list("command_id", "created_at", "data")
    for (_command, at), batch in groupby(rows.iterator(chunk_size=2000), key=lambda row: (row[0], row[1])):
        state = kind.fold(state, [row[2] for row in batch])
        now_awaited = {int(seat) for seat in kind.rules.awaiting(state)}
        if now_awaited != awaited:
            replay.clock_banks = bank.stored(bank.banks_after(replay, limits, awaited, now_awaited, at))
        awaited = now_awaited
    return dict(replay.clock_banks)
