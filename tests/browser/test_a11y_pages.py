"""Issue 40: every page of the site at 390 px and 1366 px (a test each), each page once: axe-core finds
no violation of any impact (tests/browser/axe.py records each run in var/axe) and every control is a target of
at least 24 x 24 CSS px (tests/browser/targets.py: WCAG 2.5.8, with its inline exception).

The pages: home and lobby, the new-game form, a waiting room, a Citadels and a Dominion table as a player,
as a signed-in spectator and as a guest, an ended game (its table, its history page, its replay, its
story), a player's profile and numbers, the settings, the tournaments and leagues (lists, new forms, one
each), the leaderboards, the rules of both games (index and one card), the API docs, sign-in and sign-up,
the password reset, privacy and imprint, and an unknown address (404)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.dominion.site.conftest import stacked_game
from tests.games.helpers import started_game
from tests.stats.helpers import ended_tournament, finished_game
from tournaments.services.league import create_league

from .axe import assert_no_violations
from .conftest import signed_in_tab
from .targets import small_targets
from .test_live_in_place import move_for

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WIDTHS = [{"width": 390, "height": 844}, {"width": 1366, "height": 900}]


def _site(make_user: Any) -> dict[str, Any]:
    """The users and the things the pages show: games in every state, a tournament, a league."""
    anna, ben, cleo, dora = (make_user(name, language="en") for name in ("Anna", "Ben", "Cleo", "Dora"))
    citadels = started_game([anna, ben])
    rng = random.Random(40)
    for _ in range(3):  # a few moves: the history has lines, the turn has passed
        move_for(citadels, citadels.awaiting[0], rng)
    dominion, _seats = stacked_game([anna, ben])
    waiting = services.create_game(anna, "citadels", 3)
    ended = finished_game([anna, ben], "citadels", 41)
    tournament = ended_tournament(anna, [anna, ben], "citadels", 42)
    league = create_league(
        anna,
        name="Autumn league",
        kind="citadels",
        players=[anna, ben, cleo, dora],
        group_size=4,
        seasons=1,
        table_size=2,
    )
    return {
        "anna": anna,
        "cleo": cleo,
        "citadels": citadels,
        "dominion": dominion,
        "waiting": waiting,
        "ended": ended,
        "tournament": tournament,
        "league": league,
    }


def _pages(site: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(who, what, address) of every page: who is "player" (Anna, seated everywhere), "spectator" (Cleo,
    signed in, in no game) or "guest" (not signed in)."""
    anna = site["anna"].pk
    c, d, e = site["citadels"].pk, site["dominion"].pk, site["ended"].pk
    player = [
        ("home and lobby", "/"),
        ("new game form", "/games/new/"),
        ("waiting room", f"/games/{site['waiting'].pk}/"),
        ("citadels table", f"/games/{c}/"),
        ("dominion table", f"/games/{d}/"),
        ("citadels history", f"/games/{c}/history"),
        ("ended game", f"/games/{e}/"),
        ("replay", f"/games/{e}/?at=1"),
        ("story", f"/games/{e}/story"),
        ("profile", f"/players/{anna}/"),
        ("numbers", f"/players/{anna}/numbers"),
        ("settings", "/settings/"),
        ("tournaments", "/tournaments/"),
        ("new tournament", "/tournaments/new/"),
        ("tournament", f"/tournaments/{site['tournament'].pk}/"),
        ("leagues", "/leagues/"),
        ("new league", "/leagues/new/"),
        ("league", f"/leagues/{site['league'].pk}/"),
        ("leaderboards", "/leaderboards/"),
        ("citadels leaderboard", "/leaderboards/citadels/"),
        ("delete account", "/accounts/delete/"),
    ]
    spectator = [("citadels table", f"/games/{c}/"), ("dominion table", f"/games/{d}/"), ("home", "/")]
    guest = [
        ("citadels table", f"/games/{c}/"),
        ("dominion table", f"/games/{d}/"),
        ("home", "/"),
        ("citadels rules", "/rules/citadels/"),
        ("dominion rules", "/rules/dominion/"),
        ("API docs", "/api/docs/"),
        ("sign in", "/accounts/login/"),
        ("sign up", "/accounts/register/"),
        ("password reset", "/accounts/password-reset/"),
        ("privacy", "/privacy/"),
        ("imprint", "/imprint/"),
        ("not found", "/no-such-page/"),
    ]
    return (
        [("player", w, a) for w, a in player]
        + [("spectator", w, a) for w, a in spectator]
        + [("guest", w, a) for w, a in guest]
    )


def _visit(page: Any, address: str, what: str, problems: list[str], smallest: list[dict[str, Any]]) -> None:
    """Open the page, check it with axe and measure its targets; a failure is written into `problems`."""
    response = page.goto(address)
    expected = 404 if what.startswith("not found") else 200
    if response is None or response.status != expected:
        problems.append(f"{what}: HTTP {response.status if response else None}")
        return
    width = page.viewport_size["width"]
    try:
        assert_no_violations(page, f"{what} ({width} px)")
    except AssertionError as error:
        problems.append(str(error))
    measured = small_targets(page)
    if measured["smallest"]:
        smallest.append({**measured["smallest"], "page": f"{what} {width}"})
    for target in measured["small"]:
        problems.append(
            f"{what} ({width} px): target {target['what']} is {target['width']} x {target['height']} px"
        )


def _card_pages(page: Any, base: str) -> list[tuple[str, str]]:
    """One card's rules page of each game (the first card its rules index links to)."""
    found = []
    for kind in ("citadels", "dominion"):
        page.goto(f"{base}/rules/{kind}/")
        href = page.eval_on_selector_all(
            f"main a[href^='/rules/{kind}/']", "(links) => links.map((a) => a.getAttribute('href'))"
        )
        cards = [h for h in href if re.fullmatch(rf"/rules/{kind}/[^/]+/", h)]
        assert cards, f"the {kind} rules link no card"
        found.append((f"{kind} rules card", cards[0]))
    return found


# One test a width: two tests of half the length share the suite's two workers (one long test is its tail).
@pytest.mark.parametrize("viewport", WIDTHS, ids=[str(w["width"]) for w in WIDTHS])
def test_every_page_has_no_violation_and_big_enough_targets(
    viewport: dict[str, int], make_user: Any, browser: Any, live_server: Any
) -> None:
    started = time.monotonic()
    site = _site(make_user)
    print(f"the site's games, tournament and league made in {time.monotonic() - started:.0f} s")
    users = {"player": site["anna"], "spectator": site["cleo"], "guest": None}
    problems: list[str] = []
    smallest: list[dict[str, Any]] = []
    visited = 0
    # A test client each (one client's sign-in of the next user would end the session of the previous).
    tabs = {
        who: signed_in_tab(browser, live_server, Client(), user, console=False, viewport=viewport)
        for who, user in users.items()
    }
    pages = _pages(site) + [("guest", w, a) for w, a in _card_pages(tabs["guest"], live_server.url)]
    for who, what, address in pages:
        _visit(tabs[who], live_server.url + address, f"{what} as {who}", problems, smallest)
        visited += 1
    for tab in tabs.values():
        tab.context.close()
    print(f"{viewport['width']} px done at {time.monotonic() - started:.0f} s")
    assert visited == len(pages)
    least = min(smallest, key=lambda s: min(s["width"], s["height"]))
    print(f"{visited} pages checked; the smallest target: {least}")
    assert not problems, "\n".join(problems)
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() >= 2
