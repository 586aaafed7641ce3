"""Rematch through the API: offered at the end of a game to the same players, same options, seats drawn
anew; it starts once all accepted; a decline ends it; a rematch of a game one did not play is refused."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Game, Rematch, Seat
from tests.games.helpers import db_snapshot

from .test_resign import started, user_at

pytestmark = pytest.mark.django_db


def finished(users: list[Any], kind: str = "citadels", **options: Any) -> Game:
    """A game of these users that ended (all but the host resigned)."""
    game = started(users, kind)
    for seat in range(1, len(users)):
        services.resign(user_at(game, seat), game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_all_accept_and_the_rematch_starts_with_the_same_options(kind: str, make_user: Any, api_client: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    old = finished(users, kind)
    offered = api_client(users[1]).post(f"/api/games/{old.pk}/rematch")
    assert offered.status_code == 201, offered.content
    body = offered.json()
    assert body["status"] == "offered" and body["previous"] == old.pk and body["accepted"] == [users[1].pk]
    new = Game.objects.get(pk=body["game"])
    assert new.status == Game.Status.OPEN and not new.listed and new.kind == kind
    assert new.options == old.options and new.time_control == old.time_control and new.players == 3
    again = api_client(users[0]).post(f"/api/games/{old.pk}/rematch")
    assert again.status_code == 409 and again.json()["code"] == "rematch_exists"
    first = api_client(users[0]).post(f"/api/games/{old.pk}/rematch/accept")
    assert first.status_code == 200 and first.json()["status"] == "offered"
    twice = api_client(users[0]).post(f"/api/games/{old.pk}/rematch/accept")
    assert twice.status_code == 409 and twice.json()["code"] == "already_joined"
    last = api_client(users[2]).post(f"/api/games/{old.pk}/rematch/accept")
    assert last.status_code == 200 and last.json()["status"] == "started"
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE and new.version > 0
    seats = sorted(Seat.objects.filter(game=new).values_list("index", "user_id"))
    assert [i for i, _ in seats] == [0, 1, 2] and {u for _, u in seats} == {u.pk for u in users}
    read = api_client(users[2]).get(f"/api/games/{old.pk}/rematch")
    assert read.status_code == 200 and read.json()["game"] == new.pk


def test_a_decline_ends_the_offer_for_everybody(make_user: Any, api_client: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    old = finished(users)
    new_id = api_client(users[0]).post(f"/api/games/{old.pk}/rematch").json()["game"]
    declined = api_client(users[2]).post(f"/api/games/{old.pk}/rematch/decline")
    assert declined.status_code == 200
    assert declined.json()["status"] == "declined" and declined.json()["declined_by"] == users[2].pk
    assert Game.objects.get(pk=new_id).status == Game.Status.ABANDONED
    before = db_snapshot()
    late = api_client(users[1]).post(f"/api/games/{old.pk}/rematch/accept")
    assert late.status_code == 409 and late.json()["code"] == "no_rematch_offered"
    assert db_snapshot() == before
    # a new offer may be made after a decline
    assert api_client(users[1]).post(f"/api/games/{old.pk}/rematch").status_code == 201
    assert Rematch.objects.filter(previous=old).count() == 1


def test_a_rematch_of_a_game_one_did_not_play_or_that_runs_is_refused(make_user: Any, api_client: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob")]
    old = finished(users)
    running = started([make_user("dee"), make_user("eli")], "citadels")
    stranger = make_user("eve")
    before = db_snapshot()
    refused = api_client(stranger).post(f"/api/games/{old.pk}/rematch")
    assert refused.status_code == 403 and refused.json()["code"] == "not_a_player" and refused.json()["message"]
    not_over = api_client(user_at(running, 0)).post(f"/api/games/{running.pk}/rematch")
    assert not_over.status_code == 409 and not_over.json()["code"] == "game_not_finished"
    nothing = api_client(users[0]).post(f"/api/games/{old.pk}/rematch/accept")
    assert nothing.status_code == 409 and nothing.json()["code"] == "no_rematch_offered"
    assert api_client(users[0]).get(f"/api/games/{old.pk}/rematch").status_code == 404
    assert api_client(users[0]).post("/api/games/999999/rematch").status_code == 404
    assert db_snapshot() == before
    assert Rematch.objects.count() == 0
    api_client(users[0]).post(f"/api/games/{old.pk}/rematch")
    before = db_snapshot()
    intruder = api_client(stranger).post(f"/api/games/{old.pk}/rematch/accept")
    assert intruder.status_code == 403 and intruder.json()["code"] == "not_a_player"
    assert api_client(stranger).post(f"/api/games/{old.pk}/rematch/decline").status_code == 403
    assert db_snapshot() == before


def test_a_private_game_rematch_is_hidden_from_strangers(make_user: Any, api_client: Any) -> None:
    ann, bob, eve = make_user("ann"), make_user("bob"), make_user("eve")
    game = services.create_game(ann, "citadels", 2, listed=False)
    services.join_game(bob, game.pk, invited=True)
    services.start_game(ann, game.pk)
    game.refresh_from_db()
    services.resign(bob, game.pk)
    assert api_client(eve).post(f"/api/games/{game.pk}/rematch").status_code == 404


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_pages_offer_and_accept_a_rematch(client: Any, make_user: Any, language: str) -> None:
    users = [make_user(n, language=language) for n in ("ann", "bob")]
    old = finished(users)
    client.force_login(users[0])
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f'action="/games/{old.pk}/rematch"' in page
    assert ("Offer a rematch" if language == "en" else "Revanche anbieten") in page
    assert client.post(f"/games/{old.pk}/rematch").status_code == 302
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert ("waiting for 1 player" if language == "en" else "es fehlt noch 1 Spieler") in page
    client.force_login(users[1])
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f'action="/games/{old.pk}/rematch/accept"' in page and f'action="/games/{old.pk}/rematch/decline"' in page
    accepted = client.post(f"/games/{old.pk}/rematch/accept")
    new = Rematch.objects.get(previous=old).game
    assert accepted.status_code == 302 and accepted["Location"] == f"/games/{new.pk}/"
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE
    page = client.get(f"/games/{old.pk}/").content.decode()
    assert f'href="/games/{new.pk}/"' in page
    # a stranger's form post is a friendly refusal page, nothing written
    client.force_login(make_user("eve"))
    before = db_snapshot()
    assert client.post(f"/games/{old.pk}/rematch/decline").status_code == 403
    assert db_snapshot() == before
