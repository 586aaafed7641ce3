"""The engine's refusals in the reader's language: one sentence per `IllegalCommand` code.

The engine refuses with a stable code and an English message for developers (it names ids, not cards).
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

from games.wording import RefusalWords

from .words import character_name, district_name

REFUSALS: dict[str, str] = {
    "not_a_character": gettext_noop("Wish only for characters of this game (the table lists them)."),
    "wished_twice": gettext_noop("Name each character once among your wishes."),
    "same_wishes": gettext_noop("These are your draft wishes already."),
    "ability_used": gettext_noop("You have already used your character's power this turn."),
    "adorned": gettext_noop("Each district can be adorned only once."),
    "bad_event": gettext_noop("A stored event of this game cannot be read."),
    "bad_options": gettext_noop("These options make no game."),
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
    "already_resigned": gettext_noop("You have resigned already."),
    "income_collected": gettext_noop("You have already taken the income from your districts this turn."),
    "income_first": gettext_noop("First take your income (gold or cards)."),
    "income_only": gettext_noop("This turn you take your income only; then it ends."),
    "income_taken": gettext_noop("You have already taken your income this turn."),
    "keep": gettext_noop("The {keep} can be neither destroyed nor exchanged."),
    "malformed": gettext_noop("This command is incomplete or malformed."),
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


# A refusal with a known reason: the code's sentence with the reason's words as its `{detail}`.
DETAILED: dict[str, str] = {
    "bad_options": gettext_noop("These options make no game: {detail}"),
    "malformed": gettext_noop("This command is incomplete or malformed: {detail}"),
}

REASONS: dict[str, dict[str, str]] = {
    "bad_options": {
        "unknown_options": gettext_noop("there is no option {names}."),
        "not_a_choice": gettext_noop("{option} is one of {choices}."),
        "player_count": gettext_noop("the game is for {min} to {max} players."),
        "player_count_online": gettext_noop("with the online rules the game is for {min} to {max} players."),
        "not_a_boolean": gettext_noop("{option} is true or false."),
        "either_or": gettext_noop("give either {options}, not both."),
        "nine_characters_needed": gettext_noop("8 players need 9 characters, one of them of rank 9."),
        "not_a_list_of_ids": gettext_noop("{option} is a list of ids."),
        "unknown_ids": gettext_noop("{option} names unknown ids: {names}."),
        "rank_doubled": gettext_noop("two characters of rank {ranks}; one character per rank."),
        "ranks_incomplete": gettext_noop("characters must hold one character of each rank 1 to 8, or of each rank 1 to 9."),
        "eight_characters_only": gettext_noop("{players} players play with 8 characters (ranks 1 to 8)."),
        "nine_characters_online_only": gettext_noop(
            "{players} players play with 8 characters (ranks 1 to 8); with 9 only under the online rules."),
        "queen_players": gettext_noop("the {queen} plays only with {min} or more players."),
        "not_in_range": gettext_noop("{option} is a number from {min} to {max}."),
        "not_purple": gettext_noop("not purple: {names} (the coloured districts are always in the deck)."),
        "purple_twice": gettext_noop("purple names each district once (the {keep} brings its two copies)."),
        "not_a_list_of_lists": gettext_noop("{option} is a list of lists of ids."),
        "order_incomplete": gettext_noop("each character order must hold each of {names} once."),
        "never_face_up": gettext_noop("{names} may never lie face up, and the first {count} cards are turned face up."),
    },
    "malformed": {
        "not_an_object": gettext_noop('a command is a JSON object with a "type".'),
        "unknown_fields": gettext_noop("{command} takes no field {names}."),
        "one_of_fields": gettext_noop("{command} takes one of these fields, not several: {names}."),
        "needs_text_id": gettext_noop("{command} needs {field}, an id."),
        "needs_seat": gettext_noop("{command} needs {field}, a seat number."),
        "needs_id_list": gettext_noop("{command} needs {field}, a list of ids that is not empty."),
        "needs_character_list": gettext_noop("{command} needs {field}, a list of at most {count} character ids."),
        "needs_boolean": gettext_noop("{command} needs {field}, true or false."),
        "needs_choice": gettext_noop("{command} needs {field}, one of {choices}."),
    },
}


WORDS = RefusalWords(REFUSALS, DETAILED, REASONS)


def describe_refusal(code: str, message: str, reason: str = "", params: dict[str, Any] | None = None) -> str:
    """The engine's refusal `code` in words in the active language (see `games.wording.RefusalWords`)."""
    words = {"keep": district_name("keep"), "queen": character_name("queen")}
    return WORDS.describe(code, message, reason, params, words=words)


def conceivable_commands(view: dict[str, Any] | None, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Moves a player may name in a reply that are not legal now (building any district of their hand), so
    that the answer gives the engine's reason (not enough gold, built already) instead of "no such choice"."""
    builds = [{"type": "build", "district": d} for d in dict.fromkeys((view or {}).get("hand") or [])]
    return [command for command in builds if command not in legal]
