"""The one extension point after events are appended: subscribers run inside the same transaction.

The notifications app registers here from its `AppConfig.ready()` to write outbox rows (and deadlines)
atomically with the events that cause them:

    from games import hooks
    hooks.subscribe(my_function)   # my_function(batch: hooks.EventsAppended) -> None

A subscriber that raises rolls the whole command back, so subscribers must only write, never send.
Subscribers run after the events are appended and before the game's row is updated: the projection
columns a subscriber sets on `batch.game` (the deadline) are written by the service's one UPDATE.

Every command goes through the same path (`games.services.apply_command`), a player's or the service's for a
passed deadline: a subscriber sees each batch alike. It writes new rows with `games.unit_of_work.insert`, as
the store writes the events: at once, or with the rest of the deadline sweep's batch at its end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from accounts.models import User

    from .models import Command, Event, Game


@dataclass(frozen=True)
class EventsAppended:
    """One batch of events just appended to a game (inside the open transaction)."""

    game: Game  # with its projection columns already set (written to its row right after the subscribers)
    events: list[Event]
    state: Any  # the rules' state after the batch
    previous_status: str
    previous_awaiting: list[int]
    actor: User | None  # None for events of the system (setup)
    seat: int | None
    command: Command | None


Subscriber = Callable[[EventsAppended], None]
_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> Subscriber:
    """Register a subscriber (once; registering again is a no-op). Usable as a decorator."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)
    return subscriber


def unsubscribe(subscriber: Subscriber) -> None:
    """Remove a subscriber (tests)."""
    if subscriber in _subscribers:
        _subscribers.remove(subscriber)


def on_events_appended(batch: EventsAppended) -> None:
    """Called by games.services after every append, inside the transaction."""
    for subscriber in list(_subscribers):
        subscriber(batch)


# --- what the deadlines tell players ----------------------------------------------------------------
# The deadline code decides when a player must hear of a deadline; another app (notifications) decides
# how. Both notices are written inside the deadline's transaction, like the subscribers above.


@dataclass(frozen=True)
class TimeoutPlayed:
    """The service played for `seat` because its deadline (set at `version`) passed."""

    game: Game
    seat: int
    user: User
    version: int
    first_seq: int  # the first event the service's moves appended
    policy: str
    absent: bool  # the seat was just marked absent (the bot plays it at once from now on)
    streak: int  # deadlines missed in a row


@dataclass(frozen=True)
class ReminderDue:
    """The deadline set at `version` is near for these awaited seats (the bot does not play them)."""

    game: Game
    seats: list[int]
    version: int


TimeoutListener = Callable[[TimeoutPlayed], None]
ReminderListener = Callable[[ReminderDue], int]
_timeout_listeners: list[TimeoutListener] = []
_reminder_listeners: list[ReminderListener] = []


def on_timeout(listener: TimeoutListener) -> TimeoutListener:
    """Register a listener for moves played for a seat whose deadline passed (once)."""
    if listener not in _timeout_listeners:
        _timeout_listeners.append(listener)
    return listener


def on_reminder(listener: ReminderListener) -> ReminderListener:
    """Register a listener for due reminders; it returns how many reminders it wrote (once)."""
    if listener not in _reminder_listeners:
        _reminder_listeners.append(listener)
    return listener


def timeout_played(notice: TimeoutPlayed) -> None:
    """Called by games.deadlines after playing for a seat, inside the transaction."""
    for listener in list(_timeout_listeners):
        listener(notice)


def reminder_due(notice: ReminderDue) -> int:
    """Called by games.deadlines when a reminder is due, inside the transaction; reminders written."""
    return sum(listener(notice) for listener in list(_reminder_listeners))


# --- a request to take a move back ------------------------------------------------------------------
# games asks the other players' consent (games.services.undo); another app (notifications) tells them.


@dataclass(frozen=True)
class UndoAsked:
    """`seat` asks the other `seats` to let it take back its moves since `to_version` (request `request_id`)."""

    game: Game
    request_id: int
    seat: int
    seats: list[int]
    to_version: int


UndoListener = Callable[[UndoAsked], None]
_undo_listeners: list[UndoListener] = []


def on_undo_asked(listener: UndoListener) -> UndoListener:
    """Register a listener for requests to take a move back (once)."""
    if listener not in _undo_listeners:
        _undo_listeners.append(listener)
    return listener


def undo_asked(notice: UndoAsked) -> None:
    """Called by games.services.undo when a request is made, inside its transaction."""
    for listener in list(_undo_listeners):
        listener(notice)


# --- who plays: what apps above the hosting know of a player --------------------------------------------
# The hosting keeps no ratings or reliability of its own; an app above it (ratings) fills these in its
# `AppConfig.ready()`, so that games never imports it. Without a provider the lobby shows no figures and
# every join is admitted by these checks.


@dataclass(frozen=True)
class PlayerFacts:
    """What the lobby shows beside a player's name: their rating of the game's kind (None: unrated or
    private), their reliability, the share of their moves made before the deadline in percent (None: no
    moves yet, or private), and the address of their profile page (None: no such page)."""

    rating: float | None = None
    reliability: int | None = None
    profile_url: str | None = None


JoinCheck = Callable[["Game", "User"], None]
FactsProvider = Callable[[str, list[int]], dict[int, PlayerFacts]]
_join_checks: list[JoinCheck] = []
_facts_providers: list[FactsProvider] = []


def on_join(check: JoinCheck) -> JoinCheck:
    """Register a check run before a player takes a seat (inside the join's transaction, the game's row
    locked): it raises `config.errors.ServiceError` saying why the player may not join (once)."""
    if check not in _join_checks:
        _join_checks.append(check)
    return check


def check_join(game: Game, user: User) -> None:
    """Called by games.services.join_game before the seat is written: every registered check."""
    for check in list(_join_checks):
        check(game, user)


def provide_player_facts(provider: FactsProvider) -> FactsProvider:
    """Register the provider of `PlayerFacts`: `provider(kind, user_ids) -> {user id: facts}` (once)."""
    if provider not in _facts_providers:
        _facts_providers.append(provider)
    return provider


def player_facts(kind: str, user_ids: list[int]) -> dict[int, PlayerFacts]:
    """The facts of these players for a game of `kind`: the registered providers' (later ones win), an
    empty `PlayerFacts` for a player none knows."""
    found = {user_id: PlayerFacts() for user_id in user_ids}
    for provider in list(_facts_providers):
        found.update(provider(kind, user_ids))
    return found

# --- what the waiting room tells its players ---------------------------------------------------------


@dataclass(frozen=True)
class SeatNotice:
    """A seat was taken or left in an open game, or the game was closed for want of players (`what`: a
    `SeatChange.What`); `recipients` are the user ids to tell (the seated players but the one who acted)."""

    game: Game
    what: str
    actor: User | None
    recipients: list[int]
    change_id: int  # the SeatChange row: one notice per change


SeatListener = Callable[[SeatNotice], None]
_seat_listeners: list[SeatListener] = []


def on_seat_notice(listener: SeatListener) -> SeatListener:
    """Register a listener for the waiting room's notices (once)."""
    if listener not in _seat_listeners:
        _seat_listeners.append(listener)
    return listener


def seat_notice(notice: SeatNotice) -> None:
    """Called by games.services when a waiting room changes, inside the transaction."""
    for listener in list(_seat_listeners):
        listener(notice)
