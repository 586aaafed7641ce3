"""Dark Ages' Victory cards with an ability: Feodum (dominion/scoring.py, triggers.py); Dame Josephine is with the Knights."""

from __future__ import annotations

from dominion.scoring import score

from .table import Table


def test_feodum_counts_silvers_and_gains_3_when_trashed() -> None:
    t = Table("feodum", "altar", hand=["altar", "feodum", "copper", "copper", "copper"])
    t.put(0, "discard", *["silver"] * 6)
    assert next(s for s in score(t.state) if s["seat"] == 0)["total"] == 2  # 6 Silvers: 2 VP; shelters 0
    t.play("altar")
    t.pick("feodum")
    assert t.names(0, "discard").count("silver") == 9
