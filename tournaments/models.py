"""A tournament's rows: the Tournament (its settings, fixed at creation, and its projection columns), its
append-only log (TournamentEvent: the truth; the standings are its fold, `tournaments.standings`), the link
of its tables to their games (TournamentGame: the games know nothing of it), the invitations of an
invitation-only tournament and the bans from new entries after a withdrawal or a loss on time.

Only `tournaments.services` writes these tables; the log's rows through its one write path
(`services.writing.advance`), which locks the tournament's row and checks its version.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Tournament(models.Model):
    """One tournament: what its host set (fixed once created: the `created` event repeats it for the fold)
    and the projection columns of its log (status, version, the last round paired, when to look at it)."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss")

    class Entry(models.TextChoices):
        OPEN = "open", _("open to everybody")
        INVITATION = "invitation", _("by invitation")

    class Status(models.TextChoices):
        SIGNUP = "signup", _("open for sign-up")
        RUNNING = "running", _("running")
        ENDED = "ended", _("ended")
        CANCELLED = "cancelled", _("cancelled")

    class Policy(models.TextChoices):
        FORFEIT = "forfeit", _("the rest of the games are forfeited")
        BOT = "bot", _("a bot plays the rest of the games")

    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    format = models.CharField(max_length=16, choices=Format.choices)
    # Swiss: the number of rounds; round robin: the rounds of tables (every pair once at 2-player tables).
    rounds = models.PositiveSmallIntegerField()
    table_size = models.PositiveSmallIntegerField()
    # As a game's (games.services.lifecycle.clean_time_control): each game of the tournament gets it.
    time_control = models.JSONField(default=dict, blank=True)
    # A game still running this many days after its start is decided by its scores so far (None: no limit).
    max_game_days = models.PositiveSmallIntegerField(null=True, blank=True)
    entry = models.CharField(max_length=16, choices=Entry.choices, default=Entry.OPEN)
    min_rating = models.FloatField(null=True, blank=True)
    min_reliability = models.PositiveSmallIntegerField(null=True, blank=True)
    # Sign-up closes at this time (the beat task starts the tournament then) or once max_players joined.
    signup_until = models.DateTimeField(null=True, blank=True)
    min_players = models.PositiveSmallIntegerField(default=2)
    max_players = models.PositiveSmallIntegerField()
    # A withdrawal or a loss on time: the rest of the player's games forfeited, or played by a bot; and a ban
    # from entering new tournaments for this many days (0: none).
    withdrawal_policy = models.CharField(max_length=16, choices=Policy.choices, default=Policy.FORFEIT)
    ban_days = models.PositiveSmallIntegerField(default=0)
    # Placement points per table size ({"4": [6, 4, 2, 0]}; empty: tournaments.standings.default_points) and
    # a bye's points (None: the standings' default).
    points = models.JSONField(default=dict, blank=True)
    bye_points = models.FloatField(null=True, blank=True)
    # The seed of the pairings' random source (tournaments.pairing.round_rng): public once the tournament
    # starts, so anybody can derive a round again.
    seed = models.CharField(max_length=64, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created")
    # Projections of the log, written with its events.
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SIGNUP)
    version = models.PositiveIntegerField(default=0)
    current_round = models.PositiveSmallIntegerField(default=0)
    players_count = models.PositiveSmallIntegerField(default=0)
    # When the beat task should look at it next (sign-up's end, a game's maximum length); None: only when a
    # game of it finishes.
    due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # A league's group: its league, season (1, 2, ...), tier (0 the highest) and group in the tier.
    league = models.ForeignKey("League", on_delete=models.PROTECT, null=True, blank=True, related_name="groups")
    season = models.PositiveSmallIntegerField(null=True, blank=True)
    tier = models.PositiveSmallIntegerField(null=True, blank=True)
    group = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "-id"], name="tournament_status_idx")]
        constraints = [
            models.UniqueConstraint(fields=["league", "season", "tier", "group"], name="league_group_once",
                                    condition=models.Q(league__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"tournament #{self.pk} {self.name} ({self.status}, v{self.version})"


class AppendOnlyError(Exception):
    """Raised by any attempt to change or remove a stored tournament event."""


class TournamentEventQuerySet(models.QuerySet["TournamentEvent"]):
    """Events can be read and inserted, never updated or deleted."""

    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("tournament events are append-only")

    def delete(self) -> NoReturn:
        raise AppendOnlyError("tournament events are append-only")


class TournamentEvent(models.Model):
    """One event of a tournament's log (types: `tournaments.standings.EVENT_TYPES`)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    data = models.JSONField(default=dict)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True)
    created_at = models.DateTimeField()

    objects = TournamentEventQuerySet.as_manager()

    class Meta:
        ordering = ["tournament_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["tournament", "seq"], name="tournament_event_unique_seq")]

    def __str__(self) -> str:
        return f"tournament #{self.tournament_id} event {self.seq}: {self.type}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("tournament events are append-only")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("tournament events are append-only")


class TournamentGame(models.Model):
    """The game of one table of one round (written with the `game_linked` event): how a finished game finds
    its tournament, while the game knows nothing of it.

    Its `result` is the tournament's inbox for that game: the hook subscriber writes it in the transaction
    that finishes the game (only this row: no lock on the tournament's row, so games finishing in several
    tournaments at once never wait on each other in a cycle), and the tournament's one write path turns it
    into its `game_finished` event and marks the row `recorded` in the same transaction."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="games")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="+")
    # {"places": {user id: place}, "forfeited": [user ids]}: the game's own result, as the rules place it.
    result = models.JSONField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    recorded = models.BooleanField(default=False)  # its game_finished event is in the log

    class Meta:
        ordering = ["tournament_id", "round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "table"], name="tournament_game_unique_table"),
        ]
        indexes = [
            models.Index(fields=["tournament"], condition=models.Q(recorded=False), name="tournament_game_open_idx"),
        ]

    def __str__(self) -> str:
        return f"tournament #{self.tournament_id} round {self.round} table {self.table}: game #{self.game_id}"


class League(models.Model):
    """A league: seasons of round-robin groups in tiers, with promotion and relegation between seasons
    (`tournaments.leagues.next_season`). Its settings are fixed at creation; each season's groups are
    tournaments (`Tournament.league`); its log (`LeagueEvent`) says how the seasons went, and the columns
    below are the log's projection, written with its events under the league's row lock."""

    class Status(models.TextChoices):
        RUNNING = "running", _("running")
        ENDED = "ended", _("ended")

    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(default=2)
    group_size = models.PositiveSmallIntegerField()
    promote = models.PositiveSmallIntegerField(default=1)
    relegate = models.PositiveSmallIntegerField(default=1)
    # None: the league goes on season after season.
    seasons = models.PositiveSmallIntegerField(null=True, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    max_game_days = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawal_policy = models.CharField(max_length=16, choices=Tournament.Policy.choices, default=Tournament.Policy.FORFEIT)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="leagues_created")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    version = models.PositiveIntegerField(default=0)
    current_season = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"league #{self.pk} {self.name} (season {self.current_season}, v{self.version})"


class LeagueEventQuerySet(models.QuerySet["LeagueEvent"]):
    """Events can be read and inserted, never updated or deleted."""

    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("league events are append-only")

    def delete(self) -> NoReturn:
        raise AppendOnlyError("league events are append-only")


class LeagueEvent(models.Model):
    """One event of a league's log: `created`, `season_started` (its tiers of groups and their
    tournaments), `season_ended` (each group's final order, who went up and down), `ended`."""

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField()

    objects = LeagueEventQuerySet.as_manager()

    class Meta:
        ordering = ["league_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["league", "seq"], name="league_event_unique_seq")]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("league events are append-only")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("league events are append-only")


class TournamentInvitation(models.Model):
    """A player the host invited to an invitation-only tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="tournament_invitation_once")]


class EntryBan(models.Model):
    """No new tournament entries for this player until `until` (after a withdrawal or a loss on time in
    `tournament`, whose `ban_days` it was)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    until = models.DateTimeField()
    reason = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["user", "until"], name="entry_ban_user_until_idx")]
        constraints = [models.UniqueConstraint(fields=["user", "tournament"], name="entry_ban_once_per_tournament")]
