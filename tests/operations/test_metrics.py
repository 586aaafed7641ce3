"""`/metrics`: scraped during a test game, the counts show what happened (requests by view and status,
commands by game kind and by whom, refusals by code, the outbox's backlog, overdue deadlines); only the
allowed addresses or the token read it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from citadels import RULES
from games import store
from games.deadlines.sweep import enforce_due_deadlines
from games.models import Game
from notifications.models import Outbox
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def scrape(client: Client | None = None, **headers: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics by name and labels."""
    response = (client or Client()).get("/metrics", **headers)
    assert response.status_code == 200, response.content
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_the_scrape_shows_the_counts_of_a_test_game(make_user: Any, api_client: Any,
                                                    django_capture_on_commit_callbacks: Any) -> None:
    users = [make_user(email_verified_at=timezone.now()) for _ in range(3)]
    game = started_game(users)
    before = scrape()
    by_seat = seat_users(game)
    played = 0
    for _ in range(6):
        game.refresh_from_db()
        seat = game.awaiting[0]
        command = RULES.legal_commands(store.load_state(game, use_cache=False), seat)[0]
        # The test's transaction never commits: the commands' counts are taken as at a commit.
        with django_capture_on_commit_callbacks(execute=True):
            response = api_client(by_seat[seat]).post(f"/api/games/{game.pk}/commands", {"command": command},
                                                      format="json")
        assert response.status_code in (200, 201), response.content
        played += 1
    game.refresh_from_db()
    idle = next(seat for seat in by_seat if seat not in game.awaiting)
    refused = api_client(by_seat[idle]).post(f"/api/games/{game.pk}/commands", {"command": {"type": "end_turn"}},
                                             format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_turn"
    # A deadline passes: overdue until the sweep plays the seat.
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(minutes=5))
    overdue = scrape()
    assert value(overdue, "pbe_deadlines_overdue") == 1
    with django_capture_on_commit_callbacks(execute=True):
        enforce_due_deadlines(timezone.now())
    after = scrape()

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("pbe_commands_total", kind="citadels", by="player") == played
    assert delta("pbe_commands_total", kind="citadels", by="service") >= 1
    assert delta("pbe_refusals_total", code="not_your_turn") == 1
    view = "api:game-commands"
    assert delta("pbe_http_requests_total", view=view, method="POST", status="201") + delta(
        "pbe_http_requests_total", view=view, method="POST", status="200") == played
    assert delta("pbe_http_requests_total", view=view, method="POST", status="403") == 1
    assert delta("pbe_http_request_duration_seconds_count", view=view) == played + 1
    assert value(after, "pbe_deadlines_overdue") == 0
    pending = Outbox.objects.filter(status=Outbox.Status.PENDING).count()
    assert pending > 0 and value(after, "pbe_outbox_backlog", status="pending") == pending
    assert value(after, "pbe_outbox_oldest_due_seconds") >= 0


def test_only_the_allowed_addresses_or_the_token_read_it(settings: Any) -> None:
    settings.METRICS_ALLOWED_IPS = ["10.0.0.9"]
    settings.METRICS_TOKEN = "s3cret-token"
    assert Client().get("/metrics").status_code == 403
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-token").status_code == 200
    assert Client(REMOTE_ADDR="10.0.0.9").get("/metrics").status_code == 200
    settings.METRICS_TOKEN = ""
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 403
