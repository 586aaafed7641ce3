"""A state as JSON and back, for the server's snapshots, with a format version and an upcaster.

Format 1 (no "format" key) is the base game's state; format 2 adds the Dark City's fields; format 3 the
Poor House coins safe from the Tax Collector (`alms`) and the Lighthouse's search on offer (the turn's
`may_search`). `load_state` upcasts any older format first, so
snapshots stored by an older engine keep loading. The seats' draft wishes (`wishes`) came within format 3:
a snapshot without them is a game in which no seat has any (the field's default, as the fold of its events).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from .cards import DISTRICTS
from .options import Rules
from .state import Built, DraftStep, GraveyardOffer, Player, State, Turn

SNAPSHOT_FORMAT = 3


def dump_state(state: State) -> dict[str, Any]:
    """The JSON form of a state."""
    data = _plain(state)
    assert isinstance(data, dict)
    data["format"] = SNAPSHOT_FORMAT
    return data


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
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


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot of any format in the current one (the input is left as it was)."""
    data = dict(data)
    version = data.pop("format", 1)
    if version > SNAPSHOT_FORMAT:
        raise ValueError(f"snapshot format {version} is newer than this engine's {SNAPSHOT_FORMAT}")
    if version == 1:
        data = _upcast_1_to_2(data)
    if version <= 2:
        data = _upcast_2_to_3(data)
    return data


def _upcast_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 2 kept no safe Poor House coins and no Lighthouse search on offer: the engine of that format
    never marked a coin (its `bonus_gold` events carry no `safe_from_tax`) and searched the deck as the
    Lighthouse was built (its `deck_searched` follows the build in the same batch), so a fold of the same
    events gives neither."""
    turn = data["turn"]
    return {**data, "alms": [], "turn": None if turn is None else {**turn, "may_search": False}}


def _upcast_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 knew 8 characters, the base purples and no Dark City state: the new fields take the values
    a fold of the same events gives. `builders` (who built this round) is read from the cities' build
    rounds; only the Tax Collector reads it, and no format-1 game has him."""
    rules = data["rules"]
    data["rules"] = {**rules, "one_character_each": False, "random_first_crown": False}
    round_ = data["round"]
    data["players"] = [
        {**p, "museum": [], "city": [{**b, "adorned": False} for b in p["city"]]} for p in data["players"]
    ]
    builders = [p["seat"] for p in data["players"] if any(b["round"] == round_ for b in p["city"])]
    extra = {
        "bewitched": None, "builders": builders if data["phase"] != "draft" else [], "taxed": [],
        "complete_at": rules["complete_city"], "stalled_rounds": 0,
    }
    turn = data["turn"]
    if turn is not None:  # the turn's builds are the last ones of its player's city (nobody else's power
        # removes one of them within that turn in a format-1 game)
        city = next(p["city"] for p in data["players"] if p["seat"] == turn["seat"])
        built = city[len(city) - turn["builds"]:] if turn["builds"] else []
        data["turn"] = {**turn, "spent": sum(DISTRICTS[b["district"]].cost for b in built)}
    return {**data, **extra}


def load_state(data: dict[str, Any]) -> State:
    """The state of a JSON form made by `dump_state` (of this or an older format)."""
    data = upcast(data)
    rules = Rules(**{k: _tuples(v) for k, v in data["rules"].items()})
    players = tuple(
        Player(p["seat"], p["gold"], tuple(p["hand"]), tuple(Built(**b) for b in p["city"]), tuple(p["museum"]))
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
