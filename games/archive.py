"""Finished games leave the hot tables (issue 41): their events, commands and snapshots move to the cold
partitions (migration 0019), all rows of a game in one transaction, some time after the game ended (the
grace period: a rematch, the story and the last looks at the table read them hot). Nothing is deleted and
nothing else changes: every read by game finds the rows wherever they are, `verify_events` proves the moved
chains, a backup holds both partitions. Run by the beat (`games.archive_finished_games`) and by
`manage.py archive_finished`.

On SQLite (the embedded default) the tables are plain: the same UPDATE flips the column and nothing moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from .models import Command, Event, Game, Snapshot

# The models of the three logs, whose rows move (the events point at their commands by no database key:
# migration 0020).
MOVED = (Command, Snapshot, Event)
ENDED = (Game.Status.FINISHED, Game.Status.ABANDONED)


@dataclass
class ArchiveReport:
    """What one run moved: the games, and the rows by table."""

    games: list[int] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)


def grace() -> timedelta:
    """How long a game stays hot after it ended: the setting GAMES_ARCHIVE_AFTER_HOURS."""
    return timedelta(hours=settings.GAMES_ARCHIVE_AFTER_HOURS)


def hot_game_ids(after: int = 0, limit: int = 1000) -> list[int]:
    """The ids above `after` of games with rows in a hot partition, ascending, at most `limit` of them.

    A loose index scan (a recursive query that asks the hot unique index for the next game id, one probe
    per game): its cost follows the number of hot games, never the cold history (PostgreSQL prunes every
    probe to the hot partition). The three logs are asked: a game with rows left hot in any of them (a move
    cut short by hand, say; `verify_events` reports a split log) is found and moved whole."""
    q = connection.ops.quote_name
    parts = []
    for model in MOVED:
        table = q(model._meta.db_table)
        parts.append(
            f"SELECT game_id FROM (WITH RECURSIVE h(game_id) AS ("
            f"SELECT (SELECT min(game_id) FROM {table} WHERE NOT archived AND game_id > %s) "
            f"UNION ALL SELECT (SELECT min(t.game_id) FROM {table} t WHERE NOT t.archived AND t.game_id > h.game_id) "
            f"FROM h WHERE h.game_id IS NOT NULL) SELECT game_id FROM h WHERE game_id IS NOT NULL LIMIT %s) AS x"
        )
    sql = f"SELECT DISTINCT game_id FROM ({' UNION ALL '.join(parts)}) AS hot ORDER BY game_id LIMIT %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [after, limit] * len(MOVED) + [limit])
        return [row[0] for row in cursor.fetchall()]


def archive_game(game_id: int, before: datetime) -> dict[str, int] | None:
    """Move the rows of one game that ended before `before` to the cold partitions, in one transaction with
    the game's row locked (no command can append meanwhile, and an ended game takes none); the rows moved
    per table, or None when the game is not (yet) to be archived."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, status__in=ENDED).first()
        if game is None or (game.finished_at or game.updated_at) >= before:
            return None
        moved = {}
        with connection.cursor() as cursor:
            for model in MOVED:
                table = connection.ops.quote_name(model._meta.db_table)
                # Raw SQL: the models refuse an UPDATE of an event; the database allows exactly this one.
                cursor.execute(
                    f"UPDATE {table} SET archived = true WHERE game_id = %s AND NOT archived", [game_id]
                )
                moved[model._meta.db_table] = cursor.rowcount
        return moved


def archive_finished(
    older_than: timedelta | None = None, *, limit: int | None = None, now: datetime | None = None
) -> ArchiveReport:
    """Move every game that ended more than `older_than` ago (default: `grace()`) to the cold partitions,
    each in a transaction of its own; at most `limit` games. Walks the hot games only (`hot_game_ids`)."""
    before = (now or timezone.now()) - (grace() if older_than is None else older_than)
    report = ArchiveReport()
    after = 0
    while limit is None or len(report.games) < limit:
        found = hot_game_ids(after)
        if not found:
            break
        after = found[-1]
        for game_id in _ended_before(found, before):
            moved = archive_game(game_id, before)
            if moved is None:
                continue
            report.games.append(game_id)
            for table, count in moved.items():
                report.rows[table] = report.rows.get(table, 0) + count
            if limit is not None and len(report.games) >= limit:
                break
    return report


def reindex_hot() -> bool:
    """Rebuild the hot partitions' indexes (PostgreSQL, `REINDEX ... CONCURRENTLY`: writes go on meanwhile);
    whether it did (not on SQLite, nor inside a transaction, where PostgreSQL cannot).

    Why: VACUUM gives the moved rows' heap space to the next games, but an index page emptied by the move
    is reused late (after later VACUUMs, once no transaction of the server may still see it), and new games'
    keys (higher ids) go to the right end of the index anyway: measured, the hot indexes grew by about
    1.1 MB per 60 archived games of 200 events, round after round (tests/games/test_archive_postgres.py).
    Rebuilt, they hold the games in play only; the cost follows the hot partitions' size, not the history."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return False
    with connection.cursor() as cursor:
        for model in MOVED:
            cursor.execute(
                f"REINDEX TABLE CONCURRENTLY {connection.ops.quote_name(model._meta.db_table + '_hot')}"
            )
    return True


def _ended_before(game_ids: list[int], before: datetime) -> list[int]:
    """Of these games, those that ended before `before` (by their rows' primary key)."""
    rows = Game.objects.filter(pk__in=game_ids, status__in=ENDED).values_list(
        "pk", "finished_at", "updated_at"
    )
    return sorted(pk for pk, finished, updated in rows if (finished or updated) < before)
