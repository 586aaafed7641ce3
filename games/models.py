"""The event store and its projections: Game (projection columns), Seat, Command, Event, Snapshot; and what
the deadlines keep per player: Absence (a declared vacation) and SeatPresence (the timeouts of a seat).

Only games.services writes these tables. Events are append-only: the model and its queryset refuse
updates and deletes, the admin shows them read-only, and the database itself refuses them (triggers in
migration 0002).
"""

from __future__ import annotations

import uuid
from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules_kit.takeback import TAKE_BACK


class Game(models.Model):
    """One game; the columns other than the fixed ones are projections of its event log."""

    class Status(models.TextChoices):
        OPEN = "open", _("open for players")
        ACTIVE = "active", _("being played")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    kind = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    # The number of events in the log; the seq of the last one.
    version = models.PositiveIntegerField(default=0)
    # Seats wanted when open; seats playing once started.
    players = models.PositiveSmallIntegerField()
    # The seats whose decision the game waits for (RULES.awaiting of the current state).
    awaiting = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created")
    # e.g. {"decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot"}, or a time bank
    # {"mode": "bank", "initial_hours": 72, "increment_hours": 24, "max_bank_hours": 168, ...};
    # see services.clean_time_control.
    time_control = models.JSONField(default=dict, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminder_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The version at which deadline_at was set: enforcing it names this version, so it applies at most once.
    deadline_version = models.PositiveIntegerField(null=True, blank=True)
    # A time bank game only (`"mode": "bank"`): each seat's bank, a projection the clock's hook subscriber
    # writes in the transaction of the events that change who is awaited (games.deadlines.bank says its
    # shape); empty in a game with a time per decision.
    clock_banks = models.JSONField(default=dict, blank=True)
    # Whether a seat of this game ever let a deadline pass (set when its first timeout record is written):
    # until then a command need not look for the seats' timeout records.
    timed_out = models.BooleanField(default=False)
    # Whether a player seated here has declared an absence since taking the seat, or had one to come then
    # (set by games.deadlines.absences and `Seat.save`, never cleared): a new deadline of a command reads
    # the absences only in such a game. On the game's row, which a command locks first, so a declaration
    # committed while the command waited for the lock is seen.
    absences_declared = models.BooleanField(default=False)
    # Listed in the lobby for anyone to join; a private game is joined through its signed invite link, and
    # to anybody without a seat it does not exist (games.services.reading.may_see).
    listed = models.BooleanField(default=True)
    # A private game only: signed-in players without a seat may watch it once it runs, through its signed
    # watch link (games.pages.watch); never listed for them, and its id alone still shows them nothing.
    spectators_allowed = models.BooleanField(default=False)
    # Whether the game's result counts for its players' ratings (the ratings app reads it at the game's end).
    rated = models.BooleanField(default=True)
    # Some seat is held by a bot (games.services.bots): after a batch, only such a game looks for a bot's turn.
    with_bots = models.BooleanField(default=False)
    # What a player needs to join (checked by the join checks other apps register: `hooks.on_join`):
    # at least this rating (the ratings app's displayed rating of the game's kind) and this share of
    # moves made before the deadline, in percent. None: anybody may join.
    min_rating = models.FloatField(null=True, blank=True)
    min_reliability = models.PositiveSmallIntegerField(null=True, blank=True)

    # The waiting room: start by itself once every seat is taken; closed (abandoned) when still open this
    # many days after it was opened (games.services.waiting_room).
    auto_start = models.BooleanField(default=False)
    close_after_days = models.PositiveSmallIntegerField(default=14)
    # Per-game secret mixed into the random seed; never leaves the server.
    rng_salt = models.CharField(max_length=64, editable=False)
    # Hash of the last event (the head of the chain).
    head_hash = models.CharField(max_length=64, default="", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "-id"], name="game_status_idx")]

    def __str__(self) -> str:
        return f"{self.kind} game #{self.pk} ({self.status}, v{self.version})"


