"""Schemathesis against the OpenAPI schema, signed in as a seated player: every operation, every check
(positive-data acceptance too: a request the schema calls valid is not refused for its shape), positive
and negative data, a small example count. Zero failures is the bar.

What no schema can say is refused with 400 all the same: which command the game's state allows, whether
the options make a game of so many players, whether a link's token was issued. For those operations a 400
of valid data is accepted, but only with one of the codes of such a refusal (`STATE_REFUSALS`, checked by
`valid_data_refused_only_for_what_no_schema_says`): a 400 for the shape (an unknown field, a wrong type)
is still a failure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from config.wsgi import application
from tests.games.helpers import started_game

# The codes the shape of a request causes (the parser, the serializers, the command tables): never the
# answer to schema-valid data.
SHAPE_CODES = frozenset({
    "invalid", "unknown_fields", "malformed", "malformed_command", "malformed_json", "json_too_deep",
    "invalid_text", "body_too_large", "invalid_idempotency_key", "invalid_expected_version", "unknown_parameter",
})


def display_name_rule(code: str, fields: set[str]) -> bool:
    """A display name refused for its characters: one visible letter, digit, mark or symbol at least, no
    control or formatting character (Unicode categories, which no JSON Schema pattern can name)."""
    return code == "invalid" and fields == {"display_name"}


# (method, path) -> whether a 400 (its code and the fields it names) answers something no schema can say.
STATE_REFUSALS: dict[tuple[str, str], Callable[[str, set[str]], bool]] = {
    # The rules refuse what the game's state does not allow (or a command of the other game kind).
    ("POST", "/api/games/{game_id}/commands"): lambda code, fields: code not in SHAPE_CODES,
    # Options and players that make no game of that kind; a reminder not before the deadline; more bots than
    # the seats the game's players leave beside the host's.
    ("POST", "/api/games/"): lambda code, fields: code in {
        "invalid_options", "invalid_players", "invalid_time_control", "too_many_bots"},
    # A moment after the game's last event.
    ("GET", "/api/games/{game_id}/state"): lambda code, fields: code in {"invalid_at"},
    ("GET", "/api/games/{game_id}/history"): lambda code, fields: code in {"invalid_at"},
    ("GET", "/api/games/{game_id}/hands"): lambda code, fields: code in {"invalid_at"},
    # Accounts and notifications: credentials or a link's token that were never issued; an absence that
    # ends before it starts or goes past the year's allowance.
    ("POST", "/api/accounts/token"): lambda code, fields: code in {"invalid_credentials"},
    ("POST", "/api/accounts/verify"): lambda code, fields: code in {"invalid_link"},
    ("POST", "/api/accounts/password-reset/confirm"): lambda code, fields: code in {"invalid_link", "invalid"},
    # A password that is not the account's; a deletion link's token that was never issued.
    ("POST", "/api/me/delete"): lambda code, fields: code in {"wrong_password"},
    ("POST", "/api/accounts/delete/confirm"): lambda code, fields: code in {"invalid_link"},
    ("POST", "/api/notifications/absences"): lambda code, fields: code in {"invalid_absence", "absence_allowance_exceeded"},
    # The chat: a message of blank space only or of characters nobody types; a moment after the game's
    # last event; muting oneself.
    ("POST", "/api/games/{game_id}/chat"): lambda code, fields: code in {"empty_message", "invalid_text"},
    ("GET", "/api/games/{game_id}/chat"): lambda code, fields: code in {"invalid_version"},
    ("PUT", "/api/chat/mutes/{user_id}"): lambda code, fields: code in {"cannot_mute_self"},
    ("DELETE", "/api/chat/mutes/{user_id}"): lambda code, fields: code in {"cannot_mute_self"},
    # Browser push and webhooks: an address that is not https or lies in a private network, keys that are no
    # P-256 point, a game the player does not play, the most subscriptions or webhooks there may be.
    ("POST", "/api/alerts/push/subscriptions"): lambda code, fields: code in {
        "invalid_endpoint", "address_not_allowed", "invalid_keys", "too_many_subscriptions"},
    ("POST", "/api/alerts/webhooks"): lambda code, fields: code in {
        "invalid_url", "https_required", "address_not_allowed", "unknown_game", "too_many_webhooks"},
    # A tournament's settings that no schema can say: a sign-up's end not in the next 90 days, a blank name,
    # a table size the game is not played at, fewer players than a table or than min_players, a Swiss without
    # rounds, placement points not one per place or rising, options or a time control the game refuses.
    ("POST", "/api/tournaments/"): lambda code, fields: code in {
        "invalid_signup_until", "invalid_name", "invalid_table_size", "invalid_min_players", "invalid_max_players",
        "invalid_rounds", "invalid_points", "invalid_options", "invalid_time_control", "invalid_min_rating",
        "unknown_kind"},
    # A league's settings that no schema can say: the same player twice, a group size beyond the players
    # or below the table, promotion and relegation beyond the group, and a group tournament's own refusals
    # (its table size, options, time control, game).
    ("POST", "/api/leagues/"): lambda code, fields: code in {
        "invalid_players", "invalid_group_size", "invalid_promotion", "invalid_name", "invalid_table_size",
        "invalid_options", "invalid_time_control", "invalid_max_players", "invalid_min_players", "unknown_kind"},
    ("PATCH", "/api/me"): display_name_rule,
    ("POST", "/api/accounts/register"): display_name_rule,
}

CONFIG = SchemathesisConfig.from_dict({
    # No string of the API may hold a NUL (400 invalid_text, documented with every body's 400).
    "generation": {"mode": "all", "max-examples": 8, "allow-x00": False},
    "suppress-health-check": ["all"],
    "operations": [
        {"include-method": method, "include-path": path,
         "checks": {"positive_data_acceptance": {"expected-statuses": [
             "2xx", "3xx", "400", "401", "403", "404", "409", "429"]}}}
        for method, path in STATE_REFUSALS
    ],
})


def valid_data_refused_only_for_what_no_schema_says(ctx: Any, response: Any, case: Any) -> None:
    """A 400 to schema-valid data names a refusal of `STATE_REFUSALS` for its operation."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return
    body = response.json() or {}
    code, fields = body.get("code"), set(body.get("fields") or {})
    allowed = STATE_REFUSALS.get((case.method.upper(), case.operation.path))
    assert allowed is not None and allowed(code, fields), f"valid data refused for its shape: {code!r} {response.text[:300]}"


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
    case.call_and_validate(headers={"Authorization": f"Token {seated['token']}"},
                           additional_checks=[valid_data_refused_only_for_what_no_schema_says])


@pytest.mark.django_db
@schema.parametrize()
@settings(suppress_health_check=list(HealthCheck), deadline=None)
def test_api_conforms_to_its_schema_in_a_seated_game(case: Any, seated: dict[str, Any]) -> None:
    """Every `game_id` is the player's own running game: commands, history and state of a real game."""
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = seated["game"].pk
    case.call_and_validate(headers={"Authorization": f"Token {seated['token']}"},
                           additional_checks=[valid_data_refused_only_for_what_no_schema_says])
