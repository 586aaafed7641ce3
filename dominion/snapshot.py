"""A state as JSON and back, for the server's snapshots. A snapshot names no format: `load_state` reads
those of older engines too (a pending decision as this engine asks it, see `decisions.as_asked_now`)."""

from __future__ import annotations

from dataclasses import fields

from rules_kit.events import JsonObject

from .decisions import as_asked_now
from .state import State


def dump_state(state: State) -> JsonObject:
    """The JSON form of a state."""
    data = {f.name: getattr(state, f.name) for f in fields(State)}
    data["names"] = list(state.names)
    data["kingdom"], data["supply"], data["non_supply"] = list(state.kingdom), list(state.supply), list(state.non_supply)
    data["pending"] = {str(k): v for k, v in state.pending.items()}
    data["answers"] = {str(k): v for k, v in state.answers.items()}
    return data


def load_state(data: JsonObject) -> State:
    """The state of a JSON form made by `dump_state`."""
    values = dict(data)
    for key in ("names", "kingdom", "supply", "non_supply"):
        values[key] = tuple(data[key])
    values["pending"] = {int(k): as_asked_now(v, data["stack"]) for k, v in data["pending"].items()}
    values["answers"] = {int(k): v for k, v in data["answers"].items()}
    values["zones"] = [{k: list(v) for k, v in z.items()} for z in data["zones"]]
    values["piles"] = {k: list(v) for k, v in data["piles"].items()}
    return State(**values)
