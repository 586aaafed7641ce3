"""The game page (`/games/{id}/`) in a real browser: its buttons, its fetch to the API, replay, "I'm back".

Every test runs against pytest-django's `live_server` in headless Chromium (see conftest.py). Games are set
up through the services; the moves under test are made by clicking the page's own buttons, and their
effects are checked both on the reloaded page and in the database.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone, translation

from citadels import RULES
from citadels.cards import CHARACTERS
from citadels.site import words
from games import services, store
from games.models import Command, Event, Game
from tests.games.helpers import seat_users, started_game

from .conftest import SCREENSHOTS, hold_live_updates, moved_in_place

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-secret-pw-1"  # what tests/conftest.py's make_user gives every user

# Commands the driver below prefers when it plays seats through the services: plain ones first, so that
# games move on without murders or thefts that would make a test's seat skip its turn.
_PREFERRED = ["build", "take_gold", "end_turn", "decline_graveyard", "draw_cards", "keep_card", "choose_character"]


def _pick(commands: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in _PREFERRED:
        for command in commands:
            if command["type"] == kind and command.get("character") not in ("assassin", "thief"):
                return command
    return commands[0]


def _view(game: Game, seat: int | None) -> dict[str, Any]:
    game.refresh_from_db()
    return RULES.view(store.load_state(game, use_cache=False), seat)


def _legal(game: Game, seat: int) -> list[dict[str, Any]]:
    game.refresh_from_db()
    if seat not in game.awaiting:
        return []
    return RULES.legal_commands(store.load_state(game, use_cache=False), seat)


def _play_until(game: Game, done: Any, limit: int = 300) -> None:
    """Play the awaited seats through the services until `done(game)` holds."""
    users = seat_users(game)
    for _ in range(limit):
        game.refresh_from_db()
        if done(game):
            return
        assert game.status == Game.Status.ACTIVE, "the game ended before the test got where it wanted"
        seat = game.awaiting[0]
        services.execute(users[seat], game.pk, _pick(_legal(game, seat)), expected_version=game.version)
    raise AssertionError("the game never got where the test wanted")


def _row(page: Any, name: str) -> list[str]:
    """A player's box on the table: [marker+name, gold, hand size, city (names, or "(none)")]."""
    box = page.locator("article.player").filter(
        has=page.locator("h3", has_text=re.compile(rf"^(▶ )?{re.escape(name)}( \(you\))?( ♕)?$"))
    )
    assert box.count() == 1, f"no single player box for {name}: {page.locator('.players').inner_text()}"
    title = box.locator("h3").inner_text().replace(" ♕", "").replace(" (you)", "").strip()
    facts = box.locator(".facts").inner_text()
    gold, hand = re.search(r"(\d+) gold · (\d+) cards? in hand", facts).groups()  # type: ignore[union-attr]
    city = [b.strip() for b in box.locator("ul.city li.card b").all_inner_texts()]
    return [title, gold, hand, ", ".join(city) if city else "(none)"]


def _en(function: Any, *args: Any) -> Any:
    with translation.override("en"):
        return function(*args)


def _hand_text(view: dict[str, Any]) -> str:
    return " ".join(_en(words.district_name, d) for d in view["hand"])


def _uncaught(page: Any) -> list[str]:
    return [e for e in page.js_errors if e.startswith("uncaught")]


def _three_players(make_user: Any) -> tuple[Game, dict[int, Any]]:
    users = [make_user(f"Player{i}") for i in range(3)]
    game = started_game(users)
    return game, seat_users(game)


# --- (1) a player plays from the page ------------------------------------------------------------------


