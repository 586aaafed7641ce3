"""A reply that buys from a mixed pile of Dark Ages: the answer names the card the player got (the pile's
top before the buy), not the card now on top."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from games import store
from tests.dominion.site.conftest import stacked_game
from tests.dominion.site.test_mixed_piles import MIXED, RUINS
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply, text_of

pytestmark = pytest.mark.django_db


def test_the_answer_names_the_ruins_card_bought(make_user: Any) -> None:
    anna = make_user("Anna", language="en", email_verified_at=timezone.now())
    ben = make_user("Ben", language="en", email_verified_at=timezone.now())
    game, seats = stacked_game([anna, ben], kingdom=MIXED, piles={"ruins": RUINS})
    deliver()
    turn = last_mail(seats[0])
    assert "Buy Survivors (Ruins)" in text_of(turn)
    code, _out = pipe(reply(turn, "buy ruins\n\n" + quoted(turn)))
    assert code == 0
    deliver()
    answer = text_of(last_mail(seats[0]))
    applied = answer.split("Applied", 1)[1].split("Your choices now", 1)[0]
    assert "Buy Survivors (Ruins)" in applied and "Ruined Market" not in applied, answer
    game.refresh_from_db()
    state = store.load_state(game)
    top = state.top("ruins")
    assert top is not None and state.names[top] == "ruined_market"  # Survivors was bought
