"""Resigning a running game, through the API and the one write path: both games, 2 and 4 players; the bot
plays a resigned seat for good; a 2-player game ends with the other player the winner; refusals write nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services, store
from games.deadlines import sweep
from games.models import Command, Game, Seat, SeatPresence
from games.registry import get_kind
from tests.games.helpers import db_snapshot

pytestmark = pytest.mark.django_db


def started(users: list[Any], kind: str) -> Game:
    """A started game of `kind` with these users seated (the first one hosts)."""
    game = services.create_game(users[0], kind, len(users))
    for user in users[1:]:
        services.join_game(user, game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def user_at(game: Game, seat: int) -> Any:
    return Seat.objects.select_related("user").get(game=game, index=seat).user


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_a_two_player_game_ends_with_the_other_player_the_winner(kind: str, make_user: Any, api_client: Any) -> None:
    game = started([make_user("ann"), make_user("bob")], kind)
    quitter = user_at(game, 1)
    answer = api_client(quitter).post(f"/api/games/{game.pk}/resign")
    assert answer.status_code == 201, answer.content
    assert [e["type"] for e in answer.json()["events"]] == ["player_resigned", "game_ended"]
    assert answer.json()["awaiting"] == []
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    state = api_client(user_at(game, 0)).get(f"/api/games/{game.pk}/state").json()
    assert state["view"]["winners"] == [0] and state["view"]["resigned"] == [1]
    history = api_client(user_at(game, 0)).get(f"/api/games/{game.pk}/events").json()["events"]
    resigned = [e for e in history if e["type"] == "player_resigned"]
    assert len(resigned) == 1 and resigned[0]["actor_seat"] == 1
    assert resigned[0]["data"]["seat"] == 1


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_in_a_four_player_game_the_bot_plays_the_resigned_seat_for_good(kind: str, make_user: Any, api_client: Any) -> None:
    game = started([make_user(n) for n in ("ann", "bob", "cid", "dee")], kind)
    seat = game.awaiting[0]  # the awaited player resigns: the bot plays that decision at once
    quitter = user_at(game, seat)
    answer = api_client(quitter).post(f"/api/games/{game.pk}/resign")
    assert answer.status_code == 201, answer.content
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.awaiting == [seat]
    assert game.deadline_at is not None and game.deadline_at <= timezone.now()  # due now
    presence = SeatPresence.objects.get(game=game, seat=seat)
    assert presence.absent_since is not None and presence.consecutive_timeouts == 0
    report = sweep.enforce_due_deadlines()
    assert report.enforced == 1
    game.refresh_from_db()
    assert seat not in game.awaiting or game.status != Game.Status.ACTIVE
    played = Command.objects.filter(game=game, seat=seat, by_service=True)
    assert played.exists()
    assert SeatPresence.objects.get(game=game, seat=seat).consecutive_timeouts == 0  # no timeout counted
    state = store.load_state(game)
    assert get_kind(kind).rules.resigned(state) == frozenset({seat})
    # The resigned player sends nothing any more; nothing is written.
    before = db_snapshot()
    refused = api_client(quitter).post(f"/api/games/{game.pk}/commands", {"command": {"type": "end_turn"}}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "seat_resigned"
    again = api_client(quitter).post(f"/api/games/{game.pk}/resign")
    assert again.status_code == 409 and again.json()["code"] == "seat_resigned"
    assert db_snapshot() == before


def test_a_player_resigns_when_it_is_not_their_turn_and_the_others_play_on(make_user: Any, api_client: Any) -> None:
    game = started([make_user(n) for n in ("ann", "bob", "cid", "dee")], "citadels")
    waiting_for = game.awaiting[0]
    seat = next(s for s in range(4) if s != waiting_for)
    answer = api_client(user_at(game, seat)).post(f"/api/games/{game.pk}/resign")
    assert answer.status_code == 201
    game.refresh_from_db()
    assert game.awaiting == [waiting_for] and game.deadline_at is not None
    assert game.deadline_at > timezone.now() + timedelta(hours=1)  # the awaited player's clock runs on


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_resigning_a_finished_game_or_one_you_are_not_in_is_refused_and_writes_nothing(
    kind: str, make_user: Any, api_client: Any
) -> None:
    game = started([make_user("ann"), make_user("bob")], kind)
    stranger = make_user("eve")
    before = db_snapshot()
    answer = api_client(stranger).post(f"/api/games/{game.pk}/resign")
    assert answer.status_code == 403 and answer.json()["code"] == "not_a_player" and answer.json()["message"]
    assert api_client().post(f"/api/games/{game.pk}/resign").status_code in (401, 403)
    missing = api_client(stranger).post("/api/games/999999/resign")
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
    assert db_snapshot() == before
    assert api_client(user_at(game, 0)).post(f"/api/games/{game.pk}/resign").status_code == 201
    finished = db_snapshot()
    late = api_client(user_at(game, 1)).post(f"/api/games/{game.pk}/resign")
    assert late.status_code == 409 and late.json()["code"] == "game_finished"
    assert db_snapshot() == finished


def test_an_open_game_cannot_be_resigned(make_user: Any, api_client: Any) -> None:
    ann = make_user("ann")
    game = services.create_game(ann, "citadels", 3)
    before = db_snapshot()
    answer = api_client(ann).post(f"/api/games/{game.pk}/resign")
    assert answer.status_code == 409 and answer.json()["code"] == "game_not_active"
    assert db_snapshot() == before


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_page_resigns_after_the_confirmation_only(client: Any, make_user: Any, language: str) -> None:
    game = started([make_user(n) for n in ("ann", "bob", "cid")], "citadels")
    player = user_at(game, 2)
    player.language = language
    player.save(update_fields=["language"])
    client.force_login(player)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'action="/games/{game.pk}/resign"' in page
    assert ("Yes, I resign" if language == "en" else "Ja, ich gebe auf") in page
    before = db_snapshot()
    unconfirmed = client.post(f"/games/{game.pk}/resign", HTTP_ACCEPT_LANGUAGE=language)
    assert unconfirmed.status_code == 400 and db_snapshot() == before
    done = client.post(f"/games/{game.pk}/resign", {"confirm": "yes"}, HTTP_ACCEPT_LANGUAGE=language)
    assert done.status_code == 302
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'action="/games/{game.pk}/resign"' not in page
    expected = ("the bot plays your seat for the rest of the game" if language == "en"
                else "Der Bot spielt deinen Platz für den Rest des Spiels")
    assert expected in page
    assert ("resigned; the bot plays this seat" if language == "en" else "hat aufgegeben; der Bot spielt") in page
