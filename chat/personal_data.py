"""The chat's share of a person's data (registered with `accounts.personal_data` in the app's ready).

Erasing: the text of every message the person wrote is erased (`REMOVED`), the line itself stays, under the
former player's name, so that the other players' conversation keeps its shape and its numbers ("message
removed" is shown in its place); the person's own mutes and reading choices go; where another player's line
in one of the person's games names them (their display name or address), the former player's name stands
instead. Exporting: the messages the person wrote, with their game, channel and time, and whom they muted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Q

from accounts.deletion import NEUTRAL_NAME
from accounts.personal_data import PersonalDataPart, Traces
from games.personal_data import games_of

from .models import Message, Mute, Reader

if TYPE_CHECKING:
    from accounts.models import User

# A message's text once its author's account was deleted: never a text anybody can post (an empty message
# is refused), so the pages, the API and the mails tell it apart and say "message removed".
REMOVED = ""


def erase(user: User) -> None:
    """Erase the texts of the person's messages, their mutes and reading choices; rename them in the
    other players' lines of their games."""
    traces = Traces.of(user)
    others = Message.objects.filter(game_id__in=games_of(user) | _games_written_in(user)).exclude(author=user)
    mentions = Q(text__icontains=user.email) | Q(text__icontains=user.display_name)
    for message in others.filter(mentions).only("pk", "text"):
        # (In English, as the emptied account row names the person: the lines' language is unknown.)
        text = traces.replaced(message.text, NEUTRAL_NAME.format(pk=user.pk), in_words=True)
        if text != message.text:
            Message.objects.filter(pk=message.pk).update(text=text)
    Message.objects.filter(author=user).update(text=REMOVED)
    Mute.objects.filter(user=user).delete()
    Reader.objects.filter(user=user).delete()


def _games_written_in(user: User) -> set[int]:
    return set(Message.objects.filter(author=user).values_list("game_id", flat=True))


def export(user: User) -> dict[str, Any]:
    """The person's messages (not the hidden ones' hiding) and the players they muted."""
    return {
        "messages": [
            {"game": m.game_id, "seq": m.seq, "channel": m.channel, "text": m.text,
             "created_at": m.created_at.isoformat(), "hidden_by_operator": m.hidden}
            for m in Message.objects.filter(author=user).order_by("game_id", "seq")
        ],
        "muted": list(Mute.objects.filter(user=user).order_by("muted_id").values_list("muted_id", flat=True)),
    }


PART = PersonalDataPart(name="chat", erase=erase, export=export, export_in_words=True)
