"""The feed read as a calendar app reads it, parsed with the `icalendar` library: one event per running
game that awaits the player, with its deadline, reminder, link and words in the player's language; nothing
of another player's games, nothing for a game that does not await the player."""

from __future__ import annotations

from datetime import UTC, timedelta
from typing import Any

import icalendar
import pytest
from django.utils import timezone

from calendars import feed, services
from games.models import Game, Seat, SeatPresence
from tests.calendars.conftest import feed_path
from tests.games.helpers import seat_users

pytestmark = pytest.mark.django_db


def events_of(answer: Any) -> list[icalendar.Event]:
    """The VEVENTs of a feed's answer, parsed."""
    assert answer.status_code == 200, answer.content
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    return list(icalendar.Calendar.from_ical(answer.content).walk("VEVENT"))


def test_the_awaited_player_has_one_event_at_the_deadline(game_of_three: Game, awaited_and_not: Any,
                                                           fetch: Any) -> None:
    awaited, _other = awaited_and_not
    answer = fetch(feed_path(awaited))
    calendar = icalendar.Calendar.from_ical(answer.content)
    assert str(calendar["PRODID"]) == feed.PRODID
    assert str(calendar["VERSION"]) == "2.0"
    assert str(calendar["CALSCALE"]) == "GREGORIAN"
    assert str(calendar["METHOD"]) == "PUBLISH"
    assert str(calendar["X-WR-CALNAME"]) == "My deadlines · Play by email"
    [event] = events_of(answer)
    deadline = game_of_three.deadline_at
    assert deadline is not None
    assert event.decoded("DTSTART") == deadline.replace(microsecond=0)
    assert event.decoded("DTSTART").tzinfo is not None
    assert event.decoded("DTSTART").utcoffset() == timedelta(0)
    assert event.decoded("DTEND") - event.decoded("DTSTART") == feed.EVENT_LENGTH
    assert str(event["SUMMARY"]) == f"Your move: Citadels #{game_of_three.pk} — deadline"
    assert str(event["URL"]) == f"http://127.0.0.1:8000/games/{game_of_three.pk}/"
    assert f"/games/{game_of_three.pk}/" in str(event["DESCRIPTION"])
    assert str(event["UID"]) == (f"game-{game_of_three.pk}-deadline-{game_of_three.deadline_version}"
                                 f"-player-{awaited.pk}@127.0.0.1")
    assert event.decoded("SEQUENCE") == 0
    assert event.decoded("DTSTAMP").utcoffset() == timedelta(0)


def test_the_alarm_rings_at_the_reminder(game_of_three: Game, awaited_and_not: Any, fetch: Any) -> None:
    awaited, _other = awaited_and_not
    [event] = events_of(fetch(feed_path(awaited)))
    [alarm] = event.walk("VALARM")
    assert str(alarm["ACTION"]) == "DISPLAY"
    assert str(alarm["DESCRIPTION"]) == str(event["SUMMARY"])
    assert game_of_three.deadline_at is not None and game_of_three.reminder_at is not None
    assert alarm.decoded("TRIGGER") == -timedelta(hours=24)
    assert event.decoded("DTSTART") + alarm.decoded("TRIGGER") == game_of_three.reminder_at.replace(microsecond=0)


def test_a_deadline_without_a_reminder_has_no_alarm(game_of_three: Game, awaited_and_not: Any, fetch: Any) -> None:
    Game.objects.filter(pk=game_of_three.pk).update(reminder_at=None)
    [event] = events_of(fetch(feed_path(awaited_and_not[0])))
    assert event.walk("VALARM") == []


def test_a_game_that_does_not_await_the_player_is_absent(awaited_and_not: Any, fetch: Any) -> None:
    _awaited, other = awaited_and_not
    assert events_of(fetch(feed_path(other))) == []


@pytest.mark.parametrize("change", ["finished", "no deadline", "bot plays the seat"])
def test_no_event_without_a_move_of_the_player_to_make(game_of_three: Game, awaited_and_not: Any, fetch: Any,
                                                       change: str) -> None:
    awaited, _other = awaited_and_not
    seat = Seat.objects.get(game=game_of_three, user=awaited).index
    if change == "finished":
        Game.objects.filter(pk=game_of_three.pk).update(status=Game.Status.FINISHED)
    elif change == "no deadline":
        Game.objects.filter(pk=game_of_three.pk).update(deadline_at=None, reminder_at=None)
    else:
        SeatPresence.objects.create(game=game_of_three, seat=seat, absent_since=timezone.now())
    assert events_of(fetch(feed_path(awaited))) == []


