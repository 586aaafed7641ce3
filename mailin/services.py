"""A reply by email, from the raw message to the answer email.

`receive(raw)` is the one entry of both ways in (`manage.py receive_mail`, the providers' webhooks):
it drops what must never be answered (machines, strangers, forged or expired addresses, too much mail
from one sender), handles delivery failure reports, and otherwise plays the reply's lines through
`games.services.execute` (idempotency key: the Message-ID and the line) and writes one answer email (an
outbox row, rendered at delivery by `notifications.letters.answer`).
"""

from __future__ import annotations

import email
import email.policy
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.local import language_of
from accounts.models import User
from chat import services as chat
from core.errors import ServiceError
from games import services as games
from games import store
from games.models import Command, Game, Seat
from games.registry import get_kind
from notifications import email_choices, outbox, reply_tokens
from notifications.models import Kind
from rules_kit.resign import RESIGN

from . import bounces, parse, reasons, rematches, selections, takebacks
from .models import InboundMail

log = logging.getLogger(__name__)


@dataclass
class LineResult:
    """What became of one line of a reply."""

    line: str
    status: str  # "applied", "refused" or "skipped"
    command: dict[str, Any] | None = None
    reason: str = ""
    said: str = ""  # an applied command in words, as its sender saw the game before it (a Ruins buy names
    # the card it gave, not the one on the pile after it)


@dataclass
class Outcome:
    """What `receive` did with a message: `status` for logs, tests and the command's exit status."""

    status: str
    detail: str = ""
    results: list[LineResult] = field(default_factory=list)
    # The reply's chat part: {"status": "sent" or "refused", "text": what was said, "reason": why not}.
    chat: dict[str, str] | None = None


# A line of a reply that resigns the game (`rules_kit.resign`), in English and German: the emails say so.
RESIGN_WORDS = frozenset({"resign", "aufgeben"})


def max_bytes() -> int:
    """The largest message taken (operator setting MAILIN_MAX_BYTES)."""
    return int(settings.MAILIN_MAX_BYTES)


def _over_budget(user: User | None, addressee_id: int) -> bool:
    """Whether the last hour's mail already used up MAILIN_RATE_PER_HOUR: a player's, counted by the
    player it matched (so mail that only claims to be theirs uses up nothing of it); a stranger's (a From
    that is not the reply address's player), on one budget per player the reply address names, whatever
    From it claims (strangers are never answered, so holding their mail harms nobody)."""
    limit = int(settings.MAILIN_RATE_PER_HOUR)
    recent = InboundMail.objects.filter(received_at__gte=timezone.now() - timedelta(hours=1))
    counted = recent.filter(user=user) if user is not None else recent.filter(user__isnull=True,
                                                                             addressee_id=addressee_id)
    return counted.count() >= limit


def _token(message: Any, recipient: str | None) -> str | None:
    candidates = ([recipient] if recipient else []) + parse.recipients(message)
    for address in candidates:
        token = reply_tokens.token_of_address(address)
        if token:
            return token
    return None


def receive(raw: bytes, recipient: str | None = None) -> Outcome:
    """Process one incoming RFC 5322 message (`recipient`: the envelope recipient, when the MTA tells it)."""
    if len(raw) > max_bytes():
        return Outcome("too_large", f"{len(raw)} bytes")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    failures = parse.delivery_failures(message)
    if failures is not None:
        marked = bounces.handle_report(failures)
        return Outcome("bounce", ", ".join(u.email for u in marked))
    automatic = parse.automatic_reason(message)
    if automatic:
        return Outcome("automatic", automatic)  # never answered: no loops with robots
    token_text = _token(message, recipient)
    if token_text is None:
        return Outcome("no_token")
    try:
        token = reply_tokens.read_token(token_text)
    except reply_tokens.BadToken as bad:
        return Outcome("bad_token", bad.reason)
    sender = parse.sender(message)
    if parse.unreadable(sender):
        return Outcome("unreadable_sender", ascii(sender))  # nobody to answer, nothing to record
    user = User.objects.filter(pk=token.user_id, is_active=True, email=sender).first()  # None: a stranger
    if _over_budget(user, token.user_id):
        return Outcome("rate_limited", sender)
    record, created = _record(parse.message_key(message, raw), sender, user, token.user_id)
    if record is None or (not created and record.done):
        return Outcome("duplicate")
    if user is None:
        _finish(record, "stranger", None, None)
        return Outcome("stranger", sender)  # nothing changes, and a stranger gets no mail from us
    game = Game.objects.filter(pk=token.game_id).first()
    seat = Seat.objects.filter(game=game, user=user).values_list("index", flat=True).first() if game else None
    if game is None or seat is None:
        _finish(record, "not_a_player", user, game)
        return Outcome("not_a_player")
    reply = parse.split_reply(parse.body_text(message))
    if reply.moves or not reply.chat:
        outcome = play(user, game, seat, token.version, reply.moves, record.message_key)
    else:
        outcome = Outcome("chat_only")
    if reply.chat:
        outcome.chat = _say(user, game, reply.chat)
    _answer(user, game, seat, outcome, record.message_key, parse.thread_headers(message))
    said = [f"chat {outcome.chat['status']}: {outcome.chat['reason']}"] if outcome.chat else []
    _finish(record, outcome.status, user, game,
            "\n".join([*(f"{r.status}: {r.line} {r.reason}" for r in outcome.results), *said]))
    return outcome


