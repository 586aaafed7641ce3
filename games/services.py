"""Game services: the only code that writes games, seats, commands, events and snapshots.

create / join / leave / start / execute change games; game_detail / history / state_at read them as a
viewer may see them. Every refusal is a `config.errors.ServiceError` (code + message; the API maps its kind
to the HTTP status). The rules are reached only through the registry (`games.registry`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import random
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from config.errors import ServiceError

from . import hooks, store
from .models import SERVICE_KEY_PREFIX, Command, Event, Game, Seat
from .registry import DEFAULT_KIND, GameKind, get_kind

log = logging.getLogger(__name__)

MAX_COMMAND_BYTES = 8192
DEFAULT_TIME_CONTROL: dict[str, Any] = {"decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot"}
MAX_DECISION_HOURS = 14 * 24
TIMEOUT_POLICIES = ("bot", "minimal")


# --- results --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CommandResult:
    """The answer to a command: the new events as the commanding seat sees them, and the new version."""

    events: list[dict[str, Any]]
    version: int
    replayed: bool  # True when answered from an earlier command with the same idempotency key
    # The game's row as the command left it (not part of the API's answer; None for a replayed command).
    game: Game | None = field(default=None, compare=False, repr=False)


class _LostRace(Exception):
    """Another writer appended first; the command is re-decided on the new state."""


# --- helpers --------------------------------------------------------------------------------------


def _game_or_404(
    game_id: Any, *, lock: bool = False, seat_of_user: User | None = None, command_key: str | None = None
) -> Game:
    """The game (row-locked with `lock`), in one query with, for `seat_of_user`, its `viewer_seat` and (when
    locked) the id of their earlier command with the idempotency key `command_key` (`prior_command_id`)."""
    try:
        pk = int(game_id)
    except (TypeError, ValueError):
        pk = -1
    if lock and seat_of_user is not None:
        game = store.lock_for_command(pk, seat_of_user.pk, command_key) if pk > 0 else None
    elif not lock and seat_of_user is None:
        game = store.game_row(pk) if pk > 0 else None
    else:
        queryset = Game.objects.select_for_update(of=("self",)) if lock else Game.objects.all()
        if seat_of_user is not None:
            seat = Seat.objects.filter(game=OuterRef("pk"), user=seat_of_user).values("index")[:1]
            queryset = queryset.annotate(viewer_seat=Subquery(seat))
        game = queryset.filter(pk=pk).first() if pk > 0 else None
    if game is None:
        raise ServiceError("not_found", "game_not_found", gettext("There is no game {game}.").format(game=game_id))
    return game


def seat_of(game: Game, user: User | None) -> int | None:
    """The user's seat index in a started game (None for spectators and before the start)."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).values_list("index", flat=True).first()


