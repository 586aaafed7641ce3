"""Deciding a takeback inside the one write path (`commands.apply_command`): which moves are
still in effect, how far back a seat may go alone (the rules decide: `GameRules.free_takebacks`), and the
`taken_back` event that returns the game to its state before the move. Nothing is deleted: the event
joins the log, and every fold of the log restores the state it holds (`rules_kit.takeback`).

The command is every game's (`rules_kit.takeback.TAKE_BACK`, declared beside resign by `GameRules`), but
the hosting decides it, not the rules, as only it reads the log: `{"type": "take_back"}` from a player
(their last move, when the rules let them take it back alone), `{"type": "take_back", "request": id}` from
the service once every other player has accepted a request (`games.services.takeback_requests`).

A resignation is final (docs/rulings.md): no takeback reaches back past a `player_resigned` still in effect,
neither alone (the rules' count stops at it) nor by request (refused: `resignation_final`), so the log,
the state and the seat's record (`SeatPresence.resigned`) always agree that the seat resigned."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext

from core.errors import ServiceError
from rules_kit.resign import RESIGNED
from rules_kit.takeback import TAKE_BACK, TAKEN_BACK

from .. import store
from ..models import Command, Event, Game, Seat, TakebackRequest
from ..registry import get_kind

RECENT_MOVES = 64  # how many moves back a takeback looks at most (a request goes back to the seat's newest)
NOBODY = -1  # the mover of the service's moves (a passed deadline): no seat takes those back alone


def taken_back_ranges(game: Game) -> list[tuple[int, int]]:
    """The (to, at) of every takeback of the game, oldest first: the events after `to` up to `at` are taken back."""
    rows = Event.objects.filter(game=game, **store.hot_rows(game), type=TAKEN_BACK).order_by("seq").values_list("data", flat=True)
    return [(int(data["public"]["to"]), int(data["public"]["at"])) for data in rows]


def is_taken_back(seq: int, ranges: Iterable[tuple[int, int]]) -> bool:
    """Whether the event at `seq` was taken back (it lies inside one of `ranges`)."""
    return any(to < seq <= at for to, at in ranges)


def moves_in_effect(game: Game) -> list[tuple[Command, list[Any]]]:
    """The game's newest moves that no takeback undid (at most `RECENT_MOVES`), oldest first, each with its
    decoded events. Takebacks themselves are not moves."""
    ranges = taken_back_ranges(game)
    moves: list[Command] = []
    query = Command.objects.filter(game=game, **store.hot_rows(game)).exclude(command__type=TAKE_BACK)
    for to, at in ranges:  # skip in the database what a takeback undid
        query = query.exclude(Q(first_seq__gt=to) & Q(last_seq__lte=at))
    moves = list(query.order_by("-first_seq")[:RECENT_MOVES])[::-1]
    if not moves:
        return []
    rules = get_kind(game.kind).rules
    rows = Event.objects.filter(game=game, **store.hot_rows(game), seq__gte=moves[0].first_seq, command__isnull=False).order_by("seq")
    events: dict[Any, list[Any]] = {}
    for command_id, data in rows.values_list("command_id", "data"):
        events.setdefault(command_id, []).append(rules.decode(data))
    return [(move, events.get(move.pk, [])) for move in moves]


def mover(command: Command) -> int:
    """Who made a move, for the rules' count: its seat, or NOBODY for the service's."""
    return NOBODY if command.by_service or command.seat is None else int(command.seat)


def free_target(game: Game, seat: int) -> int | None:
    """The version a seat's takeback returns the game to without asking anyone (before its newest move), or
    None when the rules do not let it take that move back alone. Against bots, the bots' moves since the
    seat's newest own move do not ask for consent (a bot grants nothing, nor needs to): taken back with it
    at once while none of them revealed something hidden to the seat (the rules' `reveals`)."""
    moves = moves_in_effect(game)
    rules = get_kind(game.kind).rules
    bots = set(bot_seats(game))
    if bots and moves and moves[-1][0].seat in bots:
        # The bots' moves count as the seat's own: the rules' count stops at a reveal, a resignation or
        # another player's move, as for the seat's own moves.
        # What only a bot was shown (its own hand) was shown to nobody.
        counted = [(seat, [event._replace(private={k: v for k, v in event.private.items() if k not in bots})
                           for event in events]) if move.seat in bots else (mover(move), events)
                   for move, events in moves]
        own = [index for index, (move, _events) in enumerate(moves) if mover(move) == seat]
        if not own or rules.free_takebacks(counted, seat) < len(moves) - own[-1]:
            return None
        return int(moves[own[-1]][0].first_seq) - 1
    if rules.free_takebacks([(mover(move), events) for move, events in moves], seat) < 1:
        return None
    return int(moves[-1][0].first_seq) - 1


def bot_seats(game: Game) -> list[int]:
    """The game's seats held by bots (`services.bots`); none read in a game without bots."""
    if not game.with_bots:
        return []
    return sorted(index for index, bot in
                  Seat.objects.filter(game=game, index__isnull=False).values_list("index", "user__bot_level")
                  if index is not None and bot)


def newest_own_target(game: Game, seat: int) -> int | None:
    """The version before the seat's newest move in effect (None if it has none among the recent moves)."""
    for move, _events in reversed(moves_in_effect(game)):
        if mover(move) == seat:
            return int(move.first_seq) - 1
    return None


def resigned_since(game: Game, target: int) -> bool:
    """Whether a resignation still in effect lies after version `target` (taking back to it would take it back too)."""
    found = Event.objects.filter(game=game, seq__gt=target, type=RESIGNED).values_list("seq", flat=True)
    seqs = list(found)
    if not seqs:
        return False
    ranges = taken_back_ranges(game)  # an old log may hold a resignation taken back before it was final
    return any(not is_taken_back(seq, ranges) for seq in seqs)


def request_target(game: Game, seat: int) -> int | None:
    """The version a request of `seat` would return the game to: before the seat's newest move in effect
    (None if it has none among the recent moves, or if a resignation lies since: it is final)."""
    target = newest_own_target(game, seat)
    return None if target is None or resigned_since(game, target) else target


def resignation_final() -> ServiceError:
    """The refusal of a takeback that would take a resignation back."""
    return ServiceError("conflict", "resignation_final", gettext(
        "A resignation is final: no move before it can be taken back."))


def decide_takeback(game: Game, seat: int, command: dict[str, Any]) -> tuple[Any, list[Any]]:
    """The state now and the `taken_back` event of a takeback command of `seat` (see the module); refuses
    (ServiceError, nothing written) what may not be taken back."""
    if "request" in command:
        request = TakebackRequest.objects.filter(pk=command["request"], game=game, seat=seat, status=TakebackRequest.Status.OPEN).first()
        if request is None or request.at_version != game.version:
            raise ServiceError("conflict", "takeback_request_ended", gettext("This request to take a move back has ended."))
        target: int | None = request.to_version
    else:
        target = free_target(game, seat)
        if target is None:
            wanted = newest_own_target(game, seat)
            if wanted is None:
                raise ServiceError("conflict", "nothing_to_take_back", gettext("You have no move to take back."))
            if resigned_since(game, wanted):
                raise resignation_final()
            raise ServiceError(
                "conflict", "takeback_needs_consent",
                gettext("Another player has moved or something hidden was shown since your move: "
                        "taking it back needs the other players' consent."),
            )
    assert target is not None  # every branch above either set it or refused
    if resigned_since(game, target):  # whatever the way here (a request, the rules' count): final
        raise resignation_final()
    rules = get_kind(game.kind).rules
    restored = store.load_state(game, at=target)
    return store.load_state(game), [rules.takeback_event(seat, target, game.version, restored)]
