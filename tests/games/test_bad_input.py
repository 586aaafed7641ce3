"""Bad input through the API: always a 4xx JSON answer with a code and a message, never a 500, and the
database exactly as it was."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rest_framework.test import APIClient

from citadels import RULES
from games import store

from .helpers import db_snapshot, play_random, seat_users, started_game
from .test_site_pages import RANKS

pytestmark = pytest.mark.django_db


def assert_refused(response: Any, status: int, code: str | None = None) -> None:
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] and body["message"], body
    if code:
        assert body["code"] == code, body


@pytest.fixture
def table(make_user: Any, api_client: Any) -> dict[str, Any]:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    by_seat = seat_users(game)
    seat = game.awaiting[0]
    idle = next(s for s in by_seat if s not in game.awaiting)
    return {
        "game": game,
        "turn": api_client(by_seat[seat]),
        "idle": api_client(by_seat[idle]),
        "stranger": api_client(make_user("stranger")),
        "legal": RULES.legal_commands(store.load_state(game), seat)[0],
    }


def test_bad_commands_change_nothing(table: dict[str, Any]) -> None:
    game, turn = table["game"], table["turn"]
    url = f"/api/games/{game.pk}/commands"
    legal = table["legal"]
    before = db_snapshot()
    cases = [
        (turn.post(url, "{not json", content_type="application/json"), 400, "malformed_json"),
        (turn.post(url, "[1, 2]", content_type="application/json"), 400, None),
        (turn.post(url, {"nothing": 1}, format="json"), 400, "unknown_fields"),
        (turn.post(url, {}, format="json"), 400, "invalid"),
        (turn.post(url, {"command": legal, "expected_verison": 3}, format="json"), 400, "unknown_fields"),
        (turn.post(url, {"command": "take_gold"}, format="json"), 400, "malformed_command"),
        (turn.post(url, {"command": {"kind": "x"}}, format="json"), 400, "malformed_command"),
        (turn.post(url, {"command": {"type": "launch_rocket"}}, format="json"), 400, None),
        (turn.post(url, {"command": {"type": "build", "district": "eiffel_tower"}}, format="json"), 400, None),
        (turn.post(url, {"command": {"type": "x" * 9000}}, format="json"), 400, "malformed_command"),
        (turn.post(url, {"command": legal, "expected_version": game.version - 1}, format="json"), 409, "version_conflict"),
        (turn.post(url, {"command": legal, "expected_version": "seven"}, format="json"), 400, None),
        (turn.post(url, {"command": legal}, format="json", HTTP_IDEMPOTENCY_KEY="k" * 200), 400, "invalid_idempotency_key"),
        # The service's own keys (its moves at a passed deadline) are not a player's to take.
        (turn.post(url, {"command": legal}, format="json", HTTP_IDEMPOTENCY_KEY=f"timeout:{game.version}:0:0"), 400,
         "invalid_idempotency_key"),
        (turn.post(url, {"command": legal}, format="json", HTTP_IDEMPOTENCY_KEY="Timeout:mine"), 400,
         "invalid_idempotency_key"),
        (turn.post(url, "<xml/>", content_type="application/xml"), 415, None),
        (table["idle"].post(url, {"command": legal}, format="json"), 403, "not_your_turn"),
        (table["stranger"].post(url, {"command": legal}, format="json"), 403, "not_a_player"),
        (turn.post("/api/games/999999/commands", {"command": legal}, format="json"), 404, "game_not_found"),
        (turn.post("/api/games/abc/commands", {"command": legal}, format="json"), 404, None),
        (turn.put(url, {"command": legal}, format="json"), 405, None),
        (APIClient().post(url, {"command": legal}, format="json"), 401, "not_authenticated"),
    ]
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    cases.append((forged.post(url, {"command": legal}, format="json"), 401, "authentication_failed"))
    malformed_header = APIClient()
    malformed_header.credentials(HTTP_AUTHORIZATION="Token a b c")
    cases.append((malformed_header.post(url, {"command": legal}, format="json"), 401, None))
    for response, status, code in cases:
        assert_refused(response, status, code)
    assert db_snapshot() == before


def test_bad_reads_and_lobby_calls(table: dict[str, Any], api_client: Any, make_user: Any) -> None:
    game, turn, stranger = table["game"], table["turn"], table["stranger"]
    before = db_snapshot()
    assert_refused(turn.get(f"/api/games/{game.pk}/events?after=x"), 400)
    assert_refused(turn.get(f"/api/games/{game.pk}/events?after=-3"), 400)
    assert_refused(turn.get(f"/api/games/{game.pk}/state?at=0"), 400)
    assert_refused(turn.get(f"/api/games/{game.pk}/state?at={game.version + 1}"), 400)
    assert_refused(turn.get(f"/api/games/{game.pk}/state?at=1e9"), 400)
    assert_refused(turn.get(f"/api/games/{game.pk}/state?seq=2"), 400, "unknown_parameter")  # a misspelt ?at=
    assert_refused(turn.get(f"/api/games/{game.pk}/events?after=0&lmit=5"), 400, "unknown_parameter")
    assert_refused(turn.get("/api/games/?mine=1&stats=open"), 400, "unknown_parameter")
    assert turn.get("/api/games/?mine=1&page_size=1").status_code == 200  # the paginator's own parameters
    assert_refused(turn.get("/api/games/?page_size=%C2%B2"), 400, "invalid")  # "²" is a digit to str.isdigit
    assert_refused(turn.post("/api/games/", {"players": 3, "listed": 0}, format="json"), 400, "invalid")
    assert_refused(turn.post("/api/games/", {"players": 3, "colour": "red"}, format="json"), 400, "unknown_fields")
    assert_refused(turn.get("/api/games/424242/"), 404, "game_not_found")
    assert_refused(turn.get("/api/games/?status=bogus"), 400)
    assert_refused(turn.get("/api/nothing-here"), 404)
    assert_refused(stranger.post(f"/api/games/{game.pk}/join"), 409, "game_not_open")
    assert_refused(stranger.post(f"/api/games/{game.pk}/start"), 409)
    assert_refused(turn.post(f"/api/games/{game.pk}/leave"), 409)
    assert_refused(turn.post("/api/games/", {"players": 9}, format="json"), 400)
    assert_refused(turn.post("/api/games/", {"players": "four"}, format="json"), 400)
    assert_refused(turn.post("/api/games/", {"players": 3, "kind": "chess"}, format="json"), 400, "unknown_kind")
    assert_refused(turn.post("/api/games/", {"players": 3, "options": {"deck": ["castle"]}}, format="json"), 400)
    assert_refused(turn.post("/api/games/", {"players": 3, "options": [1]}, format="json"), 400)
    assert_refused(turn.post("/api/games/", {"players": 3, "time_control": {"decision_hours": -1}}, format="json"), 400)
    assert_refused(turn.post("/api/games/", "{", content_type="application/json"), 400, "malformed_json")
    assert db_snapshot() == before
    open_game = api_client(make_user()).post("/api/games/", {"players": 2}, format="json").json()["id"]
    before = db_snapshot()
    assert_refused(stranger.post(f"/api/games/{open_game}/leave"), 403, "not_a_player")
    assert_refused(stranger.post(f"/api/games/{open_game}/start"), 403, "not_a_player")
    assert_refused(stranger.get(f"/api/games/{open_game}/state"), 409, "not_started")
    assert_refused(stranger.post(f"/api/games/{open_game}/commands", {"command": {"type": "take_gold"}}, format="json"), 409)
    assert db_snapshot() == before


def test_finished_game_refuses_commands_over_http(make_user: Any, api_client: Any) -> None:
    users = [make_user(), make_user()]
    game = started_game(users)
    play_random(game, random.Random(2))
    before = db_snapshot()
    client = api_client(users[0])
    response = client.post(f"/api/games/{game.pk}/commands", {"command": {"type": "take_gold"}}, format="json")
    assert_refused(response, 409, "game_finished")
    assert db_snapshot() == before


def test_spectators_see_the_public_view(table: dict[str, Any]) -> None:
    game, stranger = table["game"], table["stranger"]
    detail = stranger.get(f"/api/games/{game.pk}/").json()
    assert detail["seat"] is None and detail["legal_commands"] == []
    assert detail["view"] == RULES.view(store.load_state(game), None)
    assert "rng_salt" not in str(detail) and game.rng_salt not in str(detail)


def test_idempotent_retry_over_http(table: dict[str, Any]) -> None:
    game, turn, legal = table["game"], table["turn"], table["legal"]
    url = f"/api/games/{game.pk}/commands"
    first = turn.post(url, {"command": legal, "expected_version": game.version}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert first.status_code == 201
    after_first = db_snapshot()
    # The answer got lost; the client sends the very same request again (its expected_version is stale now).
    second = turn.post(url, {"command": legal, "expected_version": game.version}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert second.status_code == 201 and second.json() == first.json()
    assert db_snapshot() == after_first
    reused = turn.post(url, {"command": {"type": "end_turn"}}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert_refused(reused, 409, "idempotency_key_reused")
    assert db_snapshot() == after_first


# English words a German refusal must not carry (the ids and field names it names are not words).
ENGLISH = re.compile(r"\b(the|is|are|needs|must|there|one of|not|no|option|players|list)\b")


def both_languages(send: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The refusal `send(language)` gets in German and in English; the same code and data in both, the
    German whole in German, and the database exactly as it was."""
    before = db_snapshot()
    german, english = send("de"), send("en")
    assert german.status_code == english.status_code and 400 <= german.status_code < 500
    assert db_snapshot() == before
    de, en = german.json(), english.json()
    words = {"message", "fields"}  # the per-field messages of an invalid body are words too
    assert {k: v for k, v in de.items() if k not in words} == {k: v for k, v in en.items() if k not in words}
    assert not ENGLISH.search(de["message"]), de["message"]
    return de, en


