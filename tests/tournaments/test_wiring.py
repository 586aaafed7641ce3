"""The tournaments' write path reaches the outbox (rendered mails) and the live marks of its page."""

import random
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game
from live.marks import read_marks, tournament_key
from notifications import rendering
from notifications.models import Kind, Outbox
from tests.tournaments.driver import play
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_write_path_writes_the_mails_and_the_marks(make_user: Any) -> None:
    host = make_user()
    ps = [make_user(f"W{n}", email_verified_at=timezone.now(), language="de" if n else "en") for n in range(2)]
    t = services.create_tournament(host, name="Wired", kind="citadels", format="round_robin", table_size=2, max_players=2)
    for p in ps:
        services.join(p, t.pk)
    services.advance_due()
    t.refresh_from_db()
    assert read_marks([tournament_key(t.pk)]) == {tournament_key(t.pk): t.version}
    rows = list(Outbox.objects.filter(kind=Kind.TOURNAMENT))
    assert len(rows) == 2
    mails = [rendering.render(r) for r in rows]
    assert {m.subject for m in mails} == {"Wired: round 1 has started", "Wired: Runde 1 hat begonnen"}
    (game,) = Game.objects.filter(status=Game.Status.ACTIVE)
    assert all(f"/games/{game.pk}/" in m.html for m in mails)
    play(game, random.Random(2))
    services.advance_due()
    ended = list(Outbox.objects.filter(kind=Kind.TOURNAMENT, params__what="ended"))
    assert len(ended) == 2 and all("/tournaments/" in rendering.render(r).text for r in ended)
