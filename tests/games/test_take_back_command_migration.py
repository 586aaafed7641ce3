"""The migration that renames the stored takeback commands (games 0016): every `undo` command becomes
`take_back` with its other fields kept, the service's key of an accepted request follows, any other
command is left as it was; and back again when the migration is reversed."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Command

from .helpers import seat_users, started_game

BEFORE = ("games", "0015_takeback_request")
AFTER = ("games", "0016_take_back_command")
STORED = {
    "k1": {"type": "undo"},
    "timeout:undo:4": {"type": "undo", "request": 4},
    "k2": {"type": "take_gold"},
    "timeout:3:0:0": {"type": "end_turn"},
}


def _stored(game: Any) -> dict[str, Any]:
    return dict(Command.objects.filter(game=game, first_seq=0).values_list("idempotency_key", "command"))


@pytest.mark.django_db(transaction=True)
def test_stored_undo_commands_become_take_back_and_back_again(make_user: Any) -> None:
    game = started_game([make_user("ann"), make_user("bob")])
    user = seat_users(game)[0]
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    stored = executor.loader.project_state([BEFORE]).apps.get_model("games", "Command")
    for key, command in STORED.items():
        stored.objects.create(game_id=game.pk, user_id=user.pk, seat=0, idempotency_key=key, command=command,
                              first_seq=0, last_seq=0)
    executor = MigrationExecutor(connection)
    executor.migrate([AFTER])
    renamed = _stored(game)
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    reversed_ = _stored(game)
    # Every later migration applied again: the tests after this one share the database.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert renamed == {
        "k1": {"type": "take_back"},
        "timeout:takeback:4": {"type": "take_back", "request": 4},
        "k2": {"type": "take_gold"},
        "timeout:3:0:0": {"type": "end_turn"},
    }
    assert reversed_ == STORED
