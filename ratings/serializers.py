"""Shapes of the profile API (form only: `profiles` decides what is shown)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.api_fields import StrictBooleanField


class RecordSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    played = serializers.IntegerField(help_text="finished games")
    won = serializers.IntegerField(help_text="finished games in first place (a shared first place too)")
    running = serializers.IntegerField()


class RatingSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    rating = serializers.FloatField(help_text="OpenSkill's ordinal, mu - 3 sigma (a newcomer's is 0)")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="rated games")


class ReliabilitySerializer(serializers.Serializer[Any]):
    share = serializers.IntegerField(allow_null=True, help_text="percent of moves made before the deadline")
    own_moves = serializers.IntegerField()
    service_moves = serializers.IntegerField(help_text="moves the service played when a deadline passed")
    missed_last_90_days = serializers.IntegerField(help_text="deadlines missed in the last 90 days")
    median_seconds_to_move = serializers.FloatField(allow_null=True, help_text="the usual (median) time to move")


class FinishedGameSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    kind = serializers.CharField()
    place = serializers.IntegerField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    finished_at = serializers.DateTimeField()


class ProfileSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    bot = serializers.BooleanField(help_text="a bot's account (it plays the seats hosts give to bots; no reliability)")
    hidden = serializers.ListField(child=serializers.ChoiceField(choices=["record", "rating", "reliability", "games"]),
                                   help_text="the parts the player keeps private (null below, but to the player)")
    record = RecordSerializer(many=True, allow_null=True)
    ratings = RatingSerializer(many=True, allow_null=True)
    reliability = ReliabilitySerializer(allow_null=True)
    finished_games = FinishedGameSerializer(many=True, allow_null=True,
                                            help_text="replays: GET /api/games/{game}/state?at=")


class PrivacySerializer(serializers.Serializer[Any]):
    show_record = serializers.BooleanField()
    show_rating = serializers.BooleanField()
    show_reliability = serializers.BooleanField()
    show_games = serializers.BooleanField()


class PrivacyUpdateSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    show_record = StrictBooleanField(required=False)
    show_rating = StrictBooleanField(required=False)
    show_reliability = StrictBooleanField(required=False)
    show_games = StrictBooleanField(required=False)
