"""What to send to whom, and delivering it: the transactional outbox.

* Writing: `on_events_appended` (a hook subscriber, inside the events' transaction) and the deadline code
  (`timeout_notice`, `reminder_notice`) add one `Outbox` row per recipient with a unique dedupe key, fully
  rendered. `transaction.on_commit` then sends a Celery task per row; if that is lost (a crash right after
  commit, a broker hiccup), `sweep` finds the row by its `next_attempt_at`.
* Delivering: `deliver(id)` claims the row with a lease (`SELECT ... FOR UPDATE SKIP LOCKED`, status
  sending, `lease_until`), sends it over SMTP, and marks it sent. A failure puts it back to pending with
  exponential backoff; a crash between "SMTP accepted" and "marked sent" leaves a row whose lease runs
  out and is sent again: at-least-once, with the same Message-ID, which is how the reader's mail system
  sees it as one mail. No path sends a row without first claiming it, so two workers never send it at once.
* Only verified addresses get game emails; preferences (each / digest / none, per-kind opt-out) apply at
  writing time.
"""

from __future__ import annotations

import hashlib
import logging
import os
import smtplib
import zoneinfo
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ServiceError
from games import deadlines, store
from games.models import Command, Event, Game, Seat
from games.registry import GameKind, get_kind
from mailin.tokens import reply_address

from .models import Kind, Outbox, Preference

if TYPE_CHECKING:
    from games.hooks import EventsAppended, ReminderDue, TimeoutPlayed

log = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
HISTORY_LIMIT = 80  # events told in one email; older ones are summed up in one line


def setting(name: str, default: float) -> float:
    """An operator setting: Django settings first, then the environment (worker processes), then the default."""
    value = getattr(settings, name, None)
    if value is None:
        value = os.environ.get(name)
    return float(value) if value not in (None, "") else default


def lease_seconds() -> float:
    """How long a claimed row is reserved for its sender before the sweep may send it again."""
    return setting("NOTIFICATIONS_LEASE_SECONDS", 300)


def max_attempts() -> int:
    """Attempts after which a row is given up (status failed) and left for an operator."""
    return int(setting("NOTIFICATIONS_MAX_ATTEMPTS", 10))


def backoff(attempts: int) -> timedelta:
    """The wait before the next attempt after `attempts` failed ones: 1, 2, 4, ... minutes, at most 6 hours."""
    base = setting("NOTIFICATIONS_BACKOFF_SECONDS", 60)
    return timedelta(seconds=min(base * 2 ** max(attempts - 1, 0), 6 * 3600))


# --- preferences and unsubscribing ------------------------------------------------------------------


def preference(user: User) -> Preference:
    """The user's preferences (defaults when never set: every email, nothing opted out)."""
    pref = Preference.objects.filter(user=user).first()
    return pref if pref is not None else Preference(user=user)


def update_preferences(user: User, mode: Any = None, opted_out: Any = None) -> Preference:
    """Change how the player gets game emails."""
    pref, _ = Preference.objects.get_or_create(user=user)
    if mode is not None:
        if mode not in Preference.Mode.values:
            raise ServiceError("invalid", "invalid_mode", f"mode is one of {', '.join(Preference.Mode.values)}.")
        pref.mode = mode
    if opted_out is not None:
        if not isinstance(opted_out, list) or any(k not in Kind.values for k in opted_out):
            raise ServiceError("invalid", "invalid_opted_out", f"opted_out lists kinds among {', '.join(Kind.values)}.")
        pref.opted_out = sorted(set(opted_out))
    pref.save()
    return pref


def unsubscribe_token(user: User, kind: str) -> str:
    """A signed token naming the user and the kind of email: the unsubscribe link needs no login."""
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_url(user: User, kind: str) -> str:
    """The absolute unsubscribe link for one kind of email."""
    return f"{settings.SITE_URL}/notifications/unsubscribe/{unsubscribe_token(user, kind)}/"