def _record(key: str, sender: str, user: User | None, addressee_id: int) -> tuple[InboundMail | None, bool]:
    fields = {"sender": sender[:254], "user": user, "addressee_id": addressee_id}
    try:
        with transaction.atomic():
            return InboundMail.objects.get_or_create(message_key=key, defaults=fields)
    except IntegrityError:  # the same message, delivered twice at once: the other delivery has it
        return None, False


def _finish(record: InboundMail, status: str, user: User | None, game: Game | None, detail: str = "") -> None:
    InboundMail.objects.filter(pk=record.pk).update(outcome=status, user=user, game=game, detail=detail, done=True)


# --- playing the lines ------------------------------------------------------------------------------


def _stale_reason(game: Game, seat: int, version: int) -> str:
    if game.status == Game.Status.FINISHED:
        return _("This game is over.")
    timed_out = Command.objects.filter(
        game=game, seat=seat, first_seq__gt=version, by_service=True
    ).exists()
    if timed_out:
        return _("The deadline of this decision passed and the service moved for you; nothing was changed.")
    return _("This decision was already taken; nothing was changed.")


def _names(game: Game) -> dict[int, str]:
    seats = Seat.objects.filter(game=game).select_related("user")
    return {s.index: s.user.public_name for s in seats if s.index is not None}


def play(user: User, game: Game, seat: int, version: int, lines: list[str], key: str) -> Outcome:
    """Apply the reply's lines in order, stopping at the first refused one (later ones are not tried).
    The reasons of refusals are worded in the player's language (the answer email's)."""
    with translation.override(language_of(user)):
        return _play(user, game, seat, version, lines, key)


