"""The table without JavaScript (issue 20): every move button and card choice is a form that posts to the
page (`games.move_forms`) and gets a full page back; a wasteful move is asked about on a page of its own
first; a refusal writes nothing."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from games import services, store
from games.models import Game
from tests.dominion.site.conftest import stacked_game

from .helpers import db_snapshot
from .test_takeback_pages import _dominion_in_buy_phase

pytestmark = pytest.mark.django_db

CURSE = json.dumps({"type": "buy", "card": "curse"})


def _page(client: Client, game: Game) -> str:
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _post(client: Client, game: Game, data: dict[str, Any]) -> Any:
    return client.post(f"/games/{game.pk}/move", data)


def test_the_buttons_are_submit_buttons_of_the_moves_form(client: Client, make_user: Any) -> None:
    game, player = _dominion_in_buy_phase(make_user)
    client.force_login(player)
    page = _page(client, game)
    form = re.search(r'<form id="moves" method="post" action="([^"]+)">(.*?)</form>', page, re.S)
    assert form and form.group(1) == f"/games/{game.pk}/move"
    assert f'name="expected_version" value="{game.version}"' in form.group(2) and "csrfmiddlewaretoken" in form.group(2)
    raw = client.get(f"/games/{game.pk}/").content.decode()
    buttons = [html.unescape(v) for v in re.findall(r'<button type="submit" form="moves" name="command" value="([^"]+)" class="cmd', raw)]
    assert CURSE in buttons and json.dumps({"type": "end_turn"}) in buttons
    assert 'type="button" class="cmd' not in page  # no button is left that needs the script


def test_a_wasteful_move_is_asked_first_then_sent_on_yes(client: Client, make_user: Any) -> None:
    game, player = _dominion_in_buy_phase(make_user)
    client.force_login(player)
    before = db_snapshot()
    asked = _post(client, game, {"command": CURSE, "expected_version": game.version})
    assert asked.status_code == 200
    text = html.unescape(asked.content.decode())
    assert "Buy a Curse?" in text and 'name="confirmed" value="1"' in text
    assert f'value="{html.escape(CURSE)}"' in asked.content.decode() and f'name="expected_version" value="{game.version}"' in text
    assert db_snapshot() == before  # the question wrote nothing
    done = _post(client, game, {"command": CURSE, "expected_version": game.version, "confirmed": "1"})
    assert done.status_code == 302 and done["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    state = store.load_state(game, use_cache=False)
    assert len(state.piles["curse"]) == 9  # two players: 10 Curses, one bought


def test_the_question_in_german(client: Client, make_user: Any) -> None:
    game, player = _dominion_in_buy_phase(make_user)
    player.language = "de"
    player.save()
    client.force_login(player)
    with translation.override("de"):
        asked = _post(client, game, {"command": CURSE, "expected_version": game.version})
    text = html.unescape(asked.content.decode())
    assert "Bist du sicher?" in text and "Ja, tu es" in text and "Nein, zurück zum Spiel" in text


def test_without_the_questions_the_move_is_sent_at_once(client: Client, make_user: Any) -> None:
    game, player = _dominion_in_buy_phase(make_user)
    client.force_login(player)
    client.post("/settings/", {"part": "table"})  # the box unticked: no questions
    version = game.version
    done = _post(client, game, {"command": CURSE, "expected_version": version})
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.version > version


def test_a_stale_page_and_an_illegal_move_are_refused_and_write_nothing(client: Client, make_user: Any) -> None:
    game, player = _dominion_in_buy_phase(make_user)
    client.force_login(player)
    before = db_snapshot()
    stale = _post(client, game, {"command": json.dumps({"type": "end_turn"}), "confirmed": "1",
                                 "expected_version": game.version - 1})
    assert stale.status_code == 409 and f'href="/games/{game.pk}/"' in stale.content.decode()
    illegal = _post(client, game, {"command": json.dumps({"type": "buy", "card": "province"}), "confirmed": "1",
                                   "expected_version": game.version})
    assert 400 <= illegal.status_code < 500, illegal.status_code
    assert _post(client, game, {"command": "{not json"}).status_code == 400
    assert _post(client, game, {"command": "[1, 2]"}).status_code == 400
    assert db_snapshot() == before


def test_a_stranger_and_a_guest_cannot_move(client: Client, make_user: Any) -> None:
    game, _player = _dominion_in_buy_phase(make_user)
    before = db_snapshot()
    guest = _post(client, game, {"command": json.dumps({"type": "end_turn"})})
    assert guest.status_code == 302 and "/login" in guest["Location"]
    client.force_login(make_user())
    assert _post(client, game, {"command": json.dumps({"type": "end_turn"})}).status_code in (403, 404)
    assert client.get(f"/games/{game.pk}/move").status_code == 405
    assert db_snapshot() == before


def test_a_card_choice_posts_the_picked_cards(client: Client, make_user: Any) -> None:
    anna, ben = (make_user(name, email_verified_at=timezone.now()) for name in ("Anna", "Ben"))
    game, seats = stacked_game([anna, ben])
    state = store.load_state(game)
    urchin = next(c for c in state.hand(0) if state.names[c] == "urchin")
    services.execute(seats[0], game.pk, {"type": "play", "card": urchin})  # Ben must discard down to 4
    game.refresh_from_db()
    client.force_login(seats[1])
    page = _page(client, game)
    form = re.search(r'<form class="card-choice" method="post" action="([^"]+)".*?</form>', page, re.S)
    assert form and form.group(1) == f"/games/{game.pk}/move"
    for hidden in ('name="choice_type" value="decide"', 'name="choice_field" value="cards"',
                   'name="choice_input" value="cards"', 'name="choice_multiple"', 'name="choice_numbers"'):
        assert hidden in form.group(0), hidden
    hand = store.load_state(game, use_cache=False).hand(1)
    fields = {"choice_type": "decide", "choice_field": "cards", "choice_input": "cards", "choice_multiple": "1",
              "choice_numbers": "1", "expected_version": game.version}
    before = db_snapshot()
    nothing = _post(client, game, fields)  # nothing picked: refused before the service is asked
    assert nothing.status_code == 400 and "Select a card first." in nothing.content.decode()
    assert db_snapshot() == before
    done = _post(client, game, {**fields, "cards": [str(hand[0])]})
    assert done.status_code == 302
    game.refresh_from_db()
    assert len(store.load_state(game, use_cache=False).hand(1)) == 4
