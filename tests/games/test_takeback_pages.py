"""The table's Take back button and the request's answer forms (plain forms: no JavaScript needed), and the
history's mark on a taken-back move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client

from games.models import Game, TakebackRequest

from .helpers import db_snapshot, seat_users, started_game
from .test_takeback import dumped, play_until, send

pytestmark = pytest.mark.django_db


def _page(client: Client, game: Game) -> str:
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_takeback_button_takes_back_and_the_history_strikes_the_move(client: Client, make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    seat = play_until(game, {"take_gold"}, random.Random(6))
    users = seat_users(game)
    client.force_login(users[seat])
    assert "Take back my last move" not in _page(client, game)
    before = dumped(game)
    send(game, seat, "take_gold")
    assert "Take back my last move" in _page(client, game)
    response = client.post(f"/games/{game.pk}/take-back", follow=True)
    assert response.status_code == 200 and "Your last move was taken back." in response.content.decode()
    game.refresh_from_db()
    assert dumped(game) == before
    page = _page(client, game)
    assert "<del>" in page and "(taken back)" in page and "took back a move" in page


def test_request_shown_to_the_other_with_accept_and_refuse(client: Client, make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    seat = play_until(game, {"take_gold"}, random.Random(7))
    users = seat_users(game)
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    client.force_login(users[seat])
    assert "Ask to take back my last move" in _page(client, game)
    client.post(f"/games/{game.pk}/take-back")
    assert "waiting for the other players" in _page(client, game)
    other = Client()
    other.force_login(users[1 - seat])
    page = _page(other, game)
    assert "asks to take back their last move" in page and "Accept" in page and "Refuse" in page
    response = other.post(f"/games/{game.pk}/take-back/answer", {"accept": "0"}, follow=True)
    assert "You refused the request." in response.content.decode()
    assert TakebackRequest.objects.get(game=game).status == TakebackRequest.Status.REFUSED
    before = db_snapshot()
    again = other.post(f"/games/{game.pk}/take-back/answer", {"accept": "1"})
    assert again.status_code == 409 and db_snapshot() == before


def test_spectators_and_strangers_get_no_takeback(client: Client, make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    client.force_login(make_user())
    assert "takeback-button" not in _page(client, game)
    before = db_snapshot()
    assert client.post(f"/games/{game.pk}/take-back").status_code == 403
    assert db_snapshot() == before


def _dominion_in_buy_phase(make_user: Any) -> tuple[Game, Any]:
    from games import services

    users = [make_user(), make_user()]
    game = services.create_game(users[0], "dominion", 2, options={"kingdom": [
        "witch", "village", "smithy", "market", "militia", "moat", "cellar", "chapel", "workshop", "festival"]})
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    seat = game.awaiting[0]
    send(game, seat, "play_treasures")
    return game, seat_users(game)[seat]


def test_the_table_asks_before_a_curse_unless_the_setting_is_off(client: Client, make_user: Any) -> None:
    import html
    import json

    game, player = _dominion_in_buy_phase(make_user)
    client.force_login(player)
    page = _page(client, game)
    start = page.index('data-questions="') + len('data-questions="')
    asked = json.loads(html.unescape(page[start:page.index('"', start)]))
    assert asked[json.dumps({"type": "buy", "card": "curse"})].startswith("Buy a Curse?")
    assert json.dumps({"type": "buy", "card": "curse"}) in html.unescape(page)  # the button sends the same text
    saved = client.post("/settings/", {"part": "table"})  # the box unticked: no questions
    assert saved.status_code in (200, 302)
    assert "data-questions" not in _page(client, game)
    client.post("/settings/", {"part": "table", "ask_before_waste": "on"})
    assert "data-questions" in _page(client, game)


def test_a_replay_before_the_takeback_does_not_strike_the_move(client: Client, make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    seat = play_until(game, {"take_gold"}, random.Random(12))
    users = seat_users(game)
    client.force_login(users[seat])
    send(game, seat, "take_gold")
    gold = game.version
    client.post(f"/games/{game.pk}/take-back")
    replay = client.get(f"/games/{game.pk}/?at={gold}").content.decode()
    assert "<del>" not in replay  # the replay tells nothing of what came after its step
    game.refresh_from_db()
    assert "<del>" in client.get(f"/games/{game.pk}/?at={game.version}").content.decode()
