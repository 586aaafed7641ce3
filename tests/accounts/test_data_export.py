"""The data export: built by the Celery task, mailed as a signed link that expires; the file holds the
account, the settings and the games as that player may see them, never another seat's private part or the
server's secrets."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts import services
from accounts.models import DataExport, User
from accounts.tasks import build_data_export
from citadels import RULES
from games import store
from games.models import Event
from notifications.models import Preference
from tests.games.helpers import play_random, started_game
from tests.games.test_privacy import expected_redaction, lists_in

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^/\s]+(/accounts/export/[^/\s]+/)")


def _player(email: str, name: str) -> User:
    return User.objects.create_user(email=email, password="a-long-secret-pw-1", display_name=name,
                                    email_verified_at=timezone.now())


@pytest.fixture
def run_tasks_here(monkeypatch: Any) -> None:
    """The export task runs in the test's process when published (no worker)."""
    monkeypatch.setattr(build_data_export, "delay", lambda *args: build_data_export.apply(args=args))


def test_the_export_holds_the_account_and_the_games_as_the_player_sees_them(
    client: Client, run_tasks_here: None, django_capture_on_commit_callbacks: Any
) -> None:
    me = _player("ida@example.org", "Ida")
    others = [_player(f"o{n}@example.org", f"O{n}") for n in range(2)]
    game = started_game([me, *others])
    play_random(game, random.Random(5), max_commands=40)
    Preference.objects.create(user=me, mode=Preference.Mode.DIGEST)
    client.force_login(me)
    client.get(f"/games/{game.pk}/")  # how far Ida read the game: in the export too
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/accounts/export/")
    assert answer.status_code == 302 and DataExport.objects.filter(user=me).count() == 1
    link = LINK.search(mail.outbox[-1].body)
    assert link and mail.outbox[-1].to == ["ida@example.org"]
    assert Client().get(link.group(1)).status_code == 302  # signed out: to the sign-in first
    download = client.get(link.group(1))  # the owner, signed in
    assert download.status_code == 200 and "attachment" in download["Content-Disposition"]
    data = json.loads(download.content)
    assert data["account"]["email"] == "ida@example.org" and data["account"]["display_name"] == "Ida"
    assert data["notifications"]["preferences"]["mode"] == "digest"
    [exported] = data["games"]["games"]
    seat = exported["seat"]
    assert exported["id"] == game.pk and seat is not None
    assert [(r["game"], r["version"]) for r in data["games"]["history_read"]] == [(game.pk, game.version)]
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    assert [e["seq"] for e in exported["history"]] == [row.seq for row in rows]
    for event, row in zip(exported["history"], rows, strict=True):
        assert event["data"] == json.loads(json.dumps(expected_redaction(row.data, seat)))
    # The view is the engine's for that seat alone, and no secret (a deck's order) is anywhere in the file.
    assert exported["view"] == json.loads(json.dumps(RULES.view(store.load_state(game, use_cache=False), seat)))
    text = json.dumps(data)
    for row in rows:
        for secret in lists_in(row.data.get("secret", {})):
            if len(secret) >= 5:
                assert json.dumps(secret) not in text, row.seq
    assert "o0@example.org" not in text and "o1@example.org" not in text


def test_an_expired_or_forged_export_link_is_refused(client: Client, settings: Any, run_tasks_here: None,
                                                     django_capture_on_commit_callbacks: Any) -> None:
    me = _player("ida@example.org", "Ida")
    with django_capture_on_commit_callbacks(execute=True):
        services.request_export(me)
    path = LINK.search(mail.outbox[-1].body).group(1)  # type: ignore[union-attr]
    client.force_login(me)
    forged = client.get(path[:-3] + "xx/")
    assert forged.status_code == 400 and "This link is not valid." in forged.content.decode()
    settings.ACCOUNTS_EXPORT_LINK_MAX_AGE = -1
    expired = client.get(path)
    assert expired.status_code == 400 and "This link has expired." in expired.content.decode()


def test_the_api_asks_for_an_export(api_client: Any, run_tasks_here: None,
                                    django_capture_on_commit_callbacks: Any) -> None:
    me = _player("ida@example.org", "Ida")
    assert api_client().post("/api/me/export").status_code == 401
    with django_capture_on_commit_callbacks(execute=True):
        answer = api_client(me).post("/api/me/export")
    assert answer.status_code == 202 and DataExport.objects.filter(user=me).count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        api_client(me).post("/api/me/export")
    assert DataExport.objects.filter(user=me).count() == 1  # only the newest is kept