def test_player_signs_in_chooses_a_character_then_takes_gold(make_user: Any, browser: Any, live_server: Any) -> None:
    game, users = _three_players(make_user)
    seat = game.awaiting[0]
    me = users[seat]
    url = f"{live_server.url}/games/{game.pk}/"

    # Sign in through the real login form; it sends the player on to the game page.
    context = browser.new_context()
    context.set_default_timeout(10_000)
    page = context.new_page()
    hold_live_updates(page)  # the others' moves below must not reload the page under the test's own reload
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/accounts/login/?next=/games/{game.pk}/")
    page.fill("input[name=username]", me.email)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(url)

    # The player's own view: name in the nav, hand, gold and city of everyone, and the draft's choices.
    view = _view(game, seat)
    assert page.locator("nav").inner_text().count(me.display_name) == 1
    assert page.locator("h1").inner_text() == f"Citadels #{game.pk} being played"
    assert page.locator("#game").get_attribute("data-version") == str(game.version)
    assert " ".join(page.locator("ul.hand li.card b").all_inner_texts()) == _hand_text(view)
    for player in view["players"]:
        name = users[player["seat"]].display_name
        marker = "▶ " if player["seat"] == seat else ""
        assert _row(page, name) == [f"{marker}{name}", str(player["gold"]), str(player["hand_size"]), "(none)"]
    buttons = page.locator("#commands button.cmd")
    legal = _legal(game, seat)
    # The draft's characters in the order they are called (the rules list them by id).
    by_rank = sorted(legal, key=lambda c: CHARACTERS[c["character"]].rank)
    assert [c["type"] for c in legal] == ["choose_character"] * len(legal)
    assert buttons.all_inner_texts() == [_en(words.describe_command, c, {}) for c in by_rank]
    assert page.locator("h2", has_text="Your choices").is_visible()

    # Click a character: the API stores the choice, the page shows it in place.
    choice = next(c for c in legal if c["type"] == "choose_character" and c["character"] not in ("assassin", "thief"))
    label = _en(words.describe_command, choice, {})
    version = game.version
    with moved_in_place(page):
        page.get_by_role("button", name=label, exact=True).click()
    game.refresh_from_db()
    assert game.version > version
    record = Command.objects.get(game=game, user=me)
    assert record.command == choice and record.seat == seat and record.first_seq == version + 1
    stored = list(Event.objects.filter(game=game, seq__gt=version).order_by("seq"))
    assert stored and all(e.actor_id == me.pk for e in stored) and stored[-1].seq == game.version
    character = _en(words.character_name, choice["character"])
    assert page.locator("#game").get_attribute("data-version") == str(game.version)
    assert character in page.locator("ul.characters").last.inner_text()
    assert page.get_by_role("button", name=label, exact=True).count() == 0

    # Let the others play (through the services) until this player's turn starts, then take gold.
    _play_until(game, lambda g: any(c["type"] == "take_gold" for c in _legal(g, seat)))
    page.reload()
    gold_before = _view(game, seat)["players"][seat]["gold"]
    assert _row(page, me.display_name)[0] == f"▶ {me.display_name}"
    version = game.version
    with moved_in_place(page):
        page.get_by_role("button", name="Take 2 gold", exact=True).click()
    game.refresh_from_db()
    assert game.version > version
    assert Command.objects.filter(game=game, user=me, command={"type": "take_gold"}, first_seq=version + 1).exists()
    assert _view(game, seat)["players"][seat]["gold"] == gold_before + 2
    assert _row(page, me.display_name)[1] == str(gold_before + 2)
    assert page.get_by_role("button", name="Take 2 gold", exact=True).count() == 0
    assert page.locator("#error").inner_text() == ""
    assert not errors, errors
    context.close()


# --- (2) errors from the API are shown -----------------------------------------------------------------


def test_stale_click_shows_the_conflict_from_the_api(make_user: Any, page_for: Any, live_server: Any) -> None:
    game, users = _three_players(make_user)
    seat = game.awaiting[0]
    url = f"{live_server.url}/games/{game.pk}/"
    first = page_for(users[seat])
    # Otherwise the first tab's live poll may notice the second tab's move and reload before the stale click
    # this test is about.
    hold_live_updates(first)
    first.goto(url)
    # The same player in a second tab moves first.
    second = first.context.new_page()
    second.goto(url)
    labels = second.locator("button.cmd").all_inner_texts()
    assert len(labels) >= 2
    with moved_in_place(second):
        second.get_by_role("button", name=labels[0], exact=True).click()
    game.refresh_from_db()
    moved_to = game.version
    events = Event.objects.filter(game=game).count()

    # The first tab still shows the old buttons; its click is refused with 409 and the API's message.
    with first.expect_response(lambda r: r.url.endswith(f"/api/games/{game.pk}/commands")) as answer:
        first.get_by_role("button", name=labels[1], exact=True).click()
    assert answer.value.status == 409
    error = first.locator("#error")
    expected = f"The game moved on: it is at version {moved_to}, not {moved_to - 1}."
    assert answer.value.json()["message"] == expected
    error.filter(has_text=expected).wait_for()
    assert error.get_attribute("role") == "alert" and error.is_visible()
    assert first.locator("button.cmd:disabled").count() == 0  # the buttons are usable again
    game.refresh_from_db()
    assert game.version == moved_to and Event.objects.filter(game=game).count() == events
    assert not _uncaught(first), first.js_errors


