"""Citadels events in words, in the active language (Django's gettext), as the reader's seat sees them.

`describe_event` gets `RULES.redact(event, seat)` only, so nothing here can leak another seat's private
part: it is not in the input. An event's sentence is chosen by its type, then refined by its variant (a
`reason`, a flag such as `wizard` or `build`, the Navigator's `take`) and by whether the reader's own
private part is present (the "_own" sentences name the cards only that seat sees).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from citadels.cards import BASE_CHARACTERS, BASE_PURPLE

from .words import Missing, card_count, card_line, card_values, character_name, district_name, seat_name

# Each sentence, keyed "type", "type:variant", "type_own" or "type:variant_own". {who} is the actor's
# name, {whom} a target's, {to} the receiver's, {crown_name} the crown's holder; {character}, {district},
# {districts}, {cards}, {own}, {their} are card names; {card_count} is "1 card", "3 cards" (ngettext).
EVENTS: dict[str, str] = {
    "game_set_up": gettext_noop("The game was set up for {players} players; each starts with {gold} gold."),
    "round_started": gettext_noop("Round {round} began; {crown_name} holds the crown."),
    "character_chosen": gettext_noop("{who} chose a character."),
    "character_chosen_own": gettext_noop("{who} chose the {character}."),
    "wishes_set": gettext_noop("{who} changed their draft wishes."),
    "wishes_set_own": gettext_noop("{who} set the draft wishes: {characters}."),
    "character_discarded": gettext_noop("{who} laid a character face down."),
    "character_discarded_own": gettext_noop("{who} laid the {character} face down."),
    "face_down_offered": gettext_noop("{who} was offered the face-down character."),
    "character_revealed": gettext_noop("The {character} was called: {who}."),
    "gold_stolen": gettext_noop("{who} stole {amount} gold from {whom}."),
    "crown_passed": gettext_noop("{who} took the crown."),
    "crown_passed:emperor": gettext_noop("The Emperor gave the crown to {who}."),
    "gold_taken": gettext_noop("{who} took {amount} gold."),
    "bonus_gold": gettext_noop("{who} got {amount} bonus gold."),
    "bonus_gold:queen": gettext_noop("{who} got {amount} gold as the Queen next to the crown."),
    "bonus_gold:poor_house": gettext_noop("{who} got {amount} gold from the Poor House."),
    "bonus_gold:alchemist": gettext_noop("{who} got back the {amount} gold spent on building as the Alchemist."),
    "bonus_gold:throne_room": gettext_noop("{who} got {amount} gold from the Throne Room as the crown moved."),
    "cards_drawn": gettext_noop("{who} drew {card_count}."),
    "cards_drawn_own": gettext_noop("{who} drew {card_count}: {cards}."),
    "cards_drawn:navigator": gettext_noop("{who} drew {card_count} as the Navigator."),
    "cards_drawn:navigator_own": gettext_noop("{who} drew {card_count} as the Navigator: {cards}."),
    "cards_drawn:park": gettext_noop("{who} drew {card_count} with the Park (an empty hand)."),
    "cards_drawn:park_own": gettext_noop("{who} drew {card_count} with the Park (an empty hand): {cards}."),
    "card_kept": gettext_noop("{who} kept one card."),
    "card_kept_own": gettext_noop("{who} kept {district}."),
    "cards_discarded": gettext_noop("{who} discarded {districts}."),
    "district_built": gettext_noop("{who} built {district} for {cost} gold."),
    "district_built:wizard": gettext_noop("{who} built {district} for {cost} gold with the Wizard."),
    "income_collected": gettext_noop("{who} collected {amount} gold from their districts."),
    "character_killed": gettext_noop("{who} murdered the {character}."),
    "character_robbed": gettext_noop("{who} chose to rob the {character}."),
    "hands_swapped": gettext_noop("{who} swapped hands with {whom}."),
    "deck_reshuffled": gettext_noop("The discard pile was shuffled into a new deck."),
    "district_destroyed": gettext_noop("{who} destroyed {district} of {whom} for {cost} gold."),
    "graveyard_offered": gettext_noop("{who} may take back {district} with the Graveyard."),
    "graveyard_used": gettext_noop("{who} took back {district} with the Graveyard."),
    "graveyard_declined": gettext_noop("{who} left the district on the discard pile."),
    "laboratory_used": gettext_noop("{who} used the Laboratory."),
    "smithy_used": gettext_noop("{who} used the Smithy."),
    "turn_ended": gettext_noop("{who} ended the turn."),
    "player_resigned": gettext_noop("{who} resigned; the bot plays this seat from now on."),
    "round_ended": gettext_noop("Round {round} ended."),
    "round_ended:stalled": gettext_noop(
        "Round {round} ended; {stalled} rounds in a row without a card left to draw or a district built."),
    "game_ended": gettext_noop("The game ended. Winner: {winners}."),
    # Die dunklen Lande
    "character_bewitched": gettext_noop("{who} bewitched the {character}."),
    "witch_took_over": gettext_noop("{who}, the Witch, plays the rest of the bewitched {character}'s turn of {whom}."),
    "hospital_turn": gettext_noop("The murdered {character} of {who} takes income in the Hospital."),
    "thanked": gettext_noop("{who}: \u201cThank you, Your Excellency!\u201d (to {to})"),
    "turn_lost": gettext_noop("{who} lost the turn of the {character}."),
    "turn_lost:no_thanks": gettext_noop(
        "{who} did not thank His Excellency first and lost the whole turn of the {character}."),
    "gold_paid": gettext_noop("{who} paid {amount} gold to {to}."),
    "gold_paid:tax": gettext_noop("{who} paid {amount} gold tax to the Tax Collector {to}."),
    "gold_paid:abbot": gettext_noop("{who}, the richest player, gave {amount} gold to the Abbot {to}."),
    "hand_looked_at": gettext_noop("{who} looked at the hand of {whom} with the Wizard."),
    "hand_looked_at_own": gettext_noop("{who} looked at the hand of {whom} with the Wizard: {cards}."),
    "card_taken": gettext_noop("{who} took a card from the hand of {whom}."),
    "card_taken_own": gettext_noop("{who} took {district} from the hand of {whom}."),
    "card_taken:build": gettext_noop("{who} took a card from the hand of {whom} to build it."),
    "card_taken:build_own": gettext_noop("{who} took {district} from the hand of {whom} to build it."),
    "navigator_took:gold": gettext_noop("{who} took {amount} gold as the Navigator."),
    "navigator_took:cards": gettext_noop("{who} chose {amount} cards as the Navigator."),
    "districts_exchanged": gettext_noop("{who} exchanged {own} for {their} of {whom}, paying {paid} gold."),
    "district_adorned": gettext_noop("{who} adorned {district} with 1 gold."),
    "museum_used": gettext_noop("{who} put a card under the Museum."),
    "museum_used_own": gettext_noop("{who} put {district} under the Museum."),
    "armory_used": gettext_noop("{who} blew up the Armory and destroyed {district} of {whom}."),
    "bell_tower_set": gettext_noop("{who} set the Bell Tower: a city is complete with {complete_at} districts."),
    "deck_search_declined": gettext_noop("{who} left the deck unsearched (the Lighthouse)."),
    "deck_searched": gettext_noop("{who} looked through the deck ({card_count}) with the Lighthouse."),
    "deck_searched_own": gettext_noop("{who} looked through the deck ({card_count}) with the Lighthouse: {cards}."),
    "deck_card_kept": gettext_noop("{who} kept a card of the deck; the deck was shuffled."),
    "deck_card_kept_own": gettext_noop("{who} kept {district} of the deck; the deck was shuffled."),
}

# Sentences added for a flag of the event (several may apply).
NOTES: dict[str, str] = {
    "bewitched": gettext_noop("It is bewitched: income only, then the Witch plays the rest of the turn."),
    "must_thank": gettext_noop("First {who} must thank His Excellency, the holder of the crown."),
    "gives_crown": gettext_noop("First the crown must go to another player."),
}

# Where an event's private part lives: present in the redacted event only for the seats that may see it.
_PRIVATE = {
    "character_chosen": "character", "character_discarded": "character", "cards_drawn": "cards",
    "card_kept": "district", "hand_looked_at": "hand", "card_taken": "district", "museum_used": "district",
    "deck_searched": "cards", "deck_card_kept": "district", "wishes_set": "characters",
}
# The fields whose value (or presence) picks a variant sentence.
_VARIANTS = ("reason", "take")
_FLAGS = ("wizard", "build", "stalled")


def _variant(seen: Mapping[str, Any]) -> str:
    for field in _VARIANTS:
        if isinstance(seen.get(field), str):
            return str(seen[field])
    return next((flag for flag in _FLAGS if seen.get(flag)), "")


def _template(kind: str, seen: Mapping[str, Any]) -> str | None:
    own = "_own" if _PRIVATE.get(kind) in seen else ""
    variant = _variant(seen)
    keys = [f"{kind}:{variant}{own}", f"{kind}:{variant}"] if variant else []
    keys += [f"{kind}{own}", kind]
    return next((EVENTS[key] for key in keys if key in EVENTS), None)


def _values(seen: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    values: dict[str, Any] = Missing(seen)
    values["who"] = seat_name(names, seen.get("seat"))
    values["whom"] = seat_name(names, seen.get("victim", seen.get("target", seen.get("other"))))
    values["to"] = seat_name(names, seen.get("to"))
    values["crown_name"] = seat_name(names, seen.get("crown"))
    card_values(values, seen)
    if "hand" in seen:
        values["cards"] = card_line(list(seen["hand"]))
    for field in ("own", "their"):
        if field in seen:
            values[field] = district_name(str(seen[field]))
    if isinstance(seen.get("count"), int):
        values["card_count"] = card_count(seen["count"])
    if "winners" in seen:
        values["winners"] = ", ".join(seat_name(names, s) for s in seen["winners"])
    return values


def _game_set_up(seen: Mapping[str, Any]) -> list[str]:
    """The character set and the purple districts, when they are not the base game's (public facts)."""
    lines = []
    characters = list(seen.get("characters") or [])
    if characters and characters != list(BASE_CHARACTERS):
        lines.append(_("Characters: {names}.").format(names=card_line(characters, character_name)))
    purple = sorted(seen.get("purple") or [])
    if "purple" in seen and purple != sorted(BASE_PURPLE):
        lines.append(_("Purple districts: {names}.").format(names=card_line(purple)))
    return lines


def _scores(seen: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    lines = []
    for score in seen.get("scores") or []:
        total = int(score.get("total", 0))
        points = ngettext("%(points)s point", "%(points)s points", total) % {"points": total}
        line = _("{name}: {points}").format(name=seat_name(names, score.get("seat")), points=points)
        if score.get("extras"):
            line += " " + _("({extras} of them for special districts)").format(extras=score["extras"])
        lines.append(line)
    return [_("Scores: {scores}.").format(scores="; ".join(lines))] if lines else []


def describe_event(seen: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One event as the reader's seat sees it (`seen` is `RULES.redact(event, seat)`), in words."""
    kind = str(seen.get("type", ""))
    template = _template(kind, seen)
    if template is None:
        return _("Something happened in the game.")
    values = _values(seen, names)
    sentences = [_(template).format_map(values)]
    sentences += [_(note).format_map(values) for flag, note in NOTES.items() if seen.get(flag)]
    if kind == "game_set_up":
        sentences += _game_set_up(seen)
    if kind == "game_ended":
        sentences += _scores(seen, names)
    return " ".join(sentences)
