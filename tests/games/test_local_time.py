"""Every time a reader sees names its zone: the player's own, or UTC for a guest and a player without one
(`accounts.local.format_time`, the one helper of pages and emails)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone, translation
from rest_framework.authtoken.models import Token

from accounts.local import format_time
from games import services
from games.models import Absence, Game
from notifications.models import Outbox
from notifications.rendering import render
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db

NEW_YEAR = datetime(2026, 12, 31, 17, 0, tzinfo=UTC)


def test_a_time_names_its_zone_for_players_and_guests(make_user: Any) -> None:
    assert format_time(NEW_YEAR, make_user(language="de", time_zone="Europe/Berlin")) == "31.12.2026 18:00 (CET)"
    assert format_time(NEW_YEAR, make_user(language="en", time_zone="")) == "2026-12-31 17:00 (UTC)"
    with translation.override("de"):
        assert format_time(NEW_YEAR) == "31.12.2026 17:00 (UTC)"  # a guest: the page's language, UTC


def _deadline(page: str) -> str:
    found = re.search(r'<p class="deadline">(.*?)</p>', page)
    assert found, page
    return found.group(1)


def test_the_game_pages_deadline_names_the_zone(client: Any, make_user: Any) -> None:
    berlin = make_user(time_zone="Europe/Berlin", language="en")
    game = started_game([berlin, make_user(), make_user()])
    assert game.status == Game.Status.ACTIVE and game.deadline_at
    guest = _deadline(client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert f"Deadline: {format_time(game.deadline_at)}, " in guest and "(UTC)" in guest
    client.force_login(berlin)
    seated = _deadline(client.get(f"/games/{game.pk}/").content.decode())
    assert f"Deadline: {format_time(game.deadline_at, berlin)}, " in seated and re.search(r"\(CES?T\)", seated)


def test_a_vacation_and_a_token_name_the_zone(client: Any, make_user: Any) -> None:
    game = started_game([make_user(), make_user(), make_user()])
    away = seat_users(game)[game.awaiting[0]]
    ends = timezone.now() + timedelta(days=3)
    Absence.objects.create(user=away, starts_at=timezone.now() - timedelta(hours=1), ends_at=ends)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"on vacation until {format_time(ends)}." in page
    Token.objects.create(user=away)
    client.force_login(away)
    assert f"created {format_time(Token.objects.get(user=away).created, away)}" in client.get("/settings/").content.decode()


# Issue 35: dates came in three formats (the helper's, Django's SHORT_DATETIME_FORMAT and DATE_FORMAT). Every
# page a player reads writes a time as `format_time` does, in the reader's language and zone.
FOREIGN_FORMATS = re.compile(
    r"\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b[ap]\.m\.|\d{4}-\d\d-\d\dT\d\d:\d\d|"
    r"\b(Jan|Feb|March|April|May|June|July|Aug|Sept|Oct|Nov|Dec|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember)\b"
    r"|\bDez\.|\bOkt\.")


def _main(page: str) -> str:
    found = re.search(r"<main[^>]*>(.*)</main>", page, re.S)
    assert found, page
    return found.group(1)


@pytest.mark.parametrize(("language", "zone", "written"), [("en", "America/New_York", r"\d{4}-\d\d-\d\d \d\d:\d\d \(E[SD]T\)"),
                                                           ("de", "Europe/Berlin", r"\d\d\.\d\d\.\d{4} \d\d:\d\d \(CES?T\)")])
def test_every_page_writes_times_one_way_in_the_readers_language_and_zone(
        client: Any, make_user: Any, language: str, zone: str, written: str) -> None:
    reader = make_user("Reader", language=language, time_zone=zone, email_verified_at=timezone.now())
    others = [make_user(language=language, time_zone=zone, email_verified_at=timezone.now()) for _ in range(2)]
    game = started_game([reader, *others])
    seats = seat_users(game)
    waiting_for_reader = reader.pk == seats[game.awaiting[0]].pk
    host = make_user("Host")
    open_game = services.create_game(host, "citadels", 3)  # listed: in the reader's lobby with its opening time
    ends = timezone.now() + timedelta(days=5)
    Absence.objects.create(user=reader, starts_at=timezone.now() + timedelta(days=2), ends_at=ends)
    client.force_login(reader)
    pages = {path: _main(client.get(path).content.decode())
             for path in ("/", f"/games/{game.pk}/", f"/games/{game.pk}/history", f"/players/{others[0].pk}/",
                          f"/games/{open_game.pk}/", "/settings/")}
    for path, page in pages.items():
        page = re.sub(r"<select.*?</select>", "", page, flags=re.S)  # the time zones' names (Atlantic/Jan_Mayen)
        assert not FOREIGN_FORMATS.search(page), (path, FOREIGN_FORMATS.search(page))
    deadline = format_time(game.deadline_at, reader)
    assert re.fullmatch(written, deadline), deadline
    assert deadline in pages[f"/games/{game.pk}/"]
    opened = format_time(open_game.created_at, reader)
    assert opened in pages["/"], "the lobby's open game: opened at, written as everywhere"
    if waiting_for_reader:  # the lobby's deadline is the game page's
        assert deadline in pages["/"]
    assert re.search(written, pages[f"/games/{open_game.pk}/"]), "the waiting room's closing time"
    # The mails the awaited player got (the start, the turn) write the deadline the same way.
    awaited = seats[game.awaiting[0]]  # reads in the reader's language and zone, as every player here
    mails = [render(row) for row in Outbox.objects.filter(user=awaited, game=game)]
    assert mails and any(deadline in m.text for m in mails), [m.text for m in mails]
    for mail in mails:
        assert not FOREIGN_FORMATS.search(mail.text), mail.text
    vacation = re.search(r"(Away from|Weg vom) (.*?) (to|bis zum) (.*?),", pages["/settings/"])
    assert vacation, pages["/settings/"]
    assert vacation.group(2) == format_time(timezone.now() + timedelta(days=2), reader).split(" ")[0]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_lobby_says_a_deadline_as_the_game_page_does(client: Any, make_user: Any, language: str) -> None:
    users = [make_user(language=language, time_zone="Asia/Tokyo"), make_user(), make_user()]
    game = started_game(users)
    reader = seat_users(game)[game.awaiting[0]]
    reader.language, reader.time_zone = language, "Asia/Tokyo"
    reader.save()
    client.force_login(reader)
    table = _deadline(client.get(f"/games/{game.pk}/").content.decode())
    lobby = re.search(r'<span class="deadline">(.*?)</span>', client.get("/").content.decode())
    assert lobby and lobby.group(1) == table and "(JST)" in table, (lobby, table)
