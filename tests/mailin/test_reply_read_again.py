"""A reply read again after its reading was cut short (the process died after its lines were applied, before
its record was finished): its applied lines are told as applied, in the same words, and nothing is sent to
the game again, although the game has moved on from the email it answers."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Event, Game
from mailin import services as mailin
from mailin.models import InboundMail
from tests.mailin.conftest import last_mail, quoted, reply
from tests.mailin.test_receive_mail import mail_commands, to_turn

pytestmark = pytest.mark.django_db


def _told(outcome: mailin.Outcome) -> list[tuple[str, str, str, Any]]:
    return [(r.line, r.status, r.said, r.command) for r in outcome.results]


def test_a_reply_read_again_tells_its_applied_move_and_takeback_and_sends_neither_again(table: dict[str, Any]) -> None:
    user, seat = to_turn(table)
    turn = last_mail(user)
    raw = reply(turn, "gold\nundo\n\n" + quoted(turn), message_id="<cut-short@client.example>")
    first = mailin.receive(raw)
    assert first.status == "applied", first
    game = Game.objects.get(pk=table["game"].pk)
    events = Event.objects.filter(game=game).count()
    InboundMail.objects.update(done=False)  # as if cut short
    again = mailin.receive(raw)
    assert again.status == "applied", again
    assert _told(again) == _told(first)
    assert again.results[1].said in ("Your last move was taken back.", "Dein letzter Zug wurde zurückgenommen.")
    assert again.results[0].said and again.results[0].command == {"type": "take_gold"}
    assert Game.objects.get(pk=game.pk).version == game.version
    assert Event.objects.filter(game=game).count() == events
    assert mail_commands(table) == [{"type": "take_gold"}, {"type": "take_back"}]
