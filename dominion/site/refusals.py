"""The engine's refusals in the reader's language: one sentence per `IllegalCommand` code.

The engine refuses with a stable code and an English message for developers (it names ids and fields).
A person reads the sentence of the code here, through gettext; the codes whose message carries a detail
the reader needs to fix the request (which option or field is wrong) keep it as `{detail}`. A code not
listed here is shown with the engine's own message. tests/games/test_refusal_words.py holds this table
complete: every code the rules can raise has a sentence in German.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from dominion.decide import REACTIONS

from .words import card_line

REFUSALS: dict[str, str] = {
    "already_bought": gettext_noop("Treasures are played before the first buy."),
    "bad_count": gettext_noop("Choose as many cards as the decision asks for."),
    "bad_event": gettext_noop("A stored event of this game cannot be read."),
    "bad_options": gettext_noop("These options make no game: {detail}"),
    "bad_order": gettext_noop("Put every one of the offered cards in order."),
    "decision_pending": gettext_noop("First answer the decision asked of you."),
    "game_over": gettext_noop("The game is over."),
    "malformed": gettext_noop("This command is incomplete or malformed: {detail}"),
    "no_actions": gettext_noop("You have no Action left."),
    "no_buys": gettext_noop("You have no Buy left."),
    "no_decision": gettext_noop("No decision is asked of you now."),
    "no_such_card": gettext_noop("There is no such card."),
    "no_such_seat": gettext_noop("There is no such seat at this table."),
    "no_treasures": gettext_noop("You hold no Treasure that plays by itself."),
    "not_a_reaction": gettext_noop("Standing answers are only for {reactions}."),
    "not_in_hand": gettext_noop("That card is not in your hand."),
    "not_in_supply": gettext_noop("There is no such Supply pile."),
    "not_offered": gettext_noop("Choose only among the offered answers, each once."),
    "not_playable": gettext_noop("That card cannot be played."),
    "not_your_turn": gettext_noop("The game does not wait for you now."),
    "pile_empty": gettext_noop("That pile is empty."),
    "too_expensive": gettext_noop("You cannot afford that card."),
    "unknown_command": gettext_noop("There is no such command."),
    "wrong_phase": gettext_noop("Action cards are played in the Action phase."),
}


def describe_refusal(code: str, message: str) -> str:
    """The engine's refusal `code` in words in the active language; `message` (the engine's own) for a
    code without a sentence, and as the `{detail}` of the sentences that keep it."""
    template = REFUSALS.get(code)
    if template is None:
        return message
    return _(template).format(detail=message, reactions=card_line(REACTIONS))
