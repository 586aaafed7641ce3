"""The engine's refusals in the reader's language: one sentence per `IllegalCommand` code.

The engine refuses with a stable code and an English message for developers (it names ids, not cards).
A person reads the sentence of the code here, through gettext; the codes whose message carries a detail
the reader needs to fix the request (which option or field is wrong) keep it as `{detail}`. A code not
listed here is shown with the engine's own message. tests/games/test_refusal_words.py holds this table
complete: every code the rules can raise has a sentence in German.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .words import district_name

REFUSALS: dict[str, str] = {
    "ability_used": gettext_noop("You have already used your character's power this turn."),
    "adorned": gettext_noop("Each district can be adorned only once."),
    "bad_event": gettext_noop("A stored event of this game cannot be read."),
    "bad_options": gettext_noop("These options make no game: {detail}"),
    "bad_target": gettext_noop("That is not an allowed target for this."),
    "bishop": gettext_noop("The Bishop's districts are protected."),
    "build_limit": gettext_noop("You may not build any more districts this turn."),
    "choose_card_first": gettext_noop("First choose which of the drawn cards to keep."),
    "city_complete": gettext_noop("A complete city cannot be attacked or changed."),
    "decide_first": gettext_noop("First answer the decision your turn asks of you."),
    "deck_empty": gettext_noop("There are no cards left to draw."),
    "discard_first": gettext_noop("First discard a card from your hand."),
    "duplicate_district": gettext_noop("A city may not hold two identical districts."),
    "empty_hand": gettext_noop("That player has no cards in hand."),
    "game_over": gettext_noop("The game is over."),
    "income_collected": gettext_noop("You have already taken the income from your districts this turn."),
    "income_first": gettext_noop("First take your income (gold or cards)."),
    "income_only": gettext_noop("This turn you take your income only; then it ends."),
    "income_taken": gettext_noop("You have already taken your income this turn."),
    "keep": gettext_noop("The {keep} can be neither destroyed nor exchanged."),
    "malformed": gettext_noop("This command is incomplete or malformed: {detail}"),
    "no_colour_income": gettext_noop("Your character takes no income from districts."),
    "no_such_district": gettext_noop("There is no such district in your city."),
    "no_such_seat": gettext_noop("There is no such seat at this table."),
    "no_thanks_due": gettext_noop("Nobody expects your thanks now."),
    "not_drawn": gettext_noop("That card is not among the cards you drew."),
    "not_enough_gold": gettext_noop("You do not have enough gold for that."),
    "not_in_city": gettext_noop("That district is not in the city."),
    "not_in_deck": gettext_noop("That card is not in the deck."),
    "not_in_hand": gettext_noop("That card is not in your hand."),
    "not_now": gettext_noop("That is not possible now."),
    "not_offered": gettext_noop("That character is not among those you were handed."),
    "not_seen": gettext_noop("That card is not in the hand you looked at."),
    "not_your_power": gettext_noop("Your character does not have this power."),
    "not_your_turn": gettext_noop("It is not your decision now."),
    "nothing_drawn": gettext_noop("You have no drawn cards to choose from."),
    "nothing_to_discard": gettext_noop("You have no card to discard now."),
    "power_used": gettext_noop("You have already used this district this turn."),
    "unknown_character": gettext_noop("There is no such character in this game."),
    "unknown_command": gettext_noop("There is no such command."),
    "wrong_step": gettext_noop("The draft asks for the other step now: choosing a character or laying one face down."),
}


def describe_refusal(code: str, message: str) -> str:
    """The engine's refusal `code` in words in the active language; `message` (the engine's own) for a
    code without a sentence, and as the `{detail}` of the sentences that keep it."""
    template = REFUSALS.get(code)
    if template is None:
        return message
    return _(template).format(detail=message, keep=district_name("keep"))
