"""Dominion's standing answers through the hosting: set ahead by the API (off-turn), the table's buttons
(the page without JavaScript posts the same command) and an emailed reply ("discard: junk first", "Bettler:
immer"), each through the one write path; applied at once when the prompt comes; the seat's own only."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from dominion.site import describe_command, read_standing
from games import services, store
from tests.mailin.conftest import deliver, last_mail, pipe, reply

from .conftest import stacked_game

pytestmark = pytest.mark.django_db

JUNK_FIRST = {"type": "set_preference", "prompt": "discard_down", "policy": "junk_first"}


def _post(user: Any, game_id: int, command: dict[str, Any]) -> Any:
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/games/{game_id}/commands", {"command": command}, format="json",
                       HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)


def _play_urchin(game: Any, user: Any) -> None:
    state = store.load_state(game)
    urchin = next(c for c in state.hand(0) if state.names[c] == "urchin")
    services.execute(user, game.pk, {"type": "play", "card": urchin})
    game.refresh_from_db()


def test_a_preference_set_off_turn_by_the_api_answers_the_urchins_discard_at_once(verified: Any) -> None:
    game, seats = stacked_game([verified("Anna"), verified("Ben")])
    assert game.awaiting == [0]
    answer = _post(seats[1], game.pk, JUNK_FIRST)
    assert answer.status_code == 201, answer.json()
    client = APIClient()
    client.force_authenticate(seats[1])
    assert client.get(f"/api/games/{game.pk}/").json()["view"]["standing"] == {"discard_down": "junk_first"}
    client.force_authenticate(seats[0])
    assert "discard_down" not in client.get(f"/api/games/{game.pk}/").json()["view"].get("standing", {})
    _play_urchin(game, seats[0])
    assert game.awaiting == [0]  # seat 1 was not asked: its standing preference discarded an Estate
    state = store.load_state(game)
    assert len(state.hand(1)) == 4 and state.names[state.zones[1]["discard"][-1]] == "estate"


def test_a_bad_preference_is_refused_with_its_words_and_writes_nothing(verified: Any) -> None:
    game, seats = stacked_game([verified("Anna"), verified("Ben")])
    version = game.version
    refused = _post(seats[1], game.pk, {"type": "set_preference", "prompt": "discard_down", "policy": "gold_first"})
    assert refused.status_code == 400 and refused.json()["code"] == "malformed"
    refused = _post(seats[1], game.pk, {"type": "set_preference", "prompt": "buy_phase", "policy": "ask"})
    assert refused.status_code == 400 and refused.json()["code"] == "not_a_preference"
    game.refresh_from_db()
    assert game.version == version


def test_the_table_offers_the_preferences_and_its_form_sends_them_off_turn(verified: Any) -> None:
    game, seats = stacked_game([verified("Anna"), verified("Ben")], kingdom=[
        "urchin", "beggar", "squire", "vagrant", "forager", "hermit", "market_square", "sage", "militia", "bureaucrat"])
    client = Client()
    client.force_login(seats[1])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "When an Attack makes me discard down" in page and "When Bureaucrat makes me put" in page
    assert 'id="moves"' in page  # the buttons' form, though seat 1 is not awaited
    button = json.dumps(JUNK_FIRST).replace('"', "&quot;")
    assert button in page
    sent = client.post(f"/games/{game.pk}/move", {"command": json.dumps(JUNK_FIRST)})
    assert sent.status_code == 302
    game.refresh_from_db()
    assert store.load_state(game).standing[1] == {"discard_down": "junk_first"}
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "junk first: Victory cards" in page and "(you) set a standing preference: When an Attack" in page
    client.force_login(seats[0])
    other = client.get(f"/games/{game.pk}/").content.decode()
    assert "changed a standing preference." in other and "set a standing preference" not in other


def test_reply_words_in_both_languages() -> None:
    assert read_standing("discard: junk first") == JUNK_FIRST
    assert read_standing("Abwerfen: Müll zuerst") == JUNK_FIRST
    assert read_standing("Bettler: immer") == {"type": "set_reaction", "card": "beggar", "answer": "always"}
    assert read_standing("moat: never") == {"type": "set_reaction", "card": "moat", "answer": "never"}
    assert read_standing("Burggraben: fragen") == {"type": "set_reaction", "card": "moat", "answer": "ask"}
    assert read_standing("bureaucrat: cheapest") == {
        "type": "set_preference", "prompt": "victory_onto_deck", "policy": "cheapest_first"}
    assert read_standing("In this order, top first: Copper") is None and read_standing("buy gold") is None
    with translation.override("de"):
        assert describe_command(JUNK_FIRST, {}).startswith("Wenn ein Angriff mich")


def test_a_reply_sets_a_preference_that_answers_the_asked_discard_and_later_a_reaction_off_turn(verified: Any) -> None:
    game, seats = stacked_game([verified("Anna", "de"), verified("Ben", "de")])
    victim = seats[1]
    deliver()
    _play_urchin(game, seats[0])
    assert game.awaiting == [1]
    asked = [m for m in deliver() if victim.email in m.to]
    assert asked, "the victim is told the decision asked of it"
    assert "„Abwerfen: Müll zuerst“" in asked[-1].body  # and how to answer it ahead
    mail = last_mail(victim)
    assert pipe(reply(mail, "Abwerfen: Müll zuerst\n"))[0] == 0
    game.refresh_from_db()
    state = store.load_state(game)
    assert game.awaiting == [0] and len(state.hand(1)) == 4 and state.standing[1] == {"discard_down": "junk_first"}
    answers = [m for m in deliver() if victim.email in m.to and m.extra_headers.get("In-Reply-To")]
    assert answers and "Ballast zuerst" in answers[-1].body
    # The same mail answered again later (its version stale, the seat not awaited): a standing answer is taken.
    assert pipe(reply(mail, "Bettler: immer\n"))[0] == 0
    game.refresh_from_db()
    assert store.load_state(game).standing[1] == {"discard_down": "junk_first", "beggar": "always"}