def test_bad_options_through_the_api_are_told_whole_in_german(table: dict[str, Any]) -> None:
    turn = table["turn"]

    def create(body: dict[str, Any]) -> Any:
        return lambda language: turn.post("/api/games/", body, format="json", HTTP_ACCEPT_LANGUAGE=language)

    de, en = both_languages(create({"players": 3, "options": {"colour": "red", "zebra": 1}}))
    assert en == {"code": "invalid_options", "reason": "unknown_options", "params": {"names": ["colour", "zebra"]},
                  "message": "These options make no game: there is no option colour, zebra."}
    assert de["message"] == "Mit diesen Optionen lässt sich keine Partie spielen: es gibt keine Option colour, zebra."
    de, en = both_languages(create({"players": 2, "options": {"characters": [*RANKS, "artist"]}}))
    assert en["reason"] == "eight_characters_only" and en["params"] == {"players": 2}
    assert en["message"] == "These options make no game: 2 players play with 8 characters (ranks 1 to 8)."
    assert de["message"] == ("Mit diesen Optionen lässt sich keine Partie spielen: "
                             "2 Spieler spielen mit 8 Charakteren (Ränge 1 bis 8).")
    de, en = both_languages(create({"kind": "dominion", "players": 2, "options": {"shelters": "yes"}}))
    assert en == {"code": "invalid_options", "reason": "not_a_boolean", "params": {"option": "shelters"},
                  "message": "These options make no game: shelters is true or false."}
    assert de["message"] == "Mit diesen Optionen lässt sich keine Partie spielen: shelters ist true oder false."


