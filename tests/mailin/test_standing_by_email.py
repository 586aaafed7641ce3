"""Standing answers by an emailed reply (`mailin.standing`): a line `<what>: <answer>` the game's site reads
as a standing answer is sent at any time through the one write path, before the reply's other lines; a line
with a colon that is no standing answer is read as a move as always; a standing answer the rules refuse
stops the reply with their reason."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from games import store
from games.registry import get_kind
from mailin import standing
from tests.dominion.site.conftest import stacked_game
from tests.mailin.conftest import deliver, last_mail, pipe, reply, table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def test_only_the_games_standing_lines_are_standing_answers() -> None:
    dominion, citadels = get_kind("dominion"), get_kind("citadels")
    assert standing.wanted(dominion, "moat: always", None) == {"type": "set_reaction", "card": "moat", "answer": "always"}
    assert standing.wanted(dominion, "wish: king", None) is None  # Citadels' words, not Dominion's
    assert standing.wanted(citadels, "wish: king", {"characters": ["king"]}) == {"type": "set_wishes", "characters": ["king"]}
    assert standing.wanted(citadels, "moat: always", None) is None
    assert standing.wanted(dominion, "In this order, top first: Copper, Estate", None) is None
    assert standing.wanted(dominion, "moat always", None) is None  # the colon makes the line one


def test_a_standing_line_and_a_move_in_one_reply(make_user: Any) -> None:
    anna = make_user("anna", email_verified_at=timezone.now(), language="en")
    ben = make_user("ben", email_verified_at=timezone.now(), language="en")
    game, seats = stacked_game([anna, ben])
    deliver()
    first = seats[0]
    assert pipe(reply(last_mail(first), "beggar: never\nend turn\n"))[0] == 0
    game.refresh_from_db()
    assert store.load_state(game).standing[0] == {"beggar": "never"} and game.awaiting == [1]
    answer = [m for m in deliver() if first.email in m.to and m.extra_headers.get("In-Reply-To")][-1]
    assert "Beggar: never use it" in answer.body


def test_a_refused_standing_line_stops_the_reply_with_the_rules_reason(table: dict[str, Any]) -> None:  # noqa: F811
    game = table["game"]
    seat = game.awaiting[0]
    user = table["seats"][seat]
    version = game.version
    assert pipe(reply(last_mail(user), "Wunsch: Drache\n1\n"))[0] == 0
    game.refresh_from_db()
    assert game.version == version  # nothing written, the move after it not tried
    answer = [m for m in deliver() if user.email in m.to and m.extra_headers.get("In-Reply-To")][-1]
    assert "characters of this game" in answer.body or "Charaktere dieses Spiels" in answer.body
