"""A state as JSON and back, for the server's snapshots."""

from __future__ import annotations

from typing import Any

from .options import Rules
from .state import Built, DraftStep, GraveyardOffer, Player, State, Turn


def dump_state(state: State) -> dict[str, Any]:
    """The JSON form of a state."""
    data = _plain(state)
    assert isinstance(data, dict)
    return data


def _plain(value: Any) -> Any:
    if hasattr(value, "_asdict"):
        return {k: _plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def load_state(data: dict[str, Any]) -> State:
    """The state of a JSON form made by `dump_state`."""
    rules = Rules(**{k: _tuples(v) for k, v in data["rules"].items()})
    players = tuple(
        Player(p["seat"], p["gold"], tuple(p["hand"]), tuple(Built(**b) for b in p["city"]))
        for p in data["players"]
    )
    turn = data["turn"]
    offer = data["graveyard_offer"]
    fields: dict[str, Any] = {k: _tuples(v) for k, v in data.items()}
    fields.update(
        rules=rules,
        players=players,
        draft_steps=tuple(DraftStep(**s) for s in data["draft_steps"]),
        revealed=tuple((s, c) for s, c in data["revealed"]),
        turn=None if turn is None else Turn(**{k: _tuples(v) for k, v in turn.items()}),
        graveyard_offer=None if offer is None else GraveyardOffer(**offer),
        scores=tuple(dict(s) for s in data["scores"]),
    )
    return State(**fields)
