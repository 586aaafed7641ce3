"""Backups that restore: `manage.py backup` of a database with running games (Citadels and Dominion, played
partly), `manage.py restore` into a fresh database, `manage.py verify_events` on every game, and the games
play on there; the copy holds what the original held. A restore into a database that is not empty is refused
and changes nothing."""

from __future__ import annotations

import secrets
from pathlib import Path

import psycopg
import pytest

from .databases import fresh_database, need_services
from .management import PLAY_ONE_MOVE_EACH, manage, operator_environment

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

COUNTED = ("games_game", "games_event", "games_command", "games_seat", "accounts_user", "notifications_outbox")


def counts(database_url: str) -> dict[str, int]:
    with psycopg.connect(database_url) as connection:
        return {table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]  # type: ignore[index]
                for table in COUNTED}


def test_a_backup_restores_into_a_fresh_database_and_the_games_play_on(tmp_path: Path) -> None:
    need_services()
    secret = secrets.token_urlsafe(50)  # the environment file is backed up with the database (docs/operating.md)
    with fresh_database("original") as original, fresh_database("restored") as restored:
        source = operator_environment(tmp_path, original, secret)
        manage(source, "migrate", "--noinput")
        manage(source, "demo", "--kind", "citadels", "--players", "3", "--moves", "12", "--seed", "1")
        manage(source, "demo", "--kind", "dominion", "--players", "2", "--moves", "8", "--seed", "2")
        backup = tmp_path / "backups" / "pbem-1.dump"
        manage(source, "backup", str(backup))
        assert backup.stat().st_size > 0 and not backup.with_name("pbem-1.dump.partial").exists()
        assert manage(source, "backup", str(backup), check=False).returncode != 0  # never overwrites

        target = operator_environment(tmp_path, restored, secret)
        manage(target, "restore", str(backup))
        assert counts(restored) == counts(original)
        verified = manage(target, "verify_events").stdout
        assert "2 game(s) verified" in verified, verified

        played = manage(target, "shell", "-c", PLAY_ONE_MOVE_EACH).stdout
        assert played.count("game ") == 2, played
        assert "2 game(s) verified" in manage(target, "verify_events").stdout
        assert manage(target, "migrate", "--check").returncode == 0  # the copy is at this release's state

        # A second restore into the (now full) database is refused before pg_restore runs.
        before = counts(restored)
        refused = manage(target, "restore", str(backup), check=False)
        assert refused.returncode != 0 and "not empty" in refused.stderr and counts(restored) == before


def test_backup_and_restore_refuse_sqlite_with_a_clear_answer(tmp_path: Path) -> None:
    env = operator_environment(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}")
    refused = manage(env, "backup", str(tmp_path / "x.dump"), check=False)
    assert refused.returncode != 0 and "not PostgreSQL" in refused.stderr and "sqlite3" in refused.stderr