def test_each_awaited_game_is_one_event_with_its_own_uid(make_user: Any, fetch: Any) -> None:
    from tests.games.helpers import started_game

    player = make_user("many")
    games = []
    for n in range(3):
        game = started_game([player, make_user(f"x{n}")], time_control={"decision_hours": 24 * (n + 1)})
        Game.objects.filter(pk=game.pk).update(awaiting=[Seat.objects.get(game=game, user=player).index])
        games.append(game)
    events = events_of(fetch(feed_path(player)))
    assert len(events) == 3
    assert len({str(event["UID"]) for event in events}) == 3
    starts = [event.decoded("DTSTART") for event in events]
    assert starts == sorted(starts)  # the earliest deadline first


def test_a_new_deadline_is_a_new_uid_and_the_same_one_moved_keeps_it(game_of_three: Game, awaited_and_not: Any,
                                                                     fetch: Any) -> None:
    awaited, _other = awaited_and_not
    [before] = events_of(fetch(feed_path(awaited)))
    assert game_of_three.deadline_at is not None
    later = game_of_three.deadline_at + timedelta(days=2)
    Game.objects.filter(pk=game_of_three.pk).update(deadline_at=later)  # as a vacation declared meanwhile
    [moved] = events_of(fetch(feed_path(awaited)))
    assert str(moved["UID"]) == str(before["UID"])
    assert moved.decoded("DTSTART") == later.replace(microsecond=0)
    assert moved.decoded("DTSTAMP") >= before.decoded("DTSTAMP")
    version = (game_of_three.deadline_version or 0) + 1
    Game.objects.filter(pk=game_of_three.pk).update(deadline_version=version, version=version)
    [renewed] = events_of(fetch(feed_path(awaited)))
    assert str(renewed["UID"]) != str(before["UID"])


def test_the_sequence_counts_the_moves_while_the_deadline_stands(game_of_three: Game, awaited_and_not: Any,
                                                                 fetch: Any) -> None:
    Game.objects.filter(pk=game_of_three.pk).update(version=game_of_three.version + 2)
    [event] = events_of(fetch(feed_path(awaited_and_not[0])))
    assert event.decoded("SEQUENCE") == 2


def test_german_and_english_words(game_of_three: Game, awaited_and_not: Any, fetch: Any) -> None:
    awaited, _other = awaited_and_not
    [english] = events_of(fetch(feed_path(awaited)))
    assert str(english["SUMMARY"]) == f"Your move: Citadels #{game_of_three.pk} — deadline"
    awaited.language = "de"
    awaited.save(update_fields=["language"])
    answer = fetch(feed_path(awaited), **{"Accept-Language": "en"})  # the player's language, not the app's
    [german] = events_of(answer)
    assert answer["Content-Language"] == "de"
    title = str(german["SUMMARY"])
    assert title.startswith("Dein Zug: ") and title.endswith(f" #{game_of_three.pk} — Frist"), title
    assert str(german["DESCRIPTION"]).startswith("Dein Zug in ")
    assert str(icalendar.Calendar.from_ical(answer.content)["X-WR-CALNAME"]) == "Meine Fristen · Spielen per E-Mail"
    assert german["UID"] == english["UID"]


def test_other_sources_add_their_deadlines(awaited_and_not: Any, fetch: Any, extra_source: list[Any]) -> None:
    from calendars.sources import Deadline

    _awaited, other = awaited_and_not
    at = timezone.now().astimezone(UTC) + timedelta(days=5)
    extra_source.append(Deadline(uid="test-round-1@example.org", summary="Round 1 ends", deadline_at=at,
                                 url="http://127.0.0.1:8000/tournaments/1/"))
    [event] = events_of(fetch(feed_path(other)))
    assert str(event["UID"]) == "test-round-1@example.org"
    assert str(event["SUMMARY"]) == "Round 1 ends"


def test_the_feed_of_another_player_is_theirs_alone(game_of_three: Game, awaited_and_not: Any, fetch: Any) -> None:
    awaited, other = awaited_and_not
    mine = fetch(feed_path(other)).content
    assert f"player-{awaited.pk}@".encode() not in mine
    assert b"VEVENT" not in mine
    users = seat_users(game_of_three)
    assert len({feed_path(user) for user in users.values()}) == 3


def test_the_feed_needs_no_session_and_sets_no_cookie(awaited_and_not: Any, fetch: Any) -> None:
    answer = fetch(feed_path(awaited_and_not[0]))
    assert answer.status_code == 200
    assert not answer.cookies
    assert "private" in answer["Cache-Control"] and "max-age=" in answer["Cache-Control"]
    assert answer["Referrer-Policy"] == "no-referrer"


def test_head_answers_like_get_without_a_body(awaited_and_not: Any) -> None:
    from django.test import Client

    answer = Client().head(feed_path(awaited_and_not[0]))
    assert answer.status_code == 200 and answer["ETag"]
    assert services.feed_of(awaited_and_not[0]) is not None
