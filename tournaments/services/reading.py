"""Reading a tournament: its state and standings (the fold of its log), its games by round and table, and
the audit of a round (its pairing derived again from the log before it and the seed)."""

from __future__ import annotations

from typing import Any

from .. import standings
from ..models import Tournament, TournamentGame
from ..pairing import RoundPairing, round_rng, round_robin_round_count, round_robin_tables, swiss_round
from .writing import events_of, tournament_not_found, tournament_pk


def get_tournament(tournament_id: Any) -> Tournament:
    """The tournament, or the 404 refusal."""
    tournament = Tournament.objects.filter(pk=tournament_pk(tournament_id)).first()
    if tournament is None:
        raise tournament_not_found(tournament_id)
    return tournament


def state_of(tournament: Tournament, *, at: int | None = None) -> standings.TournamentState:
    """The fold of the tournament's log (up to event `at`, if given)."""
    events = events_of(tournament)
    return standings.fold(events if at is None else events[:at])


def standings_of(tournament: Tournament) -> list[standings.Row]:
    """The tournament's ranked standings now."""
    return standings.standings(state_of(tournament))


def games_of(tournament: Tournament) -> dict[tuple[int, int], int]:
    """Each table's game id by (round, table index)."""
    return {(r, t): g for r, t, g in TournamentGame.objects.filter(tournament=tournament).values_list("round", "table", "game_id")}


def rederive_round(tournament: Tournament, number: int) -> RoundPairing:
    """The pairing of round `number` derived again from the log before it and the tournament's seed (an
    audit: it equals the `round_paired` event's tables and byes)."""
    events = events_of(tournament)
    cut = next(i for i, (t, d) in enumerate(events) if t == standings.ROUND_PAIRED and d["round"] == number)
    before = standings.fold(events[:cut])
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        rounds = min(tournament.rounds, round_robin_round_count(len(before.players), tournament.table_size))
        return round_robin_tables(before.players, tournament.table_size, round_rng(before.seed, 0), rounds=rounds)[number - 1]
    return swiss_round(before.active_players(), before.points(), before.meetings(), before.byes_had(),
                       tournament.table_size, round_rng(before.seed, number))
