"""A newcomer's whole path in a real browser (headless Chromium, see conftest.py), only by clicking:

sign up, create a game, invite a friend by link, the friend signs up through it and joins, both play a
complete two-player game to its end, then replay it step by step; switch to German and see the pages and
the next email in German; declare a vacation and see the deadline paused. axe-core checks every kind of
page on the way (no serious or critical violation); screenshots at phone and desktop size go to
var/screenshots/.
"""

from __future__ import annotations

import json
import re
import zoneinfo
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from accounts.local import format_date
from accounts.models import User
from games.models import Game
from notifications.models import Outbox
from notifications.rendering import render

from .axe import assert_accessible
from .conftest import SCREENSHOTS, hold_live_updates, moved_in_place

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-secret-pw-1"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# The kinds of page axe-core has seen (each is checked once: the game has ~150 steps of the same pages).
_checked: set[str] = set()


def check(page: Any, kind: str) -> None:
    """axe-core over the page, once per kind of page; and nothing scrolls sideways at this width."""
    # A click that navigates returns once the navigation has started: read the page once it has loaded
    # (a run read a document whose root element was not there yet).
    page.wait_for_load_state()
    if kind not in _checked:
        _checked.add(kind)
        assert_accessible(page, kind)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{kind} scrolls sideways by {overflow}px"


def shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def sign_up(page: Any, base: str, email: str, name: str, start: str | None = None) -> None:
    """Sign up through the form (from `start`, e.g. an invite page's link): signed in at once (issue 35),
    confirm by mail, then on to where the sign-up began."""
    if start is None:
        page.goto(base + "/")
        check(page, "home signed out")
        page.get_by_role("link", name="Sign up").first.click()
    else:
        page.get_by_role("link", name="Sign up").last.click()
    check(page, "sign up")
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Display name").fill(name)
    page.get_by_label("Password").fill("short")
    page.get_by_role("button", name="Sign up").click()
    assert page.locator(".field.invalid").count() >= 1, "a weak password must be shown as an error"
    check(page, "sign up with errors")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Time zone").select_option("Europe/Berlin")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_text("an email is on its way").wait_for()
    # Signed in by the sign-up itself: the header offers to sign out, the page no sign-in.
    expect(page.locator("header.site").get_by_role("button", name="Sign out")).to_be_visible()
    assert page.locator("main").get_by_role("link", name="Sign in").count() == 0
    check(page, "signed up")
    page.get_by_role("link", name="Play now").click()
    page.wait_for_load_state()
    going_on = page.url
    link = re.search(r"http\S+/accounts/verify/\S+/", mail.outbox[-1].body).group(0)  # type: ignore[union-attr]
    page.goto(base + "/" + link.split("://", 1)[1].split("/", 1)[1])
    page.get_by_role("heading", name="Address confirmed").wait_for()
    page.goto(going_on)


def _choose(page: Any) -> str:
    """Click one sensible choice on the table; returns the command type clicked."""
    form = page.locator("form.card-choice[data-type=keep_card]").first
    if form.count():  # the one card choice that must be made (the others are optional powers)
        kind = form.get_attribute("data-type")
        form.locator("label.card").first.click()
        with moved_in_place(page):
            form.get_by_role("button").click()
        return str(kind)
    buttons = page.locator("button.cmd")
    commands = [json.loads(b) for b in buttons.evaluate_all("els => els.map(e => e.dataset.command)")]
    kinds = [c["type"] for c in commands]
    hand = page.locator("ul.hand li.card").count()
    preferred = ["build", "collect_income", "keep_card", "decline_graveyard", "choose_character", "discard_character"]
    if "take_gold" in kinds:
        preferred.insert(0, "take_gold" if hand >= 2 or "draw_cards" not in kinds else "draw_cards")
    preferred.append("end_turn")
    for kind in preferred:
        if kind in kinds:
            with moved_in_place(page):
                buttons.nth(kinds.index(kind)).click()
            return kind
    raise AssertionError(f"no choice to click among {kinds}")


