"""Issue 40: a whole Dominion game played by the keyboard and the accessibility tree alone, against the bot.

The keyboard player finds every control by its role and accessible name (`get_by_role`, `get_by_label`),
reaches it by Tab and Shift+Tab (`tests.browser.keyboard.tab_to`, which also checks that each focus stop is
visible and uncovered) and moves by Enter, Space and the arrow keys: no CSS selector, no mouse, no position.
The other seat is played by the heuristic bot through the service layer, and the page follows it live.

Two games, one per width: a base-game kingdom at 390 px (Throne Room, Workshop, Cellar, Chapel, Remodel, the
bot's Militia against a Moat) and a Dark Ages one at 1366 px (Shelters, Urchin and Mercenary, Cultist and
Ruins, Squire, Mystic naming a card, Hermit and Madman, Rats, Graverobber, the bot's Marauder with its Spoils).
The decks are stacked (the trusted `decks` option) so that the first turns meet those decisions; the bot's
deck is mostly Gold, so its Provinces end the game in a few turns while the keyboard player follows big
money. Each new state (each kind of decision, the first time; the end) is checked by axe-core with no
violation of any impact, and the decisions met are recorded and asserted. The live region (role=status) must
have told the keyboard player the bot's first turn.

Measured on the shared 2-core machine at a load of about 20 (3 December 2026): the base game at 390 px in
287 s (126 s keys, 74 s bot and page, 78 s axe in 11 runs), the Dark Ages game at 1366 px in 365 s; an idle
machine takes a fraction of that (a key's round trip dominates).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Mapping
from typing import Any, cast

import pytest
from django.utils import translation
from playwright.sync_api import expect

from dominion import RULES
from dominion.bots import heuristic_bot
from dominion.cards import CARDS, RUINS_NAMES
from dominion.site import words
from games import services, store
from games.models import Game, Seat

from .axe import assert_no_violations
from .keyboard import press, tab_to

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

# The base game at phone width. The keyboard player's first hand: Village (drawing an Estate), Throne Room on
# Workshop (two gains), Cellar (the Estate discarded, a Gold drawn), Chapel (nothing worth trashing); the
# second: an Estate, Remodel and Moat, when the bot's Militia asks whether to reveal the Moat and what to
# discard. The bot holds Militia, Council Room and eight Golds: its Council Rooms buy two Provinces a turn.
BASE = {
    "kingdom": ["village", "throne_room", "workshop", "cellar", "chapel", "moat", "militia", "remodel",
                "council_room", "smithy"],
    "decks": [
        ["village", "throne_room", "workshop", "cellar", "chapel", "estate", "gold", "estate", "remodel", "moat"],
        ["militia", "gold", "gold", "gold", "gold", "council_room", "gold", "gold", "gold", "gold"],
    ],
}
BASE_MET = {"throne_room: play_twice", "workshop: gain", "cellar: discard_to_draw", "chapel: trash",
            "moat: attack_moat", "militia: discard_down", "remodel: trash", "remodel: gain"}

# Dark Ages at desktop width, with Shelters. The first hand plays Necropolis, Urchin, Cultist (the Urchin
# trashed for a Mercenary, a second Cultist played by the first), Squire (+2 Actions), Mystic (a card
# named), Hermit (a Shelter trashed, a card gained), Rats and Graverobber (the Urchin gained back from the
# trash), and buys nothing: the Hermit becomes a Madman. The bot's Urchin and Marauder hand the keyboard
# player a discard and a Ruins (Survivors first); its Council Room (the one base-game pile: a second buy) buys
# two Provinces a turn, so that the game ends soon.
DARK = {
    "kingdom": ["urchin", "cultist", "hermit", "rats", "mystic", "graverobber", "marauder", "squire", "knights",
                "council_room"],
    "decks": [
        ["necropolis", "urchin", "cultist", "squire", "mystic", "cultist", "hermit", "rats", "graverobber",
         "hovel"],
        ["urchin", "marauder", "gold", "gold", "gold", "council_room", "gold", "gold", "gold", "gold"],
    ],
    "piles": {"ruins": ["survivors", "ruined_village", "ruined_market", "abandoned_mine", "ruined_library",
                        "survivors", "ruined_village", "ruined_market", "abandoned_mine", "ruined_library"]},
}
DARK_MET = {"urchin: trash_for_mercenary", "cultist: play_cultist", "squire: choose", "mystic: name",
            "hermit: trash", "hermit: gain", "rats: trash", "graverobber: choose", "urchin: discard_down",
            "end_turn_with_buy"}

# What the keyboard player never buys in the first turn (the Dark Ages game: the Hermit turns into a Madman).
KEEP_FIRST_TURN_BUYLESS = {"dark": True, "base": False}
JUNK = ("curse", *RUINS_NAMES, "estate", "overgrown_estate", "hovel")
# The keyboard player's turns that play their Action cards (later ones play only money, which is quicker).
PLAYS_ACTIONS_UNTIL = {"dark": 2, "base": 3}


# --- what the keyboard player does: the same choices a simple player makes, from the view alone -----------

def _rank(name: str) -> tuple[int, int]:
    """The order of cards to part with: junk first, then Coppers, other Treasures, Victory cards, Actions."""
    card = CARDS[name]
    if name in JUNK:
        return 0, card.cost
    if name == "copper":
        return 1, 0
    return (3 if card.has("action") else 2), card.cost


def pick_cards(decision: Mapping[str, Any], view: Mapping[str, Any]) -> list[int]:
    """The card numbers to tick in a card selection."""
    names = words.card_numbers(view)
    offered = [int(c["id"]) for c in decision["cards"]]
    lo, hi, prompt = int(decision["min"]), int(decision["max"]), decision["prompt"]
    if prompt in ("play_twice", "play_cultist", "gain_from_trash", "trash_for_coins"):
        return offered[: max(lo, min(hi, 1))]
    ranked = sorted(offered, key=lambda c: _rank(names[c]))
    if prompt in ("discard_to_draw", "trash", "discard_for_coins"):
        junk = [c for c in ranked if names[c] in JUNK]
        return ranked[:lo] if len(junk) < lo else junk[:hi]
    return ranked[:lo]


_CHOICES = {"attack_moat": "no", "gained_victory": "yes", "trash_for_mercenary": "yes", "trash_two": "yes",
            "hand_or_discard": "hand", "discard_or_back": "discard", "play_discarded": "yes", "deck_to_discard": "no"}


def pick_choice(decision: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """The option to press in a choice: the obvious one for a question, the best money for a gain."""
    options = list(decision["options"])
    wanted = _CHOICES.get(decision["prompt"])
    if wanted is not None and wanted in options:
        return wanted
    if decision["prompt"].startswith("gain"):
        for pile in ("gold", "silver"):
            if pile in options:
                return pile
        supply = view.get("supply") or {}
        piles = [o for o in options if o in supply and o != "curse"]
        if piles:
            return max(piles, key=lambda p: CARDS[supply[p].get("top") or p].cost if (supply[p].get("top") or p)
                       in CARDS else 0)
    return options[0]


def next_move(view: Mapping[str, Any], legal: list[dict[str, Any]], turn: int, label: str) -> dict[str, Any]:
    """The keyboard player's move: its decision's answer, else an Action (in its first turns), its Treasures,
    the best card it can buy (Province, Gold, Silver), else the end of the turn."""
    decision = view.get("decision")
    if decision:
        if decision["kind"] == "cards":
            return {"type": "decide", "cards": pick_cards(decision, view)}
        if decision["kind"] == "choice":
            return {"type": "decide", "choice": pick_choice(decision, view)}
        if decision["kind"] == "name":
            names = sorted(({c["name"] for c in legal if c.get("name")}), key=words.card_name)
            return {"type": "decide", "name": names[1]}
        return next(c for c in legal if c["type"] == "decide")  # an order: the first one offered
    hand = {c["id"]: c["card"] for c in view.get("hand", [])}
    plays = [c for c in legal if c["type"] == "play" and CARDS[hand[c["card"]]].has("action")]
    if plays and turn <= PLAYS_ACTIONS_UNTIL[label]:
        return plays[0]
    if any(c["type"] == "play_treasures" for c in legal):
        return {"type": "play_treasures"}
    buys = {c["card"] for c in legal if c["type"] == "buy"}
    for pile in ("province", "gold", "silver"):
        if pile in buys and not (KEEP_FIRST_TURN_BUYLESS[label] and turn == 1):
            return {"type": "buy", "card": pile}
    return {"type": "end_turn"}


# --- the page, by the keyboard ---------------------------------------------------------------------------

def _region(page: Any, name: str) -> Any:
    return page.get_by_role("region", name=name, exact=True)


def _named(text: str, then: str = "$") -> re.Pattern[str]:
    """An accessible name that is `text`, or begins with it and goes on with `then` (its facts)."""
    return re.compile("^" + re.escape(text) + f"($|{then})")


FACTS = r"\s?, \d+ coins?"  # a card's cost, then its types and cards left


def _send(page: Any, control: Any, key: str = "Enter") -> None:
    """Tab to `control` and press `key` on it; wait for the server's answer to the command it sends."""
    tab_to(page, control)
    with page.expect_response(lambda r: r.url.endswith("/commands") and r.request.method == "POST") as answer:
        press(page, key)
    assert answer.value.ok, answer.value.text()


