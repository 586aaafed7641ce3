"""The hosting's extension points as the installed apps fill them (each app registers in its `ready()`)."""

from __future__ import annotations

import pytest

from accounts import mails, personal_data, settings_page
from core.registry import UnknownEntry
from games import hooks, table_sections
from games.deadlines import clock
from notifications import delivery, outbox
from notifications.models import Channel


def test_every_app_that_keeps_personal_data_registered_its_part() -> None:
    assert {part.name for part in personal_data.parts} >= {"games", "chat", "notifications", "alerts"}
    assert len({part.name for part in personal_data.parts}) == len(personal_data.parts)


def test_the_settings_page_shows_the_profile_first_then_the_apps_sections() -> None:
    parts = [section.part for section in settings_page.sections]
    assert parts[0] == "profile"
    assert set(parts) >= {"table", "email", "vacation", "push", "webhook", "profile_privacy"}


def test_every_channel_but_email_has_its_sender_and_account_mails_their_listener() -> None:
    assert {str(channel) for channel in Channel if channel != Channel.EMAIL} == {
        channel for channel in map(str, Channel) if delivery.channel_senders.get(channel) is not None
    }
    assert delivery.channel_senders.get(Channel.EMAIL) is None  # the emails go over SMTP, not a registered sender
    with pytest.raises(UnknownEntry, match=r"\(registered: 'push', 'webhook'\)"):  # by value, not <Channel.PUSH>
        delivery.channel_senders["fax"]
    assert list(mails.account_mail_requested) == [outbox.on_account_mail_requested]


def test_the_tables_sections_and_the_first_subscriber() -> None:
    assert "chat" in table_sections.sections and "live" in table_sections.sections
    # The deadline columns are settled before any other subscriber (the emails) reads them (GamesConfig.ready).
    assert next(iter(hooks._appended)) is clock.on_events_appended