def play_to_the_end(game: Game, pages: dict[int, Any], url: str) -> int:
    """Both players click through the whole game; returns the number of clicks."""
    clicks = 0
    seen: set[str] = set()
    for _ in range(600):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return clicks
        page = pages[game.awaiting[0]]
        page.goto(url)
        kind = _choose(page)
        if kind not in seen:  # each kind of decision once through axe-core (the page before the click)
            seen.add(kind)
            page.goto(url)
            check(page, f"table before {kind}")
        clicks += 1
    raise AssertionError("the game did not end")


def test_newcomer_path(browser: Any, live_server: Any) -> None:
    base = live_server.url
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.set_default_timeout(15_000)
    anna = context.new_page()
    sign_up(anna, base, "anna@example.org", "Anna")
    anna.get_by_role("heading", name="Your games").wait_for()
    check(anna, "lobby")

    # Create a game: a bad choice first (reminder after the deadline) is shown on the form.
    anna.get_by_role("link", name="Start a new game").click()
    check(anna, "new game")
    anna.get_by_label("Players").select_option("2")
    anna.get_by_label("Hours for each decision").fill("24")
    anna.get_by_label("Reminder, hours before the deadline").fill("30")
    anna.get_by_role("button", name="Create the game").click()
    anna.get_by_text("The reminder must come before the deadline.").wait_for()
    check(anna, "new game with errors")
    anna.get_by_label("Reminder, hours before the deadline").fill("6")
    anna.get_by_label("List the game in the lobby").uncheck()
    anna.get_by_role("button", name="Create the game").click()
    anna.get_by_role("heading", name=re.compile(r"#\d+: waiting room")).wait_for()
    check(anna, "waiting room")
    invite = anna.get_by_label("Invite link").input_value()
    game = Game.objects.get(created_by__email="anna@example.org")
    assert not game.listed

    # The friend opens the link signed out, signs up from it, comes back and takes the seat.
    friend_context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    friend_context.set_default_timeout(15_000)
    ben = friend_context.new_page()
    ben.goto(invite)
    check(ben, "invite signed out")
    sign_up(ben, base, "ben@example.org", "Ben", start=invite)
    ben.get_by_role("button", name="Take the seat").click()
    ben.get_by_role("heading", name=re.compile(r"#\d+: waiting room")).wait_for()
    check(ben, "waiting room (guest, phone)")
    shoot(ben, "waiting-room-phone")

    anna.reload()
    anna.get_by_role("button", name="Start the game").click()
    anna.locator("#game").wait_for()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    url = f"{base}/games/{game.pk}/"
    # Ben's waiting room follows the start by itself (a navigation of its own, which would interrupt one of
    # the test's started meanwhile).
    ben.locator("#game").wait_for()

    # Live update: Ben's page (not reloaded by the test) follows Anna's move.
    seats = {s.user.email: s.index for s in game.seats.select_related("user")}
    pages = {seats["anna@example.org"]: anna, seats["ben@example.org"]: ben}
    waiting_page = pages[1 - game.awaiting[0]]
    waiting_page.goto(url)
    version = waiting_page.locator("#game").get_attribute("data-version")
    pages[game.awaiting[0]].goto(url)
    _choose(pages[game.awaiting[0]])
    # A locator assertion, not wait_for_function: that evaluates a string, which the page's CSP forbids.
    expect(waiting_page.locator("#game")).not_to_have_attribute("data-version", version or "", timeout=15_000)

    ben.goto(url)
    shoot(ben, "table-phone")
    anna.goto(url)
    shoot(anna, "table-desktop")
    # From here each page is opened afresh before its click: the other's moves must not reload it meanwhile.
    for page in pages.values():
        hold_live_updates(page)
    clicks = play_to_the_end(game, pages, url)
    assert clicks > 20
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    anna.goto(url)
    anna.get_by_role("heading", name="Final scores").wait_for()
    check(anna, "finished table")
    shoot(anna, "finished-desktop")

    # Replay step by step: the first step, then "Next step" a few times, then the last.
    anna.get_by_role("link", name="Replay the game step by step").click()
    anna.get_by_text("after step 1 of").wait_for()
    check(anna, "replay")
    for step in range(2, 7):
        anna.get_by_role("link", name="Next step").click()
        anna.get_by_text(f"after step {step} of {game.version}").wait_for()
    anna.get_by_role("link", name="Back").click()
    anna.get_by_text(f"after step 5 of {game.version}").wait_for()
    assert anna.locator("ol.history li").count() == 5, "a replay tells no more history than its moment"
    anna.get_by_role("link", name="Last").click()
    anna.get_by_text(f"after step {game.version} of {game.version}").wait_for()
    ben.goto(url + "?at=3")
    shoot(ben, "replay-phone")
    check(ben, "replay (phone)")

    # The lobby lists the finished game with its replay link.
    anna.goto(base + "/")
    anna.get_by_role("heading", name="Finished games").wait_for()
    shoot(anna, "lobby-desktop")


