"""Seats that never stall: after `takeover_after` missed deadlines in a row the lobby offers the seat ("seat
wanted"), the bot plays it until another player takes it over; the game says who played which part."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import services
from games.deadlines import sweep
from games.models import Game, Seat, SeatPresence, SeatTakeover
from tests.games.helpers import db_snapshot

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def neglected_game(users: list[Any], takeover_after: int = 2) -> tuple[Game, int]:
    """A 3-player game whose awaited seats let deadlines pass until one seat is wanted: (game, that seat)."""
    with time_machine.travel(T0, tick=False):
        game = services.create_game(users[0], "citadels", len(users),
                                    time_control={"decision_hours": 1, "takeover_after": takeover_after})
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
    now = T0
    for _ in range(20):
        now += timedelta(hours=1, minutes=1)
        with time_machine.travel(now, tick=False):
            sweep.enforce_due_deadlines()
        game.refresh_from_db()
        wanted = services.wanted_seats(game)
        if wanted:
            return game, wanted[0]
    raise AssertionError("no seat became wanted")


def test_a_seat_that_missed_n_deadlines_is_wanted_and_taken_over(make_user: Any, api_client: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    game, seat = neglected_game(users)
    record = SeatPresence.objects.get(game=game, seat=seat)
    assert record.consecutive_timeouts >= 2 or record.absent_since is not None
    newcomer = make_user("dee")
    offered = api_client(newcomer).get("/api/games/seats-wanted")
    assert offered.status_code == 200 and {"game": game.pk, "kind": "citadels", "seats": [seat]} in offered.json()
    previous = Seat.objects.get(game=game, index=seat).user
    taken = api_client(newcomer).post(f"/api/games/{game.pk}/take-over", {"seat": seat}, format="json")
    assert taken.status_code == 200, taken.content
    body = taken.json()
    assert body["seat"] == seat and body["joined"]
    assert body["takeovers"] == [{"seat": seat, "previous_user": previous.pk, "previous_name": "ann" if previous == users[0] else previous.display_name,
                                  "user": newcomer.pk, "name": "dee", "version": game.version}]
    record.refresh_from_db()
    assert record.consecutive_timeouts == 0 and record.absent_since is None
    assert services.wanted_seats(game) == [] or seat not in services.wanted_seats(game)
    # the old player is no longer seated; the newcomer plays the seat
    assert not Seat.objects.filter(game=game, user=previous).exists()
    game.refresh_from_db()
    if seat in game.awaiting:
        state = services.state_at(game, newcomer)
        assert state["view"]["awaiting"] == game.awaiting
        assert game.deadline_at is not None and game.deadline_at > T0


def test_refusals_of_a_takeover_write_nothing(make_user: Any, api_client: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    game, seat = neglected_game(users)
    newcomer = make_user("dee")
    healthy = next(s for s in range(3) if s not in services.wanted_seats(game))
    before = db_snapshot()
    not_wanted = api_client(newcomer).post(f"/api/games/{game.pk}/take-over", {"seat": healthy}, format="json")
    assert not_wanted.status_code == 409 and not_wanted.json()["code"] == "seat_not_wanted"
    own = api_client(users[1]).post(f"/api/games/{game.pk}/take-over", {"seat": seat}, format="json")
    assert own.status_code == 409 and own.json()["code"] == "already_joined"
    bad = api_client(newcomer).post(f"/api/games/{game.pk}/take-over", {"seat": "x"}, format="json")
    assert bad.status_code == 400
    assert api_client(newcomer).post("/api/games/999999/take-over", {"seat": 0}, format="json").status_code == 404
    assert db_snapshot() == before and not SeatTakeover.objects.exists()


def test_a_game_that_offers_no_seats_keeps_them(make_user: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    with pytest.raises(AssertionError):
        neglected_game(users, takeover_after=0)
    assert services.games_with_wanted_seats(make_user("dee")) == []


def test_the_lobby_offers_the_wanted_seat_and_the_page_takes_it(client: Any, make_user: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    game, seat = neglected_game(users)
    newcomer = make_user("dee", language="de")
    client.force_login(newcomer)
    lobby = client.get("/").content.decode()
    assert "Platz gesucht" in lobby and f'action="/games/{game.pk}/take-over"' in lobby
    taken = client.post(f"/games/{game.pk}/take-over", {"seat": seat})
    assert taken.status_code == 302
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "dee" in page and "übernommen" in page


def test_an_absent_player_who_resigns_is_marked_resigned_and_no_longer_offered(make_user: Any) -> None:
    """A seat the bot plays already (its player absent after missed deadlines) whose player then resigns:
    the seat's record says resigned (a resignation is final), and the seat is no longer offered to another
    player (an absent player's seat is; a resigned one never)."""
    users = [make_user(n) for n in ("ann", "bob", "cid", "dan")]
    game, seat = neglected_game(users)
    record = SeatPresence.objects.get(game=game, seat=seat)
    now = T0 + timedelta(days=1)
    for _ in range(20):
        if record.absent_since is not None:
            break
        now += timedelta(hours=1, minutes=1)
        with time_machine.travel(now, tick=False):
            sweep.enforce_due_deadlines()
        record.refresh_from_db()
    assert record.absent_since is not None and seat in services.wanted_seats(game)
    player = Seat.objects.get(game=game, index=seat).user
    with time_machine.travel(now, tick=False):
        services.resign(player, game.pk)
    record.refresh_from_db()
    game.refresh_from_db()
    assert record.resigned and record.absent_since is not None
    assert seat not in services.wanted_seats(game)
