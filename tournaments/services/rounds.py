"""A tournament's course: the start (seeding, the first round or, in a round robin, every round), each next
round of a Swiss once the one before is finished, the games of a round created and started through the
games' services, the results taken from the inbox the hook fills, time losses, games past their maximum
length, and the end. `progress(writer)` is the one step that does whatever is due; it decides everything
from the fold it finds under the tournament's lock, so it may run any number of times."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from games import hooks, selectors
from games.models import Game, SeatPresence
from games.services.seating import create_started_game

from .. import standings
from ..models import Tournament, TournamentGame
from ..pairing import RoundPairing, round_rng, round_robin_round_count, swiss_round
from ..pairing import round_robin_tables as table_round_robin
from .entry import withdraw_in
from .writing import Writer, advance

log = logging.getLogger(__name__)


def progress(writer: Writer) -> list[str]:
    """Do what is due in the tournament now: start (or call off) at sign-up's end, record finished games,
    withdraw who lost on time, decide games past the maximum length, pair the next round, end. The names of
    what was done."""
    state, tournament = writer.state, writer.tournament
    done: list[str] = []
    if state.status == standings.SIGNUP:
        full = len(state.entrants) >= tournament.max_players
        closed = tournament.signup_until is not None and tournament.signup_until <= writer.now
        if full or closed:
            done.append(_start(writer))
    if state.status == standings.RUNNING:
        done += _record_results(writer)
        done += _time_losses(writer)
        done += _adjudicate(writer)
        done += _next_round_or_end(writer)
    tournament.due_at = _next_due(writer)
    return done


def start_now(user: User, tournament_id: Any) -> Tournament:
    """The host closes sign-up early and starts the tournament with those who entered (refused with fewer
    than its `min_players`)."""

    def step(writer: Writer) -> Tournament:
        tournament, state = writer.tournament, writer.state
        if tournament.created_by_id != user.pk:
            raise ServiceError("forbidden", "not_the_host", gettext("Only the tournament's host can start it."))
        if state.status != standings.SIGNUP:
            raise ServiceError("conflict", "signup_closed", gettext("Sign-up for this tournament is closed."))
        if len(state.entrants) < max(tournament.min_players, 2):
            raise ServiceError("conflict", "not_enough_players", gettext(
                "At least {count} players are needed to start.").format(count=max(tournament.min_players, 2)))
        _start(writer)
        tournament.due_at = _next_due(writer)
        return tournament

    answer = advance(tournament_id, step, actor=user)
    assert answer is not None
    return answer


def begin(writer: Writer, players: list[int]) -> str:
    """Inside a step: enter these players (no entry gate: a league seats them in its groups) and start at
    once; "started", or "cancelled" with too few."""
    for player in players:
        if player not in writer.state.entrants:
            writer.append(standings.JOINED, {"player": player})
    answer = _start(writer)
    writer.tournament.due_at = _next_due(writer)
    return answer


def cancel(user: User, tournament_id: Any) -> Tournament:
    """The host calls the tournament off during its sign-up."""

    def step(writer: Writer) -> Tournament:
        if writer.tournament.created_by_id != user.pk:
            raise ServiceError("forbidden", "not_the_host", gettext("Only the tournament's host can call it off."))
        if writer.state.status != standings.SIGNUP:
            raise ServiceError("conflict", "signup_closed", gettext("Sign-up for this tournament is closed."))
        writer.append(standings.CANCELLED, {"reason": "host"})
        return writer.tournament

    answer = advance(tournament_id, step, actor=user)
    assert answer is not None
    return answer


def _start(writer: Writer) -> str:
    """Start with the entrants (seeded by rating, then by sign-up), or call it off with too few."""
    tournament, state = writer.tournament, writer.state
    if len(state.entrants) < max(tournament.min_players, 2):
        writer.append(standings.CANCELLED, {"reason": "too_few_players", "players": len(state.entrants)})
        return "cancelled"
    facts = hooks.player_facts(tournament.kind, list(state.entrants))
    order = sorted(state.entrants, key=lambda p: -(facts[p].rating or 0.0))  # stable: sign-up order breaks ties
    writer.append(standings.STARTED, {"players": order, "seed": tournament.seed})
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        # As many rounds as the host set, but no more than the field needs for everybody to meet everybody
        # (at 2-player tables: every pair once).
        rounds = min(tournament.rounds, round_robin_round_count(len(order), tournament.table_size))
        pairings = table_round_robin(order, tournament.table_size, round_rng(tournament.seed, 0), rounds=rounds)
        for number, pairing in enumerate(pairings, 1):
            _pair(writer, number, pairing)
    else:
        _pair_swiss(writer)
    return "started"


def _pair_swiss(writer: Writer) -> None:
    state, tournament = writer.state, writer.tournament
    number = state.last_round + 1
    pairing = swiss_round(state.active_players(), state.points(), state.meetings(), state.byes_had(),
                          tournament.table_size, round_rng(tournament.seed, number))
    _pair(writer, number, pairing)


def _pair(writer: Writer, number: int, pairing: RoundPairing) -> None:
    """Append the round's pairing, then create and start each table's game and link it."""
    writer.append(standings.ROUND_PAIRED, {
        "round": number, "tables": [list(t) for t in pairing.tables], "byes": list(pairing.byes),
        "repeats": pairing.repeats,
    })
    users = User.objects.in_bulk({p for t in pairing.tables for p in t})
    for index, table in enumerate(pairing.tables):
        game = create_table_game(writer.tournament, [users[p] for p in table])
        TournamentGame.objects.create(tournament=writer.tournament, round=number, table=index, game=game)
        writer.append(standings.GAME_LINKED, {"round": number, "table": index, "game": game.pk})


def create_table_game(tournament: Tournament, players: list[User]) -> Game:
    """A table's game, created with its players seated and started at once through the games' start path
    (`games.services.seating.create_started_game`: seats drawn at the start, no waiting-room notice per
    seat): listed, so that anybody may watch it; rated as usual; a bot entrant's seats move by the bot task
    from the start. Its seats are never offered to another player (`takeover_after` 0, unless the host set
    it): a stranger playing a seat would play for a tournament they are not in. The game's own deadlines
    and bots then run it like any game."""
    control = {"takeover_after": 0, **tournament.time_control}
    return create_started_game(
        players, tournament.kind, dict(tournament.options), control, listed=True, rated=True,
        created_by=tournament.created_by,
    )


def _record_results(writer: Writer) -> list[str]:
    """The finished games' results from the inbox (written by the hook with each game's end) into the log."""
    done = []
    for link in TournamentGame.objects.filter(tournament=writer.tournament, recorded=False, finished_at__isnull=False):
        table = writer.state.rounds[link.round].tables[link.table]
        if not table.finished:
            result = link.result or {}
            writer.append(standings.GAME_FINISHED, {
                "round": link.round, "table": link.table, "game": link.game_id,
                "places": result.get("places", {}), "forfeited": result.get("forfeited", []),
            })
            done.append(f"recorded {link.game_id}")
        link.recorded = True
        link.save(update_fields=["recorded"])
    return done


def _open_links(writer: Writer) -> list[TournamentGame]:
    return list(TournamentGame.objects.filter(tournament=writer.tournament, recorded=False).select_related("game"))


def _time_losses(writer: Writer) -> list[str]:
    """Players whose seat in a running game of the tournament the bot now plays for good (absent after too
    many deadlines missed in a row: a loss on time) are withdrawn, with the tournament's policy and ban."""
    running = {link.game_id: link for link in _open_links(writer) if link.game.status == Game.Status.ACTIVE}
    if not running:
        return []
    absent = SeatPresence.objects.filter(game_id__in=list(running), absent_since__isnull=False, resigned=False)
    seats = {(row.game_id, row.seat) for row in absent}
    if not seats:
        return []
    users = selectors.seated_users(sorted({game for game, _ in seats}))
    done = []
    for game_id, seat in sorted(seats):
        user = users[game_id].get(seat)
        if user is not None and withdraw_in(writer, user.pk, "time"):
            done.append(f"time loss {user.pk}")
    return done


