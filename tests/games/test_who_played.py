"""Who played which part, on the tables and in the results: a resigned seat is marked "resigned, played by
the bot" on both games' tables (2 and 4 players) and in the final scores, in English and German; a seat taken
over is told in the history at the step from which its new player plays, and in the end email."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone, translation

from games import services
from games.models import Game, SeatTakeover
from notifications import letters

from .test_resign import started, user_at
from .test_takeover import neglected_game

pytestmark = pytest.mark.django_db

MARK = {"en": "resigned, played by the bot", "de": "aufgegeben, der Bot spielt"}


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_resigned_seat_is_marked_on_the_table_of_a_four_player_game(kind: str, language: str, client: Any,
                                                                      make_user: Any) -> None:
    users = [make_user(n, language=language) for n in ("ann", "bob", "cid", "dee")]
    game = started(users, kind)
    seat = 1 if 1 not in game.awaiting else 2
    quitter = user_at(game, seat)
    services.resign(quitter, game.pk)
    viewer = user_at(game, 0)
    client.force_login(viewer)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert html.count(MARK[language]) == 1
    box = html.split(f'aria-label="{quitter.display_name}"', 1)[1].split("</article>", 1)[0]
    assert MARK[language] in box
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_a_two_player_game_shows_the_resigned_player_in_the_final_scores(kind: str, client: Any,
                                                                        make_user: Any) -> None:
    users = [make_user("ann"), make_user("bob")]
    game = started(users, kind)
    quitter, winner = user_at(game, 1), user_at(game, 0)
    services.resign(quitter, game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    client.force_login(winner)
    html = client.get(f"/games/{game.pk}/").content.decode()
    scores = html.split('id="scores-title"', 1)[1].split("</section>", 1)[0]
    lines = scores.split("<li>")[1:]
    resigned_line = next(line for line in lines if quitter.display_name in line)
    winner_line = next(line for line in lines if winner.display_name in line)
    assert "(resigned)" in resigned_line and "(resigned)" not in winner_line
    assert MARK["en"] in html  # the player's box too


def test_a_takeover_is_told_in_the_end_email(make_user: Any) -> None:
    """The end email's results say who played which seat, in the reader's language (the history's line of a
    takeover: tests/games/test_takeover_in_history.py)."""
    users = [make_user(n, email_verified_at=timezone.now()) for n in ("ann", "bob", "cid")]
    game, seat = neglected_game(users)
    newcomer = make_user("Bea", email_verified_at=timezone.now(), language="de")
    previous = user_at(game, seat)
    services.take_over_seat(newcomer, game.pk, seat)
    takeover = SeatTakeover.objects.get(game=game)
    # The end email's results say who played which seat (in the reader's language).
    game.refresh_from_db()
    with translation.override("en"):
        assert letters._who_played(game) == [("Who played which seat", [
            f"Seat {seat + 1}: Bea took over from {previous.display_name} after step {takeover.version}."])]
