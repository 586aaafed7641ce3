"""Resigning by an emailed reply: the word alone on a line ("resign" / "aufgeben"), in either language,
through the same write path; the turn email says how."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from tests.mailin.conftest import deliver, last_mail, pipe, reply, table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("word", ["resign", "Aufgeben."])
def test_a_reply_resigns_a_two_player_game(table: dict[str, Any], word: str) -> None:  # noqa: F811
    game = table["game"]
    seat = game.awaiting[0]
    user = table["seats"][seat]
    turn = last_mail(user)
    assert "resign" in turn.body or "aufgeben" in turn.body  # the email says how
    assert pipe(reply(turn, f"{word}\n"))[0] == 0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    mails = [m for m in deliver() if user.email in m.to]
    answer = next(m for m in mails if m.extra_headers.get("In-Reply-To"))
    assert ("Resign the game" if user.language == "en" else "Das Spiel aufgeben") in answer.body
    assert any("#" in m.subject and m is not answer for m in mails)  # and the game's end


def test_a_reply_to_an_older_mail_resigns_when_it_is_not_ones_turn(table: dict[str, Any]) -> None:  # noqa: F811
    game = table["game"]
    answered: set[Any] = set()
    for _step in range(6):  # play the draft by mail until a player who answered a mail is not awaited
        game.refresh_from_db()
        awaited = table["seats"][game.awaiting[0]]
        idle = [user for user in answered if user != awaited]
        if idle:
            break
        assert pipe(reply(last_mail(awaited), "1\n"))[0] == 0
        deliver()
        answered.add(awaited)
    older = last_mail(idle[0])  # a mail answered already: its version is stale, and it is not their turn
    assert pipe(reply(older, "resign\n"))[0] == 0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