def _decide_by_keyboard(page: Any, command: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[int, str]) -> None:
    decision = view["decision"]
    group = _region(page, "Your choices").get_by_role("group", name=words.prompt_text(decision), exact=True)
    expect(group).to_be_visible()
    if decision["kind"] == "cards":
        numbers = words.card_numbers(view)
        offered = [int(c["id"]) for c in decision["cards"]]
        for number in command["cards"]:
            name = words.card_name(numbers[number])
            same = [c for c in offered if numbers[c] == numbers[number]]
            box = group.get_by_role("checkbox", name=_named(name, FACTS)).nth(same.index(number))
            tab_to(page, box)
            press(page, "Space")
            expect(box).to_be_checked()
        _send(page, group.get_by_role("button", name="Confirm the selection"))
    elif decision["kind"] == "name":
        field = group.get_by_label("The card to name")
        tab_to(page, field)
        press(page, "ArrowDown")
        expect(field).to_have_value(command["name"])
        _send(page, group.get_by_role("button", name="Name this card"))
    else:
        label = words.describe_command(command, names, view)
        _send(page, group.get_by_role("button", name=_named(label, FACTS)))


def _move_by_keyboard(page: Any, command: Mapping[str, Any], view: Mapping[str, Any], names: Mapping[int, str],
                      state: Any, seat: int) -> str | None:
    """Make `command` on the page by the keyboard; the code of the question the rules asked first, if any."""
    kind = command["type"]
    if kind == "decide":
        _decide_by_keyboard(page, command, view, names)
    elif kind == "play":
        name = words.card_name(words.card_numbers(view)[command["card"]])
        _send(page, _region(page, "Your hand").get_by_role("button", name=_named(f"Play {name}", ", ")).first)
    elif kind == "play_treasures":
        _send(page, _region(page, "Your choices").get_by_role("button", name=_named("Play all Treasures", ": ")))
    elif kind == "buy":
        label = words.describe_command(command, names, view)
        _send(page, _region(page, "The Supply").get_by_role("button", name=_named(label, FACTS)))
    else:
        end = _region(page, "Your choices").get_by_role("button", name=_named("End your turn", r" \("))
        question = RULES.question(state, seat, cast(Any, command))
        if question is not None:
            # The rules ask first ("End your turn with $3 and a buy left?"): the alert says so by the button,
            # and a second press does it.
            tab_to(page, end)
            press(page, "Enter")
            expect(page.get_by_role("alert")).to_contain_text("Press the button again")
        _send(page, end)
        return question[0] if question is not None else None
    return None


