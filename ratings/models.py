"""What the ratings app keeps beside the games' logs: each player's rating per game kind, each seat's result
of a finished game (its place, and the rating before and after where it counted), the deadlines a player
missed (with their time, for "the last 90 days"), and what of their profile a player shows.

Ratings and results are derived from the event logs (`manage.py recompute_ratings` writes them again);
the missed deadlines are written when the service plays for a player (`games.hooks.on_timeout`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Rating(models.Model):
    """A player's OpenSkill rating (Plackett-Luce: `mu`, `sigma`) of one game kind, after `games` rated games."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    kind = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="rating_one_per_kind")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: mu {self.mu:.2f}, sigma {self.sigma:.2f}"


class Result(models.Model):
    """One seat's result in a finished game: its place by the rulebook (1 the best, shared in a tie; a
    resigned or abandoned seat placed last), and, where the result counted for the rating, the rating
    before and after (null: an unrated game, or a seat left out: one the service played all along)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="results")
    kind = models.CharField(max_length=32)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    finished_at = models.DateTimeField()
    mu_before = models.FloatField(null=True)
    sigma_before = models.FloatField(null=True)
    mu_after = models.FloatField(null=True)
    sigma_after = models.FloatField(null=True)

    class Meta:
        ordering = ["-finished_at", "-game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="result_one_per_seat")]
        indexes = [models.Index(fields=["user", "kind"], name="result_user_kind_idx")]


class MissedDeadline(models.Model):
    """A deadline a player let pass (the service played for them), as the deadlines' `TimeoutPlayed` tells it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    missed_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat", "version"], name="missed_deadline_once")]
        indexes = [models.Index(fields=["user", "missed_at"], name="missed_user_time_idx")]


class ProfilePrivacy(models.Model):
    """What of a player's profile others see (a missing row: everything). Each flag hides what it names, on
    the profile page, in its API and in the lobby."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile_privacy")
    show_record = models.BooleanField(_("show my games played, won and running"), default=True)
    show_rating = models.BooleanField(_("show my ratings"), default=True)
    show_reliability = models.BooleanField(_("show my reliability and my usual time to move"), default=True)
    show_games = models.BooleanField(_("show my finished games"), default=True)

    FLAGS = ("show_record", "show_rating", "show_reliability", "show_games")