def test_german_settings_and_vacation(browser: Any, live_server: Any, make_user: Any) -> None:
    """Switch to German in the settings: pages and the next email are German; a vacation pauses the deadline."""

    from games import services

    base = live_server.url
    anna = make_user("Anna", email_verified_at=timezone.now(), time_zone="Europe/Berlin")
    ben = make_user("Ben", email_verified_at=timezone.now())
    game = services.create_game(anna, players=2, time_control={"decision_hours": 48, "reminder_hours": 12})
    services.join_game(ben, game.pk)
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(base + "/accounts/login/")
    page.get_by_label("Email address").fill(anna.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="Settings").click()
    check(page, "settings")
    page.get_by_label("Display name").fill("")
    page.get_by_role("region", name="You", exact=True).get_by_role("button", name="Save", exact=True).click()
    page.locator(".field.invalid").first.wait_for()
    check(page, "settings with errors")
    page.get_by_label("Display name").fill("Anna")
    page.get_by_label("Language").select_option("de")
    page.get_by_role("region", name="You", exact=True).get_by_role("button", name="Save", exact=True).click()
    page.get_by_role("heading", name="Einstellungen").wait_for()
    check(page, "settings in German")
    shoot(page, "settings-de-phone")

    # The next email (the start of the game, then the turn) is German.
    before = Outbox.objects.filter(user=anna).count()
    page.goto(f"{base}/games/{game.pk}/")
    page.get_by_role("button", name="Partie beginnen").click()
    page.locator("#game").wait_for()
    check(page, "table in German")
    mails = list(Outbox.objects.filter(user=anna).order_by("id"))[before:]
    assert mails and all(m.language == "de" for m in mails)
    assert render(mails[0]).subject == f"Ohne Furcht und Adel #{game.pk} hat begonnen"
    assert "Hallo Anna," in render(mails[0]).text and "Einstellungen" in render(mails[0]).text
    if any(m.kind == "turn" for m in mails):
        turn = next(m for m in mails if m.kind == "turn")
        assert "Deine Möglichkeiten jetzt" in render(turn).text

    # A vacation from today: the game's deadline is paused, and the table says so.
    game.refresh_from_db()
    anna_seat = services.seat_of(game, anna)
    if anna_seat not in game.awaiting:
        services.execute(ben, game.pk, _first_legal(game, 1 - anna_seat), expected_version=game.version)
        game.refresh_from_db()
    assert anna_seat in game.awaiting
    deadline = game.deadline_at
    page.goto(base + "/settings/")
    today = timezone.localdate(timezone=zoneinfo.ZoneInfo(anna.time_zone))  # her day, not the server's (UTC)
    page.get_by_label("Erster Tag weg").fill(today.isoformat())
    page.get_by_label("Letzter Tag weg").fill((today - timezone.timedelta(days=2)).isoformat())
    page.get_by_role("button", name="Urlaub eintragen").click()
    page.get_by_text("Der letzte Tag kann nicht vor dem ersten liegen.").wait_for()
    last = today + timezone.timedelta(days=3)
    page.get_by_label("Letzter Tag weg").fill(last.isoformat())
    page.get_by_role("button", name="Urlaub eintragen").click()
    page.get_by_text("Gespeichert.").wait_for()
    # The days as entered, not the midnight after the last one (which read as a day too many).
    anna.refresh_from_db()  # her language is German now: the days are written as every page writes a day
    days = f"Weg vom {format_date(today, anna)} bis zum {format_date(last, anna)}, beide Tage eingeschlossen"
    page.get_by_text(days).wait_for()
    game.refresh_from_db()
    assert game.deadline_at > deadline + timezone.timedelta(days=2), "the vacation pushes the deadline back"
    page.goto(f"{base}/games/{game.pk}/")
    page.get_by_text("Die Uhr steht").wait_for()
    shoot(page, "vacation-table-de-phone")
    page.goto(base + "/settings/")
    page.get_by_role("button", name="Ich bin zurück: jetzt beenden").click()
    page.get_by_text("Willkommen zurück").wait_for()
    game.refresh_from_db()
    assert game.deadline_at < deadline + timezone.timedelta(hours=1), "ending it early gives the time back"