# --- the game around the page ---------------------------------------------------------------------------

def _plural(count: int, one: str, many: str) -> str:
    return (one if count == 1 else many).format(n=count)


def _count(text: str) -> re.Pattern[str]:
    """`text` ("3 cards in hand") not as the tail of a greater number ("13 cards in hand")."""
    return re.compile(r"(^|\D)" + re.escape(text))


def _settled(page: Any, game: Game, seat: int, names: Mapping[int, str], bot: Any, rng: random.Random) -> Any:
    """Let the bot move (through the services) until the keyboard player's seat is awaited or the game is
    over, then wait until the page (updating itself live) shows that state; the state."""
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or seat in game.awaiting:
            break
        state = store.load_state(game, use_cache=False)
        other = game.awaiting[0]
        services.execute(bot, game.pk, heuristic_bot(state, other, rng), expected_version=game.version)
    state = store.load_state(game, use_cache=False)
    if game.status != Game.Status.ACTIVE:
        expect(page.get_by_role("heading", name="Final scores")).to_be_visible(timeout=15_000)
        return state
    view = RULES.view(state, seat)
    me = next(p for p in view["players"] if p["seat"] == seat)
    facts = _region(page, "Players").get_by_role("article", name=names[seat])
    for text in (_plural(me["hand_size"], "{n} card in hand", "{n} cards in hand"),
                 _plural(me["deck_size"], "deck: {n} card", "deck: {n} cards"),
                 _plural(me["discard_size"], "discard pile: {n} card", "discard pile: {n} cards")):
        expect(facts).to_contain_text(_count(text), timeout=15_000)
    turn = _region(page, "This turn")
    expect(turn).to_contain_text(f"Turn {view['turn']}: {names[view['current']]}")
    expect(turn).to_contain_text(_count(_plural(view["coins"], "{n} coin", "{n} coins")))
    expect(turn).to_contain_text(_count(_plural(view["buys"], "{n} buy", "{n} buys")))
    expect(turn).to_contain_text(_count(_plural(view["actions"], "{n} action", "{n} actions")))
    choices = _region(page, "Your choices")
    if view.get("decision"):
        expect(choices.get_by_role("group", name=words.prompt_text(view["decision"]), exact=True)).to_be_visible()
    else:
        expect(choices.get_by_role("group")).to_have_count(0)
    return state


