"""The beat task's body (`advance_due`, every minute) and the tasks' (`advance_tournament`,
`settle_withdrawals`): every tournament with something due is advanced once, under its row lock.

Due is: sign-up's end or a full field (`due_at`), a game's maximum length (`due_at`), a finished game's
result not yet in the log (its link row: the hook's inbox), a seat of a running game the bot plays for good
(a loss on time) whose player is still in. Tournaments another worker holds are skipped (SKIP LOCKED): that worker does the step.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from core.errors import ServiceError
from games import services as games
from games.models import Game, Seat, SeatPresence
from games.services.takeover import hand_seat_to_bot

from ..models import Tournament, TournamentEvent, TournamentGame
from ..standings import WITHDRAWN
from .league import advance_leagues
from .rounds import progress
from .writing import advance, load_state

log = logging.getLogger(__name__)


@dataclass
class DueReport:
    """What one run of the beat task did."""

    tournaments: int = 0
    steps: list[str] = field(default_factory=list)
    resigned: int = 0  # seats of withdrawn players settled: resigned (forfeit) or handed to the bot


def due_tournaments(now: datetime) -> list[int]:
    """The ids of the tournaments with something due now (a few indexed statements)."""
    live = [Tournament.Status.SIGNUP, Tournament.Status.RUNNING]
    ids = set(Tournament.objects.filter(status__in=live, due_at__lte=now).values_list("pk", flat=True))
    open_links = TournamentGame.objects.filter(recorded=False, tournament__status=Tournament.Status.RUNNING)
    ids |= set(open_links.filter(finished_at__isnull=False).values_list("tournament_id", flat=True))
    ids |= _time_losses_due(open_links)
    return sorted(ids)


def _time_losses_due(open_links: Any) -> set[int]:
    """The tournaments with a seat of a running game the bot plays for good whose player is still in (a
    withdrawn player's seats the bot plays by the bot policy are no news)."""
    running_games = open_links.filter(game__status=Game.Status.ACTIVE).values("game_id")
    lost = set(SeatPresence.objects.filter(Q(game_id__in=running_games), absent_since__isnull=False, resigned=False)
               .values_list("game_id", "seat"))
    if not lost:
        return set()
    games_of = dict(TournamentGame.objects.filter(game_id__in={g for g, _ in lost}).values_list("game_id", "tournament_id"))
    users = dict(((g, s), u) for g, s, u in Seat.objects.filter(game_id__in=list(games_of)).values_list("game_id", "index", "user_id"))
    withdrawn = {(t, int(d["player"])) for t, d in TournamentEvent.objects.filter(
        tournament_id__in=set(games_of.values()), type=WITHDRAWN).values_list("tournament_id", "data")}
    return {games_of[g] for g, s in lost if (games_of[g], users.get((g, s))) not in withdrawn}


def advance_tournament(tournament_id: int, now: datetime | None = None, *, skip_locked: bool = True) -> list[str]:
    """Do what is due in one tournament (the task's body); what was done ([] when nothing, or when another
    worker holds it)."""
    return advance(tournament_id, progress, now=now, skip_locked=skip_locked) or []


def advance_due(now: datetime | None = None) -> DueReport:
    """The beat task's body: advance every tournament with something due, each in its own transaction,
    then settle the running games of those who withdrew (resigned or handed to the bot, by the policy)."""
    now = now or timezone.now()
    report = DueReport()
    for tournament_id in due_tournaments(now):
        try:
            steps = advance_tournament(tournament_id, now)
        except Exception:  # one broken tournament must not stop the others; it is due again next minute
            log.exception("advancing tournament %s failed", tournament_id)
            continue
        report.tournaments += 1
        report.steps += [f"{tournament_id}: {step}" for step in steps]
    # Leagues whose every group of the season is over now (perhaps by a step just above): the next season.
    report.steps += advance_leagues(now)
    # Only where somebody withdrew (one statement on the log's type column); a seat settled already is
    # passed by without its game's lock.
    withdrawals = TournamentEvent.objects.filter(
        type=WITHDRAWN, tournament__status=Tournament.Status.RUNNING).values_list("tournament_id", flat=True).distinct()
    for tournament_id in sorted(set(withdrawals)):
        report.resigned += settle_withdrawals(tournament_id)
    return report


def settle_withdrawals(tournament_id: int) -> int:
    """Settle the running games of the players who withdrew (or lost on time), each game in its own
    transaction through the games' services (so no tournament row is held while a game's is locked), by
    the policy they withdrew under: forfeit resigns their seat (placed last); bot hands it to the bot
    (`games.services.takeover.hand_seat_to_bot`: marked absent without resigning, every decision of it
    played at once from now on; its result counts). A seat settled already is left alone: as often as it
    runs, each is settled once. The number of seats settled."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    state = load_state(tournament)
    policies = {p: how.get("policy") for p, how in state.withdrawn.items()}
    if not policies:
        return 0
    settled = 0
    links = TournamentGame.objects.filter(tournament=tournament, recorded=False, game__status=Game.Status.ACTIVE)
    users = User.objects.in_bulk(set(policies))
    for link in links.select_related("game"):
        table = state.rounds[link.round].tables[link.table]
        for player in sorted(set(policies) & set(table.players)):
            seat = games.seat_of(link.game, users[player]) if player in users else None
            if seat is None:
                continue
            if policies[player] == Tournament.Policy.BOT:
                settled += _hand_to_bot(link.game, seat, users[player])
            else:
                settled += _forfeit(tournament_id, link.game, seat, users[player])
            link.game.refresh_from_db()
    return settled


def _hand_to_bot(game: Game, seat: int, user: User) -> int:
    """The seat of a player who withdrew under the bot policy, to the bot at once (1), unless it is already."""
    if SeatPresence.objects.filter(game=game, seat=seat, absent_since__isnull=False).exists():
        return 0
    return int(hand_seat_to_bot(game.pk, user))


def _forfeit(tournament_id: int, game: Game, seat: int, user: User) -> int:
    """The seat of a player who withdrew under the forfeit policy, resigned (1), unless it is already."""
    if seat in games.resigned_seats(game):
        return 0
    try:
        games.resign(user, game.pk)
    except ServiceError as refusal:  # finished meanwhile, or resigned by the player: nothing to do
        log.info("tournament %s: resigning game %s for %s: %s", tournament_id, game.pk, user.pk, refusal.code)
        return 0
    return 1
