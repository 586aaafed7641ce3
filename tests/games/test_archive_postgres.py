"""The partitions of the event store on PostgreSQL (migration 0019, `games.archive`): the command path's and a
game's reads use indexes and, for a game in play, the hot partition alone (partition pruning); a moved
game's rows are in the cold partitions; a backup holds both and restores; and the hot partitions' size
follows the games in play, not the history (its figures printed with -s).

Marked `postgres` (the SQLite run leaves them out: there the tables are plain); each asserts it runs there."""

from __future__ import annotations

import random
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games import archive, store, store_sql
from games.models import Event, Game, Snapshot

from .helpers import play_random, seat_users, started_game
from .test_archive import ended_long_ago, finished

pytestmark = pytest.mark.postgres
TABLES = ("games_event", "games_command", "games_snapshot")


def on_postgres() -> None:
    assert connection.vendor == "postgresql", "partitions are PostgreSQL's (DATABASE_URL=postgres://...)"


def playing_and_archived(make_user: Any, seed: int, moves: int) -> tuple[list[Any], Game, Game]:
    """Two users' game in play (`moves` random commands) and their finished game moved to the cold partitions."""
    users = [make_user(), make_user()]
    playing = started_game(users)
    play_random(playing, random.Random(seed), max_commands=moves)
    ended = finished(users, seed=seed + 1)
    ended_long_ago(ended)
    assert archive.archive_finished().games == [ended.pk]
    return users, playing, ended


def plan(sql: str, params: list[Any] | tuple[Any, ...] = ()) -> str:
    """The plan of a statement as PostgreSQL would run it on a large log.

    The tables of a test hold a few hundred rows, where a Seq Scan is cheaper and chosen whatever the
    indexes; with enable_seqscan off the planner still takes one where no index serves (its cost marked
    disabled), so a plan without one shows that an index does. Pruning does not depend on it."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + connection.ops.compose_sql(sql, list(params)))
        text = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET LOCAL enable_seqscan = on")
    return text


def only_hot(text: str) -> bool:
    return "Seq Scan" not in text and "_hot" in text and "_cold" not in text


@pytest.mark.django_db
def test_the_command_path_and_a_log_read_use_the_hot_partitions_indexes(
    make_user: Any, settings: Any
) -> None:
    on_postgres()
    settings.GAMES_SNAPSHOT_EVERY = 5
    users, playing, ended = playing_and_archived(make_user, seed=11, moves=12)
    user = seat_users(playing)[0]
    version = playing.version
    plans = {
        "game_for_command": plan(
            store_sql._command_statement("postgresql"),
            [version - 2, version + 48, user.pk, user.pk, "k", playing.pk],
        ),
        "game_with_seat_names": plan(
            store_sql._seat_names_statement("postgresql"), [version - 2, version + 48, playing.pk]
        ),
        "tail": plan(*store_sql.events_statement([(playing.pk, version - 3, version)], hot={playing.pk})),
        "mails' events": plan(
            *store_sql.events_statement([(playing.pk, 0, version)], True, hot={playing.pk})
        ),
        "snapshot": plan(
            *Snapshot.objects.filter(game=playing, seq__lte=version, **store.hot_rows(playing))
            .order_by("-seq")
            .values_list("seq", "state")[:1]
            .query.sql_with_params()
        ),
        "log": plan(
            *Event.objects.filter(game=playing, seq__gt=0, **store.hot_rows(playing))
            .order_by("seq")
            .values_list("seq", "data")[:1000]
            .query.sql_with_params()
        ),
        "hot games": plan(*_hot_games_statement()),
    }
    for name, text in plans.items():
        print(f"== {name}\n{text}")
        assert only_hot(text), (name, text)
    # A log read that names no partition (an ended game's, or a read by game alone): an index on each.
    for text in (
        plan(
            *Event.objects.filter(game=ended, seq__gt=0)
            .order_by("seq")
            .values_list("data")[:1000]
            .query.sql_with_params()
        ),
        plan(*store_sql.events_statement([(ended.pk, 0, ended.version)], True)),
    ):
        print(f"== an ended game's log\n{text}")
        assert "Seq Scan" not in text and "games_event_cold" in text and "Index" in text, text


def _hot_games_statement() -> tuple[str, list[Any]]:
    """The statement of `archive.hot_game_ids`, caught as it runs."""
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        archive.hot_game_ids()
    [query] = [q for q in queries.captured_queries if "RECURSIVE" in q["sql"]]
    return query["sql"], []


def rows_by_partition(game: Game) -> dict[str, tuple[int, int]]:
    with connection.cursor() as cursor:
        found = {}
        for table in TABLES:
            cursor.execute(
                f"SELECT (SELECT count(*) FROM {table}_hot WHERE game_id = %s), "
                f"(SELECT count(*) FROM {table}_cold WHERE game_id = %s)",
                [game.pk, game.pk],
            )
            found[table] = cursor.fetchone()
    return found


@pytest.mark.django_db(transaction=True)
def test_an_archived_game_is_in_the_cold_partitions_and_a_backup_restores_it(
    make_user: Any, settings: Any, tmp_path: Path
) -> None:
    on_postgres()
    from tests.deploy.databases import fresh_database, need_services
    from tests.deploy.management import manage, operator_environment

    need_services()
    settings.GAMES_SNAPSHOT_EVERY = 10
    users, playing, ended = playing_and_archived(make_user, seed=13, moves=6)
    moved = rows_by_partition(ended)
    assert all(hot == 0 and cold > 0 for hot, cold in moved.values()), moved
    assert all(cold == 0 for _, cold in rows_by_partition(playing).values())
    backup = tmp_path / "archived.dump"
    call_command("backup", str(backup))
    with fresh_database("archived") as restored:
        target = operator_environment(tmp_path, restored, "a-secret-" + "x" * 50)
        manage(target, "restore", str(backup))
        verified = manage(target, "verify_events")
        assert f"game {ended.pk}: ok ({ended.version} events)" in verified.stdout
        assert f"game {playing.pk}: ok" in verified.stdout
        import psycopg

        with psycopg.connect(restored) as copy:
            for table, (hot, cold) in moved.items():
                found = copy.execute(
                    f"SELECT (SELECT count(*) FROM {table}_hot WHERE game_id = %s), "
                    f"(SELECT count(*) FROM {table}_cold WHERE game_id = %s)",
                    [ended.pk, ended.pk],
                ).fetchone()
                assert found == (hot, cold), table


def _pad(width: int, salt: str) -> str:
    """SQL of a text of 32 * width characters that differs by row (g, s), so TOAST cannot shrink it much."""
    return " || ".join(f"md5(g::text || '-' || s::text || '{salt}{i}')" for i in range(width))


def fill(user_id: int, games: int, events: int, status: str) -> list[int]:
    """`games` games of `events` filler events each (a command per two events, a snapshot per 50 events):
    rows of the size of real ones (about 300 bytes an event, 2 kB a snapshot), written by SQL. No game of
    these is ever read by the rules."""
    ended = timezone.now() - timedelta(days=3) if status == Game.Status.FINISHED else None
    rows = Game.objects.bulk_create(
        Game(
            kind="citadels",
            players=2,
            created_by_id=user_id,
            rng_salt="s",
            status=status,
            version=events,
            finished_at=ended,
        )
        for _ in range(games)
    )
    ids = [game.pk for game in rows]
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_event (game_id, seq, type, data, actor_seat, created_at, prev_hash, hash) "
            f"SELECT g, s, 'filler', jsonb_build_object('type', 'filler', 'pad', {_pad(6, 'e')}), 0, now(), "
            f"{_pad(2, 'p')}, {_pad(2, 'h')} FROM unnest(%s::bigint[]) g, generate_series(1, %s) s",
            [ids, events],
        )
        cursor.execute(
            "INSERT INTO games_command (id, game_id, seat, idempotency_key, command, first_seq, last_seq, "
            "created_at, by_service) SELECT gen_random_uuid(), g, 0, 'k' || s, '{\"type\": \"filler\"}', 2 * s, "
            "2 * s + 1, now(), false FROM unnest(%s::bigint[]) g, generate_series(1, %s) s",
            [ids, events // 2],
        )
        cursor.execute(
            "INSERT INTO games_snapshot (game_id, seq, state, created_at) "
            f"SELECT g, 50 * s, jsonb_build_object('pad', {_pad(64, 's')}), now() "
            "FROM unnest(%s::bigint[]) g, generate_series(1, %s) s",
            [ids, events // 50],
        )
    return ids


def sizes() -> dict[str, int]:
    """pg_total_relation_size (heap, TOAST and indexes) of the hot and the cold partitions over the three logs,
    and of the hot partitions' indexes alone."""
    with connection.cursor() as cursor:
        found = {}
        for part in ("hot", "cold"):
            cursor.execute(
                "SELECT " + " + ".join(f"pg_total_relation_size('{table}_{part}')" for table in TABLES)
            )
            found[part] = cursor.fetchone()[0]
        cursor.execute("SELECT " + " + ".join(f"pg_indexes_size('{table}_hot')" for table in TABLES))
        found["hot indexes"] = cursor.fetchone()[0]
    return found


