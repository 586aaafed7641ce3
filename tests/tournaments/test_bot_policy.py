"""The "a bot plays them" withdrawal policy: a withdrawn player's seats of running games go to the bot at
once (absent without resigning: every decision of theirs is played as soon as it comes), their results
count, and the beat task does not take those seats for new time losses."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import timezone

from games import services as games
from games import store
from games.deadlines.enforcement import enforce_deadline
from games.models import Game, SeatPresence
from games.registry import get_kind
from tournaments import services
from tournaments.models import Tournament, TournamentGame
from tournaments.services.due import due_tournaments

from .driver import entrants, seat_users

pytestmark = pytest.mark.django_db


def _absent(game: Game) -> set[int]:
    return set(SeatPresence.objects.filter(game=game, absent_since__isnull=False).values_list("seat", flat=True))


def _drive(game: Game, rng: random.Random) -> int:
    """Play the game to its end: present seats by their players' commands, absent seats by the enforcement
    (due at once); the number of decisions the enforcement played."""
    kind = get_kind(game.kind)
    bot = kind.rules.bots.get("heuristic", kind.rules.stand_in_bot)
    users = seat_users(game)
    enforced = 0
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.awaiting[0]
        if seat in _absent(game):
            assert game.deadline_at is not None and game.deadline_at <= timezone.now()  # due at once
            done = enforce_deadline(game.pk, game.version)
            assert done is not None and done.commands >= 1
            enforced += 1
            continue
        command = dict(bot(store.load_state(game), seat, rng))
        games.execute(users[seat], game.pk, command, idempotency_key=f"p-{game.version}-{seat}",
                      expected_version=game.version)
    assert game.status == Game.Status.FINISHED
    return enforced


def test_a_withdrawn_players_seats_go_to_the_bot_at_once_and_their_results_count(make_user: Any) -> None:
    players = entrants("easy", range(1, 5))
    tournament = services.create_tournament(
        make_user(), name="Bot policy", kind="citadels", format="round_robin", table_size=2, max_players=4,
        withdrawal_policy="bot", ban_days=5,
    )
    for player in players:
        services.join(player, tournament.pk)
    services.advance_due()
    leaver = players[0]
    services.withdraw(leaver, tournament.pk)
    links = list(TournamentGame.objects.filter(tournament=tournament).select_related("game"))
    theirs = [link for link in links if leaver.pk in {u.pk for u in seat_users(link.game).values()}]
    assert len(theirs) == 3
    # The tables' games: the bot entrants move by the bot task; no seat is offered to a stranger.
    assert all(link.game.with_bots and link.game.time_control["takeover_after"] == 0 for link in links)
    assert services.settle_withdrawals(tournament.pk) == 3
    assert services.settle_withdrawals(tournament.pk) == 0  # exactly once
    for link in theirs:
        game = link.game
        game.refresh_from_db()
        seat = games.seat_of(game, leaver)
        record = SeatPresence.objects.get(game=game, seat=seat)
        assert record.absent_since is not None and not record.resigned  # not resigned: the bot plays it
        if seat in game.awaiting:
            assert game.deadline_at is not None and game.deadline_at <= timezone.now()
    # The bot's seats are no news to the beat: the tournament is not due for a loss on time.
    assert tournament.pk not in due_tournaments(timezone.now())
    rng = random.Random(7)
    game = theirs[0].game
    assert _drive(game, rng) >= 1
    assert games.seat_of(game, leaver) not in get_kind(game.kind).rules.resigned(store.load_state(game))
    services.advance_due()
    state = services.state_of(tournament)
    table = state.rounds[theirs[0].round].tables[theirs[0].table]
    assert table.finished and leaver.pk not in table.forfeited  # the bot's result counts as the player's
    assert state.withdrawn[leaver.pk]["policy"] == Tournament.Policy.BOT
    assert SeatPresence.objects.filter(game__in=[link.game for link in theirs], resigned=True).count() == 0
