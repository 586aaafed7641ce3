"""Mails come from the site by its name in the reader's language; an operator's own sender name is kept."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from accounts import services as accounts
from notifications import delivery
from notifications.models import Outbox

from .helpers import started_game

pytestmark = pytest.mark.django_db


def test_game_and_account_mails_name_the_site_in_the_readers_language(
    verified_user: Any, make_user: Any, settings: Any
) -> None:
    game = started_game([verified_user("anna", language="de"), verified_user("ben", language="en")])
    senders = {row.language: delivery.build_email(row).message()["From"] for row in Outbox.objects.filter(game=game)}
    assert senders == {"de": "Spielen per E-Mail <play@localhost>", "en": "Play by email <play@localhost>"}
    settings.ACCOUNTS_ASYNC_MAIL = False
    accounts.resend_verification(make_user("carla", language="de"))
    assert mail.outbox[-1].from_email == "Spielen per E-Mail <play@localhost>"
    settings.DEFAULT_FROM_EMAIL = "Brettspielrunde <spiel@example.org>"
    row = Outbox.objects.filter(game=game, language="de").first()
    assert row is not None and delivery.build_email(row).message()["From"] == "Brettspielrunde <spiel@example.org>"
