"""The chat's services: who may read and write which channel of a game's chat, posting (numbered per game,
rate limited per player), listing (after a number, or as it stood at a version of the game), mutes, the
players' switch for spectators and a player's choice to hide the spectators' chat.

Who may know of a game at all is `games.services.reading`'s answer (a private game is a 404 to a
stranger); on top of it: a game's players read their own channel, spectators read it only when the host
lets them, everybody who sees the game reads the spectators' channel (a player may hide it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import ServiceError
from games.models import Game, Seat
from games.services import reading
from games.services.lifecycle import host_of

from . import hooks
from .models import Channel, Message, Mute, Reader, Room
from .text import clean_text

PAGE_SIZE = 200


@dataclass(frozen=True)
class Access:
    """What one viewer may do in one game's chat."""

    game: Game
    user: User | None
    player: bool  # seated in the game
    players_public: bool  # the host lets spectators read the players' chat
    hide_spectators: bool  # this player hides the spectators' chat

    @property
    def channels(self) -> list[str]:
        """The channels this viewer reads."""
        readable: list[str] = []
        if self.player or self.players_public:
            readable.append(Channel.PLAYERS)
        if not (self.player and self.hide_spectators):
            readable.append(Channel.SPECTATORS)
        return readable

    @property
    def own_channel(self) -> str:
        """Where this viewer's messages go unless they name another."""
        return Channel.PLAYERS if self.player else Channel.SPECTATORS


def _user(user: Any) -> User | None:
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def access(game_id: Any, user: Any, *, game: Game | None = None) -> Access:
    """The viewer's access to the game's chat; a game this viewer may not see is the 404 of a missing game.
    `game`: a game the caller already let the viewer see (a private game's signed watch link)."""
    viewer = _user(user)
    if game is None:
        game = reading.get_game(game_id, viewer)
    player = viewer is not None and Seat.objects.filter(game=game, user=viewer).exists()
    room = Room.objects.filter(game=game).first()
    hide = player and Reader.objects.filter(game=game, user=viewer, hide_spectators=True).exists()
    return Access(game, viewer, player, room is not None and room.players_public, hide)


def _rate_limited(user: User) -> int | None:
    """Seconds until `user` may post again when the last window's messages used up the rate, else None."""
    count = int(settings.CHAT_RATE_MESSAGES)
    window = timedelta(seconds=int(settings.CHAT_RATE_SECONDS))
    recent = list(Message.objects.filter(author=user, created_at__gte=timezone.now() - window)
                  .order_by("-created_at").values_list("created_at", flat=True)[:count])
    if len(recent) < count:
        return None
    return max(1, int((recent[-1] + window - timezone.now()).total_seconds()) + 1)


def post(user: Any, game_id: Any, text: Any, channel: str | None = None, *, game: Game | None = None) -> Message:
    """Say `text` in the game's chat (the viewer's own channel unless `channel` names another): numbered
    after the game's last message, with the game's version now. Refused, with nothing written: a viewer
    who is not signed in (401), a spectator in the players' channel (403), a bad text (400), too many
    messages in the rate's window (429)."""
    chat = access(game_id, user, game=game)
    if chat.user is None:
        raise ServiceError("unauthenticated", "not_authenticated", _("Sign in to chat."))
    channel = channel or chat.own_channel
    if channel not in Channel.values:
        raise ServiceError("invalid", "invalid_channel", _("channel is one of {choices}.").format(
            choices=", ".join(Channel.values)))
    if channel == Channel.PLAYERS and not chat.player:
        raise ServiceError("forbidden", "not_a_player", _("Only the game's players write in the players' chat."))
    cleaned = clean_text(text)
    wait = _rate_limited(chat.user)
    if wait is not None:
        raise ServiceError("too_many", "chat_rate_limited", _(
            "You are writing too fast: at most {count} messages in {seconds} seconds. Try again in {wait} seconds."
        ).format(count=settings.CHAT_RATE_MESSAGES, seconds=settings.CHAT_RATE_SECONDS, wait=wait), retry_after=wait)
    with transaction.atomic():
        Room.objects.get_or_create(game=chat.game)
        room = Room.objects.select_for_update().get(game=chat.game)
        room.last_seq += 1
        room.save(update_fields=["last_seq"])
        version = Game.objects.filter(pk=chat.game.pk).values_list("version", flat=True).get()
        message = Message.objects.create(game=chat.game, seq=room.last_seq, channel=channel, author=chat.user,
                                         text=cleaned, game_version=version)
        hooks.message_posted(message)
    return message


