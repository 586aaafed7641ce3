"""Issue 40: a whole Citadels game played on the table by the keyboard alone and through the accessibility
tree alone, at 390 px and at 1366 px.

The player's seat moves only by Tab/Shift+Tab, the arrow keys, Space and Enter (tests/browser/keyboard.py,
which holds every focus stop visible and uncovered) on controls found by their role and accessible name;
the other seat moves through the services between (tests/browser/citadels_plan.py says what both choose,
on a stacked deck), and the page follows live. Each decision kind met for the first time, and the game's
end, is checked by axe-core with no violation of any impact; the live region tells another player's move.
The kinds met are written down and must be the plan's whole set.
"""

from __future__ import annotations

import importlib
import json
import re
import time
from typing import Any

import pytest
from django.utils import translation
from playwright.sync_api import expect

from citadels import RULES
from citadels.site import words
from games import services, store
from games.models import Game
from tests.games.helpers import seat_users

from .axe import assert_no_violations
from .citadels_plan import BASE, DARK_CITY, Plan, bot_pick, kind_of, my_pick
from .keyboard import press, tab_to

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

citadels_table = importlib.import_module("citadels.site.table")  # (the package's `table` is the function)
WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}


def _shown_version(page: Any) -> str:
    # What the page shows of the game (read, never clicked): #game's data-version.
    return str(page.evaluate("() => document.getElementById('game').dataset.version"))


def _until_shown(page: Any, game: Game, timeout: float = 15.0) -> None:
    """Wait until the page (live, in place) shows the game's current version."""
    game.refresh_from_db()
    deadline = time.monotonic() + timeout
    while _shown_version(page) != str(game.version):
        assert time.monotonic() < deadline, (
            f"the page shows version {_shown_version(page)}, the game {game.version}"
        )
        page.wait_for_timeout(50)


def _labels(
    view: dict[str, Any], me: int, names: dict[int, str], legal: list[dict[str, Any]]
) -> dict[str, str]:
    """The English name of each command's button as the table names it (json -> label)."""
    with translation.override("en"):
        shown = citadels_table.table(view, me, names, legal)
    return {b["json"]: b["label"] for b in shown["buttons"]}


def _card_choice(page: Any, command: dict[str, Any]) -> None:
    """Check the card of a card choice (a radio, or a checkbox of the Magician's) by the keyboard and send it."""
    spec = citadels_table._CARD_CHOICES[command["type"]]
    with translation.override("en"):
        legend, confirm = str(spec.title), str(spec.confirm)
        district = command.get(spec.field) if not spec.multiple else command["districts"][0]
        summary = words.district_summary(str(district))
    group = page.get_by_role("group", name=legend)
    role = "checkbox" if spec.multiple else "radio"
    box = group.get_by_role(role, name=summary, exact=True).first
    tab_to(page, box)
    if spec.multiple:
        press(page, "Space")
    expect(box).to_be_checked()
    tab_to(page, group.get_by_role("button", name=confirm, exact=True))
    press(page, "Enter")


def _play(page: Any, game: Game, command: dict[str, Any], label: str | None) -> None:
    """My move by the keyboard; a question the table asks first (a wasteful end of turn) answered by Enter again."""
    version = game.version
    if label is None:
        _card_choice(page, command)
    else:
        tab_to(page, page.get_by_role("button", name=label, exact=True))
        press(page, "Enter")
    deadline = time.monotonic() + 10
    asked = False
    while True:
        game.refresh_from_db()
        if game.version != version:
            return
        if (
            not asked
            and time.monotonic() > deadline - 8.5
            and page.get_by_role("alert").filter(has_text="?").count()
        ):
            press(page, "Enter")  # "Press the button again to do it."
            asked = True
        assert time.monotonic() < deadline, f"{command} was not played"
        page.wait_for_timeout(50)


def _check_names(page: Any, kind: str, view: dict[str, Any]) -> None:
    """Examples of the names a screen reader hears, as a sighted player reads them on the table."""
    if kind == "take_gold":
        expect(page.get_by_role("button", name="Take 2 gold", exact=True)).to_be_visible()
        expect(page.get_by_role("button", name="Draw 2 cards, keep 1", exact=True)).to_be_visible()
    if kind == "build":
        expect(
            page.get_by_role("button", name=re.compile(r"^Build [A-Z][a-z ]+ \(pay \d gold\)$")).first
        ).to_be_visible()
    if kind == "use_laboratory":
        group = page.get_by_role("group", name="Laboratory: discard one card for 1 gold")
        expect(group.get_by_role("radio").first).to_have_accessible_name(
            re.compile(r"^[A-Z][a-z ]+, (yellow|blue|green|red|purple), costs \d gold")
        )
    if kind in ("choose_character", "discard_character"):
        expect(
            page.get_by_role("button", name=re.compile(r"^(Choose the|Lay the) [A-Z]")).first
        ).to_be_visible()
    # The other answer of a one-time decision, named beside the one the plan takes (not pressed).
    others = {
        "use_graveyard": "Leave the destroyed district",
        "search_deck": "Lighthouse: leave the deck unsearched",
        "navigate:gold": "Navigator: draw 4 cards",
    }
    if kind in others:
        expect(page.get_by_role("button", name=others[kind], exact=True)).to_be_visible()
    for heading in ("Your choices", "The round", "Your hand and characters", "Players"):
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_attached()
    me = page.get_by_role("article", name=re.compile(r"\(you\)$"))
    expect(me.get_by_text(re.compile(r"\d+ gold · \d+ cards? in hand"))).to_be_visible()
    expect(me.get_by_role("list", name=re.compile(r"^City of "))).to_be_visible()


