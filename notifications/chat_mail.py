"""The chat message email (its own kind, `Kind.CHAT`: each, in the digest or never, as the player chose):
written for each other player of the game when a message is said in the players' chat (a chat hook
subscriber, `NotificationsConfig.ready`). Spectators' messages are not mailed."""

from __future__ import annotations

from chat.models import Channel, Message
from chat.services import players_ids_muting

from . import recipients
from .models import Kind
from .outbox import Mail, dedupe_key, enqueue
from .reply_tokens import reply_address


def on_message_posted(message: Message) -> None:
    """Chat hook subscriber (inside the message's transaction): one CHAT outbox row for each other player
    of the game who did not mute its author (the preference decides: sent, held for the digest, none)."""
    if message.channel != Channel.PLAYERS:
        return
    muting = players_ids_muting(message.author_id)
    game = message.game
    mails = []
    for seat in recipients.seats_of(game):
        user = seat.user
        if seat.index is None or user.pk == message.author_id or user.pk in muting:
            continue
        mails.append(Mail(
            Kind.CHAT, user, game, dedupe_key(Kind.CHAT, game.pk, message.seq, user.pk), seat=seat.index,
            version=message.game_version, params={"message": message.pk},
            reply_to=reply_address(user.pk, game.pk, message.game_version),
        ))
    enqueue(mails)
