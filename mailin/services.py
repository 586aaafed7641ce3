"""A reply by email, from the raw message to the answer email.

`receive(raw)` is the one entry of both ways in (`manage.py receive_mail`, the providers' webhooks):
it drops what must never be answered (machines, strangers, forged or expired addresses, too much mail
from one sender), handles delivery failure reports, and otherwise plays the reply's lines, each read by the
reader of its kind (a rematch's answer, a line this message applied already, a takeback, a resignation, a
move: `_read_line`), only through the public functions of `games.services` (every change through their one
write path; idempotency key: the Message-ID and the line), and writes one answer email (an outbox row,
rendered at delivery by `notifications.letters.answer`).
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
from games.models import Game
from games.registry import GameKind, get_kind
from notifications import email_choices, outbox, reply_tokens
from notifications.models import Kind
from rules_kit.resign import RESIGN

from . import bounces, parse, reasons, rematches, selections, standing, takebacks
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
    game = _game(token.game_id)
    seat = games.seat_of(game, user) if game is not None else None
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


def _game(game_id: int) -> Game | None:
    """The game the reply address names, or None when there is none (any more)."""
    try:
        return games.find_game(game_id)
    except ServiceError:
        return None


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


def play(user: User, game: Game, seat: int, version: int, lines: list[str], key: str) -> Outcome:
    """Apply the reply's lines in order (`game`: its row as read just now; `version`: the one the answered
    email showed), stopping at the first refused one (later ones are not tried). Each line is read by the
    reader of its kind (`_read_line`). The reasons of refusals are worded in the player's language (the
    answer email's)."""
    with translation.override(language_of(user)):
        refused = _unplayable(lines)
        if refused is not None:
            return refused
        reply = _Reply(user, game, seat, version, key, get_kind(game.kind), games.player_names(game),
                       _listed(game, seat, version))
        results: list[LineResult] = []
        for index, line in enumerate(lines):
            results.append(_read_line(reply, index, line))
            if results[-1].status != "applied":
                break
    results += [LineResult(line, "skipped") for line in lines[len(results):]]
    applied = sum(r.status == "applied" for r in results)
    status = "applied" if applied == len(lines) else ("partly_applied" if applied else "refused")
    return Outcome(status, results=results)


def _unplayable(lines: list[str]) -> Outcome | None:
    """The outcome of a reply with no line to play, or with an unreadable one; None for a reply to play."""
    if not lines:
        return Outcome("no_commands", _("No choice was found above the quoted email."))
    if any(parse.unreadable(line) for line in lines):  # never matched, stored nor quoted back
        return Outcome("unreadable", _(
            "Your email contains characters that cannot be read (a control character, or text in an unknown "
            "encoding), so nothing was changed. Please write your choice again as plain text."
        ))
    return None


def _listed(game: Game, seat: int, version: int) -> list[dict[str, Any]]:
    """The choices as the answered email numbered them (a reply by number means one of these)."""
    then = games.choices_at(game, seat, version)
    return [] if then is None else email_choices.email_choices(get_kind(game.kind), then.legal, then.view)[0]


@dataclass
class _Reply:
    """A reply being played: its sender and seat, the version its email showed, the message's key (each
    line's idempotency key is `mail:<key>:<index>`), and the game as the lines so far left it."""

    user: User
    game: Game
    seat: int
    version: int
    key: str
    kind: GameKind
    names: dict[int, str]
    listed: list[dict[str, Any]]

    def moved(self) -> None:
        """Read the game's row again after a line changed the game (the next line is read against it)."""
        self.game = games.find_game(self.game.pk)


def _read_line(reply: _Reply, index: int, line: str) -> LineResult:
    """The line, read by the reader of its kind. The order settles what a word means: "accept"/"decline"
    answers a finished game's rematch; a line this message already applied (delivered twice) is told as it
    was; a standing answer ("moat: always") is taken whenever (`standing`); a first line answering an email
    the game has moved on from is refused (but "resign", whenever);
    "take back" ("undo"), "accept", "refuse" are a takeback's; "resign" resigns; any other line names a move."""
    rematch = rematches.wanted(reply.game, line)
    if rematch is not None:
        return _rematch_line(reply, line, rematch)
    key = f"mail:{reply.key}:{index}"
    earlier = games.applied_command(reply.game, reply.user, key)
    if earlier is not None:
        return _repeated_line(reply, line, earlier)
    if ":" in line:  # a standing answer ("moat: always"), at any time, awaited or not, whatever the version
        now = games.choices_now(reply.game, reply.seat)
        command = standing.wanted(reply.kind, line, now.view)
        if command is not None:
            return _send(reply, line, command, key, now)
    if index == 0 and reply.game.version != reply.version and not is_resignation(line):
        return LineResult(line, "refused", reason=_stale_reason(reply))
    takeback = takebacks.wanted(line)
    if takeback is not None:
        return _takeback_line(reply, line, takeback, key)
    now = games.choices_now(reply.game, reply.seat)
    if is_resignation(line):  # at any time, awaited or not, whatever the version
        return _send(reply, line, {"type": RESIGN}, key, now)
    return _move_line(reply, line, key, now)


