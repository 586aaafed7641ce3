"""The sending half of the fan-out: after a command's transaction commits, one notice (game id, version).

The notice leaves only after commit: a command rolled back sends nothing, and a watcher that fetches the page
on the notice finds the new version there. Which way it goes is the setting `LIVE_FANOUT` (see `live.fanout`);
every way carries the same JSON `{"game": id, "version": n}`. On PostgreSQL the database says a game's new
version itself (a trigger, migration 0001): its NOTIFY is transactional, delivered at the commit.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import connection, transaction

from games import hooks

from . import fanout
from .marks import LOBBY_KEY, TAKEBACK, chat_key, read_marks, room_key, side_key, tournament_key

if TYPE_CHECKING:
    from chat.models import Message
    from games.models import Game

log = logging.getLogger(__name__)


def notice(game_id: int, version: int) -> str:
    """The notice's text: the game and its version, nothing else (no view of any player)."""
    return json.dumps({"game": game_id, "version": version}, separators=(",", ":"))


def on_events_appended(batch: hooks.EventsAppended) -> None:
    """The `games.hooks` subscriber: the notice of the batch's game is sent once its transaction commits.

    Not on PostgreSQL: there the games' row says it (the trigger of migration 0001, on the version column),
    inside the command's transaction, whose commit delivers it and whose rollback drops it. Said after the
    commit, it would be a transaction of its own with a commit record to flush (about 6 % of the command
    path's throughput in benchmarks/api.py); said by a statement of the command, a round trip more on every
    command (the trigger saves it)."""
    if fanout.kind() == fanout.POSTGRES:
        return
    game_id, version = batch.game.pk, batch.game.version
    transaction.on_commit(lambda: send(game_id, version))


def on_seat_notice(notice: hooks.SeatNotice) -> None:
    """The `games.hooks.on_seat_notice` listener: a seat taken or left, or a room closed, reaches its waiting
    room's open pages (and every lobby, for a listed game) once the change commits. A rematch offer is not
    a waiting room's change: its notice names the finished game."""
    if notice.what not in ("taken", "left", "closed"):
        return
    game_id, change, listed = notice.game.pk, notice.change_id, notice.game.listed

    def after_commit() -> None:
        send(room_key(game_id), change)
        if listed:
            send(LOBBY_KEY, change)

    transaction.on_commit(after_commit)


def on_chat_message(message: Message) -> None:
    """The `chat.hooks` subscriber: a new line reaches the open pages of its game whose viewers read its
    channel (its channel's key, numbered by the line), once it commits. The notice carries no text: each
    page fetches what its viewer may read."""
    key, number = chat_key(message.game_id, message.channel), message.seq
    transaction.on_commit(lambda: send(key, number))


def on_takeback_changed(notice: hooks.TakebackAsked | hooks.TakebackAnswered) -> None:
    """The `games.hooks` listener of requests to take a move back and their answers: the players' pages
    hear of it once it commits (the key's number read then: it counts every change committed so far)."""
    key = side_key(notice.game.pk, TAKEBACK)

    def after_commit() -> None:
        number = read_marks([key]).get(key)
        if number is not None:
            send(key, number)

    transaction.on_commit(after_commit)


def on_spectators_changed(game: Game) -> None:
    """The `games.hooks.on_spectators_changed` listener: once the switch commits, the game's streams are woken
    by a notice of its version as it stands (nothing new to send: no page fetches anything), and each watch
    link's stream checks the link again, ending when spectators were turned away."""
    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: send(game_id, version))


def on_tournament_events(tournament: Any, events: list[Any]) -> None:
    """The `tournaments.hooks.events_written` listener: the tournament's page hears of its new version once
    the step commits."""
    key, version = tournament_key(tournament.pk), tournament.version
    transaction.on_commit(lambda: send(key, version))


def send(game_id: int, version: int) -> None:
    """Send the notice now through the configured fan-out. A failure to send is logged, never raised: the
    command is committed already, and the pages' reconnect (or the poll fallback) catches up."""
    text = notice(game_id, version)
    try:
        kind = fanout.kind()
        if kind == fanout.POSTGRES:
            _notify(text)  # outside a transaction (after commit): delivered at once
        elif kind == fanout.REDIS:
            _redis().publish(settings.LIVE_CHANNEL, text)
        else:  # the poll: this process's own pages at once; the other processes' on their next poll
            fanout.hub().deliver_threadsafe(game_id, version)
    except Exception:  # noqa: BLE001 - the command stands; the watchers catch up on their next notice
        log.exception("live notice for game %s version %s not sent", game_id, version)


def _notify(text: str) -> None:
    # NOTIFY has no ORM form.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_notify(%s, %s)", [fanout.POSTGRES_CHANNEL, text])


@cache
def _redis() -> Any:
    import redis

    return redis.Redis.from_url(settings.LIVE_REDIS_URL)
