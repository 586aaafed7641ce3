"""Issue 35, the table changed in place by another player's moves (tests/browser/test_live.py has the stream):
"what is new" marks only what reads differently (a few elements, never the containers or the controls whose
change the reader does not see); the keyboard focus and the place the reader was reading stay put move
after move (a card, the chat field, a history link, a button in an opened <details>, the page merely
scrolled); a page opened at the reader's turn opens on their choices, otherwise on the first new line.
At 390 and 1366 px."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from chat import services as chat_services
from games import services, store
from games.models import Game
from games.registry import get_kind
from tests.dominion.site.conftest import stacked_game
from tests.games.helpers import seat_users, started_game
from tests.games.story_helpers import in_round, play_bots

from .conftest import signed_in_tab

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 800}],
                                ids=["390", "1366"])

# Before a move: every element's text (whitespace squashed), and the marks of the previous update dropped.
REMEMBER = """() => {
  const squash = (t) => t.replace(/\\s+/g, " ").trim();
  window.textBefore = new WeakMap();
  document.querySelectorAll("#game *").forEach((e) => {
    e.classList.remove("live-changed", "live-new"); window.textBefore.set(e, squash(e.textContent)); });
}"""
# After it: the marked elements, each with its text before (null: new to the page) and now.
MARKED = """() => {
  const squash = (t) => t.replace(/\\s+/g, " ").trim();
  return Array.from(document.querySelectorAll(".live-changed, .live-new"), (e) => ({
    tag: e.tagName, cls: e.className, before: window.textBefore.has(e) ? window.textBefore.get(e) : null,
    now: squash(e.textContent), line: e.classList.contains("live-new")}));
}"""


@pytest.fixture
def tab(browser: Any, live_server: Any, client: Any) -> Any:
    """A new tab of the given viewport, signed in as `user`, its script's errors in `page.js_errors`."""

    def open_tab(user: Any, viewport: dict[str, int]) -> Any:
        return signed_in_tab(browser, live_server, client, user, console=False, viewport=viewport)

    return open_tab


def move_for(game: Game, seat: int, rng: random.Random) -> bool:
    """One move of `seat` by the kind's bot, through the services; False when `seat` is not awaited."""
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE or seat not in game.awaiting:
        return False
    state = store.load_state(game, use_cache=False)
    command = get_kind(game.kind).timeout_bot(state, seat, rng)
    services.execute(seat_users(game)[seat], game.pk, command, idempotency_key=f"t-{game.version}")
    game.refresh_from_db()
    return True


def arrived(page: Any, game: Game) -> None:
    """Wait until the page shows the game's version, and a frame after (the page's last touch of the view)."""
    game.refresh_from_db()
    expect(page.locator("#game")).to_have_attribute("data-version", str(game.version), timeout=10_000)
    page.wait_for_timeout(150)


def citadels(make_user: Any) -> tuple[Game, int]:
    game = started_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    return game, game.awaiting[0]


def dominion(make_user: Any) -> tuple[Game, int]:
    game, _seats = stacked_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    return game, game.awaiting[0]


@SIZES
@pytest.mark.parametrize("make_game", [citadels, dominion], ids=["citadels", "dominion"])
def test_what_is_new_marks_only_what_reads_differently(make_user: Any, tab: Any, live_server: Any,
                                                       viewport: dict[str, int], make_game: Any) -> None:
    game, mover = make_game(make_user)
    reader = 1 - mover
    page = tab(seat_users(game)[reader], viewport)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    rng = random.Random(3)
    updates = 0
    # The other player's moves up to the one that gives the reader the turn (their choices appear: the
    # biggest change of the table).
    page.evaluate(REMEMBER)
    while updates < 12 and move_for(game, mover, rng):
        arrived(page, game)
        marked = page.evaluate(MARKED)
        assert [m for m in marked if m["line"]], "the move's history line is marked new"
        assert len(marked) < 10, marked
        for m in marked:
            assert m["now"] and m["before"] != m["now"], f"marked without a change of its text: {m}"
        updates += 1
        if reader in game.awaiting:
            break
        page.evaluate(REMEMBER)
    assert reader in game.awaiting and page.locator("section.choices").count() == 1, "the reader's turn came"
    assert not page.js_errors, page.js_errors


