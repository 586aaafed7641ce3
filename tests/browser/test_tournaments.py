"""A tournament in the browser, with axe-core on every page: the host opens it through the form (a refused
setting shown as the form's error), players sign up by keyboard and by click (a refused entry told on the
page), the beat task's body starts it at sign-up's end (`advance_due(now=...)`), and the page shows the first
round's tables with links to their games, then the standings once a game is over."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game
from tests.tournaments.driver import play
from tournaments import services
from tournaments.models import Tournament

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_host_opens_a_tournament_and_players_sign_up(make_user: Any, page_for: Any, live_server: Any) -> None:
    host, ada = make_user("Hanna"), make_user("Ada")
    page = page_for(host)
    page.goto(live_server.url + "/tournaments/new/")
    assert_accessible(page, "the new-tournament form")
    page.get_by_label("Name", exact=True).fill("Browser Swiss")
    page.get_by_label("Game", exact=True).select_option("citadels")
    page.get_by_label("Swiss: rounds paired by score").check()
    page.get_by_label("Players per table").fill("9")
    page.get_by_role("button", name="Create the tournament").click()
    page.get_by_text("Ensure this value is less than or equal to 8.").wait_for()
    assert_accessible(page, "the form with its errors")
    page.get_by_label("Players per table").fill("2")
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Most players").fill("4")
    page.get_by_role("button", name="Create the tournament").click()
    page.get_by_role("heading", name="Browser Swiss").wait_for()
    tournament = Tournament.objects.get(name="Browser Swiss")
    assert tournament.created_by == host and tournament.table_size == 2
    page.get_by_text("Your tournament is open for sign-up.").wait_for()

    player = page_for(ada)
    player.goto(live_server.url + "/tournaments/")
    assert_accessible(player, "the tournaments' list")
    player.get_by_role("link", name="Browser Swiss").click()
    player.get_by_role("heading", name="Browser Swiss").wait_for()
    assert_accessible(player, "a tournament open for sign-up")
    enter = player.get_by_role("button", name="Enter the tournament")
    enter.focus()
    player.keyboard.press("Enter")  # by keyboard
    player.get_by_text("You have entered the tournament.").wait_for()
    assert player.locator("ol.entrants li").all_inner_texts() == ["Ada"]
    assert_accessible(player, "the page after entering")

    closed = services.create_tournament(host, name="Closed cup", kind="citadels", format="swiss", table_size=2,
                                        max_players=4, rounds=1, entry="invitation")
    player.goto(f"{live_server.url}/tournaments/{closed.pk}/")
    player.get_by_role("button", name="Enter the tournament").click()
    player.get_by_role("alert").get_by_text("This tournament is by invitation only.").wait_for()
    assert_accessible(player, "a refused entry")


def test_a_round_starts_and_the_standings_follow_the_results(make_user: Any, page_for: Any, live_server: Any) -> None:
    host = make_user("Host")
    players = [make_user(name) for name in ("Ada", "Bea", "Cem", "Dan")]
    start = timezone.now()
    tournament = services.create_tournament(host, name="Round Swiss", kind="citadels", format="swiss", table_size=2,
                                            max_players=8, rounds=2, signup_until=start + timedelta(days=1))
    for player in players:
        services.join(player, tournament.pk)
    page = page_for(players[0])
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    assert page.locator("ol.entrants li").count() == 4 and page.locator("table.round").count() == 0

    report = services.advance_due(now=start + timedelta(days=1, minutes=1))  # sign-up's end: the round starts
    assert any(step.endswith("started") for step in report.steps)
    page.reload()
    round_one = page.locator("table.round")
    round_one.first.wait_for()
    games = list(Game.objects.filter(status=Game.Status.ACTIVE).order_by("pk"))
    assert len(games) == 2
    for game in games:
        assert page.locator(f'table.round a[href="/games/{game.pk}/"]').count() == 1
    assert page.get_by_role("heading", name="Round 1").count() == 1
    assert page.locator("table.standings caption").inner_text() == "Standings: points, then Buchholz, then Sonneborn-Berger"
    assert_accessible(page, "a running tournament")

    play(games[0], random.Random(7))
    services.advance_due(now=start + timedelta(days=1, minutes=2))
    page.reload()
    standings = page.locator("table.standings tbody tr")
    standings.first.wait_for()
    top = standings.first.inner_text()
    assert top.split("\t")[0].strip() == "1" and "\t2\t1\t" in top  # rank 1: 2 points from 1 game
    finished = page.locator("table.round tbody tr", has_text="finished")
    assert finished.count() == 1
    assert_accessible(page, "the standings after a result")
    page.locator(f'table.round a[href="/games/{games[1].pk}/"]').click()
    page.wait_for_url(f"**/games/{games[1].pk}/")
