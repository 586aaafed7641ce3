"""What to send to whom, and delivering it: the transactional outbox.

* Writing: `on_events_appended` (a hook subscriber, inside the events' transaction) and the deadline code
  (`timeout_notice`, `reminder_notice`) add one `Outbox` row per recipient with a unique dedupe key. A row
  says what to render and for whom (a `Mail`: kind, user, seat, the game's version, the deadline shown);
  nothing is rendered inside the command's transaction. `transaction.on_commit` then sends one Celery task
  for the batch; if that is lost (a crash right after commit, a broker hiccup), `sweep` finds the rows by
  their `next_attempt_at`.
* Delivering: `deliver_rows` claims a batch of rows with a lease (`SELECT ... FOR UPDATE SKIP LOCKED`,
  status sending, `lease_until`), renders them (`compose_many`: the state at the row's version, from the
  immutable log, so the text is the same whenever it is rendered), sends them over one SMTP connection
  and marks each sent as soon as the server accepted it. A failure puts the row back to pending with
  exponential backoff; a crash between "SMTP accepted" and "marked sent" leaves one row whose lease runs
  out and is sent again: at-least-once, with the same Message-ID, which is how the reader's mail system
  sees it as one mail. No path sends a row without first claiming it, so two workers never send it at once.

* Only verified addresses get game emails; preferences (each / digest / none, per-kind opt-out) apply at
  writing time.
"""

from __future__ import annotations

import copy
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
from django.core.mail.backends import filebased
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ServiceError
from games import deadlines, store
from games.models import Command, Event, Game, Seat, SeatPresence
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
    unsubscribe_url: str = ""  # the outbox row's (its signed token was made when the row was written)


@dataclass
class Mail:
    """What one outbox row will tell whom: the message is built and rendered when the mail is sent."""

    kind: str
    user: User
    game: Game | None
    dedupe_key: str
    seat: int | None = None
    version: int | None = None  # the game's version the mail describes
    params: dict[str, Any] = field(default_factory=dict)  # what is not in the log (e.g. the deadline shown)
    reply_to: str = ""


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
        "unsubscribe_url": message.unsubscribe_url or unsubscribe_url(message.user, message.kind),
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
    pref = _preference_of(user)
    if pref.mode == Preference.Mode.NONE or kind in pref.opted_out:
        return None
    if pref.mode == Preference.Mode.DIGEST and kind != Kind.DIGEST:
        return Outbox.Status.HELD
    return Outbox.Status.PENDING


def _preference_of(user: User) -> Preference:
    """The user's preferences, from the row loaded with the user when it was (`_seats`)."""
    try:
        pref: Preference = user.notification_pref  # type: ignore[attr-defined]
    except Preference.DoesNotExist:
        return Preference(user=user)
    return pref


def _as_mail(message: Message) -> Mail:
    """A message built by its writer (an answer to a reply by email): the row keeps its words to render."""
    words = {"subject": message.subject, "intro": message.intro, "sections": message.sections, "links": message.links}
    return Mail(message.kind, message.user, message.game, message.dedupe_key, params={"message": words},
                reply_to=message.reply_to)


def enqueue(mails: Iterable[Mail | Message]) -> int:
    """Write outbox rows for these mails (a dedupe key already present is skipped) and, after the
    surrounding transaction commits, send one delivery task for the pending ones. Returns rows written."""
    now = timezone.now()
    rows = []
    for mail in mails:
        if isinstance(mail, Message):
            mail = _as_mail(mail)
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
                message_id=_message_id(mail.dedupe_key),
                unsubscribe_url=unsubscribe_url(mail.user, mail.kind),
                reply_to=mail.reply_to,
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
    """After commit: one delivery task for these rows. A failure here only delays (the sweep retries)."""
    from .tasks import deliver_outbox_rows

    try:
        deliver_outbox_rows.delay(keys=keys)
    except Exception:  # the broker is down: the rows wait for the sweep
        log.exception("could not send the delivery task; the outbox sweep will pick the rows up")


# --- what the events cause -------------------------------------------------------------------------


