"""Oversize request bodies through real HTTP (issue 35, point 1): every API operation that takes a body (as
the OpenAPI schema lists them, not a list written here) answers a 3 MB body with 413 `{"code":
"body_too_large", "message"}` JSON, under uvicorn and under gunicorn, whatever the body's framing (counted
or chunked) and type (JSON, form-encoded, multipart, gzip-encoded), and nothing is stored. A compressed body
is not inflated: a small gzip body is 415, never decoded into 3 MB."""

from __future__ import annotations

import gzip
import json
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authtoken.models import Token

from citadels import RULES
from games import store
from tests.games.helpers import seat_users, started_game

from . import servers

pytestmark = pytest.mark.django_db(transaction=True)

SIZE = 3 * 1024 * 1024
# A JSON object of 3 MB whose fields a real body of each operation could have.
BIG_JSON = json.dumps({"email": "a@example.org", "password": "p" * SIZE, "display_name": "x",
                       "command": {"type": "pad", "pad": "x"}, "body": "x"}).encode()
# 3 MB on the wire after gzip: random text barely compresses.
BIG_GZIP = gzip.compress(json.dumps({"pad": secrets.token_urlsafe(SIZE)}).encode(), 1)
BOUNDARY = "probe7f3a9"


def _multipart(size: int) -> bytes:
    return (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\na@example.org\r\n"
            f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + b"\0" * size + f"\r\n--{BOUNDARY}--\r\n".encode()


# name: (Content-Type, extra headers, body, chunked)
BODIES: dict[str, tuple[str, dict[str, str], bytes, bool]] = {
    "json": ("application/json", {}, BIG_JSON, False),
    "json-chunked": ("application/json", {}, BIG_JSON, True),
    "json-gzip": ("application/json", {"Content-Encoding": "gzip"}, BIG_GZIP, False),
    "form": ("application/x-www-form-urlencoded", {}, b"email=a%40example.org&password=" + b"p" * SIZE, False),
    "multipart-chunked": (f"multipart/form-data; boundary={BOUNDARY}", {}, _multipart(SIZE), True),
}


def body_operations() -> list[tuple[str, str]]:
    """(method, path) of every operation of the OpenAPI schema with a request body."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [(method.upper(), path) for path, operations in schema["paths"].items()
            for method, operation in operations.items() if "requestBody" in operation]


def everything_stored() -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of the project's models (what a refused request must leave as it was)."""
    return {model._meta.label: list(model.objects.order_by("pk").values()) for model in apps.get_models()
            if not model._meta.proxy and model._meta.label != "sessions.Session"}


@pytest.fixture(scope="module", params=["uvicorn", "gunicorn"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           django_db_setup: None) -> Iterator[servers.Server]:
    """The server, on the test database (made first)."""
    running = servers.start(request.param, tmp_path_factory.mktemp(request.param))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def player(make_user: Any) -> dict[str, Any]:
    """A seated player of a started game (whose turn it is), with an API token."""
    game = started_game([make_user() for _ in range(3)])
    user = seat_users(game)[game.awaiting[0]]
    return {"game": game, "token": Token.objects.create(user=user).key}


def _url(path: str, game_id: int) -> str:
    return re.sub(r"\{[a-z_]+\}", lambda m: str(game_id) if m.group(0) == "{game_id}" else "1", path)


def test_the_schema_lists_the_body_operations() -> None:
    operations = body_operations()
    assert len(operations) >= 21 and ("POST", "/api/games/{game_id}/commands") in operations


@pytest.mark.parametrize("kind", BODIES)
def test_a_3_mb_body_to_every_body_operation_is_413_json_and_stores_nothing(
        server: servers.Server, player: dict[str, Any], kind: str) -> None:
    content_type, extra, body, chunked = BODIES[kind]
    assert len(body) > SIZE
    headers = {"Content-Type": content_type, "Authorization": f"Token {player['token']}",
               "Accept": "application/json", **extra}
    before = everything_stored()
    wrong = []
    for method, path in body_operations():
        status, answer_headers, raw = servers.raw_request(server.port, method, _url(path, player["game"].pk),
                                                          headers, body, chunked=chunked)
        try:
            answer = json.loads(raw)
        except ValueError:
            answer = raw[:200]
        if not (status == 413 and answer_headers.get("content-type", "").startswith("application/json")
                and isinstance(answer, dict) and answer.get("code") == "body_too_large" and answer.get("message")):
            wrong.append((method, path, status, answer))
    assert not wrong, (server.name, kind, wrong, server.output()[-2000:])
    assert everything_stored() == before
    assert "Traceback" not in server.output(), server.output()[-3000:]


def test_a_small_body_still_plays_and_a_small_gzip_body_is_not_inflated(
        server: servers.Server, player: dict[str, Any]) -> None:
    """The limit refuses only what is too large: a command of the seat's turn is played, chunked too; a
    compressed body the parsers cannot read is 415 however large it would inflate."""
    game = player["game"]
    headers = {"Content-Type": "application/json", "Authorization": f"Token {player['token']}"}
    seat = game.awaiting[0]
    command = RULES.legal_commands(store.load_state(game), seat)[0]
    body = json.dumps({"command": command, "expected_version": game.version}).encode()
    status, _headers, raw = servers.raw_request(server.port, "POST", f"/api/games/{game.pk}/commands", headers,
                                                body, chunked=True)
    assert status == 201, raw
    bomb = gzip.compress(json.dumps({"pad": "x" * SIZE}).encode())
    assert len(bomb) < 64 * 1024
    before = everything_stored()
    status, _headers, raw = servers.raw_request(server.port, "POST", f"/api/games/{game.pk}/commands",
                                                {**headers, "Content-Encoding": "gzip"}, bomb)
    assert status == 415 and json.loads(raw)["code"] == "unsupported_media_type", raw
    assert everything_stored() == before