def _axe(page: Any, what: str, figures: dict[str, Any]) -> None:
    """axe-core over the page as it is now: no violation of any impact."""
    started = time.monotonic()
    assert_no_violations(page, what)
    figures["axe_s"] += time.monotonic() - started
    figures["axe_runs"] = figures.get("axe_runs", 0) + 1


def _new_game(make_user: Any, options: dict[str, Any]) -> tuple[Game, int, dict[int, Any]]:
    anna, ben = make_user("Anna", language="en"), make_user("Ben", language="en")
    game = services.create_game(anna, "dominion", 2, options=options, trusted=True)
    services.join_game(ben, game.pk)
    services.start_game(anna, game.pk)
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    return game, 0, seats


def _play_whole_game(page_for: Any, live_server: Any, make_user: Any, options: dict[str, Any], width: int,
                     label: str) -> tuple[set[str], dict[str, Any]]:
    game, seat, users = _new_game(make_user, options)
    names = {index: user.display_name for index, user in users.items()}
    page = page_for(users[seat])
    bot = users[1 - seat]
    rng = random.Random(7)
    page.set_viewport_size(PHONE if width == 390 else DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    met: set[str] = set()
    checked: set[str] = set()
    figures: dict[str, Any] = {"moves": 0, "announced": [], "keyboard_s": 0.0, "axe_s": 0.0, "settle_s": 0.0}
    my_turns = 0
    last_turn = None
    with translation.override("en"):
        for _step in range(400):
            started = time.monotonic()
            state = _settled(page, game, seat, names, bot, rng)
            figures["settle_s"] += time.monotonic() - started
            if game.status != Game.Status.ACTIVE:
                break
            view = RULES.view(state, seat)
            if view["current"] == seat and view["turn"] != last_turn:
                my_turns, last_turn = my_turns + 1, view["turn"]
                if my_turns == 2:
                    # The bot's first turn came live to the page: the polite live region said so.
                    # (the region is emptied, then given the news 50 ms later: waited for, not read at once)
                    other = names[1 - seat]
                    told = page.get_by_role("status").filter(has_text=f"{other} ended the turn")
                    expect(told).to_have_count(1)
                    figures["announced"] = page.get_by_role("status").all_inner_texts()
            decision = view.get("decision")
            what = f"{decision['card']}: {decision['prompt']}" if decision else ""
            if decision and what not in met:
                met.add(what)
                figures.setdefault("met_at", []).append((what, view["turn"], figures["moves"]))
                _axe(page, f"dominion {what} {width}", figures)
            elif not decision and "table" not in checked:
                checked.add("table")
                _axe(page, f"dominion table {width}", figures)
            legal = cast(list[dict[str, Any]], RULES.legal_commands(state, seat))
            command = next_move(view, legal, my_turns, label)
            if command["type"] == "buy" and "buy" not in checked:
                checked.add("buy")
                _axe(page, f"dominion buy phase {width}", figures)
            started = time.monotonic()
            asked = _move_by_keyboard(page, command, view, names, state, seat)
            figures["keyboard_s"] += time.monotonic() - started
            if asked is not None:
                met.add(asked)
            figures["moves"] += 1
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, "the game did not end within 400 moves"
        _axe(page, f"dominion game over {width}", figures)
        scores = _region(page, "Final scores")
        for user in users.values():
            expect(scores).to_contain_text(user.display_name)
    figures["my_turns"] = my_turns
    assert not [e for e in page.js_errors if e.startswith("uncaught")], page.js_errors
    return met, figures


@pytest.mark.parametrize("width, label, options, wanted", [
    (390, "base", BASE, BASE_MET),
    (1366, "dark", DARK, DARK_MET),
], ids=["base-390", "dark-ages-1366"])
def test_a_whole_dominion_game_by_keyboard_alone(width: int, label: str, options: dict[str, Any], wanted: set[str],
                                                 make_user: Any, page_for: Any, live_server: Any) -> None:
    started = time.monotonic()
    met, figures = _play_whole_game(page_for, live_server, make_user, options, width, label)
    print(f"{label} at {width} px: {time.monotonic() - started:.1f} s ({figures['keyboard_s']:.0f} s keys,"
          f" {figures['settle_s']:.0f} s bot and page, {figures['axe_s']:.0f} s axe in {figures['axe_runs']} runs),"
          f" {figures['moves']} moves, {figures['my_turns']} turns; decisions met: {sorted(met)};"
          f" announced: {figures['announced']}")
    # (when and where each decision came, to tell a missed one from one that came differently)
    assert wanted <= met, (sorted(wanted - met), figures.get("met_at"), figures["moves"], figures["my_turns"])
