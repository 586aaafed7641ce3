"""The Dominion table through Django's test client, the new-game form, and the site module on its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from dominion.site import describe_command, describe_event
from games import services, store
from games.models import Game

from .conftest import stacked_game

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]

FORM = {"kind": "dominion", "players": "3", "decision_hours": "48", "reminder_hours": "12", "timeout_policy": "bot",
        "listed": "on"}


def test_rules_load_no_django() -> None:
    code = "import sys, dominion, dominion.bots; assert not [m for m in sys.modules if m.startswith('django')]"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_words_follow_the_language_and_the_card_data() -> None:
    seen = {"type": "bought", "seat": 0, "pile": "province", "card": "province", "cost": 8}
    with translation.override("de"):
        assert describe_event(seen, {0: "Anna"}) == "Anna hat Provinz für 8 Geld gekauft."
        assert describe_command({"type": "buy", "card": "knights"}, {}) == "Ritter kaufen"
    with translation.override("en"):
        assert describe_event(seen, {0: "Anna"}) == "Anna bought Province for 8 coins."
        hidden = {"type": "drew", "seat": 1, "from": "deck", "to": "hand", "count": 5}
        assert describe_event(hidden, {1: "Ben"}) == "Ben drew 5 cards."
        view = {"hand": [{"id": 7, "card": "copper"}], "decision": {"prompt": "trash", "kind": "cards"}}
        assert describe_command({"type": "decide", "cards": [7]}, {}, view) == "Trash Copper"
        assert describe_command({"type": "decide", "cards": []}, {}, view) == "Trash nothing"


def test_the_new_game_form_creates_a_dominion_game_and_shows_refusals(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    page = client.get("/games/new/").content.decode()
    assert 'name="dominion__kingdom"' in page and 'name="dominion__shelters"' in page
    created = client.post("/games/new/", {**FORM, "dominion__shelters": "rule"})
    assert created.status_code == 302, created.content.decode()[:2000]
    game = Game.objects.get(created_by=user)
    assert game.kind == "dominion" and game.players == 3 and game.options == {}
    kingdom = ["beggar", "squire", "vagrant", "forager", "hermit", "market_square", "sage", "storeroom", "urchin",
               "armory"]
    chosen = client.post("/games/new/", {**FORM, "dominion__kingdom": kingdom, "dominion__shelters": "never"})
    assert chosen.status_code == 302
    game = Game.objects.filter(created_by=user).order_by("-id").first()
    assert game is not None and game.options == {"kingdom": sorted(kingdom), "shelters": False}
    # Nine piles: the engine's refusal is a form error, and nothing is created.
    refused = client.post("/games/new/", {**FORM, "dominion__kingdom": kingdom[:9]})
    assert refused.status_code == 400 and b'class="error"' in refused.content
    assert Game.objects.filter(created_by=user).count() == 2
    too_many = client.post("/games/new/", {**FORM, "players": "7"})
    assert too_many.status_code == 400


def test_a_kingdom_of_other_than_ten_piles_is_refused_at_its_field_in_the_readers_language(
    client: Any, make_user: Any
) -> None:
    user = make_user(language="de")
    client.force_login(user)
    piles = ["beggar", "squire", "vagrant"]
    answer = client.post("/games/new/", {**FORM, "dominion__kingdom": piles})
    page = answer.content.decode()
    field = page.split('name="dominion__kingdom"', 1)[1].split('class="field', 1)[0]
    assert answer.status_code == 400
    assert "Du hast 3 Stapel angekreuzt: Kreuze genau 10 an oder keinen für 10 zufällige." in field
    assert "'kingdom' must list" not in page  # not the engine's English sentence
    assert not Game.objects.filter(created_by=user).exists()


def test_the_table_shows_supply_hand_decision_and_history(client: Any, make_user: Any) -> None:
    anna, ben = make_user("Anna", language="en"), make_user("Ben", language="en")
    game, seats = stacked_game([anna, ben])
    client.force_login(seats[0])
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for text in ("The Supply", "Province", "Your hand", "Urchin", 'aria-label="Play Urchin, Action, Attack: ', "Action phase",
                 "The trash", "dominion/table.css", "History", "Turn 1:"):
        assert text in page, text
    assert "<script>" not in page and "style=" not in page
    state = store.load_state(game)
    urchin = next(c for c in state.hand(0) if state.names[c] == "urchin")
    services.execute(seats[0], game.pk, {"type": "play", "card": urchin})
    client.force_login(seats[1])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-field="cards"' in page and 'data-numbers="1"' in page and 'data-min="1"' in page
    assert "Urchin: discard down to the allowed hand size" in page
    # A spectator sees no hand and no choices; a replay step renders too.
    client.force_login(make_user("Cleo"))
    spectator = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your hand" not in spectator and "Your choices" not in spectator
    assert client.get(f"/games/{game.pk}/?at=3").status_code == 200


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Anna gets +1 Action, +3 coins."), ("de", "Anna bekommt +1 Aktion, +3 Geld.")])
def test_a_bonus_says_who_gets_it_and_an_older_bonus_is_still_told(language: str, said: str) -> None:
    with translation.override(language):
        assert describe_event({"type": "bonus", "seat": 0, "actions": 1, "coins": 3}, {0: "Anna"}) == said
        used = describe_event({"type": "bonus", "seat": 0, "actions": -1}, {0: "Anna"})
        assert used == ("Anna used an Action." if language == "en" else "Anna hat eine Aktion verbraucht.")
        # Events stored before bonuses named their player: told as before.
        old = describe_event({"type": "bonus", "coins": 3}, {0: "Anna"})
        assert old == ("Bonus: +3 coins." if language == "en" else "Bonus: +3 Geld.")


def test_the_bonus_event_names_the_player_whose_turn_it_is(make_user: Any) -> None:
    anna, ben = make_user("Anna"), make_user("Ben")
    game, seats = stacked_game([anna, ben])
    state = store.load_state(game)
    urchin = next(c for c in state.hand(0) if state.names[c] == "urchin")
    services.execute(seats[0], game.pk, {"type": "play", "card": urchin})
    events = services.history(game, seats[1])["events"]
    bonuses = [e["data"] for e in events if e["data"]["type"] == "bonus"]
    assert bonuses and all(b["seat"] == 0 for b in bonuses), bonuses
    with translation.override("en"):
        told = [describe_event(b, {0: "Anna"}) for b in bonuses]
    assert "Anna gets +1 Action." in told and "Anna used an Action." in told


@pytest.mark.parametrize(("language", "badge"), [("en", "playing now"), ("de", "am Zug")])
def test_the_current_player_reads_naturally_on_the_table(client: Any, make_user: Any, language: str, badge: str) -> None:
    anna, ben = make_user("Anna", language=language), make_user("Ben", language=language)
    game, seats = stacked_game([anna, ben])
    client.force_login(seats[game.awaiting[0]])
    page = client.get(f"/games/{game.pk}/").content.decode()
    you = "(you)" if language == "en" else "(du)"
    assert f'{you}</a> <small class="badge">{badge}</small>' in page
    assert ") (" not in page.replace("\n", " "), "a name with two parentheses in a row"
