"""Opening a tournament and entering it: create (every setting checked), invite, join (the gates: invitation,
rating, reliability, ban, sign-up's end, room), leave before the start, withdraw once it runs."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from games import hooks
from games.registry import get_kind
from games.services import clean_time_control
from games.services.lifecycle import clean_join_limits

from .. import standings
from ..models import EntryBan, Tournament, TournamentInvitation
from ..pairing import round_robin_round_count
from .writing import Writer, advance, tournament_not_found, tournament_pk

MAX_PLAYERS = 256
MAX_ROUNDS = 30
MAX_BAN_DAYS = 365
MAX_GAME_DAYS = 365
MAX_SIGNUP_DAYS = 90


def _invalid(code: str, message: str) -> ServiceError:
    return ServiceError("invalid", code, message)


def _whole(value: Any, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def _clean_points(value: Any, table_size: int) -> dict[str, list[float]]:
    """Placement points per table size: {"4": [6, 4, 2, 0]}, each list as long as its size, not rising."""
    if value in (None, {}):
        return {}
    if not isinstance(value, dict):
        raise _invalid("invalid_points", gettext("points is an object of lists of points per table size."))
    cleaned: dict[str, list[float]] = {}
    for size, points in value.items():
        if not str(size).isdigit() or not 2 <= int(size) <= 8 or not isinstance(points, list) or len(points) != int(size):
            raise _invalid("invalid_points", gettext("points gives, per table size from 2 to 8, one number per place."))
        if not all(isinstance(p, int | float) and not isinstance(p, bool) and 0 <= p <= 100 for p in points) or any(
            a < b for a, b in zip(points, points[1:], strict=False)
        ):
            raise _invalid("invalid_points", gettext("Placement points are numbers from 0 to 100, never more for a worse place."))
        cleaned[str(int(size))] = [float(p) for p in points]
    return cleaned


def _check_options(kind_name: str, options: Any, sizes: list[int]) -> dict[str, Any]:
    kind = get_kind(kind_name)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _invalid("invalid_options", gettext("options must be an object."))
    if kind.fixed_order_options & set(options):
        raise _invalid("invalid_options", gettext("These options are not open to players: {names}.").format(
            names=", ".join(sorted(kind.fixed_order_options & set(options)))))
    for size in sizes:  # every table size the field may need (k, and k - 1 where it does not divide)
        try:
            kind.rules.validate_options(dict(options), size)
        except kind.illegal_command as exc:
            raise kind.refused(exc, "invalid_options") from exc
        except (ValueError, TypeError, KeyError) as exc:
            raise _invalid("invalid_options", gettext("Invalid options: {error}").format(error=exc)) from exc
    return dict(options)


def create_tournament(
    user: User,
    *,
    name: str,
    kind: str,
    format: str,
    table_size: int,
    max_players: int,
    rounds: int | None = None,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    max_game_days: int | None = None,
    entry: str = Tournament.Entry.OPEN,
    min_rating: float | None = None,
    min_reliability: int | None = None,
    signup_until: datetime | None = None,
    min_players: int | None = None,
    withdrawal_policy: str = Tournament.Policy.FORFEIT,
    ban_days: int = 0,
    points: dict[str, list[float]] | None = None,
    bye_points: float | None = None,
) -> Tournament:
    """Open a tournament for sign-up (its host is `user`, who does not play unless they join). `rounds`:
    a Swiss's number of rounds (required); a round robin's rounds of tables (None: as few as let everybody
    meet everybody, `pairing.round_robin_round_count`; at 2-player tables always every pair once). Sign-up
    ends at `signup_until` or when `max_players` joined, whichever comes first; the beat task then starts it
    (with at least `min_players`, default a table's worth) or calls it off."""
    game_kind = get_kind(kind)
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 120:
        raise _invalid("invalid_name", gettext("A tournament's name has 1 to 120 characters."))
    if format not in Tournament.Format.values:
        raise _invalid("invalid_format", gettext("format is one of {choices}.").format(choices=", ".join(Tournament.Format.values)))
    if not _whole(table_size, game_kind.min_players, game_kind.max_players):
        raise _invalid("invalid_table_size", gettext("{game} is played by {min} to {max} players.").format(
            game=game_kind.title, min=game_kind.min_players, max=game_kind.max_players))
    if not _whole(max_players, 2, MAX_PLAYERS):
        raise _invalid("invalid_max_players", gettext("max_players is a whole number from 2 to {max}.").format(max=MAX_PLAYERS))
    least = table_size if min_players is None else min_players
    if not _whole(least, 2, max_players):
        raise _invalid("invalid_min_players", gettext("min_players is a whole number from 2 to max_players."))
    if format == Tournament.Format.SWISS and not _whole(rounds, 1, MAX_ROUNDS):
        raise _invalid("invalid_rounds", gettext("A Swiss has 1 to {max} rounds.").format(max=MAX_ROUNDS))
    if format == Tournament.Format.ROUND_ROBIN and rounds is not None and not _whole(rounds, 1, MAX_ROUNDS):
        raise _invalid("invalid_rounds", gettext("A round robin has 1 to {max} rounds of tables.").format(max=MAX_ROUNDS))
    if entry not in Tournament.Entry.values:
        raise _invalid("invalid_entry", gettext("entry is one of {choices}.").format(choices=", ".join(Tournament.Entry.values)))
    if withdrawal_policy not in Tournament.Policy.values:
        raise _invalid("invalid_policy", gettext("withdrawal_policy is one of {choices}.").format(
            choices=", ".join(Tournament.Policy.values)))
    if not _whole(ban_days, 0, MAX_BAN_DAYS):
        raise _invalid("invalid_ban_days", gettext("ban_days is a whole number of days from 0 to {max}.").format(max=MAX_BAN_DAYS))
    if max_game_days is not None and not _whole(max_game_days, 1, MAX_GAME_DAYS):
        raise _invalid("invalid_max_game_days", gettext("max_game_days is a whole number of days from 1 to {max}.").format(
            max=MAX_GAME_DAYS))
    now = timezone.now()
    if signup_until is not None and not (now < signup_until <= now + timedelta(days=MAX_SIGNUP_DAYS)):
        raise _invalid("invalid_signup_until", gettext("Sign-up ends in the future, within {days} days.").format(days=MAX_SIGNUP_DAYS))
    if bye_points is not None and (isinstance(bye_points, bool) or not isinstance(bye_points, int | float) or not 0 <= bye_points <= 100):
        raise _invalid("invalid_bye_points", gettext("bye_points is a number from 0 to 100."))
    min_rating, min_reliability = clean_join_limits(min_rating, min_reliability)
    sizes = [table_size] + ([table_size - 1] if table_size - 1 >= max(2, game_kind.min_players) else [])
    clean_options = _check_options(kind, options, sizes)
    clean_points = _clean_points(points, table_size)
    control = clean_time_control(time_control)
    if format == Tournament.Format.ROUND_ROBIN and rounds is None:
        rounds = max_players - 1 if table_size == 2 else round_robin_round_count(max_players, table_size)
    assert rounds is not None
    tournament = Tournament.objects.create(
        name=name.strip(), kind=game_kind.name, options=clean_options, format=format, rounds=rounds,
        table_size=table_size, time_control=control, max_game_days=max_game_days, entry=entry,
        min_rating=min_rating, min_reliability=min_reliability, signup_until=signup_until, min_players=least,
        max_players=max_players, withdrawal_policy=withdrawal_policy, ban_days=ban_days, points=clean_points,
        bye_points=bye_points, seed=secrets.token_hex(16), created_by=user, due_at=signup_until,
    )
    settings = {
        "name": tournament.name, "kind": tournament.kind, "format": format, "table_size": table_size,
        "rounds": rounds, "points": clean_points, "bye_points": bye_points, "policy": withdrawal_policy,
        "max_players": max_players,
    }
    advance(tournament.pk, lambda w: w.append(standings.CREATED, settings), actor=user, now=now)
    tournament.refresh_from_db()
    return tournament


def invite(host: User, tournament_id: Any, user: User) -> TournamentInvitation:
    """The host invites a player to their tournament (any entry: an invitation-only one admits only them)."""
    tournament = Tournament.objects.filter(pk=tournament_pk(tournament_id)).first()
    if tournament is None:
        raise tournament_not_found(tournament_id)
    if tournament.created_by_id != host.pk:
        raise ServiceError("forbidden", "not_the_host", gettext("Only the tournament's host can invite players."))
    if tournament.status != Tournament.Status.SIGNUP:
        raise ServiceError("conflict", "signup_closed", gettext("Sign-up for this tournament is closed."))
    invitation, _created = TournamentInvitation.objects.get_or_create(tournament=tournament, user=user)
    return invitation


def active_ban(user: User, now: datetime | None = None) -> EntryBan | None:
    """The player's ban from new entries in force now (the one that lasts longest), if any."""
    return EntryBan.objects.filter(user=user, until__gt=now or timezone.now()).order_by("-until").first()


def _check_entry(writer: Writer, user: User) -> None:
    """Refuse a player who may not enter this tournament now, saying why (the tournament's row locked)."""
    tournament, state = writer.tournament, writer.state
    if state.status != standings.SIGNUP:
        raise ServiceError("conflict", "signup_closed", gettext("Sign-up for this tournament is closed."))
    if tournament.signup_until is not None and tournament.signup_until <= writer.now:
        raise ServiceError("conflict", "signup_closed", gettext("Sign-up for this tournament is closed."))
    if user.pk in state.entrants:
        raise ServiceError("conflict", "already_joined", gettext("You have entered this tournament already."))
    if len(state.entrants) >= tournament.max_players:
        raise ServiceError("conflict", "tournament_full", gettext("This tournament is full."))
    if tournament.entry == Tournament.Entry.INVITATION and not TournamentInvitation.objects.filter(
        tournament=tournament, user=user
    ).exists():
        raise ServiceError("forbidden", "not_invited", gettext("This tournament is by invitation only."))
    ban = active_ban(user, writer.now)
    if ban is not None:
        raise ServiceError("forbidden", "entry_banned", gettext(
            "You may enter no new tournament until {until} (a withdrawal or a loss on time).").format(
            until=ban.until.date().isoformat()), until=ban.until.isoformat())
    facts = hooks.player_facts(tournament.kind, [user.pk])[user.pk]
    if tournament.min_rating is not None and (facts.rating or 0.0) < tournament.min_rating:
        raise ServiceError("forbidden", "rating_too_low", gettext(
            "This tournament asks for a rating of {least} at least; yours is {rating}.").format(
            least=f"{tournament.min_rating:.1f}", rating=f"{facts.rating or 0.0:.1f}"), least=tournament.min_rating)
    if tournament.min_reliability is not None and facts.reliability is not None and facts.reliability < tournament.min_reliability:
        raise ServiceError("forbidden", "reliability_too_low", gettext(
            "This tournament asks for a reliability of {least} percent at least; yours is {share} percent.").format(
            least=tournament.min_reliability, share=facts.reliability), least=tournament.min_reliability)


def join(user: User, tournament_id: Any, *, now: datetime | None = None) -> Tournament:
    """Enter a tournament during its sign-up. The entry that fills it makes it due: the beat task (or the
    task sent after this commit) starts it."""

    def step(writer: Writer) -> Tournament:
        _check_entry(writer, user)
        writer.append(standings.JOINED, {"player": user.pk})
        if len(writer.state.entrants) >= writer.tournament.max_players:
            writer.tournament.due_at = writer.now
            writer.after_commit.append(lambda: _send_advance(writer.tournament.pk))
        return writer.tournament

    answer = advance(tournament_id, step, actor=user, now=now)
    assert answer is not None
    return answer


def leave(user: User, tournament_id: Any) -> Tournament:
    """Give up one's entry before the start."""

    def step(writer: Writer) -> Tournament:
        if writer.state.status != standings.SIGNUP:
            raise ServiceError("conflict", "tournament_started", gettext(
                "The tournament has started: withdraw from it instead."))
        if user.pk not in writer.state.entrants:
            raise ServiceError("conflict", "not_entered", gettext("You have not entered this tournament."))
        writer.append(standings.LEFT, {"player": user.pk})
        return writer.tournament

    answer = advance(tournament_id, step, actor=user)
    assert answer is not None
    return answer


def withdraw_in(writer: Writer, player: int, reason: str) -> bool:
    """Inside a step: withdraw `player` (reason "withdrawal" or "time") under the tournament's policy, with
    its ban; False when they are not in (any more). Their running games are settled after the commit
    (`due.settle_withdrawals`: resigned under the forfeit policy, handed to the bot at once under the bot policy)."""
    state, tournament = writer.state, writer.tournament
    if state.status != standings.RUNNING or player not in state.players or player in state.withdrawn:
        return False
    writer.append(standings.WITHDRAWN, {
        "player": player, "reason": reason, "policy": tournament.withdrawal_policy, "round": state.last_round,
    })
    if tournament.ban_days:
        EntryBan.objects.get_or_create(user_id=player, tournament=tournament, defaults={
            "until": writer.now + timedelta(days=tournament.ban_days), "reason": reason})
    # Their running games are settled after the commit, one game at a time (resigned, or handed to the bot).
    tournament_id = tournament.pk
    writer.after_commit.append(lambda: _send_settle(tournament_id))
    return True


def withdraw(user: User, tournament_id: Any) -> Tournament:
    """Withdraw from a running tournament: no more rounds for the player; their running games are forfeited
    (resigned, placed last) or go on with the bot, by the tournament's policy; and its ban from new entries."""

    def step(writer: Writer) -> Tournament:
        if writer.state.status != standings.RUNNING:
            raise ServiceError("conflict", "tournament_not_running", gettext("This tournament is not running."))
        if user.pk not in writer.state.players:
            raise ServiceError("conflict", "not_entered", gettext("You do not play in this tournament."))
        if not withdraw_in(writer, user.pk, "withdrawal"):
            raise ServiceError("conflict", "already_withdrawn", gettext("You have withdrawn already."))
        return writer.tournament

    answer = advance(tournament_id, step, actor=user)
    assert answer is not None
    return answer


def _send_advance(tournament_id: int) -> None:
    from celery import current_app

    current_app.tasks["tournaments.advance"].delay(tournament_id)


def _send_settle(tournament_id: int) -> None:
    from celery import current_app

    current_app.tasks["tournaments.settle_withdrawals"].delay(tournament_id)
