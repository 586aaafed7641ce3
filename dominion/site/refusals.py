"""The engine's refusals in the reader's language: one sentence per `IllegalCommand` code.

The engine refuses with a stable code and an English message for developers (it names ids and fields).
A person reads the sentence of the code here, through gettext. The codes whose refusal carries a detail
the reader needs to fix the request (which option or field is wrong) name it by a `reason` with `params`
(`IllegalCommand`); its sentence here is told after the code's (`DETAILED`), whole in the reader's
language, never with the engine's English. A code not listed here is shown with the engine's own
message. tests/games/test_refusal_words.py holds these tables complete: every code and reason the rules
can raise has a sentence in German.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from dominion.commands import REACTIONS
from games.wording import RefusalWords

from .kingdom_words import set_name
from .words import card_line, card_name

REFUSALS: dict[str, str] = {
    "already_bought": gettext_noop("Treasures are played before the first buy."),
    "bad_count": gettext_noop("Choose as many cards as the decision asks for."),
    "bad_event": gettext_noop("A stored event of this game cannot be read."),
    "bad_options": gettext_noop("These options make no game."),
    "bad_order": gettext_noop("Put every one of the offered cards in order."),
    "decision_pending": gettext_noop("First answer the decision asked of you."),
    "game_over": gettext_noop("The game is over."),
    "already_resigned": gettext_noop("You have resigned already."),
    "malformed": gettext_noop("This command is incomplete or malformed."),
    "no_actions": gettext_noop("You have no Action left."),
    "no_buys": gettext_noop("You have no Buy left."),
    "no_decision": gettext_noop("No decision is asked of you now."),
    "no_such_card": gettext_noop("There is no such card."),
    "no_such_seat": gettext_noop("There is no such seat at this table."),
    "no_treasures": gettext_noop("You hold no Treasure that plays by itself."),
    "not_a_reaction": gettext_noop("Standing answers are only for {reactions}."),
    "not_a_preference": gettext_noop("Standing preferences are only for discarding down, a Victory card onto your deck "
                                     "and the revealed card to trash."),
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


# A refusal with a known reason: the code's sentence with the reason's words as its `{detail}`.
DETAILED: dict[str, str] = {
    "bad_options": gettext_noop("These options make no game: {detail}"),
    "malformed": gettext_noop("This command is incomplete or malformed: {detail}"),
    "too_expensive": gettext_noop("You cannot afford that card: {detail}"),
}

REASONS: dict[str, dict[str, str]] = {
    "bad_options": {
        "player_count": gettext_noop("the game is for {min} to {max} players."),
        "unknown_options": gettext_noop("there is no option {names}."),
        "kingdom_size": gettext_noop("{option} must list {count} different kingdom piles."),
        "unknown_ids": gettext_noop("{option} names piles that are not kingdom piles of this game: {names}."),
        "conflicting_options": gettext_noop("the kingdom is chosen by one of these options only: {names}."),
        "unknown_recommended": gettext_noop("{option} names no recommended set: {names}."),
        "not_a_list": gettext_noop("{option} must be a list of ids."),
        "no_sets": gettext_noop("{option} must name at least one set."),
        "unknown_sets": gettext_noop("{option} names sets there are not: {names}."),
        "too_few_piles": gettext_noop("only {count} kingdom piles are left to draw from; {size} are needed."),
        "at_least_format": gettext_noop("{option} gives each set a number from 0 to {count}."),
        "at_least_not_chosen": gettext_noop("{option} names sets that are not drawn from: {names}."),
        "at_least_total": gettext_noop("{option} asks for more than {count} cards in all."),
        "at_least_too_many": gettext_noop("{option} asks for {count} cards from {set}, but only {left} of them can "
                                          "be drawn."),
        "not_a_boolean": gettext_noop("{option} is true or false."),
        "pile_order": gettext_noop("{option} must list {count} cards of that pile."),
        "decks_per_seat": gettext_noop("{option} must hold one list of {count} cards per seat."),
        "deck_cards": gettext_noop("each list of {option} must hold {count} card ids, top first."),
        "card_not_left": gettext_noop("no {card} is left in this game's piles for {option}."),
    },
    "too_expensive": {
        "costs_more": gettext_noop("you have {coins} coins and {card} costs {cost}."),
    },
    "malformed": {
        "not_an_object": gettext_noop('a command is a JSON object with a "type".'),
        "unknown_fields": gettext_noop("{command} takes no field {names}."),
        "one_of_fields": gettext_noop("{command} takes one of these fields, not several: {names}."),
        "needs_choice": gettext_noop("{command} needs {field}, one of {choices}."),
        "needs_card_number": gettext_noop("{command} needs {field}, the number of a card in your hand."),
        "needs_pile": gettext_noop("{command} needs {field}, the id of a Supply pile."),
        "needs_card_numbers": gettext_noop("{command} needs {field}, a list of card numbers."),
        "needs_text": gettext_noop("{command} needs {field}, a text."),
    },
}

# The reasons whose `set` and `names` are card sets.
SET_REASONS = frozenset({"unknown_sets", "at_least_not_chosen", "at_least_too_many"})

WORDS = RefusalWords(REFUSALS, DETAILED, REASONS)


def describe_refusal(code: str, message: str, reason: str = "", params: dict[str, Any] | None = None) -> str:
    """The engine's refusal `code` in words in the active language (see `games.wording.RefusalWords`)."""
    if params and reason in SET_REASONS:  # sets by their names in the reader's language (an unknown one by its id)
        params = {**params, **{key: set_name(value) if isinstance(value, str) else [set_name(str(v)) for v in value]
                               for key, value in params.items() if key in ("set", "names")}}
    words = {"reactions": card_line(REACTIONS)}
    if params and isinstance(params.get("pile"), str):
        words["card"] = card_name(params["pile"])
    return WORDS.describe(code, message, reason, params, words=words)


def conceivable_commands(view: dict[str, Any] | None, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Moves a player may name in a reply that are not legal now (a buy of any Supply pile), so that the
    answer gives the engine's reason ("you have 3 coins and Gold costs 6") instead of "no such choice"."""
    buys = [{"type": "buy", "card": pile} for pile in ((view or {}).get("supply") or {})]
    return [command for command in buys if command not in legal]
