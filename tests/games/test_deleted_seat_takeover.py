"""A deleted player's seat in a running game is offered for takeover as a quiet player's is, from the moment
of the deletion (no deadline needs to pass first): the service, the API's "seats wanted", the lobby's section
and its form; the newcomer plays the seat from then on and the game names who played which part."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts import deletion
from accounts.models import User
from games import services
from games.models import Game, Seat, SeatPresence, SeatTakeover
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def _running_game_with_deleted_player(make_user: Any, **kwargs: Any) -> tuple[Game, User, int]:
    ann, ben, zeb = (make_user(n, email_verified_at=timezone.now()) for n in ("Ann", "Ben", "Zebulon"))
    game = started_game([ann, ben, zeb], **kwargs)
    seat = Seat.objects.get(game=game, user=zeb).index
    assert seat is not None and services.wanted_seats(game) == []  # nobody missed a deadline
    deletion.erase_account(User.objects.get(pk=zeb.pk))
    game.refresh_from_db()
    return game, zeb, seat


def test_the_service_offers_the_seat_at_once_and_a_newcomer_takes_it(make_user: Any) -> None:
    game, zeb, seat = _running_game_with_deleted_player(make_user)
    assert game.status == Game.Status.ACTIVE and services.wanted_seats(game) == [seat]
    dee = make_user("Dee")
    assert services.games_with_wanted_seats(dee) == [(game, [seat])]
    taken = services.take_over_seat(dee, game.pk, seat)
    assert (taken.previous_user_id, taken.user_id, taken.seat) == (zeb.pk, dee.pk, seat)
    assert Seat.objects.get(game=game, index=seat).user_id == dee.pk
    record = SeatPresence.objects.get(game=game, seat=seat)
    assert record.absent_since is None and record.consecutive_timeouts == 0  # the newcomer's own seat now
    assert services.wanted_seats(game) == []


def test_the_api_lists_the_seat_and_takes_it_over(make_user: Any, api_client: Any) -> None:
    game, zeb, seat = _running_game_with_deleted_player(make_user)
    dee = make_user("Dee")
    offered = api_client(dee).get("/api/games/seats-wanted")
    assert offered.status_code == 200 and {"game": game.pk, "kind": "citadels", "seats": [seat]} in offered.json()
    taken = api_client(dee).post(f"/api/games/{game.pk}/take-over", {"seat": seat}, format="json")
    assert taken.status_code == 200, taken.content
    assert taken.json()["takeovers"] == [{"seat": seat, "previous_user": zeb.pk, "previous_name": f"Former player {zeb.pk}",
                                          "user": dee.pk, "name": "Dee", "version": game.version}]
    assert api_client(make_user("Eve")).get("/api/games/seats-wanted").json() == []


def test_the_lobby_offers_the_seat_and_its_form_takes_it(make_user: Any) -> None:
    game, zeb, seat = _running_game_with_deleted_player(make_user)
    browser = Client()
    browser.force_login(make_user("Dee"))
    lobby = browser.get("/").content.decode()
    assert "Seat wanted" in lobby and f'action="/games/{game.pk}/take-over"' in lobby
    assert f'name="seat" value="{seat}"' in lobby
    answer = browser.post(f"/games/{game.pk}/take-over", {"seat": str(seat)})
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    assert SeatTakeover.objects.filter(game=game, seat=seat, previous_user_id=zeb.pk).exists()
    assert f'action="/games/{game.pk}/take-over"' not in browser.get("/").content.decode()


def test_a_game_that_offers_no_seats_does_not_offer_the_deleted_ones(make_user: Any) -> None:
    game, _zeb, _seat = _running_game_with_deleted_player(make_user, time_control={"takeover_after": 0})
    assert services.wanted_seats(game) == []  # as for a quiet seat: the game's time control says never
