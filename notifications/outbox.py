"""Writing the transactional outbox: what to send to whom.

`on_events_appended` (a hook subscriber, inside the events' transaction), the deadline hooks
(`on_timeout_played`, `on_reminder_due`), the answer to a reply by email (`mailin`), the daily digest
(`digests`) and the account mails (`on_account_mail_requested`) add one `Outbox` row per recipient with a
unique dedupe key (`dedupe_key`, the one place keys are formatted). Every writer says what to render and for
whom as a `Mail` (kind, user, seat, the game's version, `params` such as the deadline shown); nothing is
rendered in the writer's transaction (`rendering` renders at delivery). A new row is due at once, and the
outbox sweep (`delivery.sweep`, every few seconds) hands it to a delivery task: the writer's transaction
never talks to the broker. An account mail, which its reader waits for on the screen, also gets its task
after commit (`transaction.on_commit`). Only verified addresses get game emails;
preferences (each / digest / none, per-kind opt-out) apply at writing time; account mails are always sent.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.local import language_of
from accounts.models import User
from core.registry import Listeners
from games import presence
from games.deadlines.shown import seat_clock
from games.models import Game
from games.unit_of_work import insert
from rules_kit.takeback import TAKEN_BACK

from . import delivery, recipients
from .models import ACCOUNT_KINDS, Kind, Outbox, Preference
from .preferences import unsubscribe_url
from .presence_hold import PRESENCE_RECHECK, WHILE_PRESENT
from .reply_tokens import reply_address

if TYPE_CHECKING:
    from games.hooks import (
        EventsAppended,
        ReminderDue,
        SeatNotice,
        TakebackAnswered,
        TakebackAsked,
        TimeoutPlayed,
    )

log = logging.getLogger(__name__)


@dataclass
class Mail:
    """What one outbox row will tell whom: the one shape every writer hands the outbox (game mails, the
    answer to a reply by email, the digest, account mails). Its text is rendered when it is sent
    (`rendering`), from the row alone."""

    kind: str
    user: User
    game: Game | None
    dedupe_key: str
    seat: int | None = None
    version: int | None = None  # the game's version the mail describes
    params: dict[str, Any] = field(default_factory=dict)  # what is not in the log (e.g. the deadline shown)
    reply_to: str = ""


def dedupe_key(kind: str, *parts: object) -> str:
    """The dedupe key of an outbox row: its kind and what makes it one of a kind, e.g. `turn:<game>:<seat>:<version>`
    (unique in the table, so a mail written twice is sent once; migration 0004 reads keys in this form)."""
    return ":".join([str(kind), *(str(part) for part in parts)])


def message_id_for(dedupe_key: str) -> str:
    """A mail's Message-ID: stable for its row, and keyed with the server's secret, since a bounce report
    naming it is believed (`mailin.bounces`): a plain hash of the key (game, seat, version) could be
    worked out by anyone, who could then silence a player with a forged report."""
    domain = settings.NOTIFICATIONS_MESSAGE_ID_DOMAIN or urlparse(settings.SITE_URL).hostname or "localhost"
    return f"<{salted_hmac('notifications.message_id', dedupe_key, algorithm='sha256').hexdigest()[:40]}@{domain}>"


def _may_email(user: User, kind: str) -> str | None:
    """The outbox status a new row of this kind gets for this user, or None when nothing is to be sent."""
    if kind in ACCOUNT_KINDS:
        return Outbox.Status.PENDING  # asked for now, by the reader or for them: whatever the preferences
    if not user.is_active or user.email_verified_at is None:
        return None  # game emails go to verified addresses only
    if kind == Kind.ANSWER:
        return Outbox.Status.PENDING  # the player wrote to us and waits for this answer, whatever the mode
    pref = preference_of(user)
    if pref.mode == Preference.Mode.NONE or kind in pref.opted_out:
        return None
    if kind == Kind.CHAT and pref.chat != Preference.ChatMode.EACH:
        return None if pref.chat == Preference.ChatMode.NEVER else Outbox.Status.HELD
    if pref.mode == Preference.Mode.DIGEST and kind != Kind.DIGEST:
        return Outbox.Status.HELD
    return Outbox.Status.PENDING


def preference_of(user: User) -> Preference:
    """The user's preferences (the defaults for a player who never chose), from the row loaded with the user
    when it was (`recipients.seats`), else read now."""
    try:
        pref: Preference = user.notification_pref
    except Preference.DoesNotExist:
        return Preference(user=user)
    return pref


# The other channels (the alerts app's browser push and webhooks): each listener gets the notices that are
# being written, whatever the email preferences, and answers the outbox rows of its own it adds for them.
_channels: Listeners[[list[Mail]], list[Outbox]] = Listeners()
add_channel = _channels.register  # registered in an app's `ready`


def enqueue(mails: Iterable[Mail], deliver_now: bool = False) -> int:
    """Write outbox rows for these mails (a dedupe key already present is skipped), with the rows the other
    channels add for them; the outbox sweep sends them (`write_rows`; `deliver_now`: at once, in this
    call). Returns the email rows written."""
    now = timezone.now()
    mails = list(mails)
    rows = []
    for mail in mails:
        status = _may_email(mail.user, mail.kind)
        if status is None:
            continue
        rows.append(
            Outbox(
                dedupe_key=mail.dedupe_key,
                kind=mail.kind,
                user=mail.user,
                game=mail.game,
                to_email=mail.user.email,
                language=language_of(mail.user),
                seat=mail.seat,
                version=mail.version,
                params=mail.params,
                message_id=message_id_for(mail.dedupe_key),
                unsubscribe_url="" if mail.kind in ACCOUNT_KINDS else unsubscribe_url(mail.user, mail.kind),
                reply_to=mail.reply_to,
                status=status,
                # Due at once: the next sweep sends it. A turn mail to a player who has the game open waits
                # for the check whether they left.
                next_attempt_at=now + PRESENCE_RECHECK if mail.params.get(WHILE_PRESENT) else now,
                created_at=now,
            )
        )
    if rows:
        write_rows(rows, deliver_now)
    others = [row for added in _channels(mails) for row in added] if mails else []
    if others:
        write_rows(others)  # pushes and webhooks: by a worker, never inside the writer's request
    return len(rows)


def write_rows(rows: list[Outbox], deliver_now: bool = False) -> None:
    """Insert outbox rows (a dedupe key already present is skipped) with the events' rows that cause them
    (`games.unit_of_work.insert`). The outbox sweep sends them; `deliver_now` sends them at once, in this
    call, and an account mail gets a delivery task after commit as well.

    Why the sweep, not a task after every commit: publishing a task cost about 0.6 ms of CPU of the web
    process (kombu, the broker's socket) for about every command (`benchmarks/api.py`), and a mail a few
    seconds later changes nothing for a game played over days. A player waiting on the screen for their
    verification or reset mail should not wait for the next sweep."""
    insert(rows, ignore_conflicts=True)
    due = [r for r in rows if r.status == Outbox.Status.PENDING and not r.params.get(WHILE_PRESENT)]
    if deliver_now:
        if due:
            delivery.deliver_rows(keys=[r.dedupe_key for r in due])
        return
    waited_for = [r.dedupe_key for r in due if r.kind in ACCOUNT_KINDS]
    if waited_for:
        transaction.on_commit(lambda: _send_tasks(waited_for))


def _send_tasks(keys: list[str]) -> None:
    """After commit: one delivery task for these rows. A failure here only delays (the sweep sends them)."""
    try:
        delivery.deliver_outbox_rows.delay(keys=keys)
    except Exception:  # the broker is down: the rows wait for the sweep
        log.exception("could not send the delivery task; the outbox sweep will pick the rows up")


def seat_users(game: Game) -> dict[int, User]:
    """The game's players by seat index, with their preferences loaded (`recipients.seats_of`)."""
    return {s.index: s.user for s in recipients.seats_of(game) if s.index is not None}


def on_events_appended(batch: EventsAppended) -> None:
    """Hook subscriber (inside the events' transaction): the outbox rows these events cause (written, not
    rendered: the mails are rendered when they are sent)."""
    game = batch.game
    cancel_taken_back(batch)
    started = batch.previous_status == Game.Status.OPEN and game.status != Game.Status.OPEN
    ended = game.status == Game.Status.FINISHED and batch.previous_status != Game.Status.FINISHED
    newly_awaited = (
        [s for s in game.awaiting if s not in batch.previous_awaiting] if game.status == Game.Status.ACTIVE else []
    )
    if not (started or ended or newly_awaited):
        return  # most batches: nothing to tell anyone, and no query spent on finding that out
    seats = recipients.seats_of(game)
    users = {s.index: s.user for s in seats if s.index is not None}
    absent = {s.index for s in seats if s.absent}
    if batch.actor is not None and batch.actor.is_bot and sum(not u.is_bot for u in users.values()) <= 1:
        return  # a player alone with bots is never mailed for the bots' moves (they follow on the page)
    mails: list[Mail] = []

    def mail(kind: str, seat: int, key: str, reply: bool = False, **params: Any) -> Mail:
        reply_to = reply_address(users[seat].pk, game.pk, game.version) if reply else ""
        return Mail(kind, users[seat], game, key, seat=seat, version=game.version, params=params, reply_to=reply_to)

    if started:
        mails += [mail(Kind.STARTED, seat, dedupe_key(Kind.STARTED, game.pk, seat)) for seat in sorted(users)]
    present = {s.index for s in seats if presence.is_present(s)}
    for seat in newly_awaited:
        if seat in users and seat not in absent:  # an absent seat is played by the bot at once
            deadline = _seat_deadline(game, seat)
            turn = mail(Kind.TURN, seat, dedupe_key(Kind.TURN, game.pk, seat, game.version), True, deadline=deadline)
            if seat in present:  # the game is open in their browser: told only if they leave without moving
                turn.params[WHILE_PRESENT] = True
            mails.append(turn)
    if ended:
        mails += [mail(Kind.ENDED, seat, dedupe_key(Kind.ENDED, game.pk, seat)) for seat in sorted(users)]
    enqueue(mails)


# The mails about a decision: once the moves that caused them are taken back, they are not sent.
DECISION_KINDS = (Kind.TURN, Kind.REMINDER, Kind.TIMEOUT)


def cancel_taken_back(batch: EventsAppended) -> int:
    """A takeback in the batch cancels the game's mails not yet sent about the versions it undid (a turn
    that is no longer anyone's, a reminder of a deadline that moved, a timeout played and taken back)."""
    taken_back = [int(row.data["public"]["to"]) for row in batch.events if row.type == TAKEN_BACK]
    if not taken_back:
        return 0
    return Outbox.objects.filter(
        game=batch.game, kind__in=DECISION_KINDS, version__gt=min(taken_back),
        status__in=(Outbox.Status.PENDING, Outbox.Status.HELD),
    ).update(status=Outbox.Status.CANCELLED, last_error="the move was taken back")


def timeout_notice(
    game: Game, seat: int, user: User, *, version: int, first_seq: int, policy: str, absent: bool, streak: int
) -> None:
    """The "deadline passed, we moved for you" email (written in the deadline's transaction, with the game
    as the service's commands left it)."""
    params = {"first_seq": first_seq, "upto": game.version, "policy": policy, "absent": absent, "streak": streak}
    # The seat's user as the game's other mails read it, with the preferences that decide this one (the
    # notice's user may come without them).
    user = seat_users(game).get(seat, user)
    enqueue([Mail(Kind.TIMEOUT, user, game, dedupe_key(Kind.TIMEOUT, game.pk, seat, version), seat, version, params)])


def on_timeout_played(notice: TimeoutPlayed) -> None:
    """games.hooks listener: the timeout email of one seat."""
    timeout_notice(
        notice.game, notice.seat, notice.user, version=notice.version, first_seq=notice.first_seq,
        policy=notice.policy, absent=notice.absent, streak=notice.streak,
    )


def _seat_deadline(game: Game, seat: int) -> str | None:
    """The seat's own deadline (with time banks, a simultaneous decision's seats each have theirs; else the
    game's), as a mail's `params` keep it."""
    clock = seat_clock(game, seat)
    deadline = clock.deadline_at if clock is not None and clock.deadline_at is not None else game.deadline_at
    return deadline.isoformat() if deadline else None


def reminder_notice(game: Game, seats: list[int], *, version: int) -> int:
    """The reminder before the deadline, once per decision (written in the deadline's transaction)."""
    users = seat_users(game)
    mails = []
    for seat in seats:
        user = users.get(seat)
        deadline = _seat_deadline(game, seat)
        if user is None or deadline is None:
            continue
        key = dedupe_key(Kind.REMINDER, game.pk, seat, version)
        # An awaited seat always has a choice to make: the reminder can be answered to play it.
        mails.append(Mail(Kind.REMINDER, user, game, key, seat, game.version, {"deadline": deadline},
                          reply_to=reply_address(user.pk, game.pk, game.version)))
    return enqueue(mails)


def on_reminder_due(notice: ReminderDue) -> int:
    """games.hooks listener: the reminders of a deadline; returns the rows written."""
    return reminder_notice(notice.game, notice.seats, version=notice.version)


def on_takeback_asked(notice: TakebackAsked) -> None:
    """games.hooks listener: ask each other player to accept or refuse a request to take a move back (they
    may answer on the page or by replying "accept" or "refuse")."""
    game, users = notice.game, seat_users(notice.game)
    params = {"request": notice.request_id, "asker": notice.seat, "to": notice.to_version}
    enqueue([
        Mail(Kind.TAKEBACK, users[seat], game, dedupe_key(Kind.TAKEBACK, notice.request_id, seat), seat, game.version, params,
             reply_to=reply_address(users[seat].pk, game.pk, game.version))
        for seat in notice.seats if seat in users
    ])


def on_takeback_answered(notice: TakebackAnswered) -> None:
    """games.hooks listener: a refusal tells the asker (by mail, in their language), who may ask again later."""
    if notice.status != "refused":
        return
    game, users = notice.game, seat_users(notice.game)
    asker = users.get(notice.asker)
    if asker is None:
        return
    params = {"request": notice.request_id, "outcome": "refused", "refused_by": notice.seat}
    enqueue([Mail(Kind.TAKEBACK, asker, game, dedupe_key(Kind.TAKEBACK, notice.request_id, "refused"), notice.asker,
                  game.version, params)])


def on_account_mail_requested(user: User, kind: str, occasion: str) -> None:
    """`accounts.mails.account_mail_requested` listener: one outbox row for an account mail, written in the
    caller's transaction and sent after it commits by the delivery task, or at once when ACCOUNTS_ASYNC_MAIL
    is off (no worker: the request sends it). Its text and link are made when it is rendered."""
    key = dedupe_key(kind, user.pk, occasion or uuid.uuid4().hex)
    enqueue([Mail(kind, user, None, key)], deliver_now=not settings.ACCOUNTS_ASYNC_MAIL)


def on_seat_notice(notice: SeatNotice) -> None:
    """Hook listener (inside the waiting room's transaction): tell the seated players that a seat was taken
    or left, that the game was closed for want of players, or that a rematch is offered."""
    if not settings.NOTIFICATIONS_TABLE_EMAILS:
        return
    users = {user.pk: user for user in User.objects.filter(pk__in=notice.recipients).select_related("notification_pref")}
    actor = notice.actor.display_name if notice.actor is not None else ""
    game, rematch = notice.game, notice.what == "rematch"
    enqueue(
        Mail(Kind.TABLE, users[user_id], game, dedupe_key(Kind.TABLE, game.pk, notice.what, notice.change_id, user_id),
             params={"what": notice.what, "actor": actor},
             # A rematch offer is answered by replying "accept" or "decline" (mailin reads it on the finished game).
             reply_to=reply_address(user_id, game.pk, game.version) if rematch else "")
        for user_id in notice.recipients if user_id in users
    )
