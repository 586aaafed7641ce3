"""A game for known players started at once (`seating.create_started_game`: no waiting-room notice per
seat, bots move by the task from the start) and a seat handed to the bot without resigning it
(`takeover.hand_seat_to_bot`: every decision of it is played at once from now on)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from core.errors import ServiceError
from games import hooks, services, store
from games.deadlines.enforcement import enforce_deadline
from games.models import Game, Seat, SeatChange, SeatPresence
from games.registry import get_kind
from games.services.bots import bot_account, play_bot_turn
from games.services.seating import create_started_game
from games.services.takeover import hand_seat_to_bot, is_wanted

pytestmark = pytest.mark.django_db


def test_a_started_game_seats_everybody_without_a_notice_and_starts(make_user: Any, monkeypatch: Any) -> None:
    players = [make_user() for _ in range(4)]
    heard: list[hooks.SeatNotice] = []
    monkeypatch.setattr(hooks, "seat_notice", heard.append)
    game = create_started_game(players, "citadels", {}, {"decision_hours": 24}, listed=False, rated=True,
                               created_by=players[2])
    assert game.status == Game.Status.ACTIVE and game.version > 0 and game.awaiting
    assert game.players == 4 and not game.with_bots and game.rated and not game.listed
    assert game.created_by_id == players[2].pk
    seats = Seat.objects.filter(game=game)
    assert sorted(seats.values_list("index", flat=True)) == [0, 1, 2, 3]
    assert set(seats.values_list("user_id", flat=True)) == {p.pk for p in players}
    assert not SeatChange.objects.filter(game=game).exists()
    assert heard == []
    assert game.deadline_at is not None  # the start path set the first decision's deadline


def test_a_bot_entrant_marks_the_game_with_bots_and_the_task_moves_it(make_user: Any) -> None:
    human, bot = make_user(), bot_account("easy", 1)
    game = create_started_game([human, bot], "citadels", {}, None)
    assert game.with_bots
    bot_seat = services.seat_of(game, bot)
    played = 0
    for _ in range(20):  # the bot's task plays each of its decisions; the human's decisions stay the human's
        game.refresh_from_db()
        if bot_seat not in game.awaiting:
            break
        played += play_bot_turn(game.pk, game.version)
    game.refresh_from_db()
    assert bot_seat not in game.awaiting and game.awaiting == [services.seat_of(game, human)]


def test_bad_players_or_options_are_refused_and_nothing_is_written(make_user: Any) -> None:
    one, two = make_user(), make_user()
    before = Game.objects.count()
    for users, options, code in [
        ([one], {}, "invalid_players"), ([one, one], {}, "invalid_players"),
        ([one, two], {"no such option": 1}, "invalid_options"),
    ]:
        with pytest.raises(ServiceError) as refused:
            create_started_game(users, "citadels", options, None)
        assert refused.value.code == code
    with pytest.raises(ServiceError, match="invalid_time_control"):
        create_started_game([one, two], "citadels", {}, {"decision_hours": -1})
    assert Game.objects.count() == before


def _awaited_player(game: Game) -> tuple[int, Any]:
    seat = game.awaiting[0]
    return seat, Seat.objects.select_related("user").get(game=game, index=seat).user


def test_a_seat_handed_to_the_bot_is_played_at_once_without_resigning(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    players = [make_user() for _ in range(3)]
    game = create_started_game(players, "citadels", {}, {"decision_hours": 72, "takeover_after": 0})
    seat, user = _awaited_player(game)
    version = game.version
    with django_capture_on_commit_callbacks() as sent:
        assert hand_seat_to_bot(game.pk, user) is True
    assert sent  # the enforcement is asked to play the seat at once
    game.refresh_from_db()
    assert game.deadline_at is not None and game.deadline_at <= timezone.now()
    assert game.deadline_version == version and game.timed_out
    record = SeatPresence.objects.get(game=game, seat=seat)
    assert record.absent_since is not None and not record.resigned and record.consecutive_timeouts == 0
    assert hand_seat_to_bot(game.pk, user) is False  # absent already: nothing more
    done = enforce_deadline(game.pk, version)
    assert done is not None and done.commands >= 1 and done.seats == [seat]
    game.refresh_from_db()
    assert seat not in get_kind(game.kind).rules.resigned(store.load_state(game))
    record.refresh_from_db()
    assert record.consecutive_timeouts == 0  # the bot's moves for an absent seat count no timeout
    assert not is_wanted(game, record)  # a game that offers no seats keeps it with the bot


def test_handing_a_seat_of_a_game_not_running_or_of_a_stranger_does_nothing(make_user: Any) -> None:
    one, two, stranger = make_user(), make_user(), make_user()
    game = create_started_game([one, two], "citadels", {}, None)
    assert hand_seat_to_bot(game.pk, stranger) is False
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert hand_seat_to_bot(game.pk, one) is False
    assert not SeatPresence.objects.filter(game=game).exists()
