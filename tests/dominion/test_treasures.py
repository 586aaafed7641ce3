"""The basic Treasures and Spoils (dominion/kingdom/treasures.py)."""

from __future__ import annotations

from .table import Table


def test_basic_treasures_and_spoils_return_to_their_pile() -> None:
    t = Table("bandit_camp", hand=["copper", "copper", "copper", "copper", "copper"])
    t.put(0, "hand", "silver", "gold", "spoils")
    t.do("play_treasures")
    assert t.state.coins == 5 + 2 + 3 + 3 and t.pile("spoils") == 15 and "spoils" not in t.names(0, "in_play")