def _adjudicate(writer: Writer) -> list[str]:
    """A game still running past the tournament's maximum length counts as a draw among its players (a
    forfeited seat last); the game itself plays on, and its end no longer changes the tournament."""
    days = writer.tournament.max_game_days
    if not days:
        return []
    limit = writer.now - timedelta(days=days)
    done = []
    for link in _open_links(writer):
        game = link.game
        if game.status != Game.Status.ACTIVE or game.started_at is None or game.started_at > limit:
            continue
        table = writer.state.rounds[link.round].tables[link.table]
        forfeited = [p for p in table.players if writer.state.withdrawn.get(p, {}).get("policy") == "forfeit"]
        writer.append(standings.GAME_FINISHED, {
            "round": link.round, "table": link.table, "game": game.pk, "places": {str(p): 1 for p in table.players},
            "forfeited": forfeited, "adjudicated": True,
        })
        link.recorded = True
        link.save(update_fields=["recorded"])
        done.append(f"adjudicated {game.pk}")
    return done


def _next_round_or_end(writer: Writer) -> list[str]:
    state, tournament = writer.state, writer.tournament
    if not all(r.finished for r in state.rounds.values()):
        return []
    more = tournament.format == Tournament.Format.SWISS and state.last_round < tournament.rounds
    if more and len(state.active_players()) >= 2:
        _pair_swiss(writer)
        return [f"paired {state.last_round}"]
    final = standings.standings(state)
    writer.append(standings.ENDED, {"winners": [row.player for row in final if row.rank == 1]})
    return ["ended"]


def _next_due(writer: Writer) -> Any:
    """When the beat task must look at the tournament again without being told: sign-up's end, or the first
    running game's maximum length (a finished game or a full sign-up sends its own task, and the beat finds
    unrecorded results and time losses by itself)."""
    state, tournament = writer.state, writer.tournament
    if state.status == standings.SIGNUP:
        return tournament.signup_until
    if state.status != standings.RUNNING or not tournament.max_game_days:
        return None
    started = [link.game.started_at for link in _open_links(writer)
               if link.game.status == Game.Status.ACTIVE and link.game.started_at is not None]
    return min(started) + timedelta(days=tournament.max_game_days) if started else None
