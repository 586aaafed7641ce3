"""Outbox rows and notification preferences.

Absences (vacation) and the per-seat timeout record belong to the deadlines and live in games.models.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts import mails


class Kind(models.TextChoices):
    """The kinds of email: game emails (a player can opt out of each) and account emails (sent whatever the
    preferences: the reader asked for them, or must know)."""

    TURN = "turn", _("your turn")
    REMINDER = "reminder", _("reminder before the deadline")
    TIMEOUT = "timeout", _("deadline passed")
    STARTED = "started", _("game started")
    ENDED = "ended", _("game ended")
    DIGEST = "digest", _("daily digest")
    ANSWER = "answer", _("answer to a reply by email")
    TAKEBACK = "takeback", _("request to take a move back")
    CHAT = "chat", _("chat message")
    TABLE = "table", _("waiting room: seats taken and left, rematch offers")
    TOURNAMENT = "tournament", _("tournaments: rounds started, tournaments ended")
    VERIFY = mails.VERIFY, _("address confirmation")
    SIGNUP_ATTEMPT = mails.SIGNUP_ATTEMPT, _("sign-up attempt with a taken address")
    PASSWORD_RESET = mails.PASSWORD_RESET, _("password reset")
    DELETE_ACCOUNT = mails.DELETE_ACCOUNT, _("confirmation of an account's deletion")
    DATA_EXPORT = mails.DATA_EXPORT, _("data export")


# Account emails: rendered from accounts' templates, never held, opted out of nor unsubscribed from.
ACCOUNT_KINDS = frozenset({Kind.VERIFY, Kind.SIGNUP_ATTEMPT, Kind.PASSWORD_RESET, Kind.DELETE_ACCOUNT, Kind.DATA_EXPORT})
# The game emails, in the order the settings list them.
GAME_KINDS = [kind for kind in Kind if kind not in ACCOUNT_KINDS]


class Channel(models.TextChoices):
    """How an outbox row reaches its reader: an email, or a channel another app sends (`delivery.channel_senders`:
    the alerts app's browser push and webhooks). Every channel shares the outbox's claim, retries and backoff."""

    EMAIL = "email", "email"
    PUSH = "push", "web push"
    WEBHOOK = "webhook", "webhook"


class Preference(models.Model):
    """How a player wants game emails: each one, a daily digest, or none; plus kinds opted out of."""

    class Mode(models.TextChoices):
        EACH = "each", _("every email")
        DIGEST = "digest", _("a daily digest")
        NONE = "none", _("no email")

    class ChatMode(models.TextChoices):
        EACH = "each", _("an email for each message")
        DIGEST = "digest", _("in the daily digest")
        NEVER = "never", _("never")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_pref")
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.EACH)
    # The players' chat messages of the player's games (the turn emails tell them whatever this says).
    chat = models.CharField(max_length=8, choices=ChatMode.choices, default=ChatMode.DIGEST)
    # Kinds (Kind values) this player never wants, whatever the mode.
    opted_out = models.JSONField(default=list, blank=True)
    # The channels besides email the player has set up (Channel values: a subscribed browser, a webhook), kept
    # by the app of those channels when one is added or removed (alerts.channels). It comes with the
    # preferences the outbox loads anyway: the channels' listeners ask the database only about a player who
    # has one, and most have none.
    channels = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.mode} (-{','.join(self.opted_out)})"


class Outbox(models.Model):
    """One email to one recipient, written in the transaction of the events that cause it.

    The row says what to render and for whom (kind, user, game, seat, the game's version, `params` such as
    the deadline shown); the text is rendered when the mail is sent (`rendering.render`, which reads the
    row: the model is data). The event log is immutable, so the text is the same whenever it is rendered.

    Life: pending -> sending (claimed with a lease) -> sent; a failed attempt goes back to pending with a
    later `next_attempt_at`; too many failures or a permanent refusal end in failed. Rows of players who
    want a digest are `held` until the daily digest takes them (-> digested).
    """

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        SENDING = "sending", "being sent"
        SENT = "sent", "sent"
        FAILED = "failed", "failed for good"
        HELD = "held", "held for the digest"
        DIGESTED = "digested", "sent in a digest"
        CANCELLED = "cancelled", "cancelled: its move was taken back"

    dedupe_key = models.CharField(max_length=160)  # unique: `outbox_dedupe_key_unique`
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # An email, or a notice through another channel to `target` (a push subscription's or a webhook's id, in
    # the app that sends that channel); such a row has no address, Message-ID use or unsubscribe link.
    channel = models.CharField(max_length=8, choices=Channel.choices, default=Channel.EMAIL)
    target = models.PositiveBigIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    to_email = models.EmailField()
    language = models.CharField(max_length=2)
    # What the mail tells: the seat it is written for, the game's version it describes, and the values
    # that are not in the log (the deadline shown, the timeout's policy, the rows a digest sums up).
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    params = models.JSONField(default=dict, blank=True)
    # Stable across retries so that a mail sent twice (a crash after SMTP accepted it) is one mail to the reader.
    message_id = models.CharField(max_length=255)
    unsubscribe_url = models.CharField(max_length=500)  # "" for an account mail (nothing to unsubscribe from)
    # The signed address to answer to (a turn, a reminder, an answer): replying plays (mailin app).
    reply_to = models.CharField(max_length=255, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    # Sending: the claim's end (then another sender may take the row). Pending: the end of the sweep's
    # hand-out to a delivery task, before which the sweep does not queue the row again.
    lease_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            # The sweep's two questions: pending rows due for an attempt, sending rows whose lease ran out.
            models.Index(fields=["status", "next_attempt_at"], name="outbox_due_idx"),
            models.Index(fields=["status", "lease_until"], name="outbox_lease_idx"),
            # (Also the user's own index: none other, one index less to write with every row.)
            models.Index(fields=["user", "status"], name="outbox_user_status_idx"),
        ]
        # A constraint rather than `unique=True` on the field, which on PostgreSQL adds a second index for
        # LIKE queries that no query makes.
        constraints = [models.UniqueConstraint(fields=["dedupe_key"], name="outbox_dedupe_key_unique")]

    def __str__(self) -> str:
        return f"outbox #{self.pk} {self.kind} to {self.to_email} ({self.status})"