def _seats(game: Game) -> list[Seat]:
    """The game's seats with their users, the users' preferences and whether the bot plays the seat
    (`absent`): one query."""
    absent = SeatPresence.objects.filter(game=OuterRef("game"), seat=OuterRef("index"), absent_since__isnull=False)
    return list(
        Seat.objects.filter(game=game, index__isnull=False)
        .select_related("user", "user__notification_pref")
        .annotate(absent=Exists(absent))
    )


def _seat_users(game: Game) -> dict[int, User]:
    return {s.index: s.user for s in _seats(game) if s.index is not None}




def _history(game: Game, seat: int, after_seq: int, lang: str, names: dict[int, str], upto: int | None = None) -> list[str]:
    """The events after `after_seq` as `seat` may see them, in words (in the active language); service
    moves are marked."""
    kind = get_kind(game.kind)
    rules, site = kind.rules, kind.site_module
    rows = Event.objects.filter(game=game, seq__gt=after_seq).select_related("command").order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    total = upto - after_seq if upto is not None else rows.count()  # a log's seqs have no gaps
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
        choices = numbered_choices(kind, kind.rules.legal_commands(state, seat), lang, names, view)
        history = _history(game, seat, last or 0, lang, names, upto=game.version) or [_("Nothing new.")]
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


def describe_command(
    kind: GameKind, command: Mapping[str, Any], lang: str, names: Mapping[int, str], view: dict[str, Any] | None = None
) -> str:
    """One command in the kind's words, in `lang` (the emails' choices and the words a reply may use);
    `view` is the sender's (for kinds whose commands name cards by number)."""
    with translation.override(lang):
        return kind.describe_command(dict(command), dict(names), view)


def numbered_choices(
    kind: GameKind, commands: list[dict[str, Any]], lang: str, names: Mapping[int, str],
    view: dict[str, Any] | None = None,
) -> list[str]:
    """The choices as the emails list them, numbered from 1, and how to answer by email."""
    with translation.override(lang):
        lines = [f"{n}. {kind.describe_command(c, dict(names), view)}" for n, c in enumerate(commands, 1)]
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
    """Hook subscriber (inside the events' transaction): the outbox rows these events cause (written, not
    rendered: the mails are rendered when they are sent)."""
    game = batch.game
    started = batch.previous_status == Game.Status.OPEN and game.status != Game.Status.OPEN
    ended = game.status == Game.Status.FINISHED and batch.previous_status != Game.Status.FINISHED
    newly_awaited = (
        [s for s in game.awaiting if s not in batch.previous_awaiting] if game.status == Game.Status.ACTIVE else []
    )
    if not (started or ended or newly_awaited):
        return  # most batches: nothing to tell anyone, and no query spent on finding that out
    seats = _seats(game)
    users = {s.index: s.user for s in seats if s.index is not None}
    absent = {s.index for s in seats if s.absent}  # type: ignore[attr-defined]
    mails: list[Mail] = []

    def mail(kind: str, seat: int, key: str, reply: bool = False, **params: Any) -> Mail:
        reply_to = reply_address(users[seat].pk, game.pk, game.version) if reply else ""
        return Mail(kind, users[seat], game, key, seat=seat, version=game.version, params=params, reply_to=reply_to)

    if started:
        mails += [mail(Kind.STARTED, seat, f"started:{game.pk}:{seat}") for seat in sorted(users)]
    deadline = game.deadline_at.isoformat() if game.deadline_at else None
    for seat in newly_awaited:
        if seat in users and seat not in absent:  # an absent seat is played by the bot at once
            mails.append(mail(Kind.TURN, seat, f"turn:{game.pk}:{seat}:{game.version}", True, deadline=deadline))
    if ended:
        mails += [mail(Kind.ENDED, seat, f"ended:{game.pk}:{seat}") for seat in sorted(users)]
    enqueue(mails)


def timeout_notice(
    game: Game, seat: int, user: User, *, version: int, first_seq: int, policy: str, absent: bool, streak: int
) -> None:
    """The "deadline passed, we moved for you" email (written in the deadline's transaction, with the game
    as the service's commands left it)."""
    params = {"first_seq": first_seq, "upto": game.version, "policy": policy, "absent": absent, "streak": streak}
    enqueue([Mail(Kind.TIMEOUT, user, game, f"timeout:{game.pk}:{seat}:{version}", seat, version, params)])


