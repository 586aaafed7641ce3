"""The players' chat as the mails tell it: the message email's text and the messages a turn email tells
("Since your last turn: ... Ben wrote: ..."), read for a whole delivery batch at once. A message hidden by
an operator or written by someone the reader muted is never told."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import OuterRef, Subquery
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from accounts.models import User
from chat.models import Channel, Message, Mute

from .models import Kind, Outbox

CHAT_LIMIT = 20  # messages told in one turn email; older ones are summed up in one line


@dataclass(frozen=True)
class Said:
    """A message as a mail tells it."""

    author: str
    text: str

    def line(self) -> str:
        """"Ben wrote: ..." in the active language, on one line."""
        return _("{name} wrote: {text}").format(name=self.author, text=" / ".join(self.text.splitlines()))


def told(message: Message | None) -> Said | None:
    """A message as a mail may tell it (None: gone, or hidden by an operator)."""
    if message is None or message.hidden:
        return None
    return said(message)


def said(message: Message) -> Said:
    """A message as a mail tells it; one whose text was erased with its author's account says so. A
    deleted author's name and that word are said when the mail's line is made, in its reader's language
    (the lines are read for a whole batch, before each mail's language is known)."""
    author = message.author
    name = _later_name(author) if author.deleted_at is not None else author.public_name
    return Said(name, message.text or _later_removed())


def _name_now(user: User) -> str:
    return user.public_name


def _removed_now() -> str:
    return _("message removed")


_later_name = lazy(_name_now, str)
_later_removed = lazy(_removed_now, str)


def said_since(turns: list[Outbox]) -> dict[int, list[Said]]:
    """By turn row: the players' messages said since the reader's previous turn email of that game (since
    the start when none) until the row was written; not the reader's own, none hidden, none by an author
    the reader muted. Three queries for all the rows: the previous turn mails, the messages, the mutes."""
    if not turns:
        return {}
    previous = (Outbox.objects.filter(kind=Kind.TURN, user=OuterRef("user"), game=OuterRef("game"), pk__lt=OuterRef("pk"))
                .order_by("-pk").values("created_at")[:1])
    since: dict[int, datetime | None] = dict(
        Outbox.objects.filter(pk__in=[row.pk for row in turns]).annotate(before=Subquery(previous)).values_list("pk", "before"))
    messages = Message.objects.filter(game_id__in={row.game_id for row in turns}, channel=Channel.PLAYERS, hidden=False,
                                      created_at__lte=max(row.created_at for row in turns))
    if all(since.get(row.pk) is not None for row in turns):
        messages = messages.filter(created_at__gt=min(moment for moment in since.values() if moment is not None))
    found = list(messages.select_related("author").order_by("seq"))
    if not found:
        return {}
    muted: dict[int, set[int]] = {}
    for user_id, muted_id in Mute.objects.filter(user_id__in={row.user_id for row in turns}).values_list("user_id", "muted_id"):
        muted.setdefault(user_id, set()).add(muted_id)
    return {row.pk: [
        said(m) for m in found
        if m.game_id == row.game_id and _between(m.created_at, since.get(row.pk), row.created_at)
        and m.author_id != row.user_id and m.author_id not in muted.get(row.user_id, set())
    ] for row in turns}


def _between(said_at: datetime, after: datetime | None, until: datetime) -> bool:
    return (after is None or said_at > after) and said_at <= until


def chat_lines(said: list[Said]) -> list[str]:
    """The messages as a turn email's lines (the last CHAT_LIMIT, the rest summed up), in the active language."""
    lines = [_("... and {count} earlier messages").format(count=len(said) - CHAT_LIMIT)] if len(said) > CHAT_LIMIT else []
    return lines + [message.line() for message in said[-CHAT_LIMIT:]]


def messages_of(rows: list[Outbox]) -> dict[int, Said | None]:
    """By CHAT row: its message as the mail tells it (None: hidden by an operator since), in one query."""
    ids = {int(row.params["message"]) for row in rows if row.kind == Kind.CHAT and row.params.get("message")}
    found = Message.objects.filter(pk__in=ids).select_related("author").in_bulk() if ids else {}
    return {row.pk: told(found.get(int(row.params.get("message") or 0))) for row in rows if row.kind == Kind.CHAT}
