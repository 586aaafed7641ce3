"""A player's command, exactly once: checked, decided by the rules on the current state under the game's
row lock, appended with the projection, and answered again (not applied again) for a repeated idempotency key."""

from __future__ import annotations

import json
import logging
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, OperationalError, transaction
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from core.metrics import COMMANDS, REFUSALS
from core.parsers import has_bad_text
from rules_kit.resign import RESIGN
from rules_kit.takeback import TAKE_BACK

from .. import store
from ..models import SERVICE_KEY_PREFIX, Command, Event, Game
from ..registry import get_kind
from . import takeback
from .reading import may_see, render_events
from .writing import LostRace, append_and_project, game_not_found, game_pk, game_rng

log = logging.getLogger(__name__)

MAX_COMMAND_BYTES = 8192


@dataclass(frozen=True)
class CommandResult:
    """The answer to a command: the new events as the commanding seat sees them, the new version, and the
    seats the game awaits at that version (a client knows whom to ask next without reading the game)."""

    events: list[dict[str, Any]]
    version: int
    awaiting: list[int]
    replayed: bool  # True when answered from an earlier command with the same idempotency key
    # The game's row as the command left it (not part of the API's answer; None for a replayed command).
    game: Game | None = field(default=None, compare=False, repr=False)


def _check_command(command: Any) -> dict[str, Any]:
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise ServiceError("invalid", "malformed_command", gettext('A command is a JSON object with a "type".'))
    if len(json.dumps(command)) > MAX_COMMAND_BYTES:
        raise ServiceError("invalid", "malformed_command", gettext("This command is too large."))
    if has_bad_text(command):  # the API's parser refuses them already; a command from elsewhere too
        raise ServiceError("invalid", "invalid_text", gettext("A command may hold no NUL character or lone surrogate."))
    return command


def _normalized(game: Game, command: dict[str, Any]) -> dict[str, Any]:
    """The command as the game's rules declare its type (`normalize_command`; every game's `resign` and
    `take_back` too): what is decided and stored. A field the type does not take (a `seat` where it names
    none, anything else) is refused, so it never reaches the append-only command log."""
    kind = get_kind(game.kind)
    try:
        return dict(kind.rules.normalize_command(command))
    except kind.illegal_command as exc:
        raise kind.refused(exc) from exc


def _check_key(key: Any) -> str | None:
    if key is None or key == "":
        return None  # no key: the command is not deduplicated
    if not isinstance(key, str) or len(key) > 128 or not key.isprintable():
        raise ServiceError("invalid", "invalid_idempotency_key", gettext("Idempotency-Key is up to 128 printable characters."))
    if key.lower().startswith(SERVICE_KEY_PREFIX):  # in any case, as it always was refused
        # The service's own moves (a passed deadline) have keys with this prefix, under the same unique
        # (game, user, key): a player's key with it could take the one the service's move needs.
        raise ServiceError(
            "invalid", "invalid_idempotency_key",
            gettext("An Idempotency-Key may not begin with “{prefix}”.").format(prefix=SERVICE_KEY_PREFIX),
        )
    return key


def _replay(game: Game, prior: Command, command: dict[str, Any]) -> CommandResult:
    if prior.command != command:
        raise ServiceError(
            "conflict", "idempotency_key_reused", gettext("This Idempotency-Key was used for a different command.")
        )
    rows = Event.objects.filter(game=game, seq__gte=prior.first_seq, seq__lte=prior.last_seq).order_by("seq")
    # The same answer as the first time: the seats awaited right after that command, not now.
    awaiting = (
        list(game.awaiting) if prior.last_seq == game.version
        else [int(s) for s in get_kind(game.kind).rules.awaiting(store.load_state(game, at=prior.last_seq))]
    )
    return CommandResult(render_events(game, list(rows), prior.seat), prior.last_seq, awaiting, replayed=True)


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
    again on the fresh state, a few times at most. What is decided and stored is the command as the
    game's rules normalise it (`normalize_command`): a field its type does not take is a 400. A refusal is
    counted by its code for /metrics.
    """
    try:
        return _execute(user, game_id, command, idempotency_key, expected_version)
    except ServiceError as refusal:
        REFUSALS.labels(refusal.code).inc()
        raise


def _execute(
    user: User, game_id: Any, command: Any, idempotency_key: str | None, expected_version: int | None
) -> CommandResult:
    command = _check_command(command)
    key = _check_key(idempotency_key)
    if expected_version is not None and (isinstance(expected_version, bool) or not isinstance(expected_version, int)):
        raise ServiceError("invalid", "invalid_expected_version", gettext("expected_version must be an integer."))
    attempts = max(1, int(settings.GAMES_COMMAND_RETRIES))
    for attempt in range(attempts):
        try:
            with transaction.atomic():
                return _execute_once(user, game_id, command, key, expected_version)
        except (LostRace, IntegrityError) as exc:
            log.info("command on game %s lost a race (attempt %d): %r", game_id, attempt + 1, exc)
        except OperationalError as exc:
            # SQLite: "database is locked" past the busy timeout; PostgreSQL: serialization trouble.
            log.warning("command on game %s hit a database conflict (attempt %d): %s", game_id, attempt + 1, exc)
        time.sleep(0.005 * (attempt + 1))
    raise ServiceError("conflict", "busy", gettext("The game is busy; send the command again."))


def _execute_once(
    user: User, game_id: Any, command: dict[str, Any], key: str | None, expected_version: int | None
) -> CommandResult:
    # One statement: the game's row locked, the caller's seat and their earlier command with this key.
    pk = game_pk(game_id)
    target = store.game_for_command(pk, user.pk, key or "") if pk is not None else None
    if target is None:
        raise game_not_found(game_id)
    game, seat, prior_id = target.game, target.seat, target.prior_id
    # A seat index means a seated player; without one (a spectator, or anybody before the start) the private
    # game must answer as a missing one to whoever may not see it.
    if seat is None and not may_see(game, user, seated=target.seated):
        raise game_not_found(game_id)
    if seat is not None:  # a stranger is told not_a_player below, whatever they send
        command = _normalized(game, command)
    if prior_id is not None:
        return _replay(game, Command.objects.get(pk=prior_id), command)
    try:
        applied = apply_command(game, user, seat, command, key=key or uuid.uuid4().hex, expected_version=expected_version)
    except ServiceError:
        # The key's lookup ran before this command's snapshot saw a command with this key that committed
        # while we waited for the lock: it is found only now. (On success the unique key on (game, user,
        # idempotency_key) refuses a second one, and the retry finds the first.)
        prior = Command.objects.filter(game=game, user=user, idempotency_key=key).first() if key else None
        if prior is not None:
            return _replay(game, prior, command)
        raise
    return CommandResult(
        render_events(game, applied.events, seat, set()), game.version, list(game.awaiting), replayed=False, game=game
    )


@dataclass(frozen=True)
class Applied:
    """What `apply_command` appended, and the rules' state after it."""

    events: list[Event]
    state: Any


