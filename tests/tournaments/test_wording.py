"""The tournament's words come from its own catalogue, in German and English."""

from __future__ import annotations

from django.utils import translation

from tournaments import standings, wording
from tournaments.models import Tournament


def test_event_lines_in_german_and_english() -> None:
    names = {1: "Ada", 2: "Bo"}
    paired = {"round": 2, "tables": [[1, 2]], "byes": [2]}
    with translation.override("de"):
        assert wording.describe_event(standings.ROUND_PAIRED, paired, names) == (
            "Runde 2 ist ausgelost: 1 Tisch. Spielfrei: Bo.")
        assert wording.describe_event(standings.WITHDRAWN, {"player": 1, "reason": "time"}, names) == (
            "Ada hat auf Zeit verloren und spielt keine weiteren Runden.")
        assert wording.event_name(standings.ENDED) == "Turnier beendet"
        assert str(Tournament.Format.SWISS.label) == "Schweizer System"
        assert wording.tiebreak_names(4) == ["Punkte der Gegner"]
    with translation.override("en"):
        assert wording.describe_event(standings.ROUND_PAIRED, paired, names) == "Round 2 was paired: 1 table. Sitting out: Bo."
        assert wording.describe_event(standings.ENDED, {"winners": [1, 2]}, names) == "The tournament ended. Won by Ada, Bo."
