"""What the outbox rows of one delivery batch need of their games, read together: a few queries per batch,
not per mail (`rendering.render_many` builds one `RenderBatch` for the rows it renders)."""

from __future__ import annotations

from typing import Any

from django.db.models import OuterRef, Subquery

from accounts.models import User
from games import store
from games.models import Command, Seat
from games.registry import get_kind

from .chat_lines import Said, messages_of, said_since
from .models import Kind, Outbox

HISTORY_LIMIT = 80  # events told in one email; older ones are summed up in one line

# The kinds whose mails show the game's state at the row's version (choices, hands, scores).
KINDS_WITH_STATE = (Kind.TURN, Kind.ENDED, Kind.REMINDER, Kind.ANSWER)


class RenderBatch:
    """The seated users of the rows' games, the states at the rows' versions (each game folded forward
    once), each turn mail's last own command, and the events the histories tell, decoded once for all
    their readers."""

    def __init__(self, rows: list[Outbox]) -> None:
        told = [row for row in rows if row.game is not None]
        games = {row.game.pk: row.game for row in told if row.game is not None}
        self.users: dict[int, dict[int, User]] = {game_id: {} for game_id in games}
        seats = list(Seat.objects.filter(game_id__in=games, index__isnull=False).values_list("game_id", "index", "user_id"))
        players = User.objects.in_bulk({user_id for _game, _index, user_id in seats})  # one each, however many games
        for game_id, index, user_id in seats:
            if index is not None:  # always (the query takes seated players only); this narrows the type
                self.users[game_id][index] = players[user_id]
        self.states = store.load_states(
            (row.game, row.version) for row in told
            if row.game is not None and row.version and row.kind in KINDS_WITH_STATE
        )
        self.history_from = self._histories_from([row for row in told if row.kind == Kind.TURN])
        # The players' chat: what each turn mail tells since the reader's last move, each chat mail's message.
        self.said: dict[int, list[Said]] = said_since([row for row in told if row.kind == Kind.TURN])
        self.messages: dict[int, Said | None] = messages_of(told)
        self.events: dict[int, dict[int, tuple[Any, bool]]] = {}
        self._read_events(told)

    @staticmethod
    def _histories_from(turns: list[Outbox]) -> dict[int, int]:
        """By turn row: the event before its seat's last command before the row's version (0: none). The
        history tells that command's events too: what it set off (who is called next, what was drawn)
        is news to a player who reads only the emails."""
        if not turns:
            return {}
        last = (
            Command.objects.filter(game=OuterRef("game"), seat=OuterRef("seat"), last_seq__lt=OuterRef("version"))
            .order_by("-last_seq")
            .values("first_seq")[:1]
        )
        found = Outbox.objects.filter(pk__in=[row.pk for row in turns]).annotate(first=Subquery(last))
        return {pk: seq - 1 if seq else 0 for pk, seq in found.values_list("pk", "first")}

    def _read_events(self, rows: list[Outbox]) -> None:
        """The events the histories of these rows tell (at most HISTORY_LIMIT each), in one query."""
        windows: dict[int, list[tuple[int, int]]] = {}
        for row in rows:
            assert row.game is not None
            if row.kind == Kind.TURN:
                upto = row.version if row.version is not None else row.game.version
                after = self.history_from[row.pk]
            elif row.kind == Kind.TIMEOUT:
                upto, after = row.params["upto"], row.params["first_seq"] - 1
            else:
                continue
            windows.setdefault(row.game.pk, []).append((max(after, upto - HISTORY_LIMIT), upto))
        games = {row.game.pk: row.game for row in rows if row.game is not None}
        spans = [(game_id, after, upto) for game_id, spans in windows.items() for after, upto in _merged(spans)]
        for game_id, seq, data, by_service in store.events_in(spans, by_service=True):
            self.events.setdefault(game_id, {})[seq] = (get_kind(games[game_id].kind).rules.decode(data), by_service)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Half-open ranges (after, upto] with the overlapping and touching ones joined."""
    merged: list[tuple[int, int]] = []
    for after, upto in sorted(spans):
        if merged and after <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], upto))
        else:
            merged.append((after, upto))
    return merged
