"""The games API's own field types and their OpenAPI schemas: a command (one of the shapes the games' rules
declare), a game's options, its time control, a game kind, and booleans and numbers as strict as the schema
says. `games.serializers` builds the request and answer shapes from them; chat and ratings use the strict
boolean too."""

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import build_basic_type
from drf_spectacular.types import OpenApiTypes
from rest_framework import serializers

from .registry import default_kind, kind_names, kinds
from .services.lifecycle import (
    MAX_BANK_HOURS,
    MAX_DECISION_HOURS,
    MAX_REMINDER_PERCENT,
    MAX_TAKEOVER_AFTER,
    MODES,
    TIMEOUT_POLICIES,
)


class CommandField(serializers.JSONField):
    """A command: a JSON object the game's rules check (schema: `CommandFieldSchema`)."""


class OptionsField(serializers.JSONField):
    """A game's options: a JSON object its rules check."""


class TimeControlField(serializers.JSONField):
    """`{decision_hours, reminder_hours, timeout_policy}`, each optional, or a time bank `{"mode": "bank",
    initial_hours, increment_hours, max_bank_hours, double_after_hours, reminder_percent, timeout_policy}`
    (`services.clean_time_control`)."""


def command_schemas() -> list[dict[str, Any]]:
    """The JSON Schema of every command shape of every game kind, each once (the kinds share a few)."""
    schemas: dict[str, dict[str, Any]] = {}
    for kind in kinds:
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
    """The time control: one of its two kinds, each with its fields and their bounds (reminder_hours is also
    below decision_hours, max_bank_hours at least initial_hours, reminder_hours and reminder_percent not
    both: the service checks these)."""

    target_class = TimeControlField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        common = {
            "timeout_policy": {"type": "string", "enum": list(TIMEOUT_POLICIES)},
            "reminder_percent": {"type": "integer", "minimum": 0, "maximum": MAX_REMINDER_PERCENT,
                                 "description": "the reminder when this share of the decision's time is left (a "
                                                "bank's default 20; with a time per decision instead of "
                                                "reminder_hours; 0: none)"},
            "takeover_after": {"type": "integer", "minimum": 0, "maximum": MAX_TAKEOVER_AFTER,
                               "description": "missed deadlines in a row before the seat is offered to another "
                                              "player (default 3; 0: never)"},
        }
        per_decision = {
            "type": "object", "title": "a time per decision",
            "properties": {
                "mode": {"type": "string", "enum": [MODES[0]], "description": "the default"},
                "decision_hours": {"type": "number", "minimum": 0, "exclusiveMinimum": True,
                                   "maximum": MAX_DECISION_HOURS},
                "reminder_hours": {"type": "number", "minimum": 0, "maximum": MAX_DECISION_HOURS,
                                   "exclusiveMaximum": True},
                **common,
            },
            "additionalProperties": False,
        }
        bank = {
            "type": "object", "title": "a time bank per seat",
            "properties": {
                "mode": {"type": "string", "enum": [MODES[1]]},
                "initial_hours": {"type": "number", "minimum": 0, "exclusiveMinimum": True, "maximum": MAX_BANK_HOURS,
                                  "description": "each seat's bank at the start (default 72)"},
                "increment_hours": {"type": "number", "minimum": 0, "maximum": MAX_DECISION_HOURS,
                                    "description": "added to the bank after each decision (default 24)"},
                "max_bank_hours": {"type": "number", "minimum": 0, "exclusiveMinimum": True, "maximum": MAX_BANK_HOURS,
                                   "description": "the most a bank holds, at least initial_hours (default: the "
                                                  "larger of 168 and initial_hours)"},
                "double_after_hours": {"type": "number", "nullable": True, "minimum": 0, "exclusiveMinimum": True,
                                       "maximum": MAX_BANK_HOURS,
                                       "description": "time beyond this on one decision counts twice (null, the "
                                                      "default: never)"},
                **common,
            },
            "required": ["mode"],
            "additionalProperties": False,
        }
        return {"oneOf": [per_decision, bank]}


class StrictBooleanField(serializers.BooleanField):
    """true or false, as the schema says (DRF's BooleanField also takes 0, 1, "yes", "on" and the like)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictFloatField(serializers.FloatField):
    """A JSON number, as the schema says (DRF's FloatField also takes true, false and numeric strings)."""

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return float(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number, as the schema says (DRF's IntegerField also takes numeric strings and 2.0)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class KindField(serializers.CharField):
    """A game kind's name (the service refuses an unknown one with `unknown_kind`)."""


class KindChoiceField(serializers.ChoiceField):
    """A registered game kind's name. The choices are the kinds registered when a serializer is built (the
    games' site apps register them once the apps are ready, perhaps after this module was imported)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=(), **kwargs)

    def bind(self, field_name: str, parent: Any) -> None:
        super().bind(field_name, parent)
        self.choices = kind_names()


class KindFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    target_class = KindField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "enum": kind_names(), "default": default_kind()}
