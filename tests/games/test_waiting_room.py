"""The waiting room: the seated players get an email and a notice on the page when a seat is taken or left;
a game may start by itself once every seat is taken; an open game nobody joins is closed after its days."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone

from games import services
from games.models import Game, SeatChange
from notifications.models import Outbox
from notifications.rendering import render
from tests.games.helpers import db_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _table_emails(settings: Any) -> None:
    settings.NOTIFICATIONS_TABLE_EMAILS = True


@pytest.fixture
def verified(make_user: Any) -> Any:
    def make(name: str, language: str = "en") -> Any:
        return make_user(name, language=language, email_verified_at=timezone.now())
    return make


def test_seated_players_are_told_when_a_seat_is_taken_or_left(verified: Any, client: Any) -> None:
    ann, bob, cid = verified("ann"), verified("bob", "de"), verified("cid")
    game = services.create_game(ann, "citadels", 4)
    services.join_game(bob, game.pk)
    taken = Outbox.objects.get(kind="table", user=ann)
    assert taken.params == {"what": "taken", "actor": "bob"}
    mail = render(taken)
    assert "bob took a seat" in mail.subject and "2 of 4 seats are taken." in mail.text
    services.join_game(cid, game.pk)
    services.leave_game(cid, game.pk)
    mails = Outbox.objects.filter(kind="table").order_by("id")
    assert [(m.user.display_name, m.params["what"]) for m in mails] == [
        ("ann", "taken"), ("ann", "taken"), ("bob", "taken"), ("ann", "left"), ("bob", "left")]
    german = render(mails.get(user=bob, params__what="left"))
    assert "cid hat Citadels" in german.subject or "cid hat Ohne Furcht und Adel" in german.subject
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "News from the waiting room" in page and "cid left." in page and "bob took a seat." in page
    # an outsider sees no notices
    client.force_login(verified("eve"))
    assert "News from the waiting room" not in client.get(f"/games/{game.pk}/").content.decode()


def test_a_refused_join_tells_nobody(verified: Any, api_client: Any) -> None:
    ann, bob = verified("ann"), verified("bob")
    game = services.create_game(ann, "citadels", 2)
    services.join_game(bob, game.pk)
    before = (db_snapshot(), Outbox.objects.count(), SeatChange.objects.count())
    refused = api_client(verified("cid")).post(f"/api/games/{game.pk}/join")
    assert refused.status_code == 409 and refused.json()["code"] == "game_full"
    assert (db_snapshot(), Outbox.objects.count(), SeatChange.objects.count()) == before


def test_the_game_starts_by_itself_once_every_seat_is_taken(verified: Any, api_client: Any) -> None:
    ann, bob, cid = verified("ann"), verified("bob"), verified("cid")
    created = api_client(ann).post("/api/games/", {"kind": "citadels", "players": 3, "auto_start": True}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert api_client(bob).post(f"/api/games/{game_id}/join").json()["status"] == "open"
    joined = api_client(cid).post(f"/api/games/{game_id}/join")
    assert joined.status_code == 200 and joined.json()["status"] == "active" and joined.json()["seat"] is not None
    assert Outbox.objects.filter(kind="started").count() == 3
    manual = services.create_game(ann, "citadels", 2)
    services.join_game(bob, manual.pk)
    manual.refresh_from_db()
    assert manual.status == Game.Status.OPEN  # without the option, the host starts


def test_the_new_game_form_sets_the_waiting_room_options(verified: Any, client: Any) -> None:
    ann = verified("ann")
    client.force_login(ann)
    form = client.get("/games/new/").content.decode()
    assert 'name="auto_start"' in form and 'name="close_after_days"' in form
    from tests.games.test_site_pages import _form

    data = {**_form(), "auto_start": "on", "close_after_days": 5}
    assert client.post("/games/new/", data).status_code == 302
    game = Game.objects.get(created_by=ann)
    assert game.auto_start and game.close_after_days == 5
    bad = client.post("/games/new/", {**data, "close_after_days": 0})
    assert bad.status_code == 400 and Game.objects.count() == 1


def test_an_open_game_nobody_joins_is_closed_after_its_days(verified: Any) -> None:
    ann, bob = verified("ann"), verified("bob", "de")
    stale = services.create_game(ann, "citadels", 4, close_after_days=3)
    services.join_game(bob, stale.pk)
    fresh = services.create_game(ann, "citadels", 4, close_after_days=10)
    running = services.create_game(ann, "citadels", 2, close_after_days=1)
    services.join_game(bob, running.pk)
    services.start_game(ann, running.pk)
    Outbox.objects.all().delete()
    with time_machine.travel(timezone.now() + timedelta(days=2, hours=23)):
        assert services.close_stale_open_games() == 0
    with time_machine.travel(timezone.now() + timedelta(days=3, minutes=1)):
        assert services.close_stale_open_games() == 1
        assert services.close_stale_open_games() == 0  # once
    stale.refresh_from_db(), fresh.refresh_from_db(), running.refresh_from_db()
    assert stale.status == Game.Status.ABANDONED and fresh.status == Game.Status.OPEN
    assert running.status == Game.Status.ACTIVE
    told = Outbox.objects.filter(kind="table", game=stale).order_by("user_id")
    assert [m.user for m in told] == [ann, bob] and all(m.params["what"] == "closed" for m in told)
    assert "geschlossen" in render(told.get(user=bob)).subject


def test_the_beat_closes_stale_games_hourly() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["close-stale-open-games"]
    assert entry["task"] == "games.close_stale_open_games"
    from config.celery import app

    app.loader.import_default_modules()
    assert "games.close_stale_open_games" in app.tasks


def test_a_rematch_offer_is_emailed_to_the_other_players(verified: Any) -> None:
    from .test_rematch import finished

    ann, bob = verified("ann"), verified("bob", "de")
    old = finished([ann, bob])
    services.offer_rematch(ann, old.pk)
    offer = Outbox.objects.get(kind="table", params__what="rematch")
    assert offer.user == bob and offer.game_id == old.pk
    assert "Revanche" in render(offer).subject


def test_the_end_email_marks_the_resigned_player(verified: Any) -> None:
    from .test_rematch import finished
    from .test_resign import user_at

    old = finished([verified("ann"), verified("bob")])  # seat 1 resigned
    quitter, winner = user_at(old, 1), user_at(old, 0)
    letter = render(Outbox.objects.get(kind="ended", game=old, user=winner)).text
    assert f"{quitter.display_name}: 0 points (resigned)" in letter
    assert f"{winner.display_name}: 0 points (resigned)" not in letter