def read_unsubscribe_token(token: str) -> tuple[User, str]:
    """The user and kind a token names; a forged or broken token is a 400."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        user = User.objects.get(pk=int(data["u"]))
        kind = str(data["k"])
    except (signing.BadSignature, User.DoesNotExist, KeyError, TypeError, ValueError):
        raise ServiceError("invalid", "invalid_token", _("This unsubscribe link is not valid.")) from None
    if kind != "all" and kind not in Kind.values:
        raise ServiceError("invalid", "invalid_token", _("This unsubscribe link is not valid."))
    return user, kind


def unsubscribe(token: str, everything: bool = False) -> tuple[User, str]:
    """Opt out of the token's kind of email (or of all game email)."""
    user, kind = read_unsubscribe_token(token)
    if everything or kind == "all":
        update_preferences(user, mode=Preference.Mode.NONE)
        return user, "all"
    pref = preference(user)
    update_preferences(user, opted_out=sorted(set(pref.opted_out) | {kind}))
    return user, kind


# --- composing ------------------------------------------------------------------------------------


@dataclass
class Message:
    """A rendered-to-be email, language-neutral in shape: the templates lay it out as text and HTML."""

    kind: str
    user: User
    game: Game | None
    dedupe_key: str
    subject: str
    intro: list[str]
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)
    reply_to: str = ""  # a signed play+... address: answering the email plays (mailin)


LANGUAGES = {code for code, _name in settings.LANGUAGES}


def language_of(user: User) -> str:
    """The language of the emails and pages this player reads (theirs, else the site default)."""
    return user.language if user.language in LANGUAGES else settings.LANGUAGE_CODE


