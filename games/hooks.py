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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.registry import Listeners

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


_appended: Listeners[[EventsAppended], None] = Listeners()
subscribe = _appended.register  # register a subscriber (once; again is a no-op); usable as a decorator
unsubscribe = _appended.remove  # tests


def on_events_appended(batch: EventsAppended) -> None:
    """Called by games.services after every append, inside the transaction."""
    _appended(batch)


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


_timeouts: Listeners[[TimeoutPlayed], None] = Listeners()
_reminders: Listeners[[ReminderDue], int] = Listeners()
on_timeout = _timeouts.register  # moves played for a seat whose deadline passed
on_reminder = _reminders.register  # due reminders: a listener returns how many reminders it wrote


def timeout_played(notice: TimeoutPlayed) -> None:
    """Called by games.deadlines after playing for a seat, inside the transaction."""
    _timeouts(notice)


def reminder_due(notice: ReminderDue) -> int:
    """Called by games.deadlines when a reminder is due, inside the transaction; reminders written."""
    return sum(_reminders(notice))


# --- a request to take a move back ------------------------------------------------------------------
# games asks the other players' consent (games.services.takeback_requests); another app (notifications) tells them.


@dataclass(frozen=True)
class TakebackAsked:
    """`seat` asks the other `seats` to let it take back its moves since `to_version` (request `request_id`)."""

    game: Game
    request_id: int
    seat: int
    seats: list[int]
    to_version: int


_takeback_requests: Listeners[[TakebackAsked], None] = Listeners()
on_takeback_asked = _takeback_requests.register  # requests to take a move back


def takeback_asked(notice: TakebackAsked) -> None:
    """Called by games.services.takeback_requests when a request is made, inside its transaction."""
    _takeback_requests(notice)


@dataclass(frozen=True)
class TakebackAnswered:
    """`seat` answered request `request_id` of `asker` (`accepted` or not); `status` is the request's after the
    answer (open while other answers are missing, accepted, refused)."""

    game: Game
    request_id: int
    asker: int
    seat: int
    accepted: bool
    status: str


_takeback_answers: Listeners[[TakebackAnswered], None] = Listeners()
on_takeback_answered = _takeback_answers.register  # answers to requests (the asker hears of a refusal; the pages update)


def takeback_answered(notice: TakebackAnswered) -> None:
    """Called by games.services.takeback_requests when a request is answered, inside its transaction."""
    _takeback_answers(notice)


# --- who may watch a private game ----------------------------------------------------------------------

_spectator_switches: Listeners[[Game], None] = Listeners()
on_spectators_changed = _spectator_switches.register  # the host let spectators in or turned them away (live)


def spectators_changed(game: Game) -> None:
    """Called by games.services.lifecycle when the host switches spectators, inside its transaction (the live
    streams end the watch links' open streams once spectators are turned away)."""
    _spectator_switches(game)


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


# A join check runs before a player takes a seat (inside the join's transaction, the game's row locked):
# it raises `core.errors.ServiceError` saying why the player may not join. A facts provider answers
# `provider(kind, user_ids) -> {user id: PlayerFacts}`.
_join_checks: Listeners[[Game, User], None] = Listeners()
_facts_providers: Listeners[[str, list[int]], dict[int, PlayerFacts]] = Listeners()
on_join = _join_checks.register
provide_player_facts = _facts_providers.register


def check_join(game: Game, user: User) -> None:
    """Called by games.services.join_game before the seat is written: every registered check."""
    _join_checks(game, user)


def player_facts(kind: str, user_ids: list[int]) -> dict[int, PlayerFacts]:
    """The facts of these players for a game of `kind`: the registered providers' (later ones win), an
    empty `PlayerFacts` for a player none knows."""
    found = {user_id: PlayerFacts() for user_id in user_ids}
    for facts in _facts_providers(kind, user_ids):
        found.update(facts)
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


_seat_notices: Listeners[[SeatNotice], None] = Listeners()
on_seat_notice = _seat_notices.register  # the waiting room's notices


def seat_notice(notice: SeatNotice) -> None:
    """Called by games.services when a waiting room changes, inside the transaction."""
    _seat_notices(notice)