def _rematch_line(reply: _Reply, line: str, rematch: str) -> LineResult:
    """"accept", "decline" in a finished game: the answer to the offer of a rematch."""
    try:
        said = rematches.apply(reply.user, reply.game, rematch)
    except ServiceError as error:
        return LineResult(line, "refused", {"type": rematch}, error.reader_message())
    return LineResult(line, "applied", {"type": rematch}, said=said)


def _repeated_line(reply: _Reply, line: str, command: dict[str, Any]) -> LineResult:
    """A line of this message that was applied already (the message came again before its answer was
    written): told as applied, in the same words, and not sent again."""
    said = takebacks.said_again(command)
    if said is None:
        view = games.choices_now(reply.game, reply.seat).view
        said = email_choices.describe_command(reply.kind, command, language_of(reply.user), reply.names, view)
    return LineResult(line, "applied", command, said=said)


def _takeback_line(reply: _Reply, line: str, takeback: str, key: str) -> LineResult:
    """"take back" ("undo"), "accept", "refuse": a takeback or the answer to a request for one, awaited or not."""
    try:
        said = takebacks.apply(reply.user, reply.game, takeback, key)
    except ServiceError as error:
        return LineResult(line, "refused", {"type": takeback}, error.reader_message())
    reply.moved()
    return LineResult(line, "applied", {"type": takeback}, said=said)


def _move_line(reply: _Reply, line: str, key: str, now: games.SeatChoices) -> LineResult:
    """A move, by its number in the answered email or its words (a selection of cards by their names); a
    move that is not among the choices now (Gold with 3 coins) is refused with the engine's reason if it has
    one."""
    if not now.legal:
        return LineResult(line, "refused", reason=_("The game is not waiting for you now."))
    describe = partial(email_choices.describe_command, reply.kind, view=now.view)
    offers = selections.offers(reply.kind, now.view, now.legal, describe, reply.names)
    match = selections.match_reply(line, reply.listed, now.legal, describe, reply.names, offers)
    if match.command is None:
        reason = reasons.engine_reason(reply.kind, reply.game, now, line, describe, reply.names)
        return LineResult(line, "refused", reason=reason or match.error)
    return _send(reply, line, match.command, key, now)


def _send(reply: _Reply, line: str, command: dict[str, Any], key: str, now: games.SeatChoices) -> LineResult:
    """The line's command through the one write path (`games.execute`) at the game's version now; told in
    the words of the game as the sender saw it before (a Ruins buy names the card it gave)."""
    said = email_choices.describe_command(reply.kind, command, language_of(reply.user), reply.names, now.view)
    try:
        games.execute(reply.user, reply.game.pk, command, idempotency_key=key, expected_version=reply.game.version)
    except ServiceError as error:
        return LineResult(line, "refused", command, error.reader_message())
    reply.moved()
    return LineResult(line, "applied", command, said=said)


def _stale_reason(reply: _Reply) -> str:
    """Why a reply to an email the game has moved on from changes nothing."""
    if reply.game.status == Game.Status.FINISHED:
        return _("This game is over.")
    if games.service_moved_for(reply.game, reply.seat, reply.version):
        return _("The deadline of this decision passed and the service moved for you; nothing was changed.")
    return _("This decision was already taken; nothing was changed.")


def is_resignation(line: str) -> bool:
    """Whether a reply's line resigns the game: the word alone, in either language ("resign", "aufgeben")."""
    return line.strip().rstrip(".!").casefold() in RESIGN_WORDS


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


# --- the answer -----------------------------------------------------------------------------------


def _answer(user: User, game: Game, seat: int, outcome: Outcome, key: str, thread: dict[str, str]) -> None:
    """One outbox row, rendered when it is sent like every mail: what was applied, what was refused and why,
    and the choices at the game's version now (answerable again while the seat is awaited), threaded with
    the player's message (`thread`: its `parse.thread_headers`, for the In-Reply-To and References headers).
    The row keeps what only this moment knows: each line's outcome, an applied command in the words its
    sender saw (a Ruins buy names the card it gave), a refusal's reason in the player's language."""
    game = games.find_game(game.pk)  # as the reply's lines and chat left it
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
