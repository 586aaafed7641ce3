"""Two pages of a waiting room under uvicorn: a seat taken on one page appears on the host's open page in
place (no reload), with the notice, and in another player's lobby; the seat left too; when the last seat is taken and the game starts by
itself, the host's page becomes the table."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game

from .axe import assert_accessible
from .test_live import _open, asgi_server  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_seat_taken_and_left_changes_the_hosts_waiting_room_in_place(browser: Any, asgi_server: str,  # noqa: F811
                                                                       make_user: Any) -> None:
    host, guest, third = (make_user(name, language="en") for name in ("Hana", "Gus", "Tia"))
    game = services.create_game(host, players=3, auto_start=True)
    path = f"/games/{game.pk}/"
    hosts = _open(browser, asgi_server, host, path)
    guests = _open(browser, asgi_server, guest, path)
    lobby = _open(browser, asgi_server, third, "/")  # somebody else's lobby lists the open game
    listed = lobby.locator(f"ul.open-games li[data-game='{game.pk}']")
    expect(listed).to_contain_text("1 of 3 seats taken")
    expect(hosts.locator("ol.seats li.free")).to_have_count(2)

    guests.get_by_role("button", name="Take a seat").click()
    expect(hosts.locator("ol.seats")).to_contain_text("Gus", timeout=8_000)
    expect(hosts.locator("ol.seats li.free")).to_have_count(1)
    expect(hosts.locator("section.notices li").first).to_have_text("Gus took a seat.")
    expect(hosts.locator("#room-status")).to_have_text("The waiting room changed: the seats are updated.")
    assert hosts.evaluate("window.loadedOnce") == "yes"  # in place, not reloaded
    expect(listed).to_contain_text("2 of 3 seats taken", timeout=8_000)  # the lobby too, in place
    expect(lobby.locator("#lobby-status")).to_have_text("The lobby is updated.")
    assert lobby.evaluate("window.loadedOnce") == "yes"
    assert_accessible(hosts, "the waiting room after a seat was taken")

    guests.get_by_role("button", name="Leave the game").click()
    expect(hosts.locator("section.notices li").first).to_have_text("Gus left.", timeout=8_000)
    expect(hosts.locator("ol.seats li.free")).to_have_count(2)
    assert hosts.evaluate("window.loadedOnce") == "yes"

    lobby.close()
    services.join_game(guest, game.pk)
    services.join_game(third, game.pk)  # the last seat: the game starts by itself
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    expect(hosts.locator("#game")).to_have_attribute("data-version", str(game.version), timeout=8_000)
    assert not hosts.js_errors and not guests.js_errors, (hosts.js_errors, guests.js_errors)
