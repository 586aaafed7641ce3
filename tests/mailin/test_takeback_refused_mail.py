"""The asker of a takeback hears of a refusal by mail (the outbox's letter, in the asker's language), whether
the other player refused on the page or by replying "refuse"; an acceptance sends no such mail."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from games import services
from notifications.models import Kind, Outbox
from tests.mailin.conftest import deliver, pipe, quoted, reply
from tests.mailin.test_receive_mail import to_turn

pytestmark = pytest.mark.django_db

SUBJECTS = {"en": "refused your request to take back a move in", "de": "deine Bitte abgelehnt, einen Zug zurückzunehmen"}


def _asked(table: dict[str, Any]) -> tuple[Any, Any]:
    """The seat to move takes gold and ends its turn, then asks to take it back; (asker, the other player)."""
    user, seat = to_turn(table)
    game = table["game"]
    services.execute(user, game.pk, {"type": "take_gold"})
    services.execute(user, game.pk, {"type": "end_turn"})
    deliver()
    services.ask_takeback(user, game.pk)
    return user, table["seats"][1 - seat]


def _refusal_mails(user: Any) -> list[Any]:
    return [m for m in mail.outbox if user.email in m.to and SUBJECTS[user.language] in m.subject]


def test_a_refusal_on_the_page_is_mailed_to_the_asker_in_their_language(table: dict[str, Any]) -> None:
    asker, other = _asked(table)
    services.answer_takeback(other, table["game"].pk, False)
    deliver()
    sent = _refusal_mails(asker)
    assert len(sent) == 1
    assert other.display_name in sent[0].subject
    assert Outbox.objects.get(user=asker, kind=Kind.TAKEBACK).params["outcome"] == "refused"
    # The other language's words are not in it (the mail is the asker's, not the refuser's).
    other_words = SUBJECTS["de" if asker.language == "en" else "en"]
    assert other_words not in sent[0].subject


def test_a_refusal_by_reply_is_mailed_to_the_asker(table: dict[str, Any]) -> None:
    asker, other = _asked(table)
    asked = [m for m in deliver() if other.email in m.to and m.reply_to][0]
    word = "refuse" if other.language == "en" else "ablehnen"
    assert pipe(reply(asked, f"{word}\n\n" + quoted(asked)))[0] == 0
    deliver()
    assert len(_refusal_mails(asker)) == 1


def test_an_acceptance_mails_no_refusal(table: dict[str, Any]) -> None:
    asker, other = _asked(table)
    services.answer_takeback(other, table["game"].pk, True)
    deliver()
    assert _refusal_mails(asker) == []
    assert not Outbox.objects.filter(user=asker, kind=Kind.TAKEBACK).exists()
