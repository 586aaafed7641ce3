"""A rematch accepted or declined by an emailed reply: the offer mail goes to every other player with a
signed Reply-To and says how; "accept" / "annehmen" takes the seat, "decline" / "ablehnen" ends the offer,
through the same services as the page; the answer mail says what was done; a reply with no offer standing
changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, Rematch, Seat
from games.services import offer_rematch
from notifications.models import Kind, Outbox
from tests.games.test_rematch import finished
from tests.mailin.conftest import deliver, pipe, reply

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _table_emails(settings: Any) -> None:
    settings.NOTIFICATIONS_TABLE_EMAILS = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MAILIN_DOMAIN = "play.example.org"


def players(make_user: Any) -> list[Any]:
    verified = timezone.now()
    return [make_user("ann", email_verified_at=verified, language="en"),
            make_user("ben", email_verified_at=verified, language="de"),
            make_user("cid", email_verified_at=verified, language="en")]


def offer_mail(user: Any, mails: list[Any]) -> Any:
    """The rematch offer mailed to `user` (with its Reply-To)."""
    found = [m for m in mails if user.email in m.to and m.reply_to and ("rematch" in m.subject or "Revanche" in m.subject)]
    assert len(found) == 1, [m.subject for m in mails if user.email in m.to]
    return found[0]


def answer_to(user: Any, mails: list[Any]) -> Any:
    return next(m for m in mails if user.email in m.to and m.extra_headers.get("In-Reply-To"))


def test_every_player_accepts_by_email_and_the_rematch_starts(make_user: Any) -> None:
    ann, ben, cid = players(make_user)
    old = finished([ann, ben, cid])
    deliver()
    offer_rematch(ann, old.pk)
    mails = deliver()
    assert not [m for m in mails if ann.email in m.to]  # the offerer is not asked
    to_ben, to_cid = offer_mail(ben, mails), offer_mail(cid, mails)
    assert "„annehmen“ oder „ablehnen“" in to_ben.body  # in the reader's language
    assert "“accept” or “decline”" in to_cid.body
    assert pipe(reply(to_ben, "Annehmen\n"))[0] == 0
    rematch = Rematch.objects.get(previous=old)
    assert rematch.status == Rematch.Status.OFFERED
    assert set(Seat.objects.filter(game=rematch.game).values_list("user_id", flat=True)) == {ann.pk, ben.pk}
    told = answer_to(ben, deliver())
    assert "Du hast die Revanche angenommen; sie beginnt" in told.body
    assert pipe(reply(to_cid, "accept.\n"))[0] == 0
    rematch.refresh_from_db()
    assert rematch.status == Rematch.Status.STARTED
    assert Game.objects.get(pk=rematch.game_id).status == Game.Status.ACTIVE
    told = answer_to(cid, deliver())
    assert f"You accepted the rematch, and it has started: game #{rematch.game_id}." in told.body


@pytest.mark.parametrize("word", ["decline", "ablehnen"])
def test_a_decline_by_email_ends_the_offer(make_user: Any, word: str) -> None:
    ann, ben, cid = players(make_user)
    old = finished([ann, ben, cid])
    deliver()
    offer_rematch(cid, old.pk)
    to_ben = offer_mail(ben, deliver())
    assert pipe(reply(to_ben, f"{word}\n"))[0] == 0
    rematch = Rematch.objects.get(previous=old)
    assert rematch.status == Rematch.Status.DECLINED and rematch.declined_by == ben
    assert Game.objects.get(pk=rematch.game_id).status == Game.Status.ABANDONED
    assert "Du hast die Revanche abgelehnt" in answer_to(ben, deliver()).body


def test_a_second_answer_is_refused_and_changes_nothing(make_user: Any) -> None:
    ann, ben, cid = players(make_user)
    old = finished([ann, ben, cid])
    deliver()
    offer_rematch(ann, old.pk)
    mails = deliver()
    to_ben, to_cid = offer_mail(ben, mails), offer_mail(cid, mails)
    assert pipe(reply(to_ben, "decline\n"))[0] == 0
    deliver()
    seats_before = Seat.objects.count()
    assert pipe(reply(to_cid, "accept\n"))[0] == 0  # the offer ended: refused, told why
    assert Seat.objects.count() == seats_before
    assert Rematch.objects.get(previous=old).status == Rematch.Status.DECLINED
    told = answer_to(cid, deliver())
    assert "No rematch of this game is offered now." in told.body
    assert Outbox.objects.filter(kind=Kind.ANSWER, user=cid).count() == 1
