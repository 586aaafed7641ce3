"""Issue 35: the players' names on a game's page link to their profiles (the tables' player boxes, the
Dominion scores, the "Waiting for" line); a deleted player's name links nowhere."""

from __future__ import annotations

import re
from typing import Any

import pytest

from accounts.deletion import erase_account
from games import services
from tests.dominion.site.conftest import stacked_game
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def _links(page: str) -> dict[str, str]:
    """Profile link text -> address."""
    return {text: href for href, text in re.findall(r'<a class="player-link" href="(/players/\d+/)">([^<]*)</a>', page)}


def _player_box_names(page: str) -> list[str]:
    return re.findall(r'<article class="player[^"]*" aria-label="[^"]*">\s*<h3>(.*?)</h3>', page, re.S)


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_names_on_the_table_link_to_profiles(client: Any, make_user: Any, kind: str) -> None:
    users = [make_user(name) for name in ("Anna", "Ben", "Cleo")]
    game = started_game(users) if kind == "citadels" else stacked_game(users[:2])[0]
    seats = seat_users(game)
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    links = _links(page)
    for user in seats.values():
        name = user.display_name + (" (you)" if user == users[0] else "")
        assert links.get(name) == f"/players/{user.pk}/", (name, links)
    boxes = _player_box_names(page)
    assert len(boxes) == len(seats) and all('class="player-link"' in box for box in boxes), boxes
    waiting = re.search(r'<p class="awaited">Waiting for: (.*?)</p>', page).group(1)  # type: ignore[union-attr]
    awaited = seats[game.awaiting[0]]
    assert f'href="/players/{awaited.pk}/"' in waiting
    # The link leads to a profile page that answers.
    assert client.get(f"/players/{awaited.pk}/").status_code == 200


def test_a_deleted_players_name_links_nowhere(client: Any, make_user: Any) -> None:
    users = [make_user(name) for name in ("Anna", "Ben", "Cleo")]
    game = started_game(users)
    seats = seat_users(game)
    gone = seats[game.awaiting[0]]
    reader = next(u for u in users if u != gone)
    erase_account(gone)
    client.force_login(reader)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"/players/{gone.pk}/" not in page
    waiting = re.search(r'<p class="awaited">Waiting for: (.*?)</p>', page).group(1)  # type: ignore[union-attr]
    assert "<a" not in waiting and waiting.strip()
    others = [u for u in users if u != gone]
    assert all(f'href="/players/{u.pk}/"' in page for u in others)


def test_a_dominion_final_score_links_the_player(client: Any, make_user: Any) -> None:
    users = [make_user("Anna"), make_user("Ben")]
    game, seats = stacked_game(users)
    services.resign(seats[1], game.pk)  # a game of two ends at once
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    scores = re.search(r'<ol class="scores">(.*?)</ol>', page, re.S).group(1)  # type: ignore[union-attr]
    assert all(f'href="/players/{u.pk}/"' in scores for u in users), scores


def test_a_citadels_final_score_links_the_player(client: Any, make_user: Any) -> None:
    users = [make_user("Anna"), make_user("Ben")]
    game = started_game(users)
    seats = seat_users(game)
    services.resign(seats[1], game.pk)  # a game of two ends at once
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    scores = re.search(r'<ol class="scores">(.*?)</ol>', page, re.S).group(1)  # type: ignore[union-attr]
    assert all(f'href="/players/{u.pk}/"' in scores for u in users), scores
