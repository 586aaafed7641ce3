"""`GET /healthz`: 200 while the database answers, `degraded` (503 only with ?strict=1) when the broker is
unreachable, mail delivery lags or passed deadlines are not enforced; 503 without the database."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.utils import timezone

from games.models import Game
from notifications import delivery
from notifications.models import Outbox
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(make_user: Any) -> Game:
    """A started game whose players get mail (so there are outbox rows)."""
    now = timezone.now()
    return started_game([make_user(email_verified_at=now), make_user(email_verified_at=now)])


def health(client: Any, query: str = "") -> tuple[int, dict[str, Any]]:
    response = client.get("/healthz" + query)
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    return response.status_code, response.json()


def test_a_running_service_is_ok(client: Any, game: Game) -> None:
    assert Outbox.objects.filter(status=Outbox.Status.PENDING).exists()  # written, not yet due for the sweep
    code, body = health(client, "?strict=1")
    assert code == 200 and body["status"] == "ok", body
    assert set(body["checks"]) == {"database", "broker", "outbox", "deadlines"}
    assert body["checks"]["outbox"] == {"ok": True, "oldest_due_seconds": 0, "limit_seconds": 900, "failed": 0}
    assert body["checks"]["deadlines"] == {"ok": True, "overdue": 0, "grace_seconds": 600}
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_mail_that_nobody_delivers_degrades(client: Any, game: Game) -> None:
    Outbox.objects.filter(game=game).update(next_attempt_at=timezone.now() - timedelta(minutes=20))
    Outbox.objects.filter(pk=Outbox.objects.filter(game=game).first().pk).update(status=Outbox.Status.FAILED)  # type: ignore[union-attr]
    code, body = health(client)
    outbox = body["checks"]["outbox"]
    assert code == 200 and body["status"] == "degraded" and not outbox["ok"], body
    assert 20 * 60 <= outbox["oldest_due_seconds"] < 21 * 60 and outbox["failed"] == 1
    assert health(client, "?strict=1")[0] == 503


def test_a_sender_whose_lease_ran_out_counts_as_due() -> None:
    now = timezone.now()
    assert delivery.oldest_due(now) is None
    Outbox.objects.create(
        dedupe_key="health-lease", kind="turn", user=_user(), to_email="x@example.org", language="en",
        message_id="<x@example.org>", unsubscribe_url="/u", status=Outbox.Status.SENDING,
        next_attempt_at=now + timedelta(hours=1), lease_until=now - timedelta(minutes=30), created_at=now,
    )
    assert delivery.oldest_due(now) == now - timedelta(minutes=30)


def test_deadlines_the_sweep_left_alone_degrade(client: Any, game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(minutes=5))
    assert health(client)[1]["status"] == "ok"  # within the grace time: the next sweep takes it
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(minutes=11))
    code, body = health(client)
    assert code == 200 and body["status"] == "degraded"
    assert body["checks"]["deadlines"] == {"ok": False, "overdue": 1, "grace_seconds": 600}
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)  # a finished game's deadline is moot
    assert health(client)[1]["status"] == "ok"


def test_an_unreachable_broker_degrades_and_names_no_host(client: Any, settings: Any) -> None:
    settings.CELERY_BROKER_URL = "redis://:sekrit@127.0.0.1:1/0"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {}
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200 and body["status"] == "degraded"
    assert body["checks"]["broker"] == {"ok": False, "error": "OperationalError"}
    assert b"127.0.0.1" not in response.content and b"sekrit" not in response.content


def test_without_the_database_it_is_down(client: Any, monkeypatch: Any) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection to server at db.internal failed")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503 and body["status"] == "down"
    assert body["checks"]["database"] == {"ok": False, "error": "OperationalError"}
    assert b"db.internal" not in response.content


def test_the_probe_is_not_redirected_to_https(client: Any, settings: Any) -> None:
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get("/accounts/login/").status_code == 301


def _user() -> Any:
    from accounts.models import User

    return User.objects.create_user(email="lease@example.org", password="a-long-secret-pw-1", display_name="lease")