def _timeout_message(game: Game, seat: int, user: User, users: dict[int, User], params: dict[str, Any]) -> Message:
    lang = language_of(user)
    names = _names(users, seat, lang)
    first_seq, policy, absent, streak = params["first_seq"], params["policy"], params["absent"], params["streak"]
    with translation.override(lang):
        played = _history(game, seat, first_seq - 1, lang, names, upto=params["upto"])
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
        return Message(
            kind=Kind.TIMEOUT,
            user=user,
            game=game,
            dedupe_key=f"timeout:{game.pk}:{seat}:{game.version}",
            subject=_("Deadline passed in game #{game}: we moved for you").format(game=game.pk),
            intro=intro,
            sections=[(_("What was played for you"), played)],
            links=[(_("Open the game"), game_url(game))],
        )


def on_timeout_played(notice: TimeoutPlayed) -> None:
    """games.hooks listener: the timeout email of one seat."""
    timeout_notice(
        notice.game, notice.seat, notice.user, version=notice.version, first_seq=notice.first_seq,
        policy=notice.policy, absent=notice.absent, streak=notice.streak,
    )


def reminder_notice(game: Game, seats: list[int], *, version: int) -> int:
    """The reminder before the deadline, once per decision (written in the deadline's transaction)."""
    users = _seat_users(game)
    mails = []
    for seat in seats:
        user = users.get(seat)
        if user is None or game.deadline_at is None:
            continue
        key = f"reminder:{game.pk}:{seat}:{version}"
        # An awaited seat always has a choice to make: the reminder can be answered to play it.
        mails.append(Mail(Kind.REMINDER, user, game, key, seat, game.version, {"deadline": game.deadline_at.isoformat()},
                          reply_to=reply_address(user.pk, game.pk, game.version)))
    return enqueue(mails)


def _reminder_message(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Message:
    assert game.deadline_at is not None
    deadline = format_time(game.deadline_at, user)
    lang = language_of(user)
    kind = get_kind(game.kind)
    choices = numbered_choices(
        kind, kind.rules.legal_commands(state, seat), lang, _names(users, seat, lang), kind.rules.view(state, seat)
    )
    with translation.override(lang):
        return Message(
            kind=Kind.REMINDER,
            user=user,
            game=game,
            dedupe_key=f"reminder:{game.pk}:{seat}:{game.version}",
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
        )


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
                .select_related("user")
                .order_by("id")
            )
            if not held:
                continue
            user = held[0].user
            key = f"digest:{user.pk}:{held[-1].pk}"
            written += enqueue([Mail(Kind.DIGEST, user, None, key, params={"held": [r.pk for r in held]})])
            Outbox.objects.filter(pk__in=[r.pk for r in held]).update(status=Outbox.Status.DIGESTED, sent_at=now)
    return written


def _digest_message(user: User, held: list[Outbox]) -> Message:
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
        return Message(
            kind=Kind.DIGEST,
            user=user,
            game=None,
            dedupe_key=f"digest:{user.pk}:{held[-1].pk}",
            subject=_("Your game digest: {count} news").format(count=len(held)),
            intro=[_("here is what happened in your games since the last digest.")],
            sections=sections,
            links=links,
        )


# --- rendering at delivery -------------------------------------------------------------------------


def _as_of(game: Game, version: int | None, params: dict[str, Any] | None = None) -> Game:
    """The game as a mail written at `version` saw it (its version, and the deadline it showed if `params`
    name one)."""
    then = copy.copy(game)
    if version is not None:
        then.version = version
    if params is not None and "deadline" in params:
        then.deadline_at = datetime.fromisoformat(params["deadline"]) if params["deadline"] else None
    return then