def vacuum() -> None:
    """What autovacuum does after the archive's moves: the dead rows' space free for new ones."""
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"VACUUM {table}_hot")


def mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


@pytest.mark.django_db(transaction=True)
def test_the_hot_partitions_follow_the_games_in_play_not_the_history(make_user: Any) -> None:
    on_postgres()
    user = make_user()
    active, ended, events, count = 20, 60, 200, 5
    empty = sizes()
    fill(user.pk, active, events, Game.Status.ACTIVE)
    rounds = []
    for _ in range(count):  # rounds of history: each time as many games end and are archived
        fill(user.pk, ended, events, Game.Status.FINISHED)
        peak = sizes()
        started = time.perf_counter()
        report = archive.archive_finished()
        took = time.perf_counter() - started
        assert len(report.games) == ended
        vacuum()
        assert archive.reindex_hot()
        rounds.append((peak, sizes(), took, sum(report.rows.values())))
    for number, (peak, after, took, moved) in enumerate(rounds, start=1):
        print(
            f"round {number}: hot {mb(peak['hot'])} before the archive, {mb(after['hot'])} after (indexes "
            f"{mb(after['hot indexes'])}); cold {mb(after['cold'])}; moved {moved} rows in {took:.1f} s "
            f"({moved / took:.0f} rows/s)"
        )
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"VACUUM FULL {table}_hot")
    compact = sizes()
    print(
        f"the hot partitions rewritten (VACUUM FULL): {mb(compact['hot'])} for {active} games in play; "
        f"cold {mb(compact['cold'])} for {count * ended} ended games; empty tables {mb(empty['hot'])}"
    )
    first, before_last, last = rounds[0][1], rounds[-2][1], rounds[-1][1]
    # The history grew fivefold; the hot files did not grow with it: the space of the moved rows takes the
    # next games' (VACUUM), and the indexes are rebuilt (`archive.reindex_hot`).
    assert last["cold"] > 0.9 * count * first["cold"]
    assert last["hot"] < 1.1 * before_last["hot"] and last["hot"] < 1.2 * first["hot"], rounds
    # What is live in them is the games in play: about active / (active + ended) of the peak.
    assert compact["hot"] - empty["hot"] < 0.5 * (rounds[0][0]["hot"] - empty["hot"])
