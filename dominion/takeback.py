"""Which Dominion events end the moves a seat may take back alone (`rules_kit.takeback`): as on
dominion.games, a play or a buy is taken back until a card leaves a deck (a draw, a reveal, a look), a deck
is shuffled, a hand is revealed, the turn ends, or another seat is asked to decide (an Attack's victims)."""

from __future__ import annotations

from rules_kit.events import Event
from rules_kit.takeback import shown_to_another

REVEALING = frozenset({
    "shuffled", "hand_revealed", "looked_at", "reaction_revealed", "revealed", "turn_ended", "turn_started",
    "game_ended",
})


def reveals(event: Event, seat: int) -> bool:
    """Whether this event of `seat`'s command showed something hidden or asked another seat to decide."""
    if event.type in REVEALING or shown_to_another(event, seat):
        return True
    if event.public.get("from") == "deck":  # a draw, or any card taken off a face-down deck
        return True
    if "from" in event.public and event.public.get("seat", seat) != seat:  # another seat's cards moved (a
        return True  # Militia's victim discarding the only cards it could): its hand was shown
    return event.type == "waiting" and any(other != seat for other in event.public.get("seats", ()))