def format_time(moment: datetime, user: User) -> str:
    """A time in the player's time zone and language."""
    try:
        zone = zoneinfo.ZoneInfo(user.time_zone or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = moment.astimezone(zone)
    with translation.override(language_of(user)):
        # Translators: a date and time in strftime's notation, e.g. 31.12.2026 18:00 in German.
        pattern = _("%Y-%m-%d %H:%M")
    return local.strftime(pattern + " ") + f"({local.tzname()})"


def game_url(game: Game, at: int | None = None) -> str:
    """The link to the game page (at a version: the replay)."""
    url = f"{settings.SITE_URL}/games/{game.pk}/"
    return url if at is None else f"{url}?at={at}"


def _message_id(dedupe_key: str) -> str:
    domain = getattr(settings, "NOTIFICATIONS_MESSAGE_ID_DOMAIN", "") or urlparse(settings.SITE_URL).hostname or "localhost"
    return f"<{hashlib.sha256(dedupe_key.encode()).hexdigest()[:40]}@{domain}>"


def render(message: Message) -> tuple[str, str]:
    """The plain-text and HTML bodies of a message."""
    lang = language_of(message.user)
    context = {
        "lang": lang,
        "name": message.user.display_name,
        "intro": message.intro,
        "sections": message.sections,
        "links": message.links,
        "unsubscribe_url": unsubscribe_url(message.user, message.kind),
        "settings_url": f"{settings.SITE_URL}/settings/",
        "subject": message.subject,
    }
    with translation.override(lang):
        text = render_to_string("notifications/email/message.txt", context)
        html = render_to_string("notifications/email/message.html", context)
    return text, html


def _may_email(user: User, kind: str) -> str | None:
    """The outbox status a new row of this kind gets for this user, or None when nothing is to be sent."""
    if not user.is_active or user.email_verified_at is None:
        return None  # game emails go to verified addresses only
    if kind == Kind.ANSWER:
        return Outbox.Status.PENDING  # the player wrote to us and waits for this answer, whatever the mode
    pref = preference(user)
    if pref.mode == Preference.Mode.NONE or kind in pref.opted_out:
        return None
    if pref.mode == Preference.Mode.DIGEST and kind != Kind.DIGEST:
        return Outbox.Status.HELD
    return Outbox.Status.PENDING


def enqueue(messages: Iterable[Message]) -> int:
    """Write outbox rows for these messages (a dedupe key already present is skipped) and, after the
    surrounding transaction commits, send a delivery task for each pending one. Returns rows written."""
    now = timezone.now()
    rows = []
    for message in messages:
        status = _may_email(message.user, message.kind)
        if status is None:
            continue
        text, html = render(message)
        rows.append(
            Outbox(
                dedupe_key=message.dedupe_key,
                kind=message.kind,
                user=message.user,
                game=message.game,
                to_email=message.user.email,
                language=language_of(message.user),
                subject=message.subject[:255],
                body_text=text,
                body_html=html,
                message_id=_message_id(message.dedupe_key),
                unsubscribe_url=unsubscribe_url(message.user, message.kind),
                reply_to=message.reply_to,
                status=status,
                # The task sent after commit normally delivers first; the sweep steps in only after this.
                next_attempt_at=now + timedelta(seconds=setting("NOTIFICATIONS_FIRST_SWEEP_DELAY", 60)),
                created_at=now,
            )
        )
    if not rows:
        return 0
    Outbox.objects.bulk_create(rows, ignore_conflicts=True)
    keys = [r.dedupe_key for r in rows if r.status == Outbox.Status.PENDING]
    if keys:
        transaction.on_commit(lambda: _send_tasks(keys))
    return len(rows)


def _send_tasks(keys: list[str]) -> None:
    """After commit: one delivery task per pending row. A failure here only delays (the sweep retries)."""
    from .tasks import deliver_outbox

    try:
        for pk in Outbox.objects.filter(dedupe_key__in=keys, status=Outbox.Status.PENDING).values_list("pk", flat=True):
            deliver_outbox.delay(pk)
    except Exception:  # the broker is down: the rows wait for the sweep
        log.exception("could not send delivery tasks; the outbox sweep will pick the rows up")


# --- what the events cause -------------------------------------------------------------------------


def _seat_users(game: Game) -> dict[int, User]:
    return {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user") if s.index is not None}


def _history(game: Game, seat: int, after_seq: int, lang: str, names: dict[int, str], upto: int | None = None) -> list[str]:
    """The events after `after_seq` as `seat` may see them, in words (in the active language); service
    moves are marked."""
    kind = get_kind(game.kind)
    rules, site = kind.rules, kind.site_module
    rows = Event.objects.filter(game=game, seq__gt=after_seq).select_related("command").order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    total = rows.count()
    lines = []
    if total > HISTORY_LIMIT:
        lines.append(_("... and {count} earlier events").format(count=total - HISTORY_LIMIT))
        rows = rows[total - HISTORY_LIMIT :]
    for row in rows:
        seen = rules.redact(rules.decode(row.data), seat)
        if seen is None:
            continue
        line = site.describe_event(seen, names)
        if row.command is not None and deadlines.is_timeout_key(row.command.idempotency_key):
            line += " " + _("(played for the absent player)")
        lines.append(line)
    return lines


def _names(users: dict[int, User], reader_seat: int | None, lang: str) -> dict[int, str]:
    names = {seat: user.display_name for seat, user in users.items()}
    if reader_seat is not None and reader_seat in names:
        with translation.override(lang):
            names[reader_seat] = _("{name} (you)").format(name=names[reader_seat])
    return names


def _turn_message(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Message:
    lang = language_of(user)
    kind = get_kind(game.kind)
    names = _names(users, seat, lang)
    last = (
        Command.objects.filter(game=game, seat=seat, last_seq__lt=game.version)
        .order_by("-last_seq")
        .values_list("last_seq", flat=True)
        .first()
    )
    view = kind.rules.view(state, seat)
    deadline = format_time(game.deadline_at, user) if game.deadline_at else "-"
    with translation.override(lang):
        choices = numbered_choices(kind, kind.rules.legal_commands(state, seat), lang, names)
        history = _history(game, seat, last or 0, lang, names) or [_("Nothing new.")]
        return Message(
            kind=Kind.TURN,
            user=user,
            game=game,
            dedupe_key=f"turn:{game.pk}:{seat}:{game.version}",
            subject=_("Your turn in game #{game}").format(game=game.pk),
            intro=[
                _("it is your turn in game #{game}.").format(game=game.pk),
                _("Please act by {deadline}.").format(deadline=deadline),
            ],
            sections=[
                (_("Since your last turn"), history),
                (_("Your choices now"), choices),
                *kind.site_module.email_sections(view, seat, names),
                (_("Deadline"), [deadline]),
            ],
            links=[(_("Open the game"), game_url(game))],
            reply_to=reply_address(user.pk, game.pk, game.version),
        )


def describe_command(kind: GameKind, command: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> str:
    """One command in the kind's words, in `lang` (the emails' choices and the words a reply may use)."""
    with translation.override(lang):
        return kind.site_module.describe_command(command, names)


def numbered_choices(kind: GameKind, commands: list[dict[str, Any]], lang: str, names: Mapping[int, str]) -> list[str]:
    """The choices as the emails list them, numbered from 1, and how to answer by email."""
    with translation.override(lang):
        lines = [f"{n}. {kind.site_module.describe_command(c, names)}" for n, c in enumerate(commands, 1)]
        hint = _("Reply to this email to play: write the number or the words of your choice on the first "
                 "line, one line per move for several moves.")
    return lines + [hint] if lines else lines


def _started_message(game: Game, seat: int, user: User, users: dict[int, User]) -> Message:
    players = ", ".join(users[s].display_name for s in sorted(users))
    with translation.override(language_of(user)):
        return Message(
            kind=Kind.STARTED,
            user=user,
            game=game,
            dedupe_key=f"started:{game.pk}:{seat}",
            subject=_("Game #{game} has started").format(game=game.pk),
            intro=[
                _("game #{game} has started with {players}. You sit at seat {seat}.").format(
                    game=game.pk, players=players, seat=seat + 1
                )
            ],
            links=[(_("Open the game"), game_url(game))],
        )


def _ended_message(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Message:
    lang = language_of(user)
    names = _names(users, seat, lang)
    view = get_kind(game.kind).rules.view(state, seat)
    scores = sorted(view.get("scores") or [], key=lambda s: -int(s.get("total", 0)))
    winners = ", ".join(names.get(w, f"#{w}") for w in view.get("winners") or [])
    with translation.override(lang):
        lines = [
            _("{name}: {total} points").format(name=names.get(s["seat"], f"#{s['seat']}"), total=s.get("total", 0))
            for s in scores
        ]
        return Message(
            kind=Kind.ENDED,
            user=user,
            game=game,
            dedupe_key=f"ended:{game.pk}:{seat}",
            subject=_("Game #{game} is over").format(game=game.pk),
            intro=[_("game #{game} is over.").format(game=game.pk), _("Winner: {names}").format(names=winners)],
            sections=[(_("Final scores"), lines)],
            links=[(_("Replay the game"), game_url(game, at=1)), (_("Open the game"), game_url(game))],
        )


def on_events_appended(batch: EventsAppended) -> None:
    """Hook subscriber (inside the events' transaction): the outbox rows these events cause."""
    game = batch.game
    started = batch.previous_status == Game.Status.OPEN and game.status != Game.Status.OPEN
    ended = game.status == Game.Status.FINISHED and batch.previous_status != Game.Status.FINISHED
    newly_awaited = (
        [s for s in game.awaiting if s not in batch.previous_awaiting] if game.status == Game.Status.ACTIVE else []
    )
    if not (started or ended or newly_awaited):
        return  # most batches: nothing to tell anyone, and no query spent on finding that out
    users = _seat_users(game)
    absent = deadlines._absent_seats(game, newly_awaited) if newly_awaited else set()
    messages: list[Message] = []
    if started:
        messages += [_started_message(game, seat, user, users) for seat, user in sorted(users.items())]
    for seat in newly_awaited:
        if seat in users and seat not in absent:  # an absent seat is played by the bot at once
            messages.append(_turn_message(game, batch.state, seat, users[seat], users))
    if ended:
        messages += [_ended_message(game, batch.state, seat, user, users) for seat, user in sorted(users.items())]
    enqueue(messages)


def timeout_notice(
    game: Game, seat: int, user: User, *, version: int, first_seq: int, policy: str, absent: bool, streak: int
) -> None:
    """The "deadline passed, we moved for you" email (written in the deadline's transaction)."""
    lang = language_of(user)
    users = _seat_users(game)
    names = _names(users, seat, lang)
    game.refresh_from_db(fields=["version"])
    with translation.override(lang):
        played = _history(game, seat, first_seq - 1, lang, names, upto=game.version)
        policies = {
            "bot": _("a bot chose a sensible move"),
            "minimal": _("the least move"),
        }
        intro = [
            _("the deadline in game #{game} passed, so the service played for you ({policy}).").format(
                game=game.pk, policy=policies.get(policy, policy)
            )
        ]
        if absent:
            intro.append(
                _(
                    "You missed {count} deadlines in a row, so the bot now plays your seat at once. "
                    "Open the game and press \"I'm back\" to play again yourself."
                ).format(count=streak)
            )
        message = Message(
            kind=Kind.TIMEOUT,
            user=user,
            game=game,
            dedupe_key=f"timeout:{game.pk}:{seat}:{version}",
            subject=_("Deadline passed in game #{game}: we moved for you").format(game=game.pk),
            intro=intro,
            sections=[(_("What was played for you"), played)],
            links=[(_("Open the game"), game_url(game))],
        )
    enqueue([message])


def on_timeout_played(notice: TimeoutPlayed) -> None:
    """games.hooks listener: the timeout email of one seat."""
    timeout_notice(
        notice.game, notice.seat, notice.user, version=notice.version, first_seq=notice.first_seq,
        policy=notice.policy, absent=notice.absent, streak=notice.streak,
    )


def reminder_notice(game: Game, seats: list[int], *, version: int) -> int:
    """The reminder before the deadline, once per decision (written in the deadline's transaction)."""
    users = _seat_users(game)
    messages = []
    for seat in seats:
        user = users.get(seat)
        if user is None or game.deadline_at is None:
            continue
        deadline = format_time(game.deadline_at, user)
        lang = language_of(user)
        kind = get_kind(game.kind)
        choices = numbered_choices(kind, kind.rules.legal_commands(store.load_state(game), seat), lang, _names(users, seat, lang))
        with translation.override(lang):
            messages.append(
                Message(
                    kind=Kind.REMINDER,
                    user=user,
                    game=game,
                    dedupe_key=f"reminder:{game.pk}:{seat}:{version}",
                    subject=_("Reminder: your move in game #{game} is due {deadline}").format(
                        game=game.pk, deadline=deadline
                    ),
                    intro=[
                        _(
                            "game #{game} is still waiting for your move. If you do not act by {deadline}, "
                            "the service moves for you."
                        ).format(game=game.pk, deadline=deadline)
                    ],
                    sections=[(_("Your choices now"), choices)] if choices else [],
                    links=[(_("Open the game"), game_url(game))],
                    reply_to=reply_address(user.pk, game.pk, game.version) if choices else "",
                )
            )
    return enqueue(messages)


def on_reminder_due(notice: ReminderDue) -> int:
    """games.hooks listener: the reminders of a deadline; returns the rows written."""
    return reminder_notice(notice.game, notice.seats, version=notice.version)


def send_digests(now: datetime | None = None) -> int:
    """The daily digest: one email per player who chose it, listing what was held for them."""
    now = now or timezone.now()
    written = 0
    user_ids = list(Outbox.objects.filter(status=Outbox.Status.HELD).values_list("user_id", flat=True).distinct())
    for user_id in user_ids:
        with transaction.atomic():
            held = list(
                Outbox.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(user_id=user_id, status=Outbox.Status.HELD)
                .select_related("user", "game")
                .order_by("id")
            )
            if not held:
                continue
            user = held[0].user
            by_game: dict[int | None, list[Outbox]] = {}
            for row in held:
                by_game.setdefault(row.game_id, []).append(row)
            sections = []
            links = []
            with translation.override(language_of(user)):
                for game_id, rows in by_game.items():
                    title = f"#{game_id}" if game_id else "-"
                    sections.append((title, [r.subject for r in rows]))
                    if rows[0].game is not None:
                        links.append((_("Open game #{game}").format(game=game_id), game_url(rows[0].game)))
                message = Message(
                    kind=Kind.DIGEST,
                    user=user,
                    game=None,
                    dedupe_key=f"digest:{user.pk}:{held[-1].pk}",
                    subject=_("Your game digest: {count} news").format(count=len(held)),
                    intro=[_("here is what happened in your games since the last digest.")],
                    sections=sections,
                    links=links,
                )
            written += enqueue([message])
            Outbox.objects.filter(pk__in=[r.pk for r in held]).update(status=Outbox.Status.DIGESTED, sent_at=now)
    return written


# --- delivering -----------------------------------------------------------------------------------


def _claim(outbox_id: int, now: datetime) -> Outbox | None:
    """Take the row for sending (a lease), if nobody else holds it and it is still to be sent."""
    with transaction.atomic():
        row = (
            Outbox.objects.select_for_update(skip_locked=True)
            .filter(pk=outbox_id)
            .filter(Q(status=Outbox.Status.PENDING) | Q(status=Outbox.Status.SENDING, lease_until__lt=now))
            .first()
        )
        if row is None:
            return None
        row.status = Outbox.Status.SENDING
        row.attempts += 1
        row.lease_until = now + timedelta(seconds=lease_seconds())
        row.save(update_fields=["status", "attempts", "lease_until"])
        return row


def build_email(row: Outbox, connection: Any = None) -> EmailMultiAlternatives:
    """The SMTP message of an outbox row: multipart text + HTML, stable Message-ID, List-Unsubscribe."""
    email = EmailMultiAlternatives(
        subject=row.subject,
        body=row.body_text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.to_email],
        reply_to=[row.reply_to] if row.reply_to else None,
        connection=connection,
        headers={
            "Message-ID": row.message_id,
            "List-Unsubscribe": f"<{row.unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "X-Game-Mail-Kind": row.kind,
            "Content-Language": row.language,
        },
    )
    email.attach_alternative(row.body_html, "text/html")
    return email


def _is_permanent(error: Exception) -> bool:
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code >= 500
    return False


def deliver(outbox_id: int, now: datetime | None = None, connection: Any = None) -> str:
    """Send one outbox row if it is still to be sent; the delivery task's body. Returns what happened:
    "sent", "retry", "failed" or "skipped" (sent already, or another worker holds it)."""
    now = now or timezone.now()
    row = _claim(outbox_id, now)
    if row is None:
        return "skipped"
    try:
        build_email(row, connection or get_connection()).send()
    except Exception as error:  # SMTP down, refused, timeout: try again later, or give up on a 5xx
        attempts = row.attempts
        permanent = _is_permanent(error) or attempts >= max_attempts()
        Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENDING, attempts=attempts).update(
            status=Outbox.Status.FAILED if permanent else Outbox.Status.PENDING,
            next_attempt_at=timezone.now() + backoff(attempts),
            lease_until=None,
            last_error=f"{type(error).__name__}: {error}"[:2000],
        )
        log.warning("outbox #%s attempt %s failed (%s): %s", row.pk, attempts, "gave up" if permanent else "will retry", error)
        return "failed" if permanent else "retry"
    # Only the claim that sent it may mark it (attempts identifies the claim).
    Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENDING, attempts=row.attempts).update(
        status=Outbox.Status.SENT, sent_at=timezone.now(), lease_until=None, last_error=""
    )
    return "sent"


def due_for_delivery(now: datetime) -> Any:
    """Rows the sweep must (re)send: pending and due, or claimed by a sender whose lease ran out."""
    return Outbox.objects.filter(
        Q(status=Outbox.Status.PENDING, next_attempt_at__lte=now) | Q(status=Outbox.Status.SENDING, lease_until__lt=now)
    )


def sweep(now: datetime | None = None, limit: int = 1000) -> int:
    """The periodic sweep: a delivery task for every row that is stuck or due for a retry."""
    from .tasks import deliver_outbox

    now = now or timezone.now()
    ids = list(due_for_delivery(now).order_by("id").values_list("pk", flat=True)[:limit])
    for pk in ids:
        deliver_outbox.delay(pk)
    return len(ids)
