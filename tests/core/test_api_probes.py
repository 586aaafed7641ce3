"""Hostile request bodies through HTTP, signed in and not (issue 17, findings 4 and 5): each is a 4xx
`{code, message}` JSON answer, never a 500, and writes nothing."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from citadels import RULES
from games import store
from tests.games.helpers import db_snapshot, seat_users, started_game
from tests.mailin.conftest import mail_provider

pytestmark = pytest.mark.django_db

DEEP = b"[" * 50_000 + b"]" * 50_000
# Past the default limit (64 KiB) and past Django's own for forms (2.5 MB).
HUGE = b'{"email": "a@example.org", "password": "' + b"x" * 2_600_000 + b'"}'


def refused(answer: Any, status: int, code: str) -> dict[str, Any]:
    """The answer is a `{code, message}` JSON refusal with this status and code."""
    assert answer.status_code == status, (answer.status_code, answer.content[:300])
    assert answer["Content-Type"].startswith("application/json")
    body: dict[str, Any] = answer.json()
    assert body["code"] == code and isinstance(body["message"], str) and body["message"], body
    return body


@pytest.fixture
def table(make_user: Any, api_client: Any) -> dict[str, Any]:
    """A started game, a client for the seat it awaits and one of its legal commands."""
    game = started_game([make_user() for _ in range(3)])
    seat = game.awaiting[0]
    return {
        "game": game,
        "url": f"/api/games/{game.pk}/commands",
        "client": api_client(seat_users(game)[seat]),
        "legal": RULES.legal_commands(store.load_state(game), seat)[0],
    }


def post(client: Any, url: str, body: bytes, **extra: Any) -> Any:
    return client.post(url, body, content_type="application/json", **extra)


@pytest.mark.parametrize("path", ["/api/accounts/register", "/api/accounts/token", "/api/accounts/password-reset"])
def test_json_nested_50000_deep_is_refused_before_decoding(path: str) -> None:
    refused(post(APIClient(), path, DEEP), 413, "body_too_large")  # 100 KB: over the size limit first
    refused(post(APIClient(), path, b"[" * 5000 + b"]" * 5000), 400, "json_too_deep")


def test_json_nested_50000_deep_within_the_size_limit_is_json_too_deep(settings: Any, table: dict[str, Any]) -> None:
    settings.API_MAX_BODY_BYTES = 200_000
    refused(post(APIClient(), "/api/accounts/register", DEEP), 400, "json_too_deep")
    before = db_snapshot()
    refused(post(table["client"], table["url"], b'{"command": ' + DEEP + b"}"), 400, "json_too_deep")
    assert db_snapshot() == before


def test_json_depth_counts_only_brackets_outside_strings(settings: Any) -> None:
    settings.API_MAX_JSON_DEPTH = 3
    text = json.dumps({"email": "[[[[{{{{" * 10 + "@example.org", "password": "x"}).encode()
    assert post(APIClient(), "/api/accounts/token", text).json()["code"] == "invalid_credentials"
    refused(post(APIClient(), "/api/accounts/token", b'{"email": [[["a"]]]}'), 400, "json_too_deep")


def test_a_body_over_the_limit_is_413_signed_in_or_not(table: dict[str, Any]) -> None:
    refused(post(APIClient(), "/api/accounts/token", HUGE), 413, "body_too_large")
    before = db_snapshot()
    big_command = json.dumps({"command": {**table["legal"], "pad": "x" * 2_600_000}}).encode()
    refused(post(table["client"], table["url"], big_command), 413, "body_too_large")
    assert db_snapshot() == before


def test_the_body_limit_is_a_setting(settings: Any) -> None:
    settings.API_MAX_BODY_BYTES = 100
    body = json.dumps({"email": "a@example.org", "password": "x" * 100}).encode()
    refused(post(APIClient(), "/api/accounts/token", body), 413, "body_too_large")


@pytest.mark.parametrize("text", [b'"\\ud800"', b'"\\udfff x"', b'"a\\u0000b"'])
def test_a_lone_surrogate_or_nul_is_400_invalid_text_without_signing_in(text: bytes) -> None:
    for path in ("/api/accounts/register", "/api/accounts/token"):
        body = b'{"email": ' + text + b', "password": "a-long-secret-pw-1", "display_name": "x"}'
        refused(post(APIClient(), path, body), 400, "invalid_text")
    refused(post(APIClient(), "/api/accounts/token", b'{' + text + b': 1}'), 400, "invalid_text")


def test_a_surrogate_pair_is_a_character_not_a_refusal(make_user: Any, api_client: Any) -> None:
    answer = post(api_client(make_user()), "/api/me", b'{"display_name": "Ute \\ud83d\\ude00"}', REQUEST_METHOD="PATCH")
    assert answer.status_code == 200, answer.content
    assert answer.json()["display_name"] == "Ute \U0001f600"


@pytest.mark.parametrize("bad", ["\u0000", "\ud800"])
def test_nul_or_a_lone_surrogate_in_a_command_field_is_400_and_writes_nothing(table: dict[str, Any], bad: str) -> None:
    before = db_snapshot()
    for command in ({**table["legal"], "character": table["legal"]["character"] + bad}, {"type": "take_gold" + bad}):
        body = json.dumps({"command": command}).encode()  # json.dumps writes both as \u escapes
        refused(post(table["client"], table["url"], body), 400, "invalid_text")
    assert db_snapshot() == before


def test_a_body_in_another_charset_is_malformed(table: dict[str, Any]) -> None:
    body = json.dumps({"command": table["legal"]}).encode("utf-16")
    answer = table["client"].post(table["url"], body, content_type="application/json; charset=utf-16")
    refused(answer, 400, "malformed_json")


@pytest.mark.parametrize("path", ["/accounts/login/", "/accounts/register/"])
def test_a_huge_form_post_is_a_400_page_not_a_500(path: str) -> None:
    answer = Client(raise_request_exception=False).post(path, b"username=" + b"x" * 2_700_000, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 400 and answer["Content-Type"].startswith("text/html")


def test_a_form_with_too_many_fields_or_a_nul_is_no_500() -> None:
    many = "&".join(f"f{i}=1" for i in range(1100)).encode()
    answer = Client(raise_request_exception=False).post("/accounts/login/", many, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 400
    odd = b"username=a%00%40example.org&password=%ED%A0%80"  # a NUL; a surrogate's UTF-8 bytes
    answer = Client().post("/accounts/login/", odd, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200 and b"<form" in answer.content  # the form again, with its error


def test_a_command_with_an_unknown_field_is_400_and_writes_nothing(table: dict[str, Any]) -> None:
    before = db_snapshot()
    command = {**table["legal"], "note": "x" * 7000}  # under the command's 8 KB: it would have been kept
    body = refused(table["client"].post(table["url"], {"command": command}, format="json"), 400, "malformed")
    assert body["reason"] == "unknown_fields" and body["params"]["names"] == ["note"], body
    assert db_snapshot() == before


def test_a_seat_inside_a_command_that_names_none_is_400(table: dict[str, Any]) -> None:
    before = db_snapshot()
    other = next(s for s in range(3) if s not in table["game"].awaiting)
    command = {**table["legal"], "seat": other}
    body = refused(table["client"].post(table["url"], {"command": command}, format="json"), 400, "malformed")
    assert body["params"] == {"command": table["legal"]["type"], "names": ["seat"]}, body
    assert db_snapshot() == before


def test_the_command_log_keeps_the_normalised_command(table: dict[str, Any]) -> None:
    from games.models import Command

    answer = table["client"].post(table["url"], {"command": table["legal"]}, format="json")
    assert answer.status_code == 201, answer.content
    assert Command.objects.get(game=table["game"]).command == table["legal"]


@pytest.mark.parametrize("secret", [None, "hook:secret-pw"])
@pytest.mark.parametrize(("body", "code"), [
    (DEEP, "json_too_deep"),
    (b'{"signature": {"token": "\\ud800", "timestamp": "1", "signature": "x"}}', "invalid_text"),
])
def test_the_mail_webhook_refuses_a_deep_or_odd_json_body(settings: Any, secret: str | None, body: bytes, code: str) -> None:
    """django-anymail decodes the Mailgun tracking webhook's JSON itself, before its signature check (and
    its basic auth is off without ANYMAIL_WEBHOOK_SECRET): the same checks stand in front of it."""
    with mail_provider("mailgun", key="k" * 32, webhook_secret=secret):
        answer = Client(raise_request_exception=False).post("/mail/anymail/mailgun/tracking/", body,
                                                           content_type="application/json")
    refused(answer, 400, code)


@pytest.mark.parametrize("body", [b"[" * 40 + b'\\"' * 30_000, b"[" * 40 + b'x\\"' * 20_000])
def test_the_depth_scan_of_a_body_of_escaped_quotes_takes_linear_time(body: bytes) -> None:
    """Quotes outside any string (not JSON, but scanned before decoding): a backtracking string pattern
    took 40 to 100 s for such 60 KB bodies."""
    started = time.perf_counter()
    refused(post(APIClient(), "/api/accounts/token", body), 400, "json_too_deep")
    assert time.perf_counter() - started < 5