def test_malformed_commands_are_told_whole_in_german(table: dict[str, Any], make_user: Any, api_client: Any) -> None:
    from tests.dominion.site.conftest import stacked_game

    game, turn = table["game"], table["turn"]
    kind = table["legal"]["type"]

    def command(client: Any, game_id: int, body: Any) -> Any:
        return lambda language: client.post(f"/api/games/{game_id}/commands", body, format="json",
                                            HTTP_ACCEPT_LANGUAGE=language)

    de, en = both_languages(command(turn, game.pk, {"command": {"type": kind}}))
    assert en == {"code": "malformed", "reason": "needs_text_id", "params": {"command": kind, "field": "character"},
                  "message": f"This command is incomplete or malformed: {kind} needs character, an id."}
    assert de["message"] == f"Dieser Befehl ist unvollständig oder falsch aufgebaut: {kind} braucht character, eine ID."
    dominion, seats = stacked_game([make_user(), make_user()])
    player = api_client(seats[dominion.awaiting[0]])
    de, en = both_languages(command(player, dominion.pk, {"command": {"type": "buy", "card": 7}}))
    assert en == {"code": "malformed", "reason": "needs_pile", "params": {"command": "buy", "field": "card"},
                  "message": "This command is incomplete or malformed: buy needs card, the id of a Supply pile."}
    assert de["message"] == ("Dieser Befehl ist unvollständig oder falsch aufgebaut: "
                             "buy braucht card, die ID eines Vorratsstapels.")
    de, en = both_languages(command(turn, game.pk, {"command": "take_gold"}))
    assert en == {"code": "malformed_command", "message": 'A command is a JSON object with a "type".'}
    assert de["message"] == 'Ein Befehl ist ein JSON-Objekt mit einem "type".'


def test_bodies_and_parameters_of_the_service_are_told_in_german(table: dict[str, Any]) -> None:
    game, turn = table["game"], table["turn"]

    def send(method: str, url: str, body: Any = None) -> Any:
        return lambda language: getattr(turn, method)(url, body, format="json", HTTP_ACCEPT_LANGUAGE=language)

    de, en = both_languages(send("post", f"/api/games/{game.pk}/commands", [1, 2]))
    assert en == {"code": "invalid", "message": "The body must be a JSON object."}
    assert de["message"] == "Der Inhalt muss ein JSON-Objekt sein."
    de, en = both_languages(send("get", "/api/games/?status=bogus"))
    assert en["code"] == "invalid" and en["message"] == 'status: "bogus" is not a valid choice.'
    assert de["message"] == 'status: "bogus" ist keine gültige Option.'
    de, en = both_languages(send("post", "/api/notifications/absences", {"starts_at": "monday"}))
    assert en == {"code": "invalid_absence", "message": "starts_at must be an ISO 8601 date and time."}
    assert de["message"] == "starts_at muss ein Datum mit Uhrzeit nach ISO 8601 sein."
    de, en = both_languages(send("patch", "/api/me", {"email": "x@example.org", "is_staff": True}))
    assert en == {"code": "read_only", "message": "These fields cannot be changed: email, is_staff."}
    assert de["message"] == "Diese Felder lassen sich nicht ändern: email, is_staff."
    de, en = both_languages(send("post", "/api/games/", {"players": 3, "time_control": {"pace": 1}}))
    assert en == {"code": "invalid_time_control", "message": "Unknown time_control fields: pace."}
    assert de["message"] == "Unbekannte Felder in time_control: pace."
    de, en = both_languages(send("post", "/api/games/", {"players": 3, "kind": "chess"}))
    assert en == {"code": "unknown_kind", "message": "There is no game kind chess; the kinds are citadels, dominion."}
    assert de["message"] == "Es gibt keine Spielart chess; die Spielarten sind citadels, dominion."
