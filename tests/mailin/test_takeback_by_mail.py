"""Taking a move back by email: a reply line "take back" ("zurücknehmen"; "undo", "rückgängig" too) takes back the sender's last move (the
answer says so); a request for consent is mailed to the others, who answer "accept" or "refuse"; the
mails of a move taken back are not sent."""

from __future__ import annotations

from typing import Any

import pytest

from citadels import RULES
from games import services, store
from games.models import Event, TakebackRequest
from notifications import delivery as notifications
from notifications.models import Kind, Outbox
from rules_kit.takeback import TAKEN_BACK
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply
from tests.mailin.test_receive_mail import answer_to, to_turn

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("word", ["take back", "Zurücknehmen", "undo", "Rückgängig"])
def test_gold_then_takeback_in_one_reply(table: dict[str, Any], word: str) -> None:
    user, seat = to_turn(table)
    game = table["game"]
    game.refresh_from_db()
    before = RULES.dump_state(store.load_state(game))
    turn = last_mail(user)
    assert pipe(reply(turn, f"gold\n{word}\n\n" + quoted(turn)))[0] == 0
    game.refresh_from_db()
    assert Event.objects.filter(game=game).order_by("-seq").first().type == TAKEN_BACK
    assert RULES.dump_state(store.load_state(game)) == before and game.awaiting == [seat]
    body = answer_to(user).body
    assert ("Your last move was taken back." in body) or ("zurückgenommen" in body)


def test_an_takeback_that_needs_consent_is_asked_by_mail_and_accepted_by_reply(table: dict[str, Any]) -> None:
    user, seat = to_turn(table)
    game = table["game"]
    turn = last_mail(user)
    assert pipe(reply(turn, "gold\n\n" + quoted(turn)))[0] == 0
    deliver()
    game.refresh_from_db()
    end = next(c for c in RULES.legal_commands(store.load_state(game), seat) if c["type"] == "end_turn")
    services.execute(user, game.pk, end)
    game.refresh_from_db()
    other_seat = 1 - seat
    other = table["seats"][other_seat]
    # the turn mail of the other seat is not sent yet when the takeback is asked and accepted
    # (none when the ended turn's player also holds the next character called: then nobody new is awaited)
    turns = list(Outbox.objects.filter(game=game, kind=Kind.TURN, status=Outbox.Status.PENDING).values_list("pk", flat=True))
    outcome = services.take_back(user, game.pk)
    assert outcome.request is not None
    row = Outbox.objects.get(game=game, kind=Kind.TAKEBACK, user=other)
    notifications.deliver(row.pk)
    asked = last_mail(other)
    assert user.display_name in asked.subject and ("\"accept\"" in asked.body or "„annehmen“" in asked.body)
    assert pipe(reply(asked, "accept\n\n" + quoted(asked)))[0] == 0
    assert TakebackRequest.objects.get(pk=outcome.request.pk).status == TakebackRequest.Status.ACCEPTED
    game.refresh_from_db()
    assert game.awaiting == [seat]
    assert set(Outbox.objects.filter(pk__in=turns).values_list("status", flat=True)) <= {Outbox.Status.CANCELLED}
    sent = deliver()
    assert all("Your turn" not in m.subject for m in sent if other.email in m.to)


def test_a_refusal_by_reply_ends_the_request(table: dict[str, Any]) -> None:
    user, seat = to_turn(table)
    game = table["game"]
    game.refresh_from_db()
    services.execute(user, game.pk, {"type": "take_gold"})
    services.execute(user, game.pk, {"type": "end_turn"})
    deliver()
    request = services.ask_takeback(user, game.pk)
    other = table["seats"][1 - seat]
    asked = [m for m in deliver() if other.email in m.to and m.reply_to][0]
    game.refresh_from_db()
    version = game.version
    assert pipe(reply(asked, "ablehnen\n\n" + quoted(asked)))[0] == 0
    request.refresh_from_db()
    game.refresh_from_db()
    assert request.status == TakebackRequest.Status.REFUSED and game.version == version
    assert not Event.objects.filter(game=game, type=TAKEN_BACK).exists()
