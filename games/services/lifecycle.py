"""A game before its first command: opening it (options and time control checked), taking and giving up
seats, and the start (random seating, then the rules' setup events open the log)."""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import hooks
from ..deadlines.bank import BANK_MODE
from ..deadlines.clock import DEFAULT_BANK_CONTROL, DEFAULT_TIME_CONTROL, TAKEOVER_AFTER
from ..models import Game, Seat, SeatChange
from ..registry import GameKind, default_kind, get_kind
from .bots import clean_bots, seat_bots
from .reading import may_see
from .waiting_room import MAX_CLOSE_AFTER_DAYS, record_seat_change
from .writing import append_and_project, game_not_found, game_or_404, game_rng

MAX_DECISION_HOURS = 14 * 24
MAX_BANK_HOURS = 60 * 24  # a time bank's start and most: 60 days
MODES = ("move", BANK_MODE)
MAX_REMINDER_PERCENT = 90
MAX_TAKEOVER_AFTER = 50
TIMEOUT_POLICIES = ("bot", "minimal")
# The bounds of a game's least rating to join (ratings are OpenSkill's ordinal: a newcomer's is 0).
MIN_RATING_BOUNDS = (-50.0, 100.0)


def _invalid(message: str) -> ServiceError:
    return ServiceError("invalid", "invalid_time_control", message)


def _hours(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float)


