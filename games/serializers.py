"""Shapes of the games API (form only; rules live in games.services).

The request bodies take their declared fields only (`refuse_unknown_fields`: `validated_body` refuses
others, the schema says `additionalProperties: false`), and their schemas are as exact as the checks
behind them: a command is one of the shapes the games' rules declare (`command_shapes`), the time control
an object of its three fields. What no schema can say (which command the game's state allows, which
options make a game of so many players) is refused by the rules with their own codes.
"""

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import build_basic_type
from drf_spectacular.types import OpenApiTypes
from rest_framework import serializers

from .models import Game
from .registry import DEFAULT_KIND, KINDS
from .services.lifecycle import MAX_DECISION_HOURS, MAX_TAKEOVER_AFTER, TIMEOUT_POLICIES


class CommandField(serializers.JSONField):
    """A command: a JSON object the game's rules check (schema: `CommandFieldSchema`)."""


class OptionsField(serializers.JSONField):
    """A game's options: a JSON object its rules check."""


class TimeControlField(serializers.JSONField):
    """`{decision_hours, reminder_hours, timeout_policy}`, each optional (`services.clean_time_control`)."""


def command_schemas() -> list[dict[str, Any]]:
    """The JSON Schema of every command shape of every game kind, each once (the kinds share a few)."""
    schemas: dict[str, dict[str, Any]] = {}
    for kind in KINDS.values():
        for shape in kind.rules.command_shapes:
            schema = shape.json_schema()
            schemas.setdefault(repr(schema), schema)
    return list(schemas.values())


class CommandFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """A command is one of the shapes the games' rules declare, exactly (no other field)."""

    target_class = CommandField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"anyOf": command_schemas()}


class OptionsFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """Options are an object (which ones make a game depends on the kind and the players: the rules say)."""

    target_class = OptionsField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return dict(build_basic_type(OpenApiTypes.OBJECT) or {})


class TimeControlFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """The time control's three fields and their bounds (reminder_hours is also below decision_hours)."""

    target_class = TimeControlField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "decision_hours": {"type": "number", "minimum": 0, "exclusiveMinimum": True,
                                   "maximum": MAX_DECISION_HOURS},
                "reminder_hours": {"type": "number", "minimum": 0, "maximum": MAX_DECISION_HOURS,
                                   "exclusiveMaximum": True},
                "timeout_policy": {"type": "string", "enum": list(TIMEOUT_POLICIES)},
                "takeover_after": {"type": "integer", "minimum": 0, "maximum": MAX_TAKEOVER_AFTER,
                                   "description": "missed deadlines in a row before the seat is offered to "
                                                  "another player (default 3; 0: never)"},
            },
            "additionalProperties": False,
        }


class StrictBooleanField(serializers.BooleanField):
    """true or false, as the schema says (DRF's BooleanField also takes 0, 1, "yes", "on" and the like)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class KindField(serializers.CharField):
    """A game kind's name (the service refuses an unknown one with `unknown_kind`)."""


class KindFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    target_class = KindField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "enum": list(KINDS), "default": DEFAULT_KIND}


class GameCreateSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    kind = KindField(max_length=32, default=DEFAULT_KIND, help_text=f"the game: {', '.join(KINDS)}")
    players = serializers.IntegerField(
        min_value=min(k.min_players for k in KINDS.values()), max_value=max(k.max_players for k in KINDS.values()),
        help_text="seats, you included (the host may start with fewer); each game's range: "
                  + ", ".join(f"{name} {k.min_players} to {k.max_players}" for name, k in KINDS.items()),
    )
    options = OptionsField(
        required=False, default=dict,
        help_text="the game's options, `{}` for the standard game (each game's are in its rulings document)",
    )
    time_control = TimeControlField(
        required=False, default=dict,
        help_text='`{"decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot"}` (these are the '
                  'defaults; `"minimal"` plays the least move instead of a bot\'s)',
    )
    listed = StrictBooleanField(
        required=False, default=True,
        help_text="listed in the lobby; false: a private game, joined only through its invite link and seen only "
                  "by its players (any other id answers as a missing game)",
    )
    auto_start = StrictBooleanField(
        required=False, default=False, help_text="start the game by itself once every seat is taken",
    )
    close_after_days = serializers.IntegerField(
        required=False, default=14, min_value=1, max_value=90,
        help_text="close the game (abandoned) if it has not started this many days after it was opened",
    )
    spectators_allowed = StrictBooleanField(
        required=False, default=False,
        help_text="a private game only: signed-in players without a seat may watch it once it runs, on the site "
                  "through the watch link the host shares (the API still shows it to its players only); the host "
                  "may change it later on the game's page",
    )


class CommandSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    command = CommandField(
        help_text='one of `legal_commands` of `GET /api/games/{id}/`, e.g. `{"type": "take_gold"}`'
    )
    expected_version = serializers.IntegerField(
        required=False, allow_null=True, min_value=0,
        help_text="the `version` you decided on: a 409 `version_conflict` if the game has moved on since",
    )


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
    awaiting = serializers.ListField(
        child=serializers.IntegerField(), help_text="the seats the game awaits at this version (empty: it is over)"
    )


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


class TakeoverSerializer(serializers.Serializer[Any]):
    """A seat taken over by another player (the lobby's "seat wanted") from `version` on."""

    seat = serializers.IntegerField()
    previous_user = serializers.IntegerField()
    previous_name = serializers.CharField()
    user = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField(help_text="the new player plays the seat after this event")


class TakeOverSerializer(serializers.Serializer[Any]):
    """The seat to take over."""

    seat = serializers.IntegerField(min_value=0, max_value=7)


class WantedSeatsSerializer(serializers.Serializer[Any]):
    """A running game with seats offered to other players."""

    game = serializers.IntegerField()
    kind = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())


class GameDetailSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField()
    players = serializers.IntegerField()
    listed = serializers.BooleanField(help_text="in the lobby and the list; false: a private game")
    spectators_allowed = serializers.BooleanField(help_text="a private game: others signed in may watch it once it runs, "
                                                "through its watch link on the site")
    options = serializers.JSONField()
    time_control = serializers.JSONField()
    awaiting = serializers.ListField(child=serializers.IntegerField(), help_text="the seats the game waits for")
    deadline_at = serializers.DateTimeField(allow_null=True)
    created_by = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True, help_text="your seat (null: not seated, or not started)")
    joined = serializers.BooleanField()
    seats = SeatSerializer(many=True)
    view = serializers.JSONField(allow_null=True, help_text="what your seat sees (others: the public view)")
    legal_commands = serializers.ListField(
        child=serializers.JSONField(), help_text="what your seat may send now (empty when it is not awaited)"
    )
    takeovers = TakeoverSerializer(many=True, help_text="who played which part: seats taken over, oldest first")


class GameSummarySerializer(serializers.ModelSerializer[Game]):
    seated = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "kind", "status", "version", "players", "seated", "awaiting", "created_by",
                  "created_at", "deadline_at"]

    def get_seated(self, game: Any) -> int:
        return int(getattr(game, "seated", 0))


class RematchSerializer(serializers.Serializer[Any]):
    """A rematch offered at the end of a game: the new game (private, for the same players) and its state."""

    previous = serializers.IntegerField(source="previous_id", help_text="the finished game")
    game = serializers.IntegerField(source="game_id", help_text="the new game; it starts once all accepted")
    status = serializers.CharField(help_text="offered, started (all accepted) or declined")
    offered_by = serializers.IntegerField(source="offered_by_id")
    declined_by = serializers.IntegerField(source="declined_by_id", allow_null=True)
    accepted = serializers.ListField(child=serializers.IntegerField(), help_text="the players who took their seat")
