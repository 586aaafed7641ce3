"""Which Citadels events end the moves a seat may take back alone (`rules_kit.takeback`): the rulebook's
spirit of a table where a slip is taken back before anything new is seen, i.e. before the next character
is called or a card is drawn, a hand shown, a deck searched, or another seat is asked to decide."""

from __future__ import annotations

from rules_kit.events import Event
from rules_kit.takeback import shown_to_another

REVEALING = frozenset({
    # the draft and the calls: hidden characters, the next seat's turn
    "round_started", "character_chosen", "character_discarded", "face_down_offered", "character_revealed",
    "hospital_turn", "witch_took_over", "turn_ended", "round_ended", "game_ended",
    # cards from the deck or from another hand
    "cards_drawn", "deck_reshuffled", "hands_swapped", "hand_looked_at", "card_taken", "deck_searched",
    "deck_card_kept",
    # another seat is asked (the Graveyard's owner)
    "graveyard_offered",
})


def reveals(event: Event, seat: int) -> bool:
    """Whether this event of `seat`'s command showed something hidden or asked another seat to decide."""
    return event.type in REVEALING or shown_to_another(event, seat)
