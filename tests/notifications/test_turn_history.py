"""A turn email's "since your last turn" begins with the reader's own last command: what it set off (the
next character called, and who holds it) is news to a player who reads only the emails."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from citadels import RULES
from games import services, store
from games.models import Command, Event
from games.registry import get_kind
from notifications.models import Kind, Outbox
from notifications.rendering import render

from .helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def test_the_history_tells_what_the_readers_last_command_set_off(verified_user: Any) -> None:
    game = started_game([verified_user("ann", language="en"), verified_user("ben", language="en"),
                         verified_user("cem", language="en")])
    users = seat_users(game)
    checked = 0
    for _ in range(60):
        game.refresh_from_db()
        seat = game.awaiting[0]
        services.execute(users[seat], game.pk, RULES.legal_commands(store.load_state(game), seat)[0])
        game.refresh_from_db()
        for row in Outbox.objects.filter(game=game, kind=Kind.TURN, version=game.version):
            own = Command.objects.filter(game=game, seat=row.seat, last_seq__lt=row.version).order_by("-last_seq").first()
            if own is None:
                continue
            site = get_kind(game.kind).site_module
            names = {s: u.display_name for s, u in users.items()}
            names[row.seat] = f"{names[row.seat]} (you)"
            body = render(row).text
            with translation.override("en"):
                for event in Event.objects.filter(game=game, seq__gte=own.first_seq, seq__lte=own.last_seq):
                    seen = RULES.redact(RULES.decode(event.data), row.seat)
                    if seen is not None:
                        assert site.describe_event(seen, names) in body, (event.type, body)
                        checked += 1
    assert checked > 10
