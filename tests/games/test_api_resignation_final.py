"""A resignation is final (docs/rulings.md): through the API, neither the player who resigned nor anyone
whose takeback would reach back past it can take it back, alone or by asking; the refusal is a 409
`resignation_final` that writes nothing, and the log, the state and the seat's record all still say the
seat resigned. Moves after a resignation are taken back as before. Both games, three players."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.errors import ServiceError
from games import services, store
from games.models import Game, SeatPresence, TakebackRequest
from games.registry import get_kind
from rules_kit.takeback import TAKEN_BACK

from .helpers import db_snapshot, seat_users, started_game
from .test_takeback import play_until, send

pytestmark = pytest.mark.django_db


def dominion_game(make_user: Any) -> Game:
    users = [make_user(), make_user(), make_user()]
    game = services.create_game(users[0], "dominion", 3)
    for user in users[1:]:
        services.join_game(user, game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def citadels_game(make_user: Any) -> Game:
    game = started_game([make_user(), make_user(), make_user()])
    play_until(game, {"take_gold"}, random.Random(5))
    game.refresh_from_db()
    return game


GAMES = pytest.mark.parametrize(
    "make_game, first", [(dominion_game, "play_treasures"), (citadels_game, "take_gold")], ids=["dominion", "citadels"]
)


def resign(api_client: Any, game: Game, seat: int) -> None:
    answer = api_client(seat_users(game)[seat]).post(f"/api/games/{game.pk}/resign")
    assert answer.status_code == 201, answer.content
    game.refresh_from_db()


def still_resigned(game: Game, seat: int) -> None:
    """The log's state and the seat's record agree: the seat resigned, no takeback was written."""
    game.refresh_from_db()
    assert seat in get_kind(game.kind).rules.resigned(store.load_state(game, use_cache=False))
    assert SeatPresence.objects.get(game=game, seat=seat).resigned is True
    assert not game.events.filter(type=TAKEN_BACK).exists()


@GAMES
def test_the_resigned_player_cannot_take_the_resignation_back(make_user: Any, api_client: Any,
                                                              make_game: Any, first: str) -> None:
    game = make_game(make_user)
    quitter = next(seat for seat in range(3) if seat not in game.awaiting)  # the bot does not move for it yet
    resign(api_client, game, quitter)
    assert game.status == Game.Status.ACTIVE
    client = api_client(seat_users(game)[quitter])
    status = client.get(f"/api/games/{game.pk}/take-back").json()
    assert status["may_take_back"] is False and status["may_ask"] is False
    before = db_snapshot()
    for answer in (client.post(f"/api/games/{game.pk}/take-back"),
                   client.post(f"/api/games/{game.pk}/commands", {"command": {"type": "take_back"}}, format="json")):
        assert answer.status_code == 409, answer.content
        assert answer.json()["code"] == "resignation_final" and answer.json()["message"]
    german = client.post(f"/api/games/{game.pk}/take-back", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["code"] == "resignation_final" and "endgültig" in german["message"]
    assert db_snapshot() == before and not TakebackRequest.objects.exists()
    still_resigned(game, quitter)


@GAMES
def test_no_takeback_reaches_back_past_another_players_resignation(make_user: Any, api_client: Any,
                                                                   make_game: Any, first: str) -> None:
    game = make_game(make_user)
    mover = game.awaiting[0]
    send(game, mover, first)  # a move its player could take back alone
    quitter = next(seat for seat in range(3) if seat not in game.awaiting and seat != mover)
    resign(api_client, game, quitter)
    client = api_client(seat_users(game)[mover])
    status = client.get(f"/api/games/{game.pk}/take-back").json()
    assert status["may_take_back"] is False and status["may_ask"] is False
    before = db_snapshot()
    answer = client.post(f"/api/games/{game.pk}/take-back")
    assert answer.status_code == 409 and answer.json()["code"] == "resignation_final", answer.content
    assert db_snapshot() == before and not TakebackRequest.objects.exists()
    with pytest.raises(ServiceError) as refused:  # the service's own door to a request
        services.ask_takeback(seat_users(game)[mover], game.pk)
    # the direct request names the resignation as the takeback does, not "no move to take back"
    assert refused.value.code == "resignation_final"
    assert db_snapshot() == before and not TakebackRequest.objects.exists()
    still_resigned(game, quitter)


@GAMES
def test_a_move_after_a_resignation_is_still_taken_back(make_user: Any, api_client: Any,
                                                        make_game: Any, first: str) -> None:
    game = make_game(make_user)
    mover = game.awaiting[0]
    quitter = next(seat for seat in range(3) if seat not in game.awaiting)
    resign(api_client, game, quitter)
    send(game, mover, first)
    answer = api_client(seat_users(game)[mover]).post(f"/api/games/{game.pk}/take-back")
    assert answer.status_code == 201, answer.content
    assert answer.json()["result"]["events"][0]["type"] == TAKEN_BACK
    game.refresh_from_db()
    assert quitter in get_kind(game.kind).rules.resigned(store.load_state(game, use_cache=False))
    assert SeatPresence.objects.get(game=game, seat=quitter).resigned is True