def game_rng(game: Game, purpose: str | None = None) -> random.Random:
    """A random source for the game's next decision: HMAC of the server secret over the purpose (the
    rules' own draws by default, or e.g. "bot" for a move played for an absent seat), the game's id, its
    private salt and its version. No player sees or sends any of it; a re-decided command draws the same."""
    message = f"{purpose or game.kind}:{game.pk}:{game.rng_salt}:{game.version}".encode()
    digest = hmac.new(settings.GAMES_RNG_SECRET.encode(), message, hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def clean_time_control(value: Any) -> dict[str, Any]:
    """Validate a game's time control and fill in the defaults."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise ServiceError("invalid", "invalid_time_control", gettext("time_control must be an object."))
    unknown = set(value) - set(DEFAULT_TIME_CONTROL)
    if unknown:
        raise ServiceError(
            "invalid", "invalid_time_control", f"Unknown time_control fields: {', '.join(sorted(unknown))}."
        )
    result = {**DEFAULT_TIME_CONTROL, **value}
    if "reminder_hours" not in value and isinstance(result["decision_hours"], int | float):
        # The default reminder (a day before) must fit inside a short decision time: then at half of it.
        result["reminder_hours"] = min(DEFAULT_TIME_CONTROL["reminder_hours"], result["decision_hours"] / 2)
    hours = result["decision_hours"]
    if isinstance(hours, bool) or not isinstance(hours, int | float) or not 0 < hours <= MAX_DECISION_HOURS:
        raise ServiceError(
            "invalid", "invalid_time_control", f"decision_hours must be a number of hours up to {MAX_DECISION_HOURS}."
        )
    reminder = result["reminder_hours"]
    if isinstance(reminder, bool) or not isinstance(reminder, int | float) or not 0 <= reminder < hours:
        raise ServiceError("invalid", "invalid_time_control", gettext("reminder_hours must be at least 0 and below decision_hours."))
    if result["timeout_policy"] not in TIMEOUT_POLICIES:
        raise ServiceError("invalid", "invalid_time_control", f"timeout_policy is one of {', '.join(TIMEOUT_POLICIES)}.")
    return result


def _clean_options(kind: GameKind, options: Any, players: int, *, trusted: bool) -> dict[str, Any]:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError("invalid", "invalid_options", gettext("options must be an object."))
    fixed = kind.fixed_order_options & set(options)
    if fixed and not trusted:
        # A stacked deck chosen by a player would defeat the server's random source.
        raise ServiceError("invalid", "invalid_options", gettext("These options are not open to players: {names}.").format(names=", ".join(sorted(fixed))))
    if len(json.dumps(options)) > 65536:
        raise ServiceError("invalid", "invalid_options", gettext("options are too large."))
    rules = kind.rules
    try:  # the engine validates its options; an invalid set must fail here, not at the start
        if hasattr(rules, "validate_options"):
            rules.validate_options(options, players)
        else:
            rules.deck(options)  # type: ignore[attr-defined]
            rules.characters(options)  # type: ignore[attr-defined]
    except kind.illegal_command as exc:
        raise ServiceError("invalid", "invalid_options", getattr(exc, "message", str(exc))) from exc
    except (ValueError, TypeError, KeyError) as exc:
        raise ServiceError("invalid", "invalid_options", gettext("Invalid options: {error}").format(error=exc)) from exc
    return dict(options)


def _append_and_project(
    game: Game,
    state: Any,
    events: list[Any],
    *,
    actor: User | None,
    seat: int | None,
    command: Command | None,
    previous_status: str | None = None,
) -> tuple[list[Event], Any]:
    """Append events, call the hooks, then write the projection columns in one UPDATE (same transaction).

    The hooks run before the UPDATE so that what they set on the game (the deadline columns) is written by
    that one statement."""
    kind = get_kind(game.kind)
    now = timezone.now()
    old_version = game.version
    previous_status = previous_status or game.status
    previous_awaiting = list(game.awaiting or [])
    rows, state = store.append(
        game,
        state,
        events,
        actor_id=actor.pk if actor else None,
        actor_seat=seat,
        command_id=command.pk if command else None,
        now=now,
    )
    game.version = old_version + len(rows)
    game.head_hash = rows[-1].hash if rows else game.head_hash
    game.awaiting = [int(s) for s in kind.rules.awaiting(state)]
    if game.status == Game.Status.ACTIVE and not game.awaiting:
        game.status = Game.Status.FINISHED
        game.finished_at = now
    hooks.on_events_appended(
        hooks.EventsAppended(
            game=game,
            events=rows,
            state=state,
            previous_status=previous_status,
            previous_awaiting=previous_awaiting,
            actor=actor,
            seat=seat,
            command=command,
        )
    )
    # The deadline columns are the deadline hook's (games.deadlines.on_events_appended sets them on `game`).
    fields = ["version", "head_hash", "awaiting", "status", "finished_at", "started_at", "players",
              "deadline_at", "reminder_at", "deadline_version"]
    if not store.write_projection(game, old_version, fields, now):
        raise _LostRace()
    return rows, state


def _render_events(
    game: Game, rows: list[Event] | QuerySet[Event], seat: int | None, by_service: set[Any] | None = None
) -> list[dict[str, Any]]:
    """Events as `seat` (None: a spectator) may see them; events it may not see at all are left out.

    `by_service` marks the moves the service played for a player who let a deadline pass (the ids of
    those commands among the rows' are looked up unless the caller knows them)."""
    rules = get_kind(game.kind).rules
    rows = list(rows)
    command_ids = {row.command_id for row in rows if row.command_id is not None}
    if by_service is None:
        by_service = set(
            Command.objects.filter(pk__in=command_ids, idempotency_key__startswith=SERVICE_KEY_PREFIX)
            .values_list("pk", flat=True)
        ) if command_ids else set()
    rendered = []
    for row in rows:
        seen = rules.redact(rules.decode(row.data), seat)
        if seen is None:
            continue
        rendered.append({
            "seq": row.seq, "type": row.type, "actor_seat": row.actor_seat, "data": seen,
            "created_at": row.created_at, "by_service": row.command_id in by_service,
        })
    return rendered


# --- lobby ----------------------------------------------------------------------------------------


def create_game(
    user: User,
    kind: str = DEFAULT_KIND,
    players: int = 4,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    *,
    listed: bool = True,
    trusted: bool = False,
) -> Game:
    """Open a new game; the creator takes the first seat. `trusted` admits fixed-order options (tests, demo);
    a game not `listed` is joined only through its invite link (`join_game(..., invited=True)`)."""
    game_kind = get_kind(kind)
    if isinstance(players, bool) or not isinstance(players, int) or not (
        game_kind.min_players <= players <= game_kind.max_players
    ):
        raise ServiceError(
            "invalid",
            "invalid_players",
            gettext("{game} is played by {min} to {max} players.").format(
                game=game_kind.title, min=game_kind.min_players, max=game_kind.max_players
            ),
        )
    clean_options = _clean_options(game_kind, options, players, trusted=trusted)
    with transaction.atomic():
        game = Game.objects.create(
            kind=kind,
            options=clean_options,
            players=players,
            created_by=user,
            time_control=clean_time_control(time_control),
            rng_salt=secrets.token_hex(32),
            listed=bool(listed),
        )
        Seat.objects.create(game=game, user=user)
    return game


def join_game(user: User, game_id: Any, *, invited: bool = False) -> Game:
    """Take a free seat in an open game (a private one only with its invite: `invited`)."""
    with transaction.atomic():
        game = _game_or_404(game_id, lock=True)
        if not game.listed and not invited and not Seat.objects.filter(game=game, user=user).exists():
            raise ServiceError("forbidden", "invite_only", gettext("This game is private: join it through its invite link."))
        if game.status != Game.Status.OPEN:
            raise ServiceError("conflict", "game_not_open", gettext("This game is not open for players."))
        if Seat.objects.filter(game=game, user=user).exists():
            raise ServiceError("conflict", "already_joined", gettext("You already have a seat in this game."))
        if Seat.objects.filter(game=game).count() >= game.players:
            raise ServiceError("conflict", "game_full", gettext("This game has no free seat."))
        Seat.objects.create(game=game, user=user)
    return game


def leave_game(user: User, game_id: Any) -> Game:
    """Give up a seat before the start; a game that nobody is left in is abandoned."""
    with transaction.atomic():
        game = _game_or_404(game_id, lock=True)
        if game.status != Game.Status.OPEN:
            raise ServiceError("conflict", "game_not_open", gettext("You can leave a game only before it starts."))
        deleted, _ = Seat.objects.filter(game=game, user=user).delete()
        if not deleted:
            raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
        if not Seat.objects.filter(game=game).exists():
            game.status = Game.Status.ABANDONED
            game.save(update_fields=["status", "updated_at"])
    return game


def start_game(user: User, game_id: Any) -> Game:
    """Start an open game: seats are drawn at random, then the rules' setup events open the log.

    The first player to have joined who is still seated (the creator, unless they left) starts it, with
    between the kind's minimum and the game's number of players seated.
    """
    with transaction.atomic():
        game = _game_or_404(game_id, lock=True)
        if game.status != Game.Status.OPEN:
            raise ServiceError("conflict", "game_not_open", gettext("This game has already started or is over."))
        seats = list(Seat.objects.filter(game=game).order_by("joined_at", "id"))
        if not seats or seats[0].user_id != user.pk:
            if any(s.user_id == user.pk for s in seats):
                raise ServiceError("forbidden", "not_the_host", gettext("Only the host (the first seated player) can start."))
            raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
        kind = get_kind(game.kind)
        if len(seats) < kind.min_players:
            raise ServiceError(
                "conflict", "not_enough_players", gettext("At least {count} players are needed to start.").format(count=kind.min_players)
            )
        rng = game_rng(game)
        order = list(range(len(seats)))
        rng.shuffle(order)
        for seat, index in zip(seats, order, strict=True):
            seat.index = index
        Seat.objects.bulk_update(seats, ["index"])
        try:
            events = kind.rules.setup(dict(game.options), len(seats), rng)
        except kind.illegal_command as exc:
            raise ServiceError("invalid", getattr(exc, "code", "invalid_options"), getattr(exc, "message", str(exc))) from exc
        game.players = len(seats)
        game.status = Game.Status.ACTIVE
        game.started_at = timezone.now()
        _append_and_project(
            game, None, events, actor=None, seat=None, command=None, previous_status=Game.Status.OPEN
        )
    return game


# --- playing --------------------------------------------------------------------------------------


def _check_command(command: Any) -> dict[str, Any]:
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise ServiceError("invalid", "malformed_command", 'A command is a JSON object with a "type", e.g. {"type": "take_gold"}.')
    if len(json.dumps(command)) > MAX_COMMAND_BYTES:
        raise ServiceError("invalid", "malformed_command", gettext("This command is too large."))
    return command


def _check_key(key: Any) -> str | None:
    if key is None or key == "":
        return None  # no key: the command is not deduplicated
    if not isinstance(key, str) or len(key) > 128 or not key.isprintable():
        raise ServiceError("invalid", "invalid_idempotency_key", gettext("Idempotency-Key is up to 128 printable characters."))
    return key


def _replay(game: Game, prior: Command, command: dict[str, Any]) -> CommandResult:
    if prior.command != command:
        raise ServiceError(
            "conflict", "idempotency_key_reused", gettext("This Idempotency-Key was used for a different command.")
        )
    rows = Event.objects.filter(game=game, seq__gte=prior.first_seq, seq__lte=prior.last_seq).order_by("seq")
    return CommandResult(_render_events(game, list(rows), prior.seat), prior.last_seq, replayed=True)


def execute(
    user: User,
    game_id: Any,
    command: Any,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> CommandResult:
    """Decide and apply one command of a player, exactly once.

    Under a row lock on the game: an earlier command with the same idempotency key is answered again;
    a stale `expected_version` is refused with 409; otherwise the command is decided on the current
    state and its events appended together with the projection columns. If another writer still got
    in first (a lost race on UNIQUE(game, seq) or the version compare-and-set), the command is decided
    again on the fresh state, a few times at most.
    """
    command = _check_command(command)
    key = _check_key(idempotency_key)
    if expected_version is not None and (isinstance(expected_version, bool) or not isinstance(expected_version, int)):
        raise ServiceError("invalid", "invalid_expected_version", gettext("expected_version must be an integer."))
    attempts = max(1, int(settings.GAMES_COMMAND_RETRIES))
    for attempt in range(attempts):
        try:
            with transaction.atomic():
                return _execute_once(user, game_id, command, key, expected_version)
        except (_LostRace, IntegrityError) as exc:
            log.info("command on game %s lost a race (attempt %d): %r", game_id, attempt + 1, exc)
        except OperationalError as exc:
            # SQLite: "database is locked" past the busy timeout; PostgreSQL: serialization trouble.
            log.warning("command on game %s hit a database conflict (attempt %d): %s", game_id, attempt + 1, exc)
        time.sleep(0.005 * (attempt + 1))
    raise ServiceError("conflict", "busy", gettext("The game is busy; send the command again."))


def _execute_once(
    user: User, game_id: Any, command: dict[str, Any], key: str | None, expected_version: int | None
) -> CommandResult:
    # One statement: the locked row, the caller's seat and their earlier command with this key.
    game = _game_or_404(game_id, lock=True, seat_of_user=user, command_key=key)
    if key is None:
        return _decide_and_apply(game, user, command, uuid.uuid4().hex, expected_version)
    if getattr(game, "prior_command_id", None) is not None:
        return _replay(game, Command.objects.get(pk=game.prior_command_id), command)  # type: ignore[attr-defined]
    try:
        return _decide_and_apply(game, user, command, key, expected_version)
    except ServiceError:
        # The key's lookup ran in the lock statement, whose snapshot predates a wait for the lock: a
        # command with this key committed meanwhile is found only now. (On success the unique key on
        # (game, user, idempotency_key) refuses a second one, and the retry finds the first.)
        prior = Command.objects.filter(game=game, user=user, idempotency_key=key).first()
        if prior is not None:
            return _replay(game, prior, command)
        raise


def _decide_and_apply(
    game: Game, user: User, command: dict[str, Any], key: str, expected_version: int | None
) -> CommandResult:
    if game.status != Game.Status.ACTIVE:
        code = "game_finished" if game.status == Game.Status.FINISHED else "game_not_active"
        raise ServiceError("conflict", code, gettext("This game is {status}; it takes no commands.").format(status=game.get_status_display()))
    seat: int | None = getattr(game, "viewer_seat", None)
    if seat is None:
        raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
    if expected_version is not None and expected_version != game.version:
        raise ServiceError(
            "conflict",
            "version_conflict",
            gettext("The game moved on: it is at version {version}, not {expected}.").format(
                version=game.version, expected=expected_version
            ),
            version=game.version,
        )
    kind = get_kind(game.kind)
    if seat not in game.awaiting and command.get("type") not in kind.anytime_commands:
        raise ServiceError("forbidden", "not_your_turn", gettext("The game is not waiting for your seat now."))
    state = store.load_state(game)
    try:
        events = kind.rules.decide(state, seat, command, game_rng(game))
    except kind.illegal_command as exc:
        raise ServiceError("invalid", getattr(exc, "code", "illegal_command"), getattr(exc, "message", str(exc))) from exc
    if not events:
        raise ServiceError("invalid", "no_effect", gettext("This command changes nothing."))
    record = Command.objects.create(
        game=game,
        user=user,
        seat=seat,
        idempotency_key=key,
        command=command,
        first_seq=game.version + 1,
        last_seq=game.version + len(events),
    )
    rows, _ = _append_and_project(game, state, events, actor=user, seat=seat, command=record)
    by_service = {record.pk} if key.startswith(SERVICE_KEY_PREFIX) else set()
    return CommandResult(_render_events(game, rows, seat, by_service), game.version, replayed=False, game=game)


# --- reading --------------------------------------------------------------------------------------


def get_game(game_id: Any) -> Game:
    """The game, or a 404."""
    return _game_or_404(game_id)


def list_games(user: User, status: str | None = None, mine: bool = False) -> QuerySet[Game]:
    """Games filtered by status and/or the user's own, newest first."""
    queryset = Game.objects.all().annotate(seated=Count("seats"))
    if status is not None:
        if status not in Game.Status.values:
            raise ServiceError("invalid", "invalid_status", f"status is one of {', '.join(Game.Status.values)}.")
        queryset = queryset.filter(status=status)
    if mine:
        queryset = queryset.filter(Q(seats__user=user)).distinct()
    return queryset.order_by("-id")


def game_detail(game: Game, user: User | None) -> dict[str, Any]:
    """The game as this viewer may see it: projections, their seat, the view and their legal commands."""
    kind = get_kind(game.kind)
    seats = store.seat_names(game.pk)
    own = next((index for index, user_id, _ in seats if user is not None and user_id == user.pk), None)
    seated = any(user is not None and user_id == user.pk for _, user_id, _ in seats)
    view = None
    legal: list[dict[str, Any]] = []
    if game.version > 0:
        state = store.load_state(game)
        view = kind.rules.view(state, own)
        if own is not None and own in game.awaiting and game.status == Game.Status.ACTIVE:
            legal = kind.rules.legal_commands(state, own)
    return {
        "id": game.pk,
        "kind": game.kind,
        "status": game.status,
        "version": game.version,
        "players": game.players,
        "options": _public_options(kind, game.options),
        "time_control": game.time_control,
        "awaiting": game.awaiting,
        "deadline_at": game.deadline_at,
        "created_by": game.created_by_id,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "seat": own,
        "joined": seated,
        "seats": [{"index": index, "user": user_id, "display_name": name} for index, user_id, name in seats],
        "view": view,
        "legal_commands": legal,
    }


def _public_options(kind: GameKind, options: dict[str, Any]) -> dict[str, Any]:
    # A fixed deck order is secret information: never shown.
    return {k: v for k, v in options.items() if k not in kind.fixed_order_options}


def _parse_seq(value: Any, name: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError("invalid", f"invalid_{name}", f"{name} must be a whole number.") from None
    if number < 0:
        raise ServiceError("invalid", f"invalid_{name}", f"{name} must not be negative.")
    return number


def history(game: Game, user: User | None, after: Any = 0, limit: Any = 1000) -> dict[str, Any]:
    """The events after seq `after` as this viewer may see them (at most `limit`, up to 5000)."""
    after_seq = _parse_seq(after or 0, "after")
    count = min(_parse_seq(limit or 1000, "limit") or 1000, 5000)
    own = seat_of(game, user)
    rows = list(Event.objects.filter(game=game, seq__gt=after_seq).order_by("seq")[:count])
    last = rows[-1].seq if rows else after_seq
    return {"version": game.version, "events": _render_events(game, rows, own), "next_after": min(last, game.version)}


def state_at(game: Game, user: User | None, at: Any = None) -> dict[str, Any]:
    """The viewer's view as it was right after event `at` (default: now): the replay of a game."""
    if game.version == 0:
        raise ServiceError("conflict", "not_started", gettext("This game has not started yet."))
    seq = game.version if at in (None, "") else _parse_seq(at, "at")
    if not 1 <= seq <= game.version:
        raise ServiceError("invalid", "invalid_at", gettext("at must be between 1 and {version}.").format(version=game.version))
    kind = get_kind(game.kind)
    state = store.load_state(game, at=seq)
    return {"version": seq, "view": kind.rules.view(state, seat_of(game, user))}