def _play(user: User, game: Game, seat: int, version: int, lines: list[str], key: str) -> Outcome:
    if not lines:
        return Outcome("no_commands", _("No choice was found above the quoted email."))
    if any(parse.unreadable(line) for line in lines):  # never matched, stored nor quoted back
        return Outcome("unreadable", _(
            "Your email contains characters that cannot be read (a control character, or text in an unknown "
            "encoding), so nothing was changed. Please write your choice again as plain text."
        ))
    kind = get_kind(game.kind)
    rules = kind.rules
    names = _names(game)
    listed: list[dict[str, Any]] = []
    if 0 < version <= game.version:  # the choices as the answered email numbered them
        then = store.load_state(game, at=version)
        listed = email_choices.email_choices(kind, rules.legal_commands(then, seat), rules.view(then, seat))[0]
    results: list[LineResult] = []
    for index, line in enumerate(lines):
        idempotency_key = f"mail:{key}:{index}"
        prior = Command.objects.filter(game=game, user=user, idempotency_key=idempotency_key).first()
        game.refresh_from_db()
        rematch = rematches.wanted(game, line)
        if rematch is not None:  # "accept", "decline" in a finished game: the offer of a rematch
            try:
                said = rematches.apply(user, game, rematch)
            except ServiceError as error:
                results.append(LineResult(line, "refused", {"type": rematch}, error.reader_message()))
                break
            results.append(LineResult(line, "applied", {"type": rematch}, said=said))
            continue
        resigning = prior is None and is_resignation(line)  # at any time, awaited or not, whatever the version
        if not resigning and prior is None and index == 0 and game.version != version:
            results.append(LineResult(line, "refused", reason=_stale_reason(game, seat, version)))
            break
        takeback = takebacks.wanted(line)
        if takeback is not None:  # "undo", "accept", "refuse": a takeback, awaited or not
            try:
                said = takebacks.apply(user, game, takeback, idempotency_key)
            except ServiceError as error:
                results.append(LineResult(line, "refused", {"type": takeback}, error.reader_message()))
                break
            results.append(LineResult(line, "applied", {"type": takeback}, said=said))
            continue
        state = store.load_state(game)
        current = rules.legal_commands(state, seat) if seat in game.awaiting else []
        view = rules.view(state, seat)
        if prior is not None:
            command: dict[str, Any] = dict(prior.command)
        elif resigning:
            command = {"type": RESIGN}
        elif not current:
            results.append(LineResult(line, "refused", reason=_("The game is not waiting for you now.")))
            break
        else:
            describe = partial(email_choices.describe_command, kind, view=view)
            offers = selections.offers(kind, view, current, describe, names)
            match = selections.match_reply(line, listed, current, describe, names, offers)
            if match.command is None:
                # A move that is not among the choices now (Gold with 3 coins): the engine says why, if it can.
                reason = reasons.engine_reason(kind, state, seat, view, current, line, describe, names)
                results.append(LineResult(line, "refused", reason=reason or match.error))
                break
            command = match.command
        said = email_choices.describe_command(kind, command, language_of(user), names, view)
        try:
            games.execute(user, game.pk, command, idempotency_key=idempotency_key,
                          expected_version=None if prior else game.version)
        except ServiceError as error:
            results.append(LineResult(line, "refused", command, error.reader_message()))
            break
        results.append(LineResult(line, "applied", command, said=said))
    results += [LineResult(line, "skipped") for line in lines[len(results):]]
    applied = sum(r.status == "applied" for r in results)
    status = "applied" if applied == len(lines) else ("partly_applied" if applied else "refused")
    return Outcome(status, results=results)


def _say(user: User, game: Game, text: str) -> dict[str, str]:
    """The reply's chat part said in the game's players' chat, after its moves (or the reason it was not,
    in the player's language: too long, unreadable characters, too many messages)."""
    with translation.override(language_of(user)):
        try:
            chat.post(user, game.pk, text)
        except ServiceError as error:
            readable = "" if parse.unreadable(text) else text[:300]
            return {"status": "refused", "text": readable, "reason": error.reader_message()}
    return {"status": "sent", "text": text, "reason": ""}

def is_resignation(line: str) -> bool:
    """Whether a reply's line resigns the game: the word alone, in either language ("resign", "aufgeben")."""
    return line.strip().rstrip(".!").casefold() in RESIGN_WORDS


# --- the answer -----------------------------------------------------------------------------------


def _answer(user: User, game: Game, seat: int, outcome: Outcome, key: str, thread: dict[str, str]) -> None:
    """One outbox row, rendered when it is sent like every mail: what was applied, what was refused and why,
    and the choices at the game's version now (answerable again while the seat is awaited), threaded with
    the player's message (`thread`: its `parse.thread_headers`, for the In-Reply-To and References headers).
    The row keeps what only this moment knows: each line's outcome, an applied command in the words its
    sender saw (a Ruins buy names the card it gave), a refusal's reason in the player's language."""
    game.refresh_from_db()
    awaited = seat in game.awaiting
    told = {
        "status": outcome.status,
        "detail": outcome.detail,
        "awaited": awaited,
        "results": [{"line": r.line, "status": r.status, "said": r.said, "reason": r.reason} for r in outcome.results],
        "chat": outcome.chat,
    }
    answer = outbox.Mail(
        Kind.ANSWER, user, game, outbox.dedupe_key(Kind.ANSWER, key), seat=seat, version=game.version,
        params={"outcome": told, "thread": thread},
        reply_to=reply_tokens.reply_address(user.pk, game.pk, game.version) if awaited else "",
    )
    outbox.enqueue([answer])
