"""The new-game form in a real browser, on a phone: only the chosen game's options, tick boxes beside
their words, no failed request (the site's icon included)."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game

from .axe import assert_accessible
from .conftest import SCREENSHOTS

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _beside(page: Any, name: str) -> bool:
    """Whether the tick box `name` and its label share a line (the label's top above the box's bottom)."""
    box = page.locator(f"input[name='{name}']").bounding_box()
    label = page.locator(f"label[for='id_{name}']").bounding_box()
    return bool(label["y"] < box["y"] + box["height"] and label["x"] > box["x"])


def test_the_form_shows_the_chosen_games_options_and_creates_it(page_for: Any, make_user: Any, live_server: Any) -> None:
    page = page_for(make_user("Host"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/games/new/")
    page.wait_for_load_state("networkidle")
    assert page.js_errors == []  # no 404 either (a browser asks for /favicon.ico when a page names no icon)
    citadels, dominion = page.locator("fieldset[data-kind=citadels]"), page.locator("fieldset[data-kind=dominion]")
    assert citadels.is_visible() and not dominion.is_visible()
    assert _beside(page, "citadels__random_characters") and _beside(page, "listed")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "new-game-citadels-phone.png"), full_page=True)

    page.get_by_label("Game", exact=True).select_option("dominion")
    assert dominion.is_visible() and not citadels.is_visible()
    # Dominion is played by 2 to 6: the form offers no more (the server refuses them too, without script).
    players = page.get_by_label("Players")
    assert players.locator("option[value='7']").is_disabled() and players.locator("option[value='6']").is_enabled()
    # A wrong field: the page comes back with Dominion still chosen and its options still the ones shown.
    page.get_by_label("Hours for each decision").fill("0")
    with page.expect_navigation():
        page.get_by_role("button", name="Create the game").click()
    assert page.locator(".field.invalid input[name=decision_hours]").count() == 1
    assert dominion.is_visible() and not citadels.is_visible()
    page.get_by_label("Hours for each decision").fill("72")
    page.get_by_label("Players").select_option("3")
    with page.expect_navigation():
        page.get_by_role("button", name="Create the game").click()
    assert page.locator(".field.invalid").count() == 0, page.locator(".field.invalid").all_inner_texts()
    game = Game.objects.get()
    assert game.kind == "dominion" and game.players == 3 and page.url.endswith(f"/games/{game.pk}/")


# The widest option text of each visible select that its box cannot show whole (the text measured in the
# select's own font; padding and the drop-down arrow take about 2.5rem), and each visible choice label that
# runs out of its box or off the screen.
_CUT_OFF = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const select of document.querySelectorAll("form select")) {
    if (!select.offsetParent) continue;
    const style = getComputedStyle(select);
    canvas.font = style.font;
    const room = select.clientWidth - 2.5 * parseFloat(style.fontSize);
    for (const option of select.options) {
      if (canvas.measureText(option.text).width > room) cut.push(select.name + ": " + option.text);
    }
  }
  for (const label of document.querySelectorAll("form label")) {
    if (!label.offsetParent) continue;
    const box = label.getBoundingClientRect();
    if (label.scrollWidth > label.clientWidth + 1 || box.right > window.innerWidth) cut.push(label.textContent.trim());
  }
  return cut;
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_choice_of_the_form_reads_whole_on_a_phone(page_for: Any, make_user: Any, live_server: Any,
                                                         language: str) -> None:
    page = page_for(make_user("Host", language=language))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/games/new/")
    assert page.evaluate(_CUT_OFF) == []
    assert_accessible(page, f"the new-game form ({language}, Citadels)")
    page.locator("select[name=kind]").select_option("dominion")
    assert page.evaluate(_CUT_OFF) == []
