"""Issue 40 on a game's table: the keyboard focus is visible and never covered (WCAG 2.4.7, 2.4.11), the marks
of what is new do not move for who asks for reduced motion, and a seated player reads how to get more time
(WCAG 2.2.1: a vacation pauses the deadlines; a time bank's hours stand in the clocks)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.games.helpers import seat_users, started_game

from .conftest import signed_in_tab
from .test_live_in_place import arrived, move_for

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# The focused element: what it is, whether the element at the centre of its visible part is it or inside it,
# and its outline.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) { return null; }
  const r = e.getBoundingClientRect();
  const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  const x = (left + right) / 2, y = (top + bottom) / 2;
  const hit = right > left && bottom > top ? document.elementFromPoint(x, y) : null;
  const style = getComputedStyle(e);
  return {what: e.tagName + (e.id ? "#" + e.id : "") + " " + (e.textContent || "").trim().slice(0, 30),
          inView: right > left && bottom > top, covered: !hit || !(hit === e || e.contains(hit)),
          coveredBy: hit ? hit.tagName + "." + hit.className : null,
          outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 ? style.outlineWidth : null};
}"""


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 800}], ids=["390", "1366"]
)
def test_the_focus_is_visible_and_never_covered(
    make_user: Any, browser: Any, live_server: Any, client: Any, viewport: dict[str, int]
) -> None:
    game = started_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    player = seat_users(game)[game.awaiting[0]]
    page = signed_in_tab(browser, live_server, client, player, console=False, viewport=viewport)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("body").focus()
    seen: list[str] = []
    problems = []
    for _ in range(150):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None or (seen and focused["what"] == seen[0]):
            break  # round the page once
        seen.append(focused["what"])
        if not focused["inView"] or focused["covered"]:
            problems.append(
                f"{focused['what']}: covered by {focused['coveredBy']} (in view: {focused['inView']})"
            )
        if not focused["outline"]:
            problems.append(f"{focused['what']}: no visible outline")
    assert len(seen) >= 15, f"the table offers {len(seen)} stops to the keyboard: {seen}"
    assert any(s.startswith("BUTTON") for s in seen), seen
    assert not problems, "\n".join(problems)


def test_the_marks_of_what_is_new_do_not_move_for_reduced_motion(
    make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    game = started_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    mover = game.awaiting[0]
    page = signed_in_tab(browser, live_server, client, seat_users(game)[1 - mover], console=False)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert move_for(game, mover, random.Random(9))
    arrived(page, game)
    durations = page.evaluate("""() => Array.from(document.querySelectorAll(".live-new, .live-changed, .cards > li.card .text"),
        (e) => { const s = getComputedStyle(e); return [e.className, s.animationDuration, s.transitionDuration]; })""")
    assert any("live-new" in cls for cls, _a, _t in durations), "the move's new lines are marked"
    for cls, animation, transition in durations:
        assert set(animation.split(", ")) == {"0s"} and set(transition.split(", ")) == {"0s"}, (
            cls,
            animation,
            transition,
        )
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")


def test_a_seated_player_reads_how_to_get_more_time(
    make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    game = started_game(
        [make_user("Anna", language="en"), make_user("Ben", language="en")],
        time_control={"mode": "bank", "initial_hours": 48, "increment_hours": 12},
    )
    page = signed_in_tab(browser, live_server, client, seat_users(game)[0], console=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    deadline = page.get_by_role("region", name="Deadline")
    more = deadline.locator("p.more-time")
    expect(more).to_contain_text("on a vacation the deadlines of all your games are paused")
    expect(more).to_contain_text("Your time bank is in the clocks above.")
    expect(deadline.locator("ul.clocks li")).to_have_count(2)
    expect(deadline.locator("ul.clocks")).to_contain_text("in the bank")
    more.get_by_role("link", name="vacation").click()
    expect(page).to_have_url(f"{live_server.url}/settings/#vacation-title")
    expect(page.locator("#vacation-title")).to_be_in_viewport()

    guest = signed_in_tab(browser, live_server, client, None, console=False)
    guest.goto(f"{live_server.url}/games/{game.pk}/")
    expect(guest.locator("p.more-time")).to_have_count(0)