def clean_time_control(value: Any) -> dict[str, Any]:
    """Validate a game's time control and fill in the defaults: the one check of every time control (the
    new-game form, the API, tournaments). A time per decision (no `mode`, or `"mode": "move"`) or a time bank
    per seat (`"mode": "bank"`, `games.deadlines.bank`)."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise _invalid(gettext("time_control must be an object."))
    mode = value.get("mode", "move")
    if mode not in MODES:
        raise _invalid(gettext("mode is one of {choices}.").format(choices=", ".join(MODES)))
    defaults = DEFAULT_BANK_CONTROL if mode == BANK_MODE else {**DEFAULT_TIME_CONTROL, "mode": "move", "reminder_percent": 0}
    unknown = set(value) - set(defaults) - {"takeover_after"}
    if unknown:
        raise _invalid(gettext("Unknown time_control fields: {names}.").format(names=", ".join(sorted(unknown))))
    result = _clean_bank(value) if mode == BANK_MODE else _clean_per_move(value)
    takeover = result.get("takeover_after", TAKEOVER_AFTER)
    if isinstance(takeover, bool) or not isinstance(takeover, int) or not 0 <= takeover <= MAX_TAKEOVER_AFTER:
        raise _invalid(gettext(
            "takeover_after is a whole number of missed deadlines from 0 (never) to {max}.").format(max=MAX_TAKEOVER_AFTER))
    if result["timeout_policy"] not in TIMEOUT_POLICIES:
        raise _invalid(gettext("timeout_policy is one of {choices}.").format(choices=", ".join(TIMEOUT_POLICIES)))
    percent = result.get("reminder_percent", 0)
    if isinstance(percent, bool) or not isinstance(percent, int) or not 0 <= percent <= MAX_REMINDER_PERCENT:
        raise _invalid(gettext(
            "reminder_percent is a whole number of percent from 0 (no reminder) to {max}.").format(max=MAX_REMINDER_PERCENT))
    return result


def _clean_per_move(value: dict[str, Any]) -> dict[str, Any]:
    """A time per decision (today's form, stored as it always was: no `mode` filled in)."""
    if "reminder_percent" in value and "reminder_hours" in value:
        raise _invalid(gettext("Give reminder_hours or reminder_percent, not both."))
    result = {**DEFAULT_TIME_CONTROL, **value}
    if "reminder_percent" in value:
        result.pop("reminder_hours")
    elif "reminder_hours" not in value and _hours(result["decision_hours"]):
        # The default reminder (a day before) must fit inside a short decision time: then at half of it.
        result["reminder_hours"] = min(DEFAULT_TIME_CONTROL["reminder_hours"], result["decision_hours"] / 2)
    hours = result["decision_hours"]
    if not _hours(hours) or not 0 < hours <= MAX_DECISION_HOURS:
        raise _invalid(gettext("decision_hours must be a number of hours up to {max}.").format(max=MAX_DECISION_HOURS))
    if "reminder_hours" in result:
        reminder = result["reminder_hours"]
        if not _hours(reminder) or not 0 <= reminder < hours:
            raise _invalid(gettext("reminder_hours must be at least 0 and below decision_hours."))
    return result


def _clean_bank(value: dict[str, Any]) -> dict[str, Any]:
    """A time bank per seat: its start, increment and most, the double charge, the reminder's share."""
    result = {**DEFAULT_BANK_CONTROL, **value}
    if "max_bank_hours" not in value and _hours(result["initial_hours"]):
        result["max_bank_hours"] = max(DEFAULT_BANK_CONTROL["max_bank_hours"], result["initial_hours"])
    initial, increment, most = result["initial_hours"], result["increment_hours"], result["max_bank_hours"]
    if not _hours(initial) or not 0 < initial <= MAX_BANK_HOURS:
        raise _invalid(gettext("initial_hours must be a number of hours above 0 and up to {max}.").format(max=MAX_BANK_HOURS))
    if not _hours(increment) or not 0 <= increment <= MAX_DECISION_HOURS:
        raise _invalid(gettext("increment_hours must be a number of hours from 0 to {max}.").format(max=MAX_DECISION_HOURS))
    if not _hours(most) or not initial <= most <= MAX_BANK_HOURS:
        raise _invalid(gettext(
            "max_bank_hours must be a number of hours from initial_hours to {max}.").format(max=MAX_BANK_HOURS))
    double = result["double_after_hours"]
    if double is not None and (not _hours(double) or not 0 < double <= MAX_BANK_HOURS):
        raise _invalid(gettext(
            "double_after_hours is null (no double charge) or a number of hours above 0 and up to {max}.").format(
            max=MAX_BANK_HOURS))
    return result


def clean_join_limits(min_rating: Any, min_reliability: Any) -> tuple[float | None, int | None]:
    """A game's least rating and least reliability (percent) to join, checked: None is no limit."""
    if min_rating is not None:
        low, high = MIN_RATING_BOUNDS
        if isinstance(min_rating, bool) or not isinstance(min_rating, int | float) or not low <= min_rating <= high:
            raise ServiceError("invalid", "invalid_min_rating", gettext(
                "min_rating must be a number from {low} to {high}.").format(low=low, high=high))
        min_rating = float(min_rating)
    if min_reliability is not None and (
        isinstance(min_reliability, bool) or not isinstance(min_reliability, int) or not 0 <= min_reliability <= 100
    ):
        raise ServiceError("invalid", "invalid_min_reliability", gettext(
            "min_reliability must be a whole number of percent from 0 to 100."))
    return min_rating, min_reliability


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
    try:  # the rules validate their options; an invalid set must fail here, not at the start
        kind.rules.validate_options(options, players)
    except kind.illegal_command as exc:
        raise kind.refused(exc, "invalid_options") from exc
    except (ValueError, TypeError, KeyError) as exc:
        raise ServiceError("invalid", "invalid_options", gettext("Invalid options: {error}").format(error=exc)) from exc
    return dict(options)


def clean_options(kind: GameKind, options: Any, players: int, *, trusted: bool = False) -> dict[str, Any]:
    """A new game's options checked by its rules for this many players (the one check: new games, games
    for known players, tournaments); fixed-order options only when `trusted`."""
    return _clean_options(kind, options, players, trusted=trusted)


def create_game(
    user: User,
    kind: str | None = None,
    players: int = 4,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    *,
    listed: bool = True,
    spectators_allowed: bool = False,
    trusted: bool = False,
    rated: bool | None = None,
    bots: list[dict[str, Any]] | None = None,
    min_rating: float | None = None,
    min_reliability: int | None = None,
    auto_start: bool = False,
    close_after_days: int = 14,
) -> Game:
    """Open a new game of `kind` (None: the first registered); the creator takes the first seat. `trusted`
    admits fixed-order options (tests, demo); a game not `listed` is joined only through its invite link
    (`join_game(..., invited=True)`) and seen only by its players (`reading.may_see`); with
    `spectators_allowed`, signed-in others watch it once it runs through its watch link on the site
    (`games.pages.watch`). A game not `rated` changes nobody's rating (None: rated, unless it has bots);
    `min_rating` and `min_reliability` (percent) are what a player needs to join (`hooks.on_join` checks).
    `bots` gives seats to bots (`[{"level": "strong"}, ...]`, `services.bots`); once the bots fill every
    other seat, the game starts at once."""
    game_kind = get_kind(default_kind() if kind is None else kind)
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
    bot_levels = clean_bots(bots, players)
    min_rating, min_reliability = clean_join_limits(min_rating, min_reliability)
    if isinstance(close_after_days, bool) or not isinstance(close_after_days, int) or not (
        1 <= close_after_days <= MAX_CLOSE_AFTER_DAYS
    ):
        raise ServiceError("invalid", "invalid_close_after_days", gettext(
            "close_after_days is a whole number of days from 1 to {max}.").format(max=MAX_CLOSE_AFTER_DAYS))
    with transaction.atomic():
        game = Game.objects.create(
            kind=game_kind.name,
            options=clean_options,
            players=players,
            created_by=user,
            time_control=clean_time_control(time_control),
            rng_salt=secrets.token_hex(32),
            listed=bool(listed),
            spectators_allowed=bool(spectators_allowed),
            rated=not bot_levels if rated is None else bool(rated),
            min_rating=min_rating,
            min_reliability=min_reliability,
            auto_start=bool(auto_start),
            close_after_days=close_after_days,
        )
        Seat.objects.create(game=game, user=user)
        if bot_levels:
            seat_bots(game, bot_levels)
            if len(bot_levels) + 1 >= players:  # nobody else to wait for
                start_game(user, game.pk)
                game.refresh_from_db()
    return game


def join_game(user: User, game_id: Any, *, invited: bool = False) -> Game:
    """Take a free seat in an open game (a private one only with its invite: `invited`; without it a private
    game is not found, or refused to a spectator)."""
    with transaction.atomic():
        game = game_or_404(game_id, lock=True)
        seated = Seat.objects.filter(game=game, user=user).exists()
        if not invited and not may_see(game, user, seated=seated):
            raise game_not_found(game_id)
        if not game.listed and not invited and not seated:
            raise ServiceError("forbidden", "invite_only", gettext("This game is private: join it through its invite link."))
        if game.status != Game.Status.OPEN:
            raise ServiceError("conflict", "game_not_open", gettext("This game is not open for players."))
        if seated:
            raise ServiceError("conflict", "already_joined", gettext("You already have a seat in this game."))
        seated_before = Seat.objects.filter(game=game).count()
        if seated_before >= game.players:
            raise ServiceError("conflict", "game_full", gettext("This game has no free seat."))
        hooks.check_join(game, user)  # the game's least rating and reliability (the ratings app's check)
        Seat.objects.create(game=game, user=user)
        record_seat_change(game, user, SeatChange.What.TAKEN)
        if game.auto_start and seated_before + 1 >= game.players:
            # Every seat is taken: the game starts by itself, as its host asked when opening it.
            host = Seat.objects.filter(game=game).order_by("joined_at", "id").select_related("user").first()
            assert host is not None
            start_game(host.user, game.pk)
            game.refresh_from_db()
    return game


def leave_game(user: User, game_id: Any) -> Game:
    """Give up a seat before the start; a game that nobody is left in is abandoned."""
    with transaction.atomic():
        game = game_or_404(game_id, lock=True)
        seat = Seat.objects.filter(game=game, user=user)
        seated = seat.exists()
        if not may_see(game, user, seated=seated):
            raise game_not_found(game_id)
        if game.status != Game.Status.OPEN:
            raise ServiceError("conflict", "game_not_open", gettext("You can leave a game only before it starts."))
        if not seated:
            raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
        seat.delete()
        if not Seat.objects.filter(game=game).exists():
            game.status = Game.Status.ABANDONED
            game.save(update_fields=["status", "updated_at"])
        record_seat_change(game, user, SeatChange.What.LEFT)
    return game


def host_of(game: Game) -> int | None:
    """The user id of the game's host: the first player to have joined who is still seated (None: nobody is)."""
    return Seat.objects.filter(game=game).order_by("joined_at", "id").values_list("user_id", flat=True).first()


def set_spectators(user: User, game_id: Any, allowed: bool) -> Game:
    """The host of a private game lets signed-in players without a seat watch it once it runs, or stops them."""
    with transaction.atomic():
        game = game_or_404(game_id, lock=True)
        if not may_see(game, user):
            raise game_not_found(game_id)
        if host_of(game) != user.pk:
            raise ServiceError("forbidden", "not_the_host", gettext("Only the host (the first seated player) can choose who may watch."))
        if game.listed:
            raise ServiceError("conflict", "game_listed", gettext("Anybody may watch a listed game."))
        game.spectators_allowed = bool(allowed)
        game.save(update_fields=["spectators_allowed"])
        hooks.spectators_changed(game)  # open watch streams check the link again (and end when turned away)
    return game


def start_game(user: User, game_id: Any) -> Game:
    """Start an open game: seats are drawn at random, then the rules' setup events open the log.

    The first player to have joined who is still seated (the creator, unless they left) starts it, with
    between the kind's minimum and the game's number of players seated.
    """
    with transaction.atomic():
        game = game_or_404(game_id, lock=True)
        seats = list(Seat.objects.filter(game=game).order_by("joined_at", "id"))
        if not may_see(game, user, seated=any(s.user_id == user.pk for s in seats)):
            raise game_not_found(game_id)
        if game.status != Game.Status.OPEN:
            raise ServiceError("conflict", "game_not_open", gettext("This game has already started or is over."))
        if not seats or seats[0].user_id != user.pk:
            if any(s.user_id == user.pk for s in seats):
                raise ServiceError("forbidden", "not_the_host", gettext("Only the host (the first seated player) can start."))
            raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
        kind = get_kind(game.kind)
        fewest = fewest_players(game)
        if len(seats) < fewest:
            raise ServiceError(
                "conflict", "not_enough_players", gettext("At least {count} players are needed to start.").format(count=fewest)
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
            raise kind.refused(exc) from exc
        game.players = len(seats)
        game.status = Game.Status.ACTIVE
        game.started_at = timezone.now()
        append_and_project(
            game, None, events, actor=None, seat=None, command=None, previous_status=Game.Status.OPEN
        )
    return game


def fewest_players(game: Game) -> int:
    """The fewest seated players the game's options let the host start with (options may need more than the
    kind's least, e.g. an option that adds parts to the game); the rules' `validate_options` decides. The
    waiting room tells this number and the start refuses fewer with it, so both say the same."""
    kind = get_kind(game.kind)
    for players in range(kind.min_players, game.players + 1):
        try:
            kind.rules.validate_options(dict(game.options), players)
        except kind.illegal_command:
            continue
        return players
    return game.players
