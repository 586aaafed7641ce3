"""The players' chat as the mails tell it: the message email's text and the messages a turn email tells
("Since your last turn: ... Ben wrote: ..."), read for a whole delivery batch at once. A message hidden by
an operator or written by someone the reader muted is never told."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from chat.models import Channel, Message, Mute

from .models import Outbox

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
    return Said(message.author.display_name, message.text)


def said_since(turns: list[Outbox], history_from: dict[int, int]) -> dict[int, list[Said]]:
    """By turn row: the players' messages said since the reader's last own move (after the event the row's
    history starts from) until the row was written, not the reader's own, none hidden or muted. One query
    for the messages of all the rows' games, one for the readers' mutes."""
    if not turns:
        return {}
    games = {row.game_id for row in turns}
    found = list(Message.objects.filter(game_id__in=games, channel=Channel.PLAYERS, hidden=False)
                 .filter(game_version__gt=min(history_from.get(row.pk, 0) for row in turns))
                 .select_related("author").order_by("seq"))
    if not found:
        return {}
    muted: dict[int, set[int]] = {}
    for user_id, muted_id in Mute.objects.filter(user_id__in={row.user_id for row in turns}).values_list("user_id", "muted_id"):
        muted.setdefault(user_id, set()).add(muted_id)
    lines = {}
    for row in turns:
        since, upto, until = history_from.get(row.pk, 0), row.version or 0, row.created_at
        lines[row.pk] = [
            Said(m.author.display_name, m.text) for m in found
            if m.game_id == row.game_id and since < m.game_version <= upto and _before(m.created_at, until)
            and m.author_id != row.user_id and m.author_id not in muted.get(row.user_id, set())
        ]
    return lines


def _before(said_at: datetime, written_at: datetime | None) -> bool:
    return written_at is None or said_at <= written_at


def chat_lines(said: list[Said]) -> list[str]:
    """The messages as a turn email's lines (the last CHAT_LIMIT, the rest summed up), in the active language."""
    lines = [_("... and {count} earlier messages").format(count=len(said) - CHAT_LIMIT)] if len(said) > CHAT_LIMIT else []
    return lines + [message.line() for message in said[-CHAT_LIMIT:]]


def messages_of(rows: list[Outbox]) -> dict[int, Said | None]:
    """By CHAT row: its message as the mail tells it (None: hidden by an operator since), in one query."""
    ids = {int(row.params["message"]) for row in rows if row.kind == "chat" and row.params.get("message")}
    found = Message.objects.filter(pk__in=ids).select_related("author").in_bulk() if ids else {}
    return {row.pk: told(found.get(int(row.params.get("message") or 0))) for row in rows if row.kind == "chat"}
