"""The emails and pages name the game by its title in the reader's language ("Citadels #12", German
"Ohne Furcht und Adel #12"), not only by its number."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from notifications.models import Outbox
from notifications.rendering import render
from tests.dominion.site.conftest import stacked_game
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def _players(make_user: Any) -> list[Any]:
    return [make_user(name, language=lang, email_verified_at=timezone.now()) for name, lang in (("Anna", "en"), ("Ben", "de"))]


def _mails(game: Any, user: Any, kind: str) -> list[Outbox]:
    return list(Outbox.objects.filter(game=game, user=user, kind=kind).order_by("id"))


def test_citadels_mails_name_the_game_in_the_readers_language(make_user: Any) -> None:
    anna, ben = _players(make_user)
    game = started_game([anna, ben])
    started = {row.user_id: row for row in Outbox.objects.filter(game=game, kind="started")}
    assert render(started[anna.pk]).subject == f"Citadels #{game.pk} has started"
    assert render(started[ben.pk]).subject == f"Ohne Furcht und Adel #{game.pk} hat begonnen"
    assert f"die Partie Ohne Furcht und Adel #{game.pk} hat mit " in render(started[ben.pk]).text
    turn = _mails(game, seat_users(game)[game.awaiting[0]], "turn")[0]
    if turn.language == "de":
        assert render(turn).subject == f"Du bist dran: Ohne Furcht und Adel #{game.pk}"
        assert f"du bist in der Partie Ohne Furcht und Adel #{game.pk} am Zug." in render(turn).text
    else:
        assert render(turn).subject == f"Your turn in Citadels #{game.pk}"
        assert f"It is your turn in Citadels #{game.pk}." in render(turn).text


def test_dominion_mails_keep_the_title_dominion(make_user: Any) -> None:
    anna, ben = _players(make_user)
    game, seats = stacked_game([anna, ben])
    turn = _mails(game, seats[game.awaiting[0]], "turn")[0]
    wanted = f"Du bist dran: Dominion #{game.pk}" if turn.language == "de" else f"Your turn in Dominion #{game.pk}"
    assert render(turn).subject == wanted
    assert {render(row).subject for row in Outbox.objects.filter(game=game, kind="started")} == {
        f"Dominion #{game.pk} has started", f"Dominion #{game.pk} hat begonnen"}


def test_the_game_page_and_the_lobby_show_the_title_in_the_viewers_language(client: Any, make_user: Any) -> None:
    anna, ben = _players(make_user)
    game = started_game([anna, ben])
    client.force_login(ben)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"<h1>Ohne Furcht und Adel #{game.pk}" in page
    assert f"Ohne Furcht und Adel #{game.pk}</a>" in client.get("/").content.decode()
    client.force_login(anna)
    assert f"<h1>Citadels #{game.pk}" in client.get(f"/games/{game.pk}/").content.decode()
