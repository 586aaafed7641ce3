"""Shapes of the games API (form only; rules live in games.services)."""

from typing import Any

from rest_framework import serializers

from .models import Game
from .registry import DEFAULT_KIND


class GameCreateSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField(max_length=32, default=DEFAULT_KIND)
    players = serializers.IntegerField(min_value=1, max_value=64)
    options = serializers.JSONField(required=False, default=dict)
    time_control = serializers.JSONField(required=False, default=dict)
    listed = serializers.BooleanField(
        required=False, default=True, help_text="listed in the lobby; false: joined only through an invite link"
    )


class CommandRequestSerializer(serializers.Serializer[Any]):
    command = serializers.JSONField()
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0)


class EventSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    actor_seat = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField()  # type: ignore[assignment]  # the API field is named "data"
    created_at = serializers.DateTimeField()
    by_service = serializers.BooleanField(help_text="played by the service for a player whose deadline passed")


class CommandResultSerializer(serializers.Serializer[Any]):
    events = EventSerializer(many=True)
    version = serializers.IntegerField()


class HistorySerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    next_after = serializers.IntegerField(help_text="the `after` of the next page")
    next = serializers.URLField(allow_null=True, help_text="the next page, or null when this one ends the log")
    events = EventSerializer(many=True)


class GameListQuerySerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=Game.Status.choices, required=False, help_text="only games in this status")
    mine = serializers.BooleanField(required=False, default=False, help_text="only games I have a seat in")


class HistoryQuerySerializer(serializers.Serializer[Any]):
    after = serializers.IntegerField(required=False, min_value=0, default=0, help_text="events after this seq")
    limit = serializers.IntegerField(required=False, min_value=1, max_value=5000, default=1000,
                                     help_text="events in one page at most")


class StateQuerySerializer(serializers.Serializer[Any]):
    at = serializers.IntegerField(required=False, min_value=1, help_text="the seq of the moment shown (default: now)")


class StateSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    view = serializers.JSONField()


class SeatSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(allow_null=True)
    user = serializers.IntegerField()
    display_name = serializers.CharField()


class GameDetailSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField()
    players = serializers.IntegerField()
    options = serializers.JSONField()
    time_control = serializers.JSONField()
    awaiting = serializers.ListField(child=serializers.IntegerField())
    deadline_at = serializers.DateTimeField(allow_null=True)
    created_by = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    joined = serializers.BooleanField()
    seats = SeatSerializer(many=True)
    view = serializers.JSONField(allow_null=True)
    legal_commands = serializers.ListField(child=serializers.JSONField())


class GameSummarySerializer(serializers.ModelSerializer[Game]):
    seated = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "kind", "status", "version", "players", "seated", "awaiting", "created_by",
                  "created_at", "deadline_at"]

    def get_seated(self, game: Any) -> int:
        return int(getattr(game, "seated", 0))