def _top(page: Any, selector: str) -> float:
    return float(page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().top"))


def _hold(page: Any, selector: str, focus: bool) -> float:
    """Bring `selector` to the middle of the viewport, focused (if `focus`), or to its top, the first element
    the reader sees; give its top."""
    page.evaluate(f"""() => {{ const e = document.querySelector({selector!r});
        e.scrollIntoView({{block: {'"center"' if focus else '"start"'}}}); if ({str(focus).lower()}) {{ e.focus({{preventScroll: true}}); }}
        else {{ document.activeElement.blur(); }} }}""")
    page.wait_for_timeout(50)
    top = _top(page, selector)
    # (the page's scroll padding keeps what scrolls into view clear of the viewport's edge: that far below it)
    padding = float(page.evaluate("parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0"))
    assert focus or abs(top - padding) < 2, f"{selector} is not the first element in view ({top}, padding {padding})"
    return top


@SIZES
def test_focus_and_place_stay_move_after_move(make_user: Any, tab: Any, live_server: Any,
                                               viewport: dict[str, int]) -> None:
    game, seats = stacked_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    mover = game.awaiting[0]
    reader = 1 - mover
    url = f"{live_server.url}/games/{game.pk}/"
    first = tab(seats[reader], viewport)
    first.goto(url)  # a visit: the lines after it are new on the next one (the history's link to them)
    first.context.close()
    rng = random.Random(4)
    assert move_for(game, mover, rng)
    page = tab(seats[reader], viewport)
    page.goto(url)
    expect(page.locator(".history-note a")).to_have_count(1)
    page.locator("details.resign summary").click()

    cases = [
        ("#game .cards li.card[tabindex]", True),  # a card on the table
        ("#chat-text", True),  # the chat field, below the history and the chat's lines that grow
        (".history-note a", True),  # a history link
        ("details.resign button", True),  # a control inside an opened <details>
        ("#chat .chat-form button", True),  # a control the update replaces (its successor takes the focus)
        ("#players-title", False),  # nothing focused, the players' boxes first in view
        ("#history-title", False),  # nothing focused, the history first in view (the table above it grows)
    ]
    moves = 0
    for selector, focus in cases:
        while reader in game.awaiting and move_for(game, reader, rng):
            pass
        if mover not in game.awaiting:
            break
        arrived(page, game)
        if page.locator("details.resign").count():
            page.evaluate("document.querySelector('details.resign').open = true")
        top = _hold(page, selector, focus)
        page.evaluate(f"window.heldBefore = document.querySelector({selector!r})")
        if focus:
            assert page.evaluate("document.activeElement === window.heldBefore"), f"could not focus {selector}"
        if selector.startswith("#chat .chat-form"):  # not the fresh page's element any more: it is replaced
            page.evaluate("window.heldBefore.classList.replace('primary', 'stale')")
        said = page.locator("#chat .chat-messages li").count()
        if selector == "#chat-text":  # the other player says something too: a line above the field
            chat_services.post(seats[mover], game.pk, f"Your move? ({moves})")
            expect(page.locator("#chat .chat-messages li")).to_have_count(said + 1)
        assert move_for(game, mover, rng)
        arrived(page, game)
        moves += 1
        state = page.evaluate(f"""() => ({{same: document.activeElement === window.heldBefore
            || document.activeElement.matches({selector!r}), tag: document.activeElement.tagName,
            open: !!document.querySelector("details.resign[open]")}})""")
        if focus:
            assert state["same"], (selector, state)
        if selector.startswith("details"):
            assert state["open"], "the <details> the reader opened stays open"
        assert abs(_top(page, selector) - top) <= 2, (selector, top, _top(page, selector))
        if selector.startswith("#chat .chat-form"):
            assert page.evaluate("!document.contains(window.heldBefore)"), "the control was replaced"
    assert moves >= 5, moves
    assert not page.js_errors, page.js_errors


@SIZES
def test_the_page_opens_on_the_readers_choices_at_their_turn(make_user: Any, tab: Any, live_server: Any,
                                                              viewport: dict[str, int]) -> None:
    users = [make_user(f"p{i}", language="en") for i in range(3)]
    game = started_game(users)
    play_bots(game, in_round(2), random.Random(5))
    seats = seat_users(game)
    url = f"{live_server.url}/games/{game.pk}/"
    for user in seats.values():  # each player's visit: what comes after it is new to them
        page = tab(user, viewport)
        page.goto(url)
        page.context.close()
    # Many lines later, at someone's turn: that one opens on their choices, another on the first new line.
    target = game.version + 12
    play_bots(game, lambda g: g.version >= target, random.Random(6))
    game.refresh_from_db()
    turn = game.awaiting[0]
    waiting = next(seat for seat in seats if seat not in game.awaiting)

    mine = tab(seats[turn], viewport)
    mine.goto(url)
    assert mine.locator("#first-new").count() == 1
    choice = mine.locator("section.choices").locator("button, input:not([type=hidden]), select").first
    mine.wait_for_timeout(150)
    expect(choice).to_be_in_viewport()
    assert not mine.js_errors, mine.js_errors

    theirs = tab(seats[waiting], viewport)
    theirs.goto(url)
    assert theirs.locator("section.choices").count() == 0
    theirs.wait_for_timeout(150)
    expect(theirs.locator("#first-new")).to_be_in_viewport()
    assert not theirs.js_errors, theirs.js_errors