def visible(chat: Access, *, after: int = 0, at: int | None = None) -> QuerySet[Message]:
    """The messages this viewer reads, after number `after`, as said up to the game's version `at` (None:
    up to now): their channels, none hidden by an operator, none by an author they muted."""
    messages = Message.objects.filter(game=chat.game, seq__gt=after, channel__in=chat.channels, hidden=False)
    if at is not None:
        messages = messages.filter(game_version__lte=at)
    if chat.user is not None:
        messages = messages.exclude(author__in=Mute.objects.filter(user=chat.user).values("muted"))
    return messages.select_related("author").order_by("seq")


def as_dict(message: Message) -> dict[str, Any]:
    """A message as the API shows it."""
    return {
        # An erased text (its author deleted the account: chat.personal_data) is said as removed.
        "seq": message.seq, "channel": message.channel, "text": message.text or _("message removed"),
        "removed": not message.text, "game_version": message.game_version,
        "author": {"id": message.author_id, "display_name": message.author.public_name},
        "created_at": message.created_at,
    }


def messages_page(user: Any, game_id: Any, *, after: int = 0, at: int | None = None) -> dict[str, Any]:
    """The viewer's messages after number `after` (at most PAGE_SIZE), as said up to version `at` if given
    (the replay: what was said by then), with the last number to ask after next."""
    chat = access(game_id, user)
    if at is not None and at > chat.game.version:
        raise ServiceError("invalid", "invalid_version", _("The game has {count} events; at is at most that.").format(
            count=chat.game.version))
    found = list(visible(chat, after=after, at=at)[:PAGE_SIZE])
    return {
        "messages": [as_dict(m) for m in found],
        "last": found[-1].seq if found else after,
        "channels": chat.channels,
        "players_public": chat.players_public,
        "hide_spectators": chat.hide_spectators,
    }


def set_mute(user: User, muted_id: Any, mute: bool) -> None:
    """Hide (or show again) every chat message of another player for `user`."""
    other = User.objects.filter(pk=muted_id, is_active=True).first() if str(muted_id).isdigit() else None
    if other is None:
        raise ServiceError("not_found", "user_not_found", _("There is no such player."))
    if other.pk == user.pk:
        raise ServiceError("invalid", "cannot_mute_self", _("You cannot mute yourself."))
    if mute:
        Mute.objects.get_or_create(user=user, muted=other)
    else:
        Mute.objects.filter(user=user, muted=other).delete()


def muted_ids(user: Any) -> list[int]:
    """The ids of the players `user` muted."""
    viewer = _user(user)
    return [] if viewer is None else list(Mute.objects.filter(user=viewer).values_list("muted_id", flat=True))


def set_players_public(user: User, game_id: Any, public: bool) -> None:
    """The host lets spectators read the players' chat (or stops it)."""
    chat = access(game_id, user)
    if host_of(chat.game) != user.pk:
        raise ServiceError("forbidden", "not_the_host", _("Only the host decides whether spectators read the players' chat."))
    Room.objects.update_or_create(game=chat.game, defaults={"players_public": public})


def set_hide_spectators(user: User, game_id: Any, hide: bool) -> None:
    """A player hides the spectators' chat on their page (or shows it again)."""
    chat = access(game_id, user)
    if not chat.player:
        raise ServiceError("forbidden", "not_a_player", _("Only the game's players can hide the spectators' chat."))
    Reader.objects.update_or_create(game=chat.game, user=user, defaults={"hide_spectators": hide})


def hide_messages(messages: QuerySet[Message]) -> int:
    """An operator hides messages for everybody (kept, never deleted); the number hidden now."""
    return messages.filter(hidden=False).update(hidden=True, hidden_at=timezone.now())


def players_ids_muting(author_id: int) -> set[int]:
    """The ids of the players who muted this author (they get none of the author's messages by mail)."""
    return set(Mute.objects.filter(muted_id=author_id).values_list("user_id", flat=True))
