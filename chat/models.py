"""A game's chat, kept apart from the rules' event log: the room (its sequence and the players' switch),
the messages (each with the game's version when it was said, so a replay at version V shows what was said
by then), the mutes, and what a reader chose to see."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_MESSAGE_CHARS = 2000


class Channel(models.TextChoices):
    """Who talks: the players of the game, or those who watch it."""

    PLAYERS = "players", _("players")
    SPECTATORS = "spectators", _("spectators")


class Room(models.Model):
    """A game's chat: the last message's number (locked to number the next) and whether the players let
    spectators read their chat."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True, related_name="chat_room")
    last_seq = models.PositiveIntegerField(default=0)
    players_public = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"chat of game #{self.game_id} ({self.last_seq} messages)"


class Message(models.Model):
    """One message; never deleted: an operator hides it (for everybody) from the admin."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    seq = models.PositiveIntegerField()
    channel = models.CharField(max_length=10, choices=Channel.choices)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages")
    text = models.TextField(max_length=MAX_MESSAGE_CHARS)
    # The game's version (its number of events) when the message was said: the replay at V shows it from V on.
    game_version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    hidden = models.BooleanField(default=False)
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="chat_message_seq")]
        indexes = [models.Index(fields=["author", "created_at"], name="chat_author_time_idx")]

    def __str__(self) -> str:
        return f"chat #{self.seq} of game #{self.game_id} by {self.author_id}"


class Mute(models.Model):
    """`user` does not want to read `muted`'s messages (in any game)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once")]


class Reader(models.Model):
    """What a player chose to see of a game's chat: the spectators' chat hidden on their page."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    hide_spectators = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="chat_reader_once")]