def _message_of(row: Outbox, game: Game | None, users: dict[int, User], state: Any) -> Message:
    """The message an outbox row says, built from the log as it was at the row's version."""
    user = copy.copy(users.get(row.seat, row.user) if row.seat is not None else row.user)
    user.language = row.language  # the row's language: the text does not depend on when it is rendered
    params = row.params or {}
    if "message" in params:  # words its writer chose (an answer to a reply by email)
        words = params["message"]
        return Message(row.kind, user, game, row.dedupe_key, words["subject"], list(words["intro"]),
                       [(title, list(lines)) for title, lines in words["sections"]],
                       [(label, url) for label, url in words["links"]])
    if row.kind == Kind.DIGEST:
        held = list(Outbox.objects.filter(pk__in=params.get("held", [])).select_related("user", "game").order_by("id"))
        compose_many(held)
        return _digest_message(user, held)
    assert game is not None and row.seat is not None, f"outbox #{row.pk} names no game or seat"
    if row.kind == Kind.STARTED:
        return _started_message(game, row.seat, user, users)
    if row.kind == Kind.TURN:
        return _turn_message(_as_of(game, row.version, params), state, row.seat, user, users)
    if row.kind == Kind.ENDED:
        return _ended_message(_as_of(game, row.version), state, row.seat, user, users)
    if row.kind == Kind.REMINDER:
        return _reminder_message(_as_of(game, row.version, params), state, row.seat, user, users)
    if row.kind == Kind.TIMEOUT:
        return _timeout_message(_as_of(game, row.version), row.seat, user, users, params)
    raise ValueError(f"outbox #{row.pk}: unknown kind {row.kind!r}")


def compose_many(rows: list[Outbox]) -> None:
    """Render these rows (their `subject`, `body_text`, `body_html`), sharing each game's seats and states."""
    users_by_game: dict[int, dict[int, User]] = {}
    states: dict[tuple[int, int], Any] = {}
    for row in rows:
        if getattr(row, "_rendered", None) is not None:
            continue
        game = row.game
        users: dict[int, User] = {}
        state = None
        if game is not None and "message" not in (row.params or {}):
            if game.pk not in users_by_game:
                users_by_game[game.pk] = _seat_users(game)
            users = users_by_game[game.pk]
            if row.kind in (Kind.TURN, Kind.ENDED, Kind.REMINDER) and row.version:
                if (game.pk, row.version) not in states:
                    states[game.pk, row.version] = store.load_state(game, at=row.version)
                state = states[game.pk, row.version]
        message = _message_of(row, game, users, state)
        message.unsubscribe_url = row.unsubscribe_url
        text, html = render(message)
        row._rendered = (message.subject[:255], text, html)  # type: ignore[attr-defined]


def compose(row: Outbox) -> tuple[str, str, str]:
    """Subject, plain text and HTML of one outbox row (`Outbox.rendered` calls this)."""
    compose_many([row])
    rendered: tuple[str, str, str] = row._rendered  # type: ignore[attr-defined]
    return rendered


# --- delivering -----------------------------------------------------------------------------------


def _claim(rows: Any, now: datetime, limit: int) -> list[Outbox]:
    """Take up to `limit` of these rows for sending (a lease), those nobody else holds that are still to be
    sent, with their users and games."""
    with transaction.atomic():
        claimed = list(
            rows.select_for_update(skip_locked=True, of=("self",))
            .filter(Q(status=Outbox.Status.PENDING) | Q(status=Outbox.Status.SENDING, lease_until__lt=now))
            .select_related("user", "game")
            .order_by("id")[:limit]
        )
        if not claimed:
            return []
        lease_until = now + timedelta(seconds=lease_seconds())
        Outbox.objects.filter(pk__in=[row.pk for row in claimed]).update(
            status=Outbox.Status.SENDING, attempts=F("attempts") + 1, lease_until=lease_until
        )
        for row in claimed:
            row.status, row.attempts, row.lease_until = Outbox.Status.SENDING, row.attempts + 1, lease_until
        return claimed


