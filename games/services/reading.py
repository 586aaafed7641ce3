"""Games as a viewer may see them: the list, one game (projections, view, legal commands), its history and
its view at an earlier event (the replay). Nothing here writes."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext

from accounts.models import User, shown_name
from core.errors import ServiceError

from .. import selectors, store, store_sql
from ..deadlines.shown import seat_clocks
from ..models import Command, Event, Game, Seat, SeatTakeover
from ..registry import GameKind, get_kind
from . import takeback
from .writing import game_not_found, game_or_404, game_pk


def seat_of(game: Game, user: User | None) -> int | None:
    """The user's seat index in a started game (None for spectators and before the start)."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).values_list("index", flat=True).first()


def render_events(
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
            Command.objects.filter(pk__in=command_ids, by_service=True).values_list("pk", flat=True)
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


def may_see(game: Game, user: User | None, *, seated: bool | None = None) -> bool:
    """Whether this viewer may know of the game by its id: a listed one anybody; a private one only its seated
    players. To everybody else a private game does not exist (the same 404 as for a missing id), in the API
    and on the pages, spectators allowed or not: a spectator watches a private game only through its signed
    watch link on the site (`games.pages.watch`), never by walking ids. `seated`: whether the user has a
    seat, when known."""
    if game.listed:
        return True
    if user is None or not user.is_authenticated:
        return False
    if seated is None:
        seated = Seat.objects.filter(game=game, user=user).exists()
    return seated


def get_game(game_id: Any, viewer: User | None) -> Game:
    """The game if this viewer may see it (`may_see`), else the 404 of a game that does not exist."""
    game = game_or_404(game_id)
    if not may_see(game, viewer):
        raise game_not_found(game_id)
    return game


def find_game(game_id: Any) -> Game:
    """The game whoever asks, or a 404: only for the holder of its signed invite or watch link and operators'
    commands."""
    return game_or_404(game_id)


def list_games(
    user: User, status: str | None = None, mine: bool = False, *, kind: str | None = None, pace: str | None = None
) -> QuerySet[Game]:
    """The games this user may see in a list (the listed ones and their own: a private game is listed for
    nobody else, spectators allowed or not), filtered by status, the user's own, the kind and the pace
    (`selectors.PACES`), newest first."""
    own = Seat.objects.filter(user=user).values("game_id")
    queryset = Game.objects.filter(Q(listed=True) | Q(pk__in=own)).annotate(seated=Count("seats"))
    if kind is not None:
        queryset = queryset.filter(kind=get_kind(kind).name)
    if pace is not None:
        if pace not in selectors.PACES:
            raise ServiceError("invalid", "invalid_pace", gettext("pace is one of {choices}.").format(
                choices=", ".join(selectors.PACES)))
        queryset = queryset.filter(selectors.pace_filter(pace))
    if status is not None:
        if status not in Game.Status.values:
            raise ServiceError("invalid", "invalid_status", gettext("status is one of {choices}.").format(
                choices=", ".join(Game.Status.values)))
        queryset = queryset.filter(status=status)
    if mine:
        queryset = queryset.filter(Q(seats__user=user)).distinct()
    return queryset.order_by("-id")


def game_detail_by_id(game_id: Any, user: User | None) -> dict[str, Any]:
    """`game_detail` of the game with this id (the GET of a game)."""
    pk = game_pk(game_id)
    found = store.game_with_seat_names(pk) if pk is not None else None
    if found is None:
        raise game_not_found(game_id)
    game, seats = found.game, found.seats
    if not may_see(game, user, seated=user is not None and any(user_id == user.pk for _, user_id, _ in seats)):
        raise game_not_found(game_id)
    return game_detail(game, user, seats=seats)


def game_detail(game: Game, user: User | None, *, seats: list[store_sql.SeatName] | None = None) -> dict[str, Any]:
    """The game as this viewer may see it: projections, their seat, the view, their legal commands and
    every seat's clock (`seats`: the game's `selectors.seat_names`, read here when None)."""
    kind = get_kind(game.kind)
    if seats is None:
        seats = list(selectors.seat_names(game.pk))
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
        "listed": game.listed,
        "spectators_allowed": game.spectators_allowed,
        "rated": game.rated,
        "min_rating": game.min_rating,
        "min_reliability": game.min_reliability,
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
        "seats": [{"index": index, "user": user_id, "display_name": shown_name(user_id, name)}
                  for index, user_id, name in seats],
        "view": view,
        "legal_commands": legal,
        # Who played which part: only a seat whose player let deadlines pass can be taken over.
        "takeovers": takeovers_of(game) if game.timed_out else [],
        # Each seat's time left and a time bank's balance, from the row alone (none unless the game runs).
        "clocks": [clock.as_dict() for clock in seat_clocks(game)],
    }


def resigned_seats(game: Game) -> frozenset[int]:
    """The seats whose player resigned the game (the rules' `resigned`, of the state now; none before the
    start). Read after `game_detail`, the state is the process's cached one: no query."""
    if game.version == 0:
        return frozenset()
    return frozenset(get_kind(game.kind).rules.resigned(store.load_state(game)))


def takeovers_of(game: Game) -> list[dict[str, Any]]:
    """Who played which seat: every takeover of the game, oldest first (seat, from whom, to whom, version)."""
    return [
        {"seat": t.seat, "previous_user": t.previous_user_id, "previous_name": t.previous_user.public_name,
         "user": t.user_id, "name": t.user.public_name, "version": t.version}
        for t in SeatTakeover.objects.filter(game=game).select_related("previous_user", "user")
    ]


def _public_options(kind: GameKind, options: dict[str, Any]) -> dict[str, Any]:
    # A fixed deck order is secret information: never shown.
    return {k: v for k, v in options.items() if k not in kind.fixed_order_options}


def _parse_seq(value: Any, name: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError(
            "invalid", f"invalid_{name}", gettext("{name} must be a whole number.").format(name=name)
        ) from None
    if number < 0:
        raise ServiceError("invalid", f"invalid_{name}", gettext("{name} must not be negative.").format(name=name))
    return number


def history(
    game: Game, user: User | None, after: Any = 0, limit: Any = 1000, *, as_of: int | None = None
) -> dict[str, Any]:
    """The events after seq `after` as this viewer may see them (at most `limit`, up to 5000), each marked
    `taken_back` if a takeback undid it (with `as_of`, a replay's step: only by takebacks up to that event)."""
    after_seq = _parse_seq(after or 0, "after")
    count = min(_parse_seq(limit or 1000, "limit") or 1000, 5000)
    own = seat_of(game, user)
    rows = list(Event.objects.filter(game=game, seq__gt=after_seq).order_by("seq")[:count])
    last = rows[-1].seq if rows else after_seq
    events = render_events(game, rows, own)
    taken_back = [(to, at) for to, at in takeback.taken_back_ranges(game) if as_of is None or at < as_of]
    for event in events:
        event["taken_back"] = takeback.is_taken_back(event["seq"], taken_back)
    return {"version": game.version, "events": events, "next_after": min(last, game.version)}


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
