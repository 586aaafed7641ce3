"""A tournament as its pages and its API show it: its settings, its entrants, the standings with their
tiebreaks, the crosstable and each round's tables with their games. Everything is read from the fold of
its log (`services.state_of`) and the players' names, so the page, the API and a replay agree.

One `detail(tournament, viewer)` builds a JSON-ready dict (the API answers it as it is, the templates read
the same keys), so the two faces never tell different standings.
"""

from __future__ import annotations

from typing import Any

from accounts.models import User
from core.links import site_link

from . import services, standings
from .models import Tournament

LISTED_STATUSES = {
    "open": [Tournament.Status.SIGNUP],
    "running": [Tournament.Status.RUNNING],
    "finished": [Tournament.Status.ENDED, Tournament.Status.CANCELLED],
}


def settings_of(tournament: Tournament) -> dict[str, Any]:
    """What the host set, as the API shows it."""
    return {
        "name": tournament.name, "kind": tournament.kind, "format": tournament.format,
        "table_size": tournament.table_size, "rounds": tournament.rounds, "options": tournament.options,
        "time_control": tournament.time_control, "max_game_days": tournament.max_game_days,
        "entry": tournament.entry, "min_rating": tournament.min_rating, "min_reliability": tournament.min_reliability,
        "signup_until": tournament.signup_until.isoformat() if tournament.signup_until else None,
        "min_players": tournament.min_players, "max_players": tournament.max_players,
        "withdrawal_policy": tournament.withdrawal_policy, "ban_days": tournament.ban_days,
        "points": tournament.points, "bye_points": tournament.bye_points,
    }


def summary(tournament: Tournament) -> dict[str, Any]:
    """One line of the list: its id, name, game, format, status, players and dates."""
    return {
        "id": tournament.pk, "name": tournament.name, "kind": tournament.kind, "format": tournament.format,
        "status": tournament.status, "table_size": tournament.table_size, "rounds": tournament.rounds,
        "current_round": tournament.current_round, "players": tournament.players_count,
        "max_players": tournament.max_players, "entry": tournament.entry,
        "host": {"id": tournament.created_by_id, "name": tournament.created_by.public_name},
        "signup_until": tournament.signup_until.isoformat() if tournament.signup_until else None,
        "created_at": tournament.created_at.isoformat(),
        "started_at": tournament.started_at.isoformat() if tournament.started_at else None,
        "ended_at": tournament.ended_at.isoformat() if tournament.ended_at else None,
        "url": site_link("tournament-page", tournament.pk),
    }


def _people(state: standings.TournamentState) -> dict[int, dict[str, Any]]:
    """Every player the log names, as `{id, name}` (one query)."""
    ids = set(state.entrants) | set(state.players)
    users = User.objects.in_bulk(ids)
    return {pk: {"id": pk, "name": users[pk].public_name if pk in users else str(pk)} for pk in ids}


def _row(row: standings.Row, people: dict[int, dict[str, Any]]) -> dict[str, Any]:
    return {
        "rank": row.rank, "player": people[row.player], "points": row.points, "played": row.played,
        "byes": row.byes, "buchholz": row.buchholz, "sonneborn_berger": row.sonneborn_berger,
        "opponents_points": row.opponents_points, "withdrawn": row.withdrawn,
    }


def _rounds(state: standings.TournamentState, people: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    rounds = []
    for number in sorted(state.rounds):
        round_ = state.rounds[number]
        tables = []
        for index, table in enumerate(round_.tables):
            seats = [{
                **people[p],
                "place": table.places.get(p) if table.places else None,
                "points": table.points.get(p) if table.points else None,
                "forfeited": p in table.forfeited,
            } for p in table.players]
            tables.append({
                "table": index + 1, "players": seats, "game": table.game,
                "url": site_link("game-page", table.game) if table.game else None,
                "finished": table.finished, "adjudicated": table.adjudicated,
            })
        rounds.append({"round": number, "tables": tables, "byes": [people[p] for p in round_.byes],
                       "finished": round_.finished})
    return rounds


def _crosstable(state: standings.TournamentState, order: list[int],
                people: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    cells = standings.crosstable(state)
    return [{
        "player": people[player],
        "rounds": [{
            "round": cell.round, "table": None if cell.table is None else cell.table + 1, "bye": cell.table is None,
            "opponents": [people[p] for p in cell.opponents], "game": cell.game,
            "place": cell.place, "points": cell.points,
        } for cell in cells.get(player, [])],
    } for player in order]


def detail(tournament: Tournament, viewer: User | None = None) -> dict[str, Any]:
    """The whole tournament as its page and the API show it (the viewer's own part: entered, host)."""
    state = services.state_of(tournament)
    people = _people(state)
    rows = standings.standings(state) if state.players else []
    entrants = state.players if state.players else state.entrants
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    return {
        **summary(tournament),
        "version": tournament.version,
        "settings": settings_of(tournament),
        "seed": tournament.seed if tournament.status != Tournament.Status.SIGNUP else None,
        "entrants": [people[p] for p in entrants],
        "standings": [_row(row, people) for row in rows],
        "tiebreaks": ["buchholz", "sonneborn_berger"] if tournament.table_size == 2 else ["opponents_points"],
        "crosstable": _crosstable(state, [row.player for row in rows], people),
        "pairings": _rounds(state, people),
        "winners": [people[row.player] for row in rows if row.rank == 1] if state.status == standings.OVER else [],
        "you": {
            "host": viewer_id == tournament.created_by_id,
            "entered": viewer_id in entrants,
            "withdrawn": viewer_id in state.withdrawn,
        },
    }