def _whole_game(plan: Plan, width: str, make_user: Any, page_for: Any, live_server: Any) -> dict[str, Any]:
    users = [make_user("Anna", language="en"), make_user("Ben", language="en")]
    game = services.create_game(users[0], "citadels", 2, options=plan.options, trusted=True)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    seats = seat_users(game)
    me, bot = 0, 1  # the stacked deck deals seat 0 the plan's purples: the browser plays that seat
    names = {seat: user.display_name for seat, user in seats.items()}
    page = page_for(seats[me])
    page.set_viewport_size(WIDTHS[width])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    met: set[str] = set()
    checked: set[str] = set()
    announced = False
    moves = 0
    times: dict[str, float] = {}  # seconds waiting for the page to catch up, playing my moves, the bot's
    axe_time = 0.0
    for _ in range(800):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = store.load_state(game, use_cache=False)
        seat = game.awaiting[0]
        legal: list[dict[str, Any]] = [dict(c) for c in RULES.legal_commands(state, seat)]
        if seat == bot:
            before = page.get_by_role("status").all_inner_texts()
            t0 = time.monotonic()
            services.execute(
                seats[bot], game.pk, bot_pick(plan, state, me, bot, legal, met), expected_version=game.version
            )
            times["bot"] = times.get("bot", 0) + time.monotonic() - t0
            if not announced:  # the polite live region tells the bot's move
                _until_shown(page, game)
                # (shell's #live-status tells the move's new history lines, which name the bot's player)
                told = page.get_by_role("status").filter(has_text=re.compile(rf"\b{re.escape(names[bot])}\b"))
                expect(told.first).to_be_attached()
                announced = page.get_by_role("status").all_inner_texts() != before
            continue
        command = my_pick(plan, state, me, bot, legal, met)
        kind = kind_of(command)
        t0 = time.monotonic()
        _until_shown(page, game)
        times["shown"] = times.get("shown", 0) + time.monotonic() - t0
        if kind not in checked:
            checked.add(kind)
            _check_names(page, kind, RULES.view(state, me))
            axe_started = time.monotonic()
            assert_no_violations(page, f"citadels {plan.name} {kind} {WIDTHS[width]['width']}")
            axe_time += time.monotonic() - axe_started
        label = (
            None
            if command["type"] in citadels_table._CARD_CHOICES
            else _labels(RULES.view(state, me), me, names, legal)[json.dumps(command)]
        )
        t0 = time.monotonic()
        _play(page, game, command, label)
        times["play"] = times.get("play", 0) + time.monotonic() - t0
        met.add(kind)
        moves += 1
    assert game.status == Game.Status.FINISHED, "the game did not end"
    _until_shown(page, game)
    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    assert_no_violations(page, f"citadels {plan.name} game end {WIDTHS[width]['width']}")
    assert announced, "the live region never told the other player's move"
    assert met == plan.kinds, f"not met: {sorted(plan.kinds - met)}"
    assert not [e for e in page.js_errors if e.startswith("uncaught")], page.js_errors
    return {
        "moves": moves,
        "kinds": sorted(met),
        "rounds": state.round,
        "axe_runs": len(checked) + 1,
        "axe_seconds": round(axe_time, 1),
        **{f"{k}_seconds": round(v, 1) for k, v in times.items()},
    }


# The base game at the phone's width, Dark City (more districts, more choices) at the desktop's: a whole game
# at each width, every decision kind of each plan (both plans at both widths took 3 minutes more of the suite).
@pytest.mark.parametrize("plan, width", [(BASE, "phone"), (DARK_CITY, "desktop")], ids=["base-phone", "dark_city-desktop"])
def test_a_whole_game_by_keyboard_alone(
    plan: Plan, width: str, make_user: Any, page_for: Any, live_server: Any
) -> None:
    """The plan's every decision kind met by the keyboard, axe-clean at each, to the final scores."""
    started = time.monotonic()
    facts = _whole_game(plan, width, make_user, page_for, live_server)
    print(f"\n{plan.name} game at {width}: {facts} in {time.monotonic() - started:.1f} s")
