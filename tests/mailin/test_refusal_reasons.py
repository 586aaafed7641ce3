"""A refused move in an emailed reply says why, in the engine's words (issue 20): a line naming a move that
is not among the choices now ("buy gold" with 4 coins) gets the engine's reason, in the player's language,
and nothing is applied."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from citadels.site import conceivable_commands as citadels_conceivable
from dominion.site import conceivable_commands as dominion_conceivable
from games import store
from tests.dominion.site.conftest import stacked_game
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply, text_of

pytestmark = pytest.mark.django_db


def _answer(language: str, body: str, make_user: Any) -> tuple[str, Any]:
    anna = make_user("Anna", language=language, email_verified_at=timezone.now())
    ben = make_user("Ben", language=language, email_verified_at=timezone.now())
    game, seats = stacked_game([anna, ben])  # seat 0: Urchin and 4 Coppers in hand
    deliver()
    turn = last_mail(seats[0])
    assert pipe(reply(turn, body + "\n\n" + quoted(turn)))[0] == 0
    deliver()
    return text_of(last_mail(seats[0])), game


def test_a_buy_the_player_cannot_afford_is_refused_with_the_engines_reason(make_user: Any) -> None:
    answer, game = _answer("en", "play all treasures\nbuy gold", make_user)
    refused = answer.split("== Refused ==", 1)[1].split("==", 1)[0]
    assert "“buy gold”: You cannot afford that card: you have 4 coins and Gold costs 6." in refused, answer
    assert "Play all Treasures" in answer.split("== Applied ==", 1)[1].split("==", 1)[0]
    game.refresh_from_db()
    state = store.load_state(game, use_cache=False)
    assert len(state.piles["gold"]) == 30  # nothing was bought


def test_the_engines_reason_in_german(make_user: Any) -> None:
    answer, _game = _answer("de", "Alle Geldkarten ausspielen\nGold kaufen", make_user)
    assert "“Gold kaufen”: Diese Karte kannst du dir nicht leisten: du hast 4 Geld und Gold kostet 6." in answer, answer


def test_a_line_that_names_nothing_keeps_the_plain_answer(make_user: Any) -> None:
    answer, _game = _answer("en", "bake a cake", make_user)
    assert "“bake a cake”: This matches none of your choices." in answer, answer


def test_the_conceivable_moves_are_those_not_legal_now() -> None:
    legal = [{"type": "buy", "card": "copper"}]
    view = {"supply": {"copper": {}, "gold": {}}}
    assert dominion_conceivable(view, legal) == [{"type": "buy", "card": "gold"}]
    assert citadels_conceivable({"hand": ["keep", "keep", "palace"]}, [{"type": "build", "district": "keep"}]) == [
        {"type": "build", "district": "palace"}]
    assert citadels_conceivable(None, []) == []
