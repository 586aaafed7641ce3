""""Played by the service" is the command's `by_service` column: the migration that adds it marks the
commands stored before it by their key's prefix, so stored games keep their meaning."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Command

from .helpers import seat_users, started_game

BEFORE = ("games", "0005_game_spectators_allowed")
AFTER = ("games", "0006_command_by_service")


@pytest.mark.django_db(transaction=True)
def test_the_migration_marks_the_commands_stored_with_the_service_prefix(make_user: Any) -> None:
    game = started_game([make_user("ann"), make_user("bob")])
    user = seat_users(game)[0]
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    stored = executor.loader.project_state([BEFORE]).apps.get_model("games", "Command")
    for key in ("timeout:3:0:0", "timeout:7:0:2", "my-timeout:1", "k1"):
        stored.objects.create(game_id=game.pk, user_id=user.pk, seat=0, idempotency_key=key, command={"type": "x"},
                              first_seq=0, last_seq=0)
    executor = MigrationExecutor(connection)  # the graph as it is now, 0006 unapplied
    executor.migrate([AFTER])
    marked = dict(Command.objects.filter(game=game).values_list("idempotency_key", "by_service"))
    # Every later migration applied again: the tests after this one share the database.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert marked == {"timeout:3:0:0": True, "timeout:7:0:2": True, "my-timeout:1": False, "k1": False}
