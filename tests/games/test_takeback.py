"""Taking a move back through the services (`games.services.takeback_requests`): alone while the rules allow it, else
with the other players' consent; the log keeps everything (a `taken_back` event), folds to the state
before the move and stays verifiable; refusals write nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.errors import ServiceError
from games import integrity, services, store
from games.models import Command, Event, Game, TakebackRequest
from games.registry import get_kind
from rules_kit.takeback import TAKEN_BACK

from .helpers import db_snapshot, full_fold, seat_users, started_game

pytestmark = pytest.mark.django_db


def play_until(game: Game, wanted: set[str], rng: random.Random, limit: int = 300) -> int:
    """Play random legal moves until the awaited seat may send one of the `wanted` command types; its seat."""
    users = seat_users(game)
    rules = get_kind(game.kind).rules
    for _ in range(limit):
        game.refresh_from_db()
        seat = game.awaiting[0]
        legal = rules.legal_commands(store.load_state(game), seat)
        if any(command["type"] in wanted for command in legal):
            return int(seat)
        services.execute(users[seat], game.pk, rng.choice(legal))
    raise AssertionError(f"no {wanted} within {limit} moves")


def send(game: Game, seat: int, type_: str) -> None:
    rules = get_kind(game.kind).rules
    command = next(c for c in rules.legal_commands(store.load_state(game), seat) if c["type"] == type_)
    services.execute(seat_users(game)[seat], game.pk, command)
    game.refresh_from_db()


def dumped(game: Game, at: int | None = None) -> Any:
    return get_kind(game.kind).rules.dump_state(store.load_state(game, at=at, use_cache=False))


def check_log(game: Game) -> None:
    game.refresh_from_db()
    assert integrity.verify(game) == []
    rules = get_kind(game.kind).rules
    assert rules.dump_state(full_fold(game)) == dumped(game)


@pytest.fixture
def citadels_game(make_user: Any) -> Game:
    return started_game([make_user(), make_user(), make_user()])


@pytest.fixture
def dominion_game(make_user: Any) -> Game:
    users = [make_user(), make_user()]
    game = services.create_game(users[0], "dominion", 2)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def test_citadels_gold_taken_back_alone(citadels_game: Game) -> None:
    game = citadels_game
    seat = play_until(game, {"take_gold"}, random.Random(1))
    before = dumped(game)
    send(game, seat, "take_gold")
    version = game.version
    outcome = services.take_back(seat_users(game)[seat], game.pk)
    game.refresh_from_db()
    assert outcome.result is not None and outcome.request is None
    assert game.version == version + 1 and game.awaiting == [seat]
    assert Event.objects.get(game=game, seq=game.version).type == TAKEN_BACK
    assert dumped(game) == before
    check_log(game)
    # the same command again gives the same state as the first time
    send(game, seat, "take_gold")
    assert dumped(game) == dumped(game, at=version)
    check_log(game)


def test_dominion_buy_and_treasures_taken_back_one_at_a_time(dominion_game: Game) -> None:
    game = dominion_game
    seat = game.awaiting[0]
    user = seat_users(game)[seat]
    start = dumped(game)
    send(game, seat, "play_treasures")
    after_treasures = dumped(game)
    rules = get_kind(game.kind).rules
    buy = next(c for c in rules.legal_commands(store.load_state(game), seat) if c["type"] == "buy")
    services.execute(user, game.pk, buy)
    services.take_back(user, game.pk)
    assert dumped(Game.objects.get(pk=game.pk)) == after_treasures
    services.take_back(user, game.pk)
    game.refresh_from_db()
    assert dumped(game) == start
    check_log(game)
    before = db_snapshot()
    with pytest.raises(ServiceError) as nothing:
        services.take_back(user, game.pk)
    assert nothing.value.code == "nothing_to_take_back" and nothing.value.status == 409
    assert db_snapshot() == before


def test_takeback_after_another_seat_moved_asks_and_a_refusal_ends_it(citadels_game: Game) -> None:
    game = citadels_game
    seat = play_until(game, {"take_gold"}, random.Random(2))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")  # calls the next character: no longer free
    users = seat_users(game)
    before = db_snapshot()
    with pytest.raises(ServiceError) as needs:
        services.execute(users[seat], game.pk, {"type": "take_back"})
    assert needs.value.code == "takeback_needs_consent" and needs.value.status == 409
    assert db_snapshot() == before
    outcome = services.take_back(users[seat], game.pk)
    request = outcome.request
    assert outcome.result is None and request is not None and request.status == "open"
    others = [s for s in users if s != seat]
    with pytest.raises(ServiceError) as own:
        services.answer_takeback(users[seat], game.pk, True)
    assert own.value.code == "own_takeback_request"
    services.answer_takeback(users[others[0]], game.pk, True)
    events = Event.objects.filter(game=game).count()
    refused = services.answer_takeback(users[others[1]], game.pk, False)
    assert refused.status == TakebackRequest.Status.REFUSED
    assert Event.objects.filter(game=game).count() == events
    with pytest.raises(ServiceError) as ended:
        services.answer_takeback(users[others[0]], game.pk, True)
    assert ended.value.code == "takeback_request_ended"


def test_takeback_with_consent_goes_back_before_the_move(citadels_game: Game) -> None:
    game = citadels_game
    seat = play_until(game, {"take_gold"}, random.Random(3))
    send(game, seat, "take_gold")
    before_end = game.version
    send(game, seat, "end_turn")
    users = seat_users(game)
    services.take_back(users[seat], game.pk)
    for other in (s for s in users if s != seat):
        request = services.answer_takeback(users[other], game.pk, True)
    assert request.status == TakebackRequest.Status.ACCEPTED
    game.refresh_from_db()
    assert dumped(game) == dumped(game, at=before_end)
    assert game.awaiting == [seat]
    check_log(game)
    takeback_command = Command.objects.get(game=game, first_seq=game.version)
    assert takeback_command.seat == seat and takeback_command.user == users[seat] and not takeback_command.by_service
    # privacy: what the others see of the takeback is who took back what, never the state it holds
    for viewer in [None, *users]:
        seen = services.history(game, users.get(viewer) if viewer is not None else None, after=game.version - 1)
        assert seen["events"][0]["data"] == {"type": TAKEN_BACK, "seat": seat, "to": before_end, "at": game.version - 1}


def test_a_move_ends_the_request(citadels_game: Game) -> None:
    game = citadels_game
    seat = play_until(game, {"take_gold"}, random.Random(4))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    users = seat_users(game)
    services.ask_takeback(users[seat], game.pk)
    game.refresh_from_db()
    mover = game.awaiting[0]
    rules = get_kind(game.kind).rules
    services.execute(users[mover], game.pk, rules.legal_commands(store.load_state(game), mover)[0])
    game.refresh_from_db()
    assert services.open_takeback_request(game) is None
    other = next(s for s in users if s != seat)
    with pytest.raises(ServiceError) as ended:
        services.answer_takeback(users[other], game.pk, True)
    assert ended.value.code == "takeback_request_ended"


def test_refusals_write_nothing(citadels_game: Game, make_user: Any) -> None:
    game = citadels_game
    users = seat_users(game)
    before = db_snapshot()
    for user, code in [(make_user(), "not_a_player"), (users[0], "nothing_to_take_back")]:
        with pytest.raises(ServiceError) as refused:
            services.take_back(user, game.pk)
        assert refused.value.code == code
    with pytest.raises(ServiceError) as extra:
        services.execute(users[0], game.pk, {"type": "take_back", "request": 1})  # only the service names one
    assert (extra.value.code, extra.value.extra["reason"]) == ("malformed", "unknown_fields")
    with pytest.raises(ServiceError) as none:
        services.answer_takeback(users[1], game.pk, True)
    assert none.value.code == "takeback_request_ended"
    assert db_snapshot() == before


def test_the_deadline_ends_a_request_and_the_clock_follows_a_takeback(citadels_game: Game) -> None:
    from django.utils import timezone

    game = citadels_game
    seat = play_until(game, {"take_gold"}, random.Random(9))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    users = seat_users(game)
    request = services.ask_takeback(users[seat], game.pk)
    assert request.expires_at <= game.deadline_at
    TakebackRequest.objects.filter(pk=request.pk).update(expires_at=timezone.now())
    other = next(s for s in users if s != seat)
    before = db_snapshot()
    with pytest.raises(ServiceError) as ended:
        services.answer_takeback(users[other], game.pk, True)
    assert ended.value.code == "takeback_request_ended" and db_snapshot() == before
    game.refresh_from_db()
    assert services.open_takeback_request(game) is None
    # a new request (marking the ended one expired), accepted: the deadline is the requester's again, set at the takeback's version
    services.ask_takeback(users[seat], game.pk)
    for index in (s for s in users if s != seat):
        services.answer_takeback(users[index], game.pk, True)
    assert TakebackRequest.objects.get(pk=request.pk).status == TakebackRequest.Status.EXPIRED
    game.refresh_from_db()
    assert game.awaiting == [seat] and game.deadline_version == game.version
    assert game.deadline_at is not None and game.deadline_at > timezone.now()


def test_a_takeback_of_a_draw_shows_the_others_only_what_they_saw_before(citadels_game: Game) -> None:
    """Consent to take back an income draw: every other seat's view after the takeback is its view before
    the draw, and the takeback's event tells them nothing of the cards."""
    game = citadels_game
    seat = play_until(game, {"draw_cards"}, random.Random(10))
    rules = get_kind(game.kind).rules
    legal = rules.legal_commands(store.load_state(game), seat)
    draw = next(c for c in legal if c["type"] in {"draw_cards"})
    before = game.version
    services.execute(seat_users(game)[seat], game.pk, draw)
    users = seat_users(game)
    services.ask_takeback(users[seat], game.pk)
    for other in (s for s in users if s != seat):
        services.answer_takeback(users[other], game.pk, True)
    game.refresh_from_db()
    now, then = store.load_state(game), store.load_state(game, at=before)
    for viewer in [None, *users]:
        assert rules.view(now, viewer) == rules.view(then, viewer)
    seen = services.history(game, users[(seat + 1) % len(users)], after=game.version - 1)["events"][0]
    assert set(seen["data"]) == {"type", "seat", "to", "at"}