class Seat(models.Model):
    """A player in a game. `index` is the seat number in the rules, drawn at random when the game starts."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # The last sign that the player has the game open in a browser (games.presence): no turn mail meanwhile.
    last_seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "index", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of game #{self.game_id}: {self.user_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save; a player who takes the seat with an absence to come marks the game `absences_declared` (and
        the game loaded with the seat, which may go on to start in the same transaction)."""
        super().save(*args, **kwargs)
        if Absence.objects.filter(user_id=self.user_id, ends_at__gt=timezone.now()).exists():
            Game.objects.filter(pk=self.game_id, absences_declared=False).update(absences_declared=True)
            if Seat.game.is_cached(self):
                self.game.absences_declared = True


# The idempotency keys of the commands the service sends for a seat whose deadline passed start with this
# (so they never meet a player's key: `games.services.commands` refuses players' keys that begin with it).
# Whether the service played a command is its `by_service` column, not this prefix.
SERVICE_KEY_PREFIX = "timeout:"


class Command(models.Model):
    """A command that was applied, kept for idempotency: the same key again is answered from here."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # No index of its own: `command_idempotency` begins with the game (as for Event.game).
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="commands", db_index=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True)
    seat = models.PositiveSmallIntegerField(null=True)
    idempotency_key = models.CharField(max_length=128)
    command = models.JSONField()
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    # Played by the service for a seat whose deadline passed (the history's and the emails' "played for
    # the absent player", the end of a timeout streak), not by the player.
    by_service = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved to the cold partition of the table (PostgreSQL: partitioned by this column; migration 0019) by
    # `games.archive`, with every other row of the game, some time after the game ended. Never set back.
    archived = models.BooleanField(default=False, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "idempotency_key"], name="command_idempotency"),
        ]
        # A game's newest moves (games.services.takeback): read backwards from the newest, a few rows. Partial,
        # with the very condition of that read (its takebacks are no moves), so that it serves that read alone:
        # whole, on the big store (benchmarks/scale.py), PostgreSQL chose it over `command_idempotency` for the
        # command path's lookup of one key (the two cost alike by its estimate) and read all the game's commands.
        indexes = [models.Index(fields=["game", "first_seq"], name="command_game_move_idx",
                                condition=~models.Q(command__type=TAKE_BACK))]


class AppendOnlyError(Exception):
    """Raised by any attempt to change or remove a stored event."""


class EventQuerySet(models.QuerySet["Event"]):
    """Events can be read and inserted, never updated or deleted."""

    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("events are append-only")

    def delete(self) -> NoReturn:
        raise AppendOnlyError("events are append-only")


class Event(models.Model):
    """One event of a game's log: `data` is the engine's `encode(event)`, secret parts included.

    `hash` = sha256 over the previous event's hash and this event's content, so any edit of the log
    breaks the chain (`manage.py verify_events`).
    """

    # No index of its own: `event_unique_seq` begins with the game and serves its reads; one index less to
    # write with every event.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=64)
    data = models.JSONField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True)
    actor_seat = models.PositiveSmallIntegerField(null=True)
    # No index: no read looks events up by their command (a command's events are read by game and seq, from
    # its first_seq to its last_seq), and no command is ever deleted (the one thing such an index would
    # serve: the PROTECT check). One index less to write with every event. No key in PostgreSQL's tables
    # either (migration 0020: moving a command to the cold partition had it look for its events without an
    # index); `integrity.verify` checks that an event's command is one of its game.
    command = models.ForeignKey(Command, on_delete=models.PROTECT, related_name="events", null=True, db_index=False,
                                db_constraint=False)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    # Moved to the cold partition of the table (PostgreSQL: partitioned by this column; migration 0019) by
    # `games.archive`, with every other row of the game, some time after the game ended. Never set back.
    archived = models.BooleanField(default=False, editable=False)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq")]
        # A game's events of some types (its chapters' openings, its takebacks): those rows alone, not the
        # game's whole log filtered (games.services.story, games.services.takeback).
        indexes = [models.Index(fields=["game", "type", "seq"], name="event_game_type_idx")]

    def __str__(self) -> str:
        return f"game #{self.game_id} event {self.seq}: {self.type}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("events are append-only")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("events are append-only")


class Snapshot(models.Model):
    """The state after event `seq`, as the rules' `dump_state` gives it, so loading reads only the tail."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved to the cold partition of the table (PostgreSQL: partitioned by this column; migration 0019) by
    # `games.archive`, with every other row of the game, some time after the game ended. Never set back.
    archived = models.BooleanField(default=False, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="snapshot_unique_seq")]