def _first_legal(game: Game, seat: int) -> dict[str, Any]:
    from games import store
    from games.registry import get_kind

    return get_kind(game.kind).rules.legal_commands(store.load_state(game), seat)[0]


def test_pages_signed_out_and_friendly_errors(browser: Any, live_server: Any, make_user: Any) -> None:
    """Signed out pages work; bad ids and foreign games get a friendly page in the site's look, never a 500."""
    from games import services

    base = live_server.url
    owner = make_user("Owner")
    game = services.create_game(owner, players=3)
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    for path, status, kind in [
        ("/", 200, "home signed out"),
        ("/accounts/login/", 200, "sign in"),
        ("/accounts/password-reset/", 200, "password reset"),
        (f"/games/{game.pk}/", 200, "waiting room signed out"),
        ("/games/999999/", 404, "error page"),
        ("/games/nonsense/", 404, "not found page"),
        ("/games/invite/forged/", 404, "bad invite"),
        (f"/games/{game.pk}/?at=x", 200, "waiting room signed out"),  # no replay before the start
    ]:
        answer = page.goto(base + path)
        assert answer.status == status, path
        check(page, kind)
        assert page.locator("header.site").count() == 1, f"{path} is not in the site's look"
    page.goto(base + "/settings/")
    assert "/accounts/login/" in page.url, "settings need a signed-in player"
    page.goto(base + "/accounts/password-reset/")
    page.get_by_label("Email address").fill("not an address")
    page.get_by_role("button", name="Send the link").click()
    page.locator(".field.invalid").wait_for()
    # A foreign game's host button: someone else cannot start it.
    stranger = make_user("Stranger")
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(base + "/accounts/login/")
    other.get_by_label("Email address").fill(stranger.email)
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Sign in").click()
    other.goto(f"{base}/games/{game.pk}/")
    other.get_by_role("button", name="Take a seat").click()
    other.get_by_role("button", name="Leave the game").wait_for()
    answer = other.request.post(f"{base}/games/{game.pk}/start", headers={"X-CSRFToken": _csrf(other)})
    assert answer.status == 403 and "Only the host" in answer.text()
    assert User.objects.filter(email=stranger.email).exists()


def _csrf(page: Any) -> str:
    return str(page.evaluate("document.querySelector('input[name=csrfmiddlewaretoken]').value"))
