"""Clocks: a time bank per seat (with increment, most and double charge), vacations stopping every clock of
a player, the reminder at 20 % of the time left; driven through the real commands and the real sweep with
a simulated time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from citadels import RULES
from core.errors import ServiceError
from games import services, store
from games.deadlines import absences, clock, reminders, sweep
from games.models import Command, Game

from .helpers import seat_users, started_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)

pytestmark = pytest.mark.django_db


def _bank_game(make_user: Any, players: int = 3, **control: Any) -> Game:
    users = [make_user(f"c{i}") for i in range(players)]
    with time_machine.travel(T0, tick=False):
        return started_game(users, time_control={"mode": "bank", **control})


def _finish_decision(game: Game, at: datetime) -> int:
    """The awaited seat plays commands at `at` until the game awaits another seat: that seat."""
    with time_machine.travel(at, tick=False):
        game.refresh_from_db()
        seat = game.awaiting[0]
        for _ in range(40):
            game.refresh_from_db()
            if game.awaiting != [seat]:
                break
            state = store.load_state(game)
            legal = RULES.legal_commands(state, seat)
            ending = [c for c in legal if c["type"] == "end_turn"]
            services.execute(seat_users(game)[seat], game.pk, (ending or legal)[0],
                             idempotency_key=f"k{game.version}", expected_version=game.version)
    game.refresh_from_db()
    return seat


def _bank_hours(game: Game, seat: int) -> float:
    return float(game.clock_banks[str(seat)]["left"]) / 3600


def test_the_deadline_is_the_bank_left_and_the_bank_pays_for_the_time_used(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=72, increment_hours=0)
    first = game.awaiting[0]
    assert game.deadline_at == T0 + 72 * HOUR
    _finish_decision(game, T0 + 10 * HOUR)
    assert _bank_hours(game, first) == pytest.approx(62)
    assert game.clock_banks[str(first)]["since"] is None
    second = game.awaiting[0]
    assert second != first and game.deadline_at == T0 + 10 * HOUR + 72 * HOUR
    # The seat's next decision starts from what is left of its bank.
    while game.awaiting[0] != first:
        _finish_decision(game, T0 + 11 * HOUR)
    assert game.deadline_at == T0 + 11 * HOUR + 62 * HOUR


def test_the_increment_is_added_after_each_decision_up_to_the_most(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=72, increment_hours=24, max_bank_hours=90)
    first = _finish_decision(game, T0 + 2 * HOUR)
    assert _bank_hours(game, first) == pytest.approx(90)  # 72 - 2 + 24 = 94, capped at 90
    second = _finish_decision(game, T0 + 62 * HOUR)
    assert _bank_hours(game, second) == pytest.approx(72 - 60 + 24)


def test_time_beyond_the_double_charge_limit_counts_twice(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=72, increment_hours=0, double_after_hours=24)
    # 24 hours at the single rate, then the 48 left last 24 hours at the double rate.
    assert game.deadline_at == T0 + 48 * HOUR
    first = _finish_decision(game, T0 + 30 * HOUR)
    assert _bank_hours(game, first) == pytest.approx(72 - (30 + 6))
    second = _finish_decision(game, T0 + 40 * HOUR)  # ten hours: below the limit, single rate
    assert _bank_hours(game, second) == pytest.approx(62)


def test_an_empty_bank_is_played_by_the_real_sweep_once_and_gets_the_increment(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=10, increment_hours=5)
    seat, version = game.awaiting[0], game.version
    assert game.deadline_at == T0 + 10 * HOUR
    early = T0 + 9 * HOUR
    with time_machine.travel(early, tick=False):
        assert sweep.enforce_due_deadlines(now=early).enforced == 0
    late = T0 + 10 * HOUR + timedelta(minutes=1)
    with time_machine.travel(late, tick=False):
        report = sweep.enforce_due_deadlines(now=late)
        again = sweep.enforce_due_deadlines(now=late)
    assert report.enforced == 1 and again.enforced == 0
    game.refresh_from_db()
    assert seat not in game.awaiting
    assert all(c.by_service and c.seat == seat for c in Command.objects.filter(game=game, first_seq__gt=version))
    assert _bank_hours(game, seat) == pytest.approx(5)  # empty, then the increment
    assert game.deadline_at == late + 10 * HOUR  # the next seat's own full bank


def test_a_vacation_stops_every_clock_of_its_player_bounded_per_year(make_user: Any, settings: Any) -> None:
    settings.GAMES_ABSENCE_DAYS_PER_YEAR = 5
    game = _bank_game(make_user, initial_hours=72, increment_hours=0)
    awaited = game.awaiting[0]
    player = seat_users(game)[awaited]
    # The same player sits in a second game (a time per decision), where their turn comes during the vacation.
    with time_machine.travel(T0, tick=False):
        other = started_game([player, make_user("o1")], time_control={"decision_hours": 24, "reminder_hours": 0})
    with time_machine.travel(T0 + HOUR, tick=False):
        absences.declare_absence(player, T0 + 2 * HOUR, T0 + 50 * HOUR)  # two days
        with pytest.raises(ServiceError) as refused:
            absences.declare_absence(player, T0 + 60 * HOUR, T0 + 60 * HOUR + timedelta(days=4))
    assert refused.value.code == "absence_allowance_exceeded"
    game.refresh_from_db()
    assert game.deadline_at == T0 + 72 * HOUR + 48 * HOUR  # the bank stands still for the vacation
    other_seat = next(s for s, u in seat_users(other).items() if u == player)
    other.refresh_from_db()
    if other.awaiting == [other_seat]:
        # Their clock there ran before the vacation was declared: it stops for the vacation's two days.
        assert other.deadline_at == T0 + 24 * HOUR + 48 * HOUR
    else:
        for _ in range(10):
            other.refresh_from_db()
            if other.awaiting == [other_seat]:
                break
            _finish_decision(other, T0 + 3 * HOUR)
        # Their turn there comes during the vacation: its clock starts when the vacation ends.
        assert other.awaiting == [other_seat] and other.deadline_at == T0 + 50 * HOUR + 24 * HOUR
    # The player moves after the vacation: only the time outside it is paid.
    _finish_decision(game, T0 + 60 * HOUR)
    assert _bank_hours(game, awaited) == pytest.approx(72 - (60 - 48))


def test_a_clock_that_starts_during_a_vacation_waits_for_its_end(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=72, increment_hours=0)
    first = game.awaiting[0]
    second_player = {s: u for s, u in seat_users(game).items() if s != first}
    with time_machine.travel(T0 + HOUR, tick=False):
        for user in second_player.values():
            absences.declare_absence(user, T0 + HOUR, T0 + 25 * HOUR)
    next_seat = _finish_decision(game, T0 + 2 * HOUR)
    assert next_seat == first
    # The next seat's player is away until T0+25h: its bank starts running then.
    assert game.deadline_at == T0 + 25 * HOUR + 72 * HOUR


def test_the_reminder_comes_at_twenty_percent_of_the_time_left(make_user: Any) -> None:
    def verified(name: str) -> Any:  # game emails go to verified addresses only
        return make_user(name, email_verified_at=T0)

    game = _bank_game(verified, initial_hours=100)
    assert game.reminder_at == T0 + 80 * HOUR
    with time_machine.travel(T0 + 79 * HOUR, tick=False):
        assert reminders.send_due_reminders(now=T0 + 79 * HOUR) == 0
    with time_machine.travel(T0 + 80 * HOUR, tick=False):
        assert reminders.send_due_reminders(now=T0 + 80 * HOUR) == 1
        assert reminders.send_due_reminders(now=T0 + 80 * HOUR) == 0
    # A time per decision may ask for it too.
    users = [make_user("r0"), make_user("r1")]
    with time_machine.travel(T0, tick=False):
        per_move = started_game(users, time_control={"decision_hours": 50, "reminder_percent": 20})
    assert per_move.deadline_at == T0 + 50 * HOUR and per_move.reminder_at == T0 + 40 * HOUR


def test_a_time_per_decision_keeps_its_meaning() -> None:
    assert services.clean_time_control({"decision_hours": 24}) == {
        "decision_hours": 24, "reminder_hours": 12, "timeout_policy": "bot"}
    assert services.clean_time_control(None) == clock.DEFAULT_TIME_CONTROL
    bank = services.clean_time_control({"mode": "bank", "initial_hours": 240})
    assert bank == {"mode": "bank", "initial_hours": 240, "increment_hours": 24, "max_bank_hours": 240,
                    "double_after_hours": None, "reminder_percent": 20, "timeout_policy": "bot"}


@pytest.mark.parametrize("control", [
    {"mode": "sudden"},
    {"mode": "bank", "decision_hours": 24},
    {"mode": "bank", "initial_hours": 0},
    {"mode": "bank", "initial_hours": 72, "max_bank_hours": 48},
    {"mode": "bank", "increment_hours": -1},
    {"mode": "bank", "double_after_hours": 0},
    {"mode": "bank", "reminder_percent": 95},
    {"mode": "bank", "initial_hours": True},
    {"decision_hours": 24, "reminder_hours": 2, "reminder_percent": 20},
    {"initial_hours": 24},
])
def test_bad_time_controls_are_refused(control: dict[str, Any]) -> None:
    with pytest.raises(ServiceError) as refused:
        services.clean_time_control(control)
    assert refused.value.code == "invalid_time_control" and refused.value.kind == "invalid"


def test_a_simultaneous_decision_runs_each_seats_own_bank() -> None:
    from games.deadlines import bank

    control = services.clean_time_control({"mode": "bank", "initial_hours": 10, "increment_hours": 0})
    limits = bank.Limits.of(control)
    game = Game(pk=1, status=Game.Status.ACTIVE, players=3, awaiting=[0, 1, 2], time_control=control,
                clock_banks={"1": {"left": 4 * 3600, "since": None, "until": None}})
    banks = bank.banks_after(game, limits, set(), {0, 1, 2}, T0)
    game.clock_banks = bank.stored(banks)
    deadline, _reminder = bank.deadline_and_reminder(banks, [0, 1, 2], limits, T0)
    assert deadline == T0 + 4 * HOUR  # the seat with the least bank
    assert bank.expired_seats(game, T0 + 4 * HOUR) == [1]  # only its own bank ran out
    # Seat 0 answers after 2 hours: it pays 2; the others' clocks run on from their start.
    game.awaiting = [1, 2]
    after = bank.banks_after(game, limits, {0, 1, 2}, {1, 2}, T0 + 2 * HOUR)
    assert after[0] == {"left": 8 * 3600, "since": None, "until": None}
    assert after[2]["until"] == (T0 + 10 * HOUR).isoformat() and after[1]["until"] == (T0 + 4 * HOUR).isoformat()


def test_a_vacation_ended_early_gives_the_bank_back_only_the_time_it_did_not_pause(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=72, increment_hours=0)
    awaited = game.awaiting[0]
    player = seat_users(game)[awaited]
    with time_machine.travel(T0 + HOUR, tick=False):
        absence = absences.declare_absence(player, T0 + 2 * HOUR, T0 + 50 * HOUR)
    with time_machine.travel(T0 + 10 * HOUR, tick=False):
        absences.end_absence(player, absence.pk)
    game.refresh_from_db()
    assert game.deadline_at == T0 + 72 * HOUR + 8 * HOUR  # paused from T0+2h to T0+10h only
    _finish_decision(game, T0 + 20 * HOUR)
    assert _bank_hours(game, awaited) == pytest.approx(72 - (20 - 8))


def test_no_reminder_when_its_share_is_nought(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=30, reminder_percent=0)
    assert game.deadline_at == T0 + 30 * HOUR and game.reminder_at is None
    users = [make_user("n0"), make_user("n1")]
    with time_machine.travel(T0, tick=False):
        per_move = started_game(users, time_control={"decision_hours": 30, "reminder_percent": 0})
    assert per_move.deadline_at == T0 + 30 * HOUR and per_move.reminder_at is None


def test_the_banks_are_derived_from_the_log(make_user: Any) -> None:
    from games.deadlines.bank_log import banks_from_log

    game = _bank_game(make_user, initial_hours=20, increment_hours=6, max_bank_hours=30, double_after_hours=8)
    player = seat_users(game)[game.awaiting[0]]
    with time_machine.travel(T0 + HOUR, tick=False):
        absences.declare_absence(player, T0 + 2 * HOUR, T0 + 30 * HOUR)
    moment = T0
    for step in range(8):
        moment += (3 + 7 * step % 13) * HOUR
        if step % 3 == 2:  # now and then a bank runs out and the real sweep plays
            game.refresh_from_db()
            moment = max(moment, game.deadline_at + timedelta(minutes=1))
            with time_machine.travel(moment, tick=False):
                sweep.enforce_due_deadlines(now=moment)
        else:
            _finish_decision(game, moment)
    game.refresh_from_db()
    assert Command.objects.filter(game=game, by_service=True).exists()
    assert len({entry["left"] for entry in game.clock_banks.values()}) > 1  # the banks went their own ways
    assert game.clock_banks == banks_from_log(game)
