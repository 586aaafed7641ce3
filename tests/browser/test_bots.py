"""A player alone against bots in a real browser (headless Chromium, see conftest.py): "Play now against
bots" from the lobby starts a game of the player and two bots at once; the player plays every decision by
the table's buttons, the bots move by themselves (the bot task, run by a Celery worker in this process),
and the page follows their moves live, to the game's end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Command, Game, Seat
from games.services import bots

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def bot_worker() -> Iterator[None]:
    """A Celery worker in a thread of this process (the tests' in-memory broker), so the bots' tasks run on
    the test database with their countdown, as in production."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        yield


def test_a_player_alone_plays_a_game_against_two_bots(
    page_for: Any, make_user: Any, live_server: Any, bot_worker: None, monkeypatch: Any
) -> None:
    # The bots' pause before each move (a second, that a player sees them move) shortened: a game has about
    # a hundred bot moves, and the pause is not what this test is about.
    monkeypatch.setattr(bots, "BOT_DELAY_SECONDS", 0.05)
    player = make_user("alone")
    page = page_for(player)
    page.goto(live_server.url + "/")
    form = page.locator("#play-bots")
    form.get_by_label("Game").select_option("citadels")
    form.get_by_label("Bots").select_option("2")
    form.get_by_label("Level").select_option("easy")
    form.get_by_role("button", name="Play now").click()
    expect(page.locator("#game")).to_be_visible()
    game = Game.objects.get(created_by=player)
    assert game.status == Game.Status.ACTIVE and not game.rated
    human = Seat.objects.get(game=game, user=player).index
    deadline = time.monotonic() + 600
    clicks = 0
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        if human not in game.awaiting:
            time.sleep(0.2)  # the bots' turn: they move by themselves
            continue
        version = str(game.version)
        expect(page.locator("#game")).to_have_attribute("data-version", version, timeout=15_000)  # live
        buttons = page.locator("#commands button.cmd")
        if buttons.count() == 0:
            page.reload()
            continue
        buttons.first.click()
        page.wait_for_load_state()
        confirm = page.locator("form button[type=submit].primary")
        if "/move" in page.url and confirm.count():
            confirm.first.click()  # a move the rules ask a second thought about
        expect(page.locator("#game")).not_to_have_attribute("data-version", version, timeout=15_000)
        clicks += 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"not finished after {clicks} clicks"
    bot_commands = Command.objects.filter(game=game).exclude(seat=human)
    assert bot_commands.exists() and not bot_commands.filter(by_service=False).exists()
    assert not Command.objects.filter(game=game, seat=human, by_service=True).exists()
    page.reload()
    expect(page.locator("#game")).to_be_visible()
    assert not page.js_errors
    page.context.close()