class Absence(models.Model):
    """A declared vacation: deadlines of the player's games pause while it lasts."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="absences")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user_id", "starts_at"]
        indexes = [models.Index(fields=["user", "ends_at"], name="absence_user_end_idx")]
        constraints = [models.CheckConstraint(condition=models.Q(ends_at__gt=models.F("starts_at")), name="absence_positive")]


class SeatPresence(models.Model):
    """Timeouts of one seat in one game: after enough in a row the seat is absent and the bot plays it at once."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    consecutive_timeouts = models.PositiveIntegerField(default=0)
    total_timeouts = models.PositiveIntegerField(default=0)
    absent_since = models.DateTimeField(null=True, blank=True)
    # The seat's player resigned (rules_kit.resign): absent for good, never offered to another player.
    resigned = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="seat_presence_unique")]

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save; the first record of a game marks the game `timed_out` (commands look for records only then)."""
        if self._state.adding:
            Game.objects.filter(pk=self.game_id, timed_out=False).update(timed_out=True)
        super().save(*args, **kwargs)


class TakebackRequest(models.Model):
    """A player's request to take back their last move when the rules do not let them alone (another player
    moved since, or the move showed something hidden): every other player must accept. A refusal, a move
    of anyone (the game's version moves on) or `expires_at` ends it; the takeback itself is an event of the
    log (`games.services.takeback`)."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("refused")
        EXPIRED = "expired", _("expired")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="takeback_requests")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    to_version = models.PositiveIntegerField()  # the game returns to its state at this version
    at_version = models.PositiveIntegerField()  # the game's version when asked: a move since ends the request
    answers = models.JSONField(default=dict, blank=True)  # {"seat": true/false}
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=models.Q(status="open"), name="takeback_request_one_open"),
        ]

    def __str__(self) -> str:
        return f"takeback request {self.pk} of seat {self.seat} in game {self.game_id} ({self.status})"


class TableSettings(models.Model):
    """How the game table behaves for one player: whether it asks before a move that does nothing useful or
    throws something away (`GameRules.question`)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_settings")
    ask_before_waste = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"table settings of user {self.user_id}"

class Rematch(models.Model):
    """A rematch offered at the end of a game: a new game with the same options for the same players (seats
    drawn anew at its start). Each player of the old game accepts (takes a seat in the new one) or declines
    (the offer ends: the new game is abandoned); it starts by itself once all have accepted."""

    class Status(models.TextChoices):
        OFFERED = "offered", _("offered")
        STARTED = "started", _("started")
        DECLINED = "declined", _("declined")

    previous = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch_of")
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OFFERED)
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rematch of game #{self.previous_id}: game #{self.game_id} ({self.status})"


class SeatTakeover(models.Model):
    """A seat of a running game taken over by another player after its own let deadlines pass (the lobby's
    "seat wanted"): who played the seat before and after, from which version on. The history and the
    result say who played which part from these rows (the rules' log knows seats, not people)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="takeovers")
    seat = models.PositiveSmallIntegerField()
    previous_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveIntegerField()  # the new player plays the seat from the next event on
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_id", "version", "id"]

    def __str__(self) -> str:
        return f"seat {self.seat} of game #{self.game_id} taken over at v{self.version}"


class SeatChange(models.Model):
    """A seat taken or left in a game's waiting room (and the room closed for want of players): what the
    waiting room shows its players and what their emails tell."""

    class What(models.TextChoices):
        TAKEN = "taken", _("seat taken")
        LEFT = "left", _("seat left")
        CLOSED = "closed", _("closed for want of players")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True)
    what = models.CharField(max_length=8, choices=What.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_id", "-id"]

    def __str__(self) -> str:
        return f"game #{self.game_id}: {self.what} by {self.user_id}"


class HistoryRead(models.Model):
    """How far a reader has read a game's history: the version of the game when they last opened its table
    (the page marks the lines after it as new and opens on the first of them)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    read_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="history_read_unique_reader")]

    def __str__(self) -> str:
        return f"game #{self.game_id} read by {self.user_id} up to v{self.version}"