def build_email(row: Outbox, connection: Any = None) -> EmailMultiAlternatives:
    """The SMTP message of an outbox row: multipart text + HTML, stable Message-ID, List-Unsubscribe."""
    subject, text, html = row.rendered()
    email = EmailMultiAlternatives(
        subject=subject,
        body=text,
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
    email.attach_alternative(html, "text/html")
    return email


def _is_permanent(error: Exception) -> bool:
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code >= 500
    return False


def _failed(row: Outbox, error: Exception) -> str:
    """Put a row whose attempt failed back to pending with backoff, or give up on it; the outcome."""
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


def _send_claimed(rows: list[Outbox], connection: Any = None) -> dict[int, str]:
    """Render and send claimed rows over one connection; each is marked sent as soon as the server took it,
    so a crash can repeat at most the one mail in flight. Returns the outcome per row id."""
    outcomes: dict[int, str] = {}
    try:
        compose_many(rows)
    except Exception:  # a row that cannot be rendered (a bug) must not hold up the others
        log.exception("rendering a batch of outbox rows failed; rendering them one by one")
    connection = connection or get_connection()
    # The connection stays open across the batch; the file backend (`make run`) would then write the whole
    # batch into one file, so there each mail keeps a file of its own.
    keep_open = not isinstance(connection, filebased.EmailBackend)
    opened = False
    try:
        for row in rows:
            try:
                email = build_email(row, connection)  # renders the row here if the batch could not
                if keep_open and not opened:
                    opened = bool(connection.open())  # inside the try: a refused connection fails this row
                email.send()  # over `connection`, which stays open for the next row
            except Exception as error:  # SMTP down, refused, timeout: try again later, or give up on a 5xx
                outcomes[row.pk] = _failed(row, error)
                if not isinstance(error, smtplib.SMTPResponseException):
                    connection.close()  # the session may be broken: the next row opens a new one
                    opened = False
                continue
            # Only the claim that sent it may mark it (attempts identifies the claim).
            Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENDING, attempts=row.attempts).update(
                status=Outbox.Status.SENT, sent_at=timezone.now(), lease_until=None, last_error=""
            )
            outcomes[row.pk] = "sent"
    finally:
        if opened:
            connection.close()
    return outcomes


def deliver_rows(
    ids: list[int] | None = None, keys: list[str] | None = None, now: datetime | None = None, connection: Any = None,
    limit: int = 200,
) -> dict[int, str]:
    """Send the rows with these ids or dedupe keys that are still to be sent (the delivery task's body),
    over one SMTP connection. Returns the outcome per row it claimed ("sent", "retry", "failed"); rows
    sent already or held by another sender are left alone."""
    now = now or timezone.now()
    rows = Outbox.objects.filter(pk__in=ids or []) if keys is None else Outbox.objects.filter(dedupe_key__in=keys)
    return _send_claimed(_claim(rows, now, limit), connection)


def deliver(outbox_id: int, now: datetime | None = None, connection: Any = None) -> str:
    """Send one outbox row if it is still to be sent. Returns what happened: "sent", "retry", "failed" or
    "skipped" (sent already, or another worker holds it)."""
    return deliver_rows([outbox_id], now=now, connection=connection).get(outbox_id, "skipped")


def deliver_pending(limit: int = 50, now: datetime | None = None, connection: Any = None) -> int:
    """One sender's step: claim up to `limit` rows that wait for their first attempt or are due (any rows,
    SKIP LOCKED: several senders share the work), send them over one connection. Rows handled."""
    now = now or timezone.now()
    waiting = Outbox.objects.filter(
        Q(status=Outbox.Status.PENDING, attempts=0) | Q(status=Outbox.Status.PENDING, next_attempt_at__lte=now)
        | Q(status=Outbox.Status.SENDING, lease_until__lt=now)
    )
    return len(_send_claimed(_claim(waiting, now, limit), connection))


def due_for_delivery(now: datetime) -> Any:
    """Rows the sweep must (re)send: pending and due, or claimed by a sender whose lease ran out."""
    return Outbox.objects.filter(
        Q(status=Outbox.Status.PENDING, next_attempt_at__lte=now) | Q(status=Outbox.Status.SENDING, lease_until__lt=now)
    )


def sweep(now: datetime | None = None, limit: int = 1000, batch: int = 50) -> int:
    """The periodic sweep: delivery tasks (one per `batch` rows) for every row that is stuck or due for a retry."""
    from .tasks import deliver_outbox_rows

    now = now or timezone.now()
    ids = list(due_for_delivery(now).order_by("id").values_list("pk", flat=True)[:limit])
    for start in range(0, len(ids), batch):
        deliver_outbox_rows.delay(ids=ids[start : start + batch])
    return len(ids)
