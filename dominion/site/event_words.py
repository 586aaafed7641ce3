"""Dominion's events in words, as the reader's seat sees them (`RULES.redact`), in the active language.

Nothing here can leak another seat's private part: it is not in the input. The words for cards, decisions
and commands are in `words`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from .standing_words import preference_text
from .words import Placeholders, card_line, card_name, coin_count, prompt_text, seat_name


def _count(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


# Each event type: its sentence, with {placeholders} filled from the redacted event. {who} is the seat's
# name; {cards} the moved cards' names where the reader may see them, else how many.
_EVENTS: dict[str, str] = {
    "game_set_up": gettext_noop("The game was set up for {players} players. Kingdom: {kingdom}."),
    "turn_started": gettext_noop("Turn {turn}: {who} begins."),
    "turn_ended": gettext_noop("{who} ended the turn."),
    "player_resigned": gettext_noop("{who} resigned; the bot plays this seat from now on."),
    "phase": gettext_noop("Buy phase."),
    "bought": gettext_noop("{who} bought {card} for {coins}."),
    "bonus": gettext_noop("Bonus: {bonus}."),  # an event from before bonuses named their player
    "bonus_who": gettext_noop("{who} gets {bonus}."),
    "shuffled": gettext_noop("{who} shuffled the discard pile into a new deck ({cards})."),
    "drew": gettext_noop("{who} drew {cards}."),
    "discarded": gettext_noop("{who} discarded {cards}."),
    "discarded_deck": gettext_noop("{who} put the deck onto the discard pile ({cards})."),
    "trashed": gettext_noop("{who} trashed {cards}."),
    "gained": gettext_noop("{who} gained {cards}."),
    "gained_deck": gettext_noop("{who} gained {cards} onto the deck."),
    "gained_hand": gettext_noop("{who} gained {cards} into the hand."),
    "played": gettext_noop("{who} played {cards}."),
    "put_on_deck": gettext_noop("{who} put {cards} onto the deck."),
    "revealed": gettext_noop("{who} revealed {cards}."),
    "returned": gettext_noop("{who} returned {cards} to its pile."),
    "put_in_hand": gettext_noop("{who} put {cards} into the hand."),
    "set_aside": gettext_noop("{who} set {cards} aside."),
    "cleaned_up": gettext_noop("{who} cleaned up: {cards} to the discard pile."),
    "hand_revealed": gettext_noop("{who} revealed the hand: {cards}."),
    "looked_at": gettext_noop("{who} looked at {cards} on top of the deck ({card})."),
    "chose": gettext_noop("{who} named {name} for {card}."),
    "played_again": gettext_noop("{who} played {name} again."),
    "played_from_supply": gettext_noop("{who} played {name} from the Supply."),
    "waiting": gettext_noop("Waiting for {asks}."),
    "answered": gettext_noop("All decisions are made."),
    "action_used": gettext_noop("An Action was used."),
    "action_used_who": gettext_noop("{who} used an Action."),
    "standing_always": gettext_noop("{who} will always use {card} from now on."),
    "standing_never": gettext_noop("{who} will never use {card} from now on."),
    "standing_ask": gettext_noop("{who} will be asked each time about {card}."),
    "reaction_revealed": gettext_noop("{who} revealed {name}: {attack} does not affect them."),
    "preference_set": gettext_noop("{who} changed a standing preference."),
    "preference_set_own": gettext_noop("{who} set a standing preference: {preference}."),
    "game_ended": gettext_noop("The game ended. Winner: {winners}."),
}


def _moved(seen: Mapping[str, Any]) -> str:
    if "names" in seen:
        return card_line(list(seen["names"]))
    return _count(int(seen.get("count", 0)))


def _event_key(kind: str, seen: Mapping[str, Any]) -> str:
    if kind == "waiting" and not seen.get("asks"):
        return "answered"
    if kind == "bonus":
        used = seen.get("actions") == -1 and not (seen.get("buys") or seen.get("coins"))
        key = "action_used" if used else "bonus"
        return f"{key}_who" if "seat" in seen else key  # older events do not name the player
    if kind == "gained" and seen.get("to") in ("deck", "hand"):
        return f"gained_{seen['to']}"
    if kind == "discarded" and seen.get("from") == "deck" and "names" not in seen:
        return "discarded_deck"
    if kind == "standing_set":
        return f"standing_{seen.get('answer')}"
    if kind == "preference_set" and "policy" in seen:  # the seat's own: the others see that it changed only
        return "preference_set_own"
    return kind


def bonus_parts(seen: Mapping[str, Any]) -> str:
    """A bonus in words: its +Actions, +Buys and +coins ("+1 Action, +2 coins")."""
    actions, buys, coins = (int(seen.get(key, 0)) for key in ("actions", "buys", "coins"))
    parts = []
    if actions:
        parts.append(ngettext("%(n)+d Action", "%(n)+d Actions", abs(actions)) % {"n": actions})
    if buys:
        parts.append(ngettext("%(n)+d Buy", "%(n)+d Buys", abs(buys)) % {"n": buys})
    if coins:
        parts.append(ngettext("%(n)+d coin", "%(n)+d coins", abs(coins)) % {"n": coins})
    return ", ".join(parts)


def describe_event(seen: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One event as the reader's seat sees it (`seen` is `RULES.redact(event, seat)`), in words."""
    kind = str(seen.get("type", ""))
    values: dict[str, Any] = Placeholders(seen)
    values["who"] = seat_name(names, seen.get("seat"))
    values["cards"] = _moved(seen)
    if isinstance(seen.get("card"), str):
        values["card"] = card_name(seen["card"])
    if isinstance(seen.get("name"), str):
        values["name"] = card_name(seen["name"])
    if isinstance(seen.get("attack"), str):
        values["attack"] = card_name(seen["attack"])
    if isinstance(seen.get("cost"), int):
        values["coins"] = coin_count(seen["cost"])
    if kind == "game_set_up":
        values["kingdom"] = card_line(list(seen.get("kingdom", [])))
    elif kind == "bonus":
        values["bonus"] = bonus_parts(seen)
    elif kind == "waiting":
        values["asks"] = "; ".join(
            _("{name} – {question}").format(name=seat_name(names, a.get("seat")), question=prompt_text(a))
            for a in seen.get("asks", [])
        )
    elif kind == "preference_set" and "policy" in seen:
        values["preference"] = preference_text(str(seen.get("prompt")), str(seen["policy"]))
    elif kind == "game_ended":
        values["winners"] = ", ".join(seat_name(names, s) for s in seen.get("winners", []))
    template = _EVENTS.get(_event_key(kind, seen))
    if template is None:
        return kind.replace("_", " ")
    text = _(template).format_map(values)
    # A sentence that ends in a question the template quotes ("...?") takes no full stop after it.
    return text[:-1] if text.endswith(("?.", "!.")) else text