def apply_command(
    game: Game,
    user: User,
    seat: int | None,
    command: dict[str, Any],
    *,
    key: str,
    expected_version: int | None = None,
    by_service: bool = False,
) -> Applied:
    """The one write path of a command, a player's (`execute`, an emailed reply) or the service's for a seat
    whose deadline passed (`by_service`): on the game whose row the caller holds locked, check that the game
    takes it from this seat at `expected_version`, decide it on the current state and append its events
    with the projection columns. Raises ServiceError for a refusal, LostRace when another writer got in
    first (the caller's transaction must then be rolled back).

    `command` is in the game's command type, as the rules' `decide` trusts it to be: a player's as
    `execute` read it (`normalize_command`), the service's one of the rules' legal commands or a bot's."""
    if game.status != Game.Status.ACTIVE:
        code = "game_finished" if game.status == Game.Status.FINISHED else "game_not_active"
        raise ServiceError("conflict", code, gettext("This game is {status}; it takes no commands.").format(status=game.get_status_display()))
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
    if command.get("type") == TAKE_BACK:  # every game's command the hosting decides (it needs the log):
        # any time, as far back as the rules' count or the others' consent allow
        state, events = takeback.decide_takeback(game, seat, command)
    else:
        state = store.load_state(game)
        if not by_service and seat in kind.rules.resigned(state):
            # The bot plays a resigned seat for good (rules_kit.resign): its player sends nothing any more.
            raise ServiceError("conflict", "seat_resigned", gettext("You resigned this game; the bot plays your seat."))
        if seat not in game.awaiting and command.get("type") not in kind.anytime_commands:  # (resign among them)
            raise ServiceError("forbidden", "not_your_turn", gettext("The game is not waiting for your seat now."))
        events = decide(game, state, seat, command)
    record = Command(
        game=game,
        user=user,
        seat=seat,
        idempotency_key=key,
        command=command,
        first_seq=game.version + 1,
        last_seq=game.version + len(events),
        by_service=by_service,
    )
    rows, state = append_and_project(game, state, events, actor=user, seat=seat, command=record)
    counted = COMMANDS.labels(game.kind, "service" if by_service else "player")
    transaction.on_commit(counted.inc)  # a command rolled back (a lost race) is not counted
    return Applied(rows, state)


def resign(user: User, game_id: Any) -> CommandResult:
    """The player resigns a running game: the rules record it (`rules_kit.resign`; a 2-player game ends
    with the other player the winner), and from then on the bot plays the seat at once, for good (the
    deadline clock treats a resigned seat as absent). The same write path as every command (`execute`):
    a finished game, a game one has no seat in or a seat that resigned already is refused, nothing written."""
    return execute(user, game_id, {"type": RESIGN})


def decide(game: Game, state: Any, seat: int, command: dict[str, Any]) -> list[Any]:
    """The events of a seat's command (in the game's command type: `normalize_command` read a player's) on the
    game's current state, by its rules and random source; an illegal command or one that changes nothing is
    refused."""
    kind = get_kind(game.kind)
    try:
        events = kind.rules.decide(state, seat, command, game_rng(game))
    except kind.illegal_command as exc:
        raise kind.refused(exc) from exc
    if not events:
        raise ServiceError("invalid", "no_effect", gettext("This command changes nothing."))
    return events
