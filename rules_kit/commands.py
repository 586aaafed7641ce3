"""The fields of a game's commands, declared once per game: what `normalize_command` lets through and
what the API documents (each shape's JSON Schema).

A game lists a `CommandShape` per command type (several for a type whose fields are alternatives, e.g.
Dominion's `decide`, which answers with `cards`, `choice`, `name` or `order`). The service stores the
normalised command, so a field no shape declares never reaches the append-only command log: it is refused
(`malformed`, reason `unknown_fields`), as is a `seat` in a command that names no seat (a player cannot
speak for another seat; the seat is the sender's). The values themselves are checked by the game's
`read_command`, with its own codes, which reads the normalised command into the game's command type
(`GameRules.normalize_command` does both); `decide` trusts that type and checks only what the state allows.
The schemas here describe the same values for the API's documentation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .errors import IllegalCommand
from .events import JsonObject

Schema = Mapping[str, object]
"""A JSON Schema (OpenAPI 3.0 subset) of one field's value."""

TEXT_ID: Schema = {"type": "string", "minLength": 1, "maxLength": 64}
"""An id of a card, a character, a pile: a text that is not empty."""


@dataclass(frozen=True)
class CommandShape:
    """One command type and the fields it takes besides `type`: `required` it must carry, `optional` it
    may, each with the JSON Schema of its value."""

    type: str
    required: Mapping[str, Schema] = field(default_factory=dict)
    optional: Mapping[str, Schema] = field(default_factory=dict)

    @property
    def fields(self) -> frozenset[str]:
        """Every field the shape takes besides `type`."""
        return frozenset(self.required) | frozenset(self.optional)

    def json_schema(self) -> JsonObject:
        """The shape as a JSON Schema object: exactly these fields, `type` fixed to the shape's."""
        properties: dict[str, object] = {"type": {"type": "string", "enum": [self.type]}}
        properties.update({name: dict(schema) for name, schema in {**self.required, **self.optional}.items()})
        return {
            "type": "object",
            "properties": properties,
            "required": ["type", *self.required],
            "additionalProperties": False,
        }


def shapes_by_type(shapes: Iterable[CommandShape]) -> dict[str, tuple[CommandShape, ...]]:
    """The shapes grouped by their command type (what `normalize_command` looks up)."""
    grouped: dict[str, tuple[CommandShape, ...]] = {}
    for shape in shapes:
        grouped[shape.type] = (*grouped.get(shape.type, ()), shape)
    return grouped


def normalize_command(shapes: Mapping[str, tuple[CommandShape, ...]], command: object) -> JsonObject:
    """`command` as the rules take and the service stores it (`shapes`: by type, `shapes_by_type`): a new
    dict of its `type` and the fields a shape of that type declares (values as given). IllegalCommand for a command that is no JSON object
    with a text `type` (`malformed`), of a type no shape has (`unknown_command`), with a field no shape of
    its type declares (`malformed`, reason `unknown_fields`) or with fields of two alternatives at once
    (`malformed`, reason `one_of_fields`)."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise IllegalCommand("malformed", 'a command is a JSON object with a "type", e.g. {"type": "end_turn"}',
                             "not_an_object")
    kind = command["type"]
    candidates = shapes.get(kind, ())
    if not candidates:
        raise IllegalCommand("unknown_command", f"there is no command '{kind}'")
    given = frozenset(command) - {"type"}
    if any(given <= shape.fields for shape in candidates):
        return {"type": kind, **{name: command[name] for name in command if name != "type"}}
    known = frozenset().union(*(shape.fields for shape in candidates))
    unknown = sorted(given - known)
    if unknown:
        raise IllegalCommand("malformed", f"'{kind}' takes no field {', '.join(unknown)}", "unknown_fields",
                             {"command": kind, "names": unknown})
    raise IllegalCommand("malformed", f"'{kind}' takes one of {', '.join(sorted(known))}, not several",
                         "one_of_fields", {"command": kind, "names": sorted(given)})
