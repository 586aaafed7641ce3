"""Schemathesis against the OpenAPI schema, signed in as a seated player: every operation, every check
but positive-data acceptance (a schema-valid request may still be refused by the rules: 400/409), positive
and negative data, a small example count. Zero failures is the bar."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from config.wsgi import application
from tests.games.helpers import started_game

CONFIG = SchemathesisConfig.from_dict({
    "checks": {"positive_data_acceptance": {"enabled": False}},
    "generation": {"mode": "all", "max-examples": 8},
    "suppress-health-check": ["all"],
})


# Loaded once at collection: one test per operation (the schema view needs no database).
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)


@pytest.fixture(autouse=True)
def _keep_the_test_connection() -> Iterator[None]:
    """Like Django's test client: requests keep the test's database connection (and its transaction)
    instead of closing it at the end of each request."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def seated(make_user: Any) -> Any:
    """A player seated in a started game, and their token."""
    from rest_framework.authtoken.models import Token

    player, other = make_user("seated"), make_user("other")
    game = started_game([player, other])
    return {"game": game, "token": Token.objects.create(user=player).key}


@pytest.mark.django_db
@schema.parametrize()
@settings(suppress_health_check=list(HealthCheck), deadline=None)
def test_api_conforms_to_its_schema(case: Any, seated: dict[str, Any]) -> None:
    """Generated game ids (mostly games that do not exist)."""
    case.call_and_validate(headers={"Authorization": f"Token {seated['token']}"})


@pytest.mark.django_db
@schema.parametrize()
@settings(suppress_health_check=list(HealthCheck), deadline=None)
def test_api_conforms_to_its_schema_in_a_seated_game(case: Any, seated: dict[str, Any]) -> None:
    """Every `game_id` is the player's own running game: commands, history and state of a real game."""
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = seated["game"].pk
    case.call_and_validate(headers={"Authorization": f"Token {seated['token']}"})
