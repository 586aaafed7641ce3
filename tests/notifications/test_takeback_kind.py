"""The kind of the mails of a request to take a move back is `takeback` (issue 37: one name): the migrations
carry the players' choices over from `undo` (opted out of by email, pushed to the browser) and back when
reversed, and an unsubscribe link mailed before, which names `undo`, still opts out of it."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import signing
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from alerts.models import PushSettings
from notifications import preferences
from notifications.models import Kind, Preference

BEFORE = [("notifications", "0013_preference_channels"), ("alerts", "0003_receiver_hold")]
AFTER = [("notifications", "0014_takeback_kind"), ("alerts", "0004_takeback_kind")]


def _choices(user: Any) -> tuple[list[str], list[str]]:
    return (list(Preference.objects.get(user=user).opted_out), list(PushSettings.objects.get(user=user).kinds))


@pytest.mark.django_db(transaction=True)
def test_the_players_choices_of_undo_become_takeback_and_back_again(make_user: Any) -> None:
    user, other = make_user("ann"), make_user("bob")
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    for who, kinds in ((user, ["undo", "turn"]), (other, ["ended"])):
        apps.get_model("notifications", "Preference").objects.create(user_id=who.pk, opted_out=kinds)
        apps.get_model("alerts", "PushSettings").objects.create(user_id=who.pk, kinds=kinds)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    renamed = (_choices(user), _choices(other))
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    reversed_ = (_choices(user), _choices(other))
    # Every later migration applied again: the tests after this one share the database.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert renamed == ((["takeback", "turn"], ["takeback", "turn"]), (["ended"], ["ended"]))
    assert reversed_ == ((["turn", "undo"], ["undo", "turn"]), (["ended"], ["ended"]))


@pytest.mark.django_db
def test_an_unsubscribe_link_mailed_as_undo_opts_out_of_takeback(make_user: Any) -> None:
    user = make_user()
    old_link = signing.dumps({"u": user.pk, "k": "undo"}, salt=preferences.UNSUBSCRIBE_SALT, compress=True)
    assert preferences.unsubscribe(old_link) == (user, Kind.TAKEBACK)
    assert preferences.preference(user).opted_out == [Kind.TAKEBACK]