def test_click_after_signing_out_elsewhere_shows_the_api_message(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    game, users = _three_players(make_user)
    seat = game.awaiting[0]
    page = page_for(users[seat])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    other_tab = page.context.new_page()
    other_tab.goto(f"{live_server.url}/games/{game.pk}/")
    with other_tab.expect_navigation():
        other_tab.get_by_role("button", name="Sign out").click()
    with page.expect_response(lambda r: r.url.endswith("/commands")) as answer:
        page.locator("button.cmd").first.click()
    assert answer.value.status in (401, 403)
    message = answer.value.json()["message"]
    assert message
    page.locator("#error").filter(has_text=message).wait_for()
    assert Command.objects.filter(game=game).count() == 0
    assert not _uncaught(page), page.js_errors


def test_network_failure_is_shown_and_buttons_come_back(make_user: Any, page_for: Any, live_server: Any) -> None:
    """The request never gets an answer (server down, connection lost): the page must say so.

    Today `await fetch(...)` rejects, the handler dies with an uncaught TypeError, every button stays
    disabled and #error stays empty: the player sees a dead page and no reason.
    """
    game, users = _three_players(make_user)
    page = page_for(users[game.awaiting[0]])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.route("**/api/games/*/commands", lambda route: route.abort("connectionreset"))
    page.locator("button.cmd").first.click()
    page.wait_for_timeout(500)
    assert page.locator("#error").inner_text().strip() != "", "a failed request leaves no message on the page"
    assert page.locator("button.cmd:disabled").count() == 0, "a failed request leaves every button disabled"


def test_buttons_work_on_a_plain_http_host_that_is_not_localhost(
    make_user: Any, page_for: Any, live_server: Any, settings: Any
) -> None:
    """`crypto.randomUUID()` exists only in secure contexts (https, localhost). On plain http under any
    other name (a LAN address, `make run HOST=0.0.0.0`, an http-only staging host) the click handler throws
    before `fetch`, so nothing is sent, the buttons stay disabled and no message is shown."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "citadels.test"]
    game, users = _three_players(make_user)
    seat = game.awaiting[0]
    page = page_for(users[seat])
    port = live_server.url.rsplit(":", 1)[1]
    page.context.add_cookies([
        {"name": "sessionid", "value": page.context.cookies()[0]["value"], "url": f"http://citadels.test:{port}"}
    ])
    page.goto(f"http://citadels.test:{port}/games/{game.pk}/")
    assert page.evaluate("window.isSecureContext") is False
    version = game.version
    page.locator("button.cmd").first.click()
    page.wait_for_timeout(1000)
    game.refresh_from_db()
    assert not _uncaught(page), page.js_errors
    assert game.version > version, "the click sent no command"


# --- (3) spectators --------------------------------------------------------------------------------------


def test_spectator_sees_the_public_view_without_hand_or_buttons(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    game, users = _three_players(make_user)
    _play_until(game, lambda g: g.version >= 6)
    spectator = make_user("Watcher")
    public = _view(game, None)
    secret_cards = {
        _en(words.district_name, d) for s in users for d in _view(game, s)["hand"]
    }
    for viewer in (spectator, None):
        page = page_for(viewer)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        body = page.locator("main").inner_text()
        for player in public["players"]:
            name = users[player["seat"]].display_name
            row = _row(page, name)
            assert row[1:3] == [str(player["gold"]), str(player["hand_size"])]
        assert "Your hand" not in body and "Your characters" not in body and "Your choices" not in body
        assert page.locator("button.cmd").count() == 0 and page.locator("#error").count() == 0
        assert page.locator("ol.history li").count() == game.version  # the public history, one line per event
        leaked = sorted(card for card in secret_cards if card in body)
        assert not leaked, f"a spectator sees cards in hands: {leaked}"
        nav = page.locator("nav").inner_text()
        assert ("Watcher" in nav) if viewer else ("Sign in" in nav)
        assert not _uncaught(page), page.js_errors


# --- (4) replay ------------------------------------------------------------------------------------------


def _game_after_taking_gold(make_user: Any) -> tuple[Game, dict[int, Any], int, int]:
    """A game in which a seat just took gold: (game, users, that seat, the version before it)."""
    game, users = _three_players(make_user)
    _play_until(game, lambda g: any(c["type"] == "take_gold" for s in g.awaiting for c in _legal(g, s)))
    seat = game.awaiting[0]
    before = game.version
    services.execute(users[seat], game.pk, {"type": "take_gold"}, expected_version=before)
    game.refresh_from_db()
    return game, users, seat, before


def test_replay_shows_the_earlier_state(make_user: Any, page_for: Any, live_server: Any) -> None:
    game, users, seat, before = _game_after_taking_gold(make_user)
    me = users[seat]
    now_gold = _view(game, seat)["players"][seat]["gold"]
    then = RULES.view(store.load_state(game, at=before, use_cache=False), seat)
    page = page_for(me)

    page.goto(f"{live_server.url}/games/{game.pk}/?at={before}")
    assert f"after step {before} of {game.version}." in page.locator("main").inner_text()
    assert _row(page, me.display_name)[1] == str(then["players"][seat]["gold"]) == str(now_gold - 2)
    assert " ".join(page.locator("ul.hand li.card b").all_inner_texts()) == _hand_text(then)
    assert page.locator("button.cmd").count() == 0  # no playing from the past

    # The arrow steps one event forward: the gold is there; "now" goes back to the live page.
    with page.expect_navigation():
        page.get_by_role("link", name="Next step").click()
    assert page.url.endswith(f"?at={before + 1}")
    assert _row(page, me.display_name)[1] == str(now_gold)
    with page.expect_navigation():
        page.get_by_role("link", name="Back").click()
    assert page.url.endswith(f"?at={before}")
    with page.expect_navigation():
        page.get_by_role("link", name="Leave the replay").click()
    assert page.url == f"{live_server.url}/games/{game.pk}/"
    assert "Replay:" not in page.locator("main").inner_text()
    assert _row(page, me.display_name)[1] == str(now_gold)

    # A replay position that does not exist: the error page with the API's message.
    answer = page.goto(f"{live_server.url}/games/{game.pk}/?at={game.version + 5}")
    assert answer is not None and answer.status == 400
    assert f"at must be between 1 and {game.version}." in page.locator("main").inner_text()
    assert not _uncaught(page), page.js_errors


def test_replay_history_stops_at_the_replayed_event(make_user: Any, page_for: Any, live_server: Any) -> None:
    """`?at=N` is "the game as it was after event N", but the History list is always the whole history:
    at event 1 of a finished game's replay the page already lists every later move and the end."""
    game, users, seat, before = _game_after_taking_gold(make_user)
    page = page_for(users[seat])
    page.goto(f"{live_server.url}/games/{game.pk}/?at=2")
    assert page.locator("ol.history li").count() == 2, page.locator("ol.history").inner_text()


# --- "I'm back" -------------------------------------------------------------------------------------------


def test_im_back_button_hands_the_seat_back_to_the_player(make_user: Any, page_for: Any, live_server: Any) -> None:
    from games.models import SeatPresence

    game, users = _three_players(make_user)
    seat = (game.awaiting[0] + 1) % 3  # not the awaited seat: no bot move is due for it now
    SeatPresence.objects.create(game=game, seat=seat, consecutive_timeouts=3, total_timeouts=3, absent_since=timezone.now())
    page = page_for(users[seat])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.get_by_text("The bot plays your seat.").is_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="I'm back").click()
    assert page.url == f"{live_server.url}/games/{game.pk}/"
    assert page.get_by_text("The bot plays your seat.").count() == 0
    assert page.get_by_role("button", name="I'm back").count() == 0
    presence = SeatPresence.objects.get(game=game, seat=seat)
    assert presence.absent_since is None and presence.consecutive_timeouts == 0
    assert not _uncaught(page), page.js_errors


# --- (5) a screenshot to look at ----------------------------------------------------------------------------


def test_screenshot_mid_game(make_user: Any, page_for: Any, live_server: Any) -> None:
    users = [make_user(name) for name in ("Alice", "Bob", "Carol", "Dave")]
    game = started_game(users)
    by_seat = seat_users(game)
    # Into the second round, up to a player's turn with choices to make.
    _play_until(game, lambda g: g.version > 2 and _view(g, None)["round"] >= 2 and g.awaiting
                and any(c["type"] == "take_gold" for c in _legal(g, g.awaiting[0])))
    seat = game.awaiting[0]
    page = page_for(by_seat[seat])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.locator("button.cmd").count() >= 2
    assert any(_row(page, by_seat[s].display_name)[3] != "(none)" for s in by_seat), "no city built yet"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path: Path = SCREENSHOTS / "game_page.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    assert not _uncaught(page), page.js_errors
