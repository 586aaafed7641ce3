"""The beat task's body (`advance_due`, every minute) and the tasks' (`advance_tournament`,
`settle_withdrawals`): every tournament with something due is advanced once, under its row lock.

Due is: sign-up's end or a full field (`due_at`), a game's maximum length (`due_at`), a finished game's
result not yet in the log (its link row: the hook's inbox), a seat of a running game the bot plays for good
(a loss on time). Tournaments another worker holds are skipped (SKIP LOCKED): that worker does the step.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from core.errors import ServiceError
from games import services as games
from games.models import Game, SeatPresence

from ..models import Tournament, TournamentEvent, TournamentGame
from ..standings import WITHDRAWN
from .rounds import progress
from .writing import advance, load_state

log = logging.getLogger(__name__)


@dataclass
class DueReport:
    """What one run of the beat task did."""

    tournaments: int = 0
    steps: list[str] = field(default_factory=list)
    resigned: int = 0


def due_tournaments(now: datetime) -> list[int]:
    """The ids of the tournaments with something due now (three indexed statements)."""
    live = [Tournament.Status.SIGNUP, Tournament.Status.RUNNING]
    ids = set(Tournament.objects.filter(status__in=live, due_at__lte=now).values_list("pk", flat=True))
    open_links = TournamentGame.objects.filter(recorded=False, tournament__status=Tournament.Status.RUNNING)
    ids |= set(open_links.filter(finished_at__isnull=False).values_list("tournament_id", flat=True))
    running_games = open_links.filter(game__status=Game.Status.ACTIVE).values("game_id")
    lost = SeatPresence.objects.filter(Q(game_id__in=running_games), absent_since__isnull=False, resigned=False)
    ids |= set(TournamentGame.objects.filter(game_id__in=lost.values("game_id")).values_list("tournament_id", flat=True))
    return sorted(ids)


def advance_tournament(tournament_id: int, now: datetime | None = None, *, skip_locked: bool = True) -> list[str]:
    """Do what is due in one tournament (the task's body); what was done ([] when nothing, or when another
    worker holds it)."""
    return advance(tournament_id, progress, now=now, skip_locked=skip_locked) or []


def advance_due(now: datetime | None = None) -> DueReport:
    """The beat task's body: advance every tournament with something due, each in its own transaction,
    then settle the running games of those who withdrew under the forfeit policy."""
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
    # Only where somebody withdrew under the forfeit policy (one statement on the log's type column).
    forfeits = TournamentEvent.objects.filter(
        type=WITHDRAWN, tournament__status=Tournament.Status.RUNNING,
        tournament__withdrawal_policy=Tournament.Policy.FORFEIT,
    ).values_list("tournament_id", flat=True).distinct()
    for tournament_id in sorted(set(forfeits)):
        report.resigned += settle_withdrawals(tournament_id)
    return report


def settle_withdrawals(tournament_id: int) -> int:
    """Resign the running games of the players who withdrew (or lost on time) under the forfeit policy, each
    game in its own transaction through the games' one write path (so no tournament row is held while a
    game's is locked). A seat resigned already is left alone: as often as it runs, each is resigned once.
    The number of games resigned."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.withdrawal_policy != Tournament.Policy.FORFEIT:
        return 0
    state = load_state(tournament)
    forfeiting = {p for p, how in state.withdrawn.items() if how.get("policy") == Tournament.Policy.FORFEIT}
    if not forfeiting:
        return 0
    resigned = 0
    links = TournamentGame.objects.filter(tournament=tournament, recorded=False, game__status=Game.Status.ACTIVE)
    users = User.objects.in_bulk(forfeiting)
    for link in links.select_related("game"):
        table = state.rounds[link.round].tables[link.table]
        for player in forfeiting & set(table.players):
            seat = games.seat_of(link.game, users[player]) if player in users else None
            if seat is None or seat in games.resigned_seats(link.game):
                continue
            try:
                games.resign(users[player], link.game_id)
                resigned += 1
            except ServiceError as refusal:  # finished meanwhile, or resigned by the player: nothing to do
                log.info("tournament %s: resigning game %s for %s: %s", tournament_id, link.game_id, player, refusal.code)
            link.game.refresh_from_db()
    return resigned

