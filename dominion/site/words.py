"""Dominion in words, in the active language (Django's gettext): cards, decisions, commands (events are
told in `event_words`, a turn email's table in `email_sections`).

Card names and texts come from the card data (`dominion.cards`, German and English), so a card there is
named here with no more work. Events are told as the reader's seat sees them (`RULES.redact`), so nothing
here can leak another seat's private part: it is not in the input. Commands name cards by their number;
the reader's `view` (hand, play area, trash, the decision asked) says which card a number is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext_noop, ngettext
from django.utils.translation import gettext as _

from dominion.cards import CARDS, PILE_NAMES

from .standing_words import preference_text


def _german() -> bool:
    return (get_language() or "en").startswith("de")


def card_name(card_id: str) -> str:
    """A card's (or a mixed pile's) name in the active language; the id itself for an unknown one."""
    card = CARDS.get(card_id)
    if card is not None:
        return card.de if _german() else card.en
    if card_id in PILE_NAMES:
        german, english = PILE_NAMES[card_id]
        return german if _german() else english
    return card_id


def pile_card_name(pile: str, view: Mapping[str, Any] | None) -> str:
    """What a Supply pile gives, by name: a mixed pile's (Ruins, Knights) top card as the reader's `view`
    shows it with the pile's name, e.g. "Survivors (Ruins)", so the words say what the reader will get and
    a reply may name either; any other pile (or a mixed one without a known top) by its own name."""
    top = ((view or {}).get("supply") or {}).get(pile, {}).get("top")
    if pile in PILE_NAMES and isinstance(top, str):
        return _("{card} ({pile})").format(card=card_name(top), pile=card_name(pile))
    return card_name(pile)


def card_text(card_id: str) -> str:
    """A card's text in the active language ("" for an unknown card or a mixed pile)."""
    card = CARDS.get(card_id)
    if card is None:
        return ""
    return card.text_de if _german() else card.text_en


# The card types in the order a card's line names them ("Action, Attack, Looter"): the main type first.
TYPE_NAMES = {
    "action": gettext_noop("Action"), "treasure": gettext_noop("Treasure"), "victory": gettext_noop("Victory"),
    "curse": gettext_noop("Curse"), "attack": gettext_noop("Attack"), "reaction": gettext_noop("Reaction"),
    "ruins": gettext_noop("Ruins"), "shelter": gettext_noop("Shelter"), "looter": gettext_noop("Looter"),
    "knight": gettext_noop("Knight"), "command": gettext_noop("Command"),
}


def card_types(card_id: str) -> str:
    """A card's types in words, e.g. "Action, Attack" ("" for an unknown card or a mixed pile without a top):
    what the frame's colour shows, said in text too."""
    card = CARDS.get(card_id)
    if card is None:
        return ""
    return ", ".join(_(name) for kind, name in TYPE_NAMES.items() if card.has(kind))


def card_facts(card_id: str, count: int | None = None) -> str:
    """A card's cost and types, and a pile's cards left: "3 coins, Treasure, 38 left", the facts a sighted
    player reads off a card's tile, for the names of its controls."""
    card = CARDS.get(card_id)
    parts = [coin_count(card.cost)] if card is not None else []
    if card_types(card_id):
        parts.append(card_types(card_id))
    if count is not None:
        parts.append(ngettext("%(count)s left", "%(count)s left", count) % {"count": count})
    return ", ".join(parts)


def card_line(ids: list[str] | tuple[str, ...]) -> str:
    """A list of card names, or "(none)"."""
    return ", ".join(card_name(i) for i in ids) if ids else _("(none)")


def card_numbers(view: Mapping[str, Any] | None) -> dict[int, str]:
    """Card number -> card id for every card the reader's view shows (hand, play, trash, the decision)."""
    view = view or {}
    found: dict[int, str] = {}
    shown = [*view.get("hand", []), *view.get("trash", [])]
    for player in view.get("players", []):
        shown += [*player.get("in_play", []), *player.get("set_aside", [])]
    decision = view.get("decision") or {}
    shown += [*decision.get("cards", []), *decision.get("seen", [])]
    for card in shown:
        if isinstance(card, Mapping):
            found[int(card["id"])] = str(card["card"])
    return found


def coin_count(coins: int) -> str:
    """"1 coin" / "3 coins" in the active language."""
    return ngettext("%(coins)s coin", "%(coins)s coins", coins) % {"coins": coins}


# What a decision asks, by its prompt; {card} is the card that asks.
_PROMPTS: dict[str, str] = {
    "attack": gettext_noop("{card}: an Attack was played; discard Beggar to gain 2 Silvers?"),
    "attack_moat": gettext_noop("{card}: an Attack was played; reveal Moat to be unaffected by it?"),
    "choose": gettext_noop("{card}: choose one"),
    "deck_to_discard": gettext_noop("{card}: put your deck into your discard pile?"),
    "discard": gettext_noop("{card}: choose the cards to discard"),
    "discard_down": gettext_noop("{card}: discard down to the allowed hand size"),
    "discard_for": gettext_noop("{card}: choose the card the other player discards"),
    "discard_for_coins": gettext_noop("{card}: discard any cards for +1 coin each"),
    "discard_or_back": gettext_noop("{card}: discard or put back?"),
    "discard_to_draw": gettext_noop("{card}: discard any cards to draw as many"),
    "first": gettext_noop("{card}: choose the first option"),
    "gain": gettext_noop("{card}: choose the card to gain"),
    "gain_from_trash": gettext_noop("{card}: choose the card to gain from the trash"),
    "gain_onto_deck": gettext_noop("{card}: choose the card to gain onto your deck"),
    "gain_to_hand": gettext_noop("{card}: choose the card to gain into your hand"),
    "gained_victory": gettext_noop("{card}: you gained a Victory card; trash Hovel from your hand?"),
    "hand_or_discard": gettext_noop("{card}: put the cards into your hand, or discard them and draw 3?"),
    "name": gettext_noop("{card}: name a card"),
    "onto_deck": gettext_noop("{card}: choose the card to put onto your deck"),
    "order": gettext_noop("{card}: choose the order"),
    "play_cultist": gettext_noop("{card}: play a Cultist from your hand?"),
    "play_from_supply": gettext_noop("{card}: choose the Supply card to play"),
    "play_discarded": gettext_noop("{card}: play the discarded Action card?"),
    "play_twice": gettext_noop("{card}: choose an Action card to play twice"),
    "second": gettext_noop("{card}: choose the second option"),
    "set_aside": gettext_noop("{card}: set the drawn Action card aside?"),
    "spy_discard_or_back": gettext_noop("{card}: discard the revealed card or put it back onto its deck?"),
    "trash": gettext_noop("{card}: choose the cards to trash"),
    "trash_for_coins": gettext_noop("{card}: trash cards for coins?"),
    "trash_for_mercenary": gettext_noop("{card}: trash this Urchin to gain a Mercenary?"),
    "trash_revealed": gettext_noop("{card}: choose the revealed card to trash"),
    "trash_two": gettext_noop("{card}: trash 2 cards from your hand?"),
    "victory_onto_deck": gettext_noop("{card}: choose the Victory card to put onto your deck"),
    "trashed": gettext_noop("{card}: a card of yours was trashed; discard Market Square to gain a Gold?"),
}

# A `cards` decision's answer, by prompt: {cards} are the picked cards.
_PICKS: dict[str, str] = {
    "discard": gettext_noop("Discard {cards}"),
    "discard_down": gettext_noop("Discard {cards}"),
    "discard_for": gettext_noop("They discard {cards}"),
    "discard_for_coins": gettext_noop("Discard {cards} for coins"),
    "discard_to_draw": gettext_noop("Discard {cards} and draw as many"),
    "gain_from_trash": gettext_noop("Gain {cards} from the trash"),
    "onto_deck": gettext_noop("Put {cards} onto your deck"),
    "play_cultist": gettext_noop("Play {cards}"),
    "play_twice": gettext_noop("Play {cards} twice"),
    "set_aside": gettext_noop("Set aside: {cards}"),
    "trash": gettext_noop("Trash {cards}"),
    "trash_for_coins": gettext_noop("Trash {cards}"),
    "trash_revealed": gettext_noop("Trash {cards}"),
    "victory_onto_deck": gettext_noop("Put {cards} onto your deck"),
}

# A `choice` decision's option words (cards and piles are named, see `_choice`).
_OPTIONS: dict[str, str] = {
    "yes": gettext_noop("Yes"),
    "no": gettext_noop("No"),
    "always": gettext_noop("Yes, and always from now on"),
    "never": gettext_noop("No, and never from now on"),
    "actions": gettext_noop("+2 Actions"),
    "buys": gettext_noop("+2 Buys"),
    "coins": gettext_noop("+3 coins"),
    "discard": gettext_noop("Discard"),
    "back": gettext_noop("Put back"),
    "hand": gettext_noop("Into your hand"),
    "estates": gettext_noop("Gain 3 Estates"),
    "from_trash": gettext_noop("Gain a card costing 3 to 6 from the trash"),
    "trash_action": gettext_noop("Trash an Action card from your hand"),
    "discard_two": gettext_noop("Discard 2 cards"),
    "onto_deck": gettext_noop("Put a card from your hand onto your deck"),
    "trash_hand": gettext_noop("Trash your hand"),
    "none": gettext_noop("Gain nothing"),
}

_COMMANDS: dict[str, str] = {
    "play": gettext_noop("Play {card}"),
    "play_treasures": gettext_noop("Play all Treasures"),
    "buy": gettext_noop("Buy {card}"),
    "end_turn": gettext_noop("End your turn"),
    "resign": gettext_noop("Resign the game"),
    "gain": gettext_noop("Gain {card}"),
    "gain_onto_deck": gettext_noop("Gain {card} onto your deck"),
    "gain_to_hand": gettext_noop("Gain {card} into your hand"),
    "play_from_supply": gettext_noop("Play {card}"),
    "name": gettext_noop("Name {card}"),
    "order": gettext_noop("In this order, top first: {cards}"),
    "pick": gettext_noop("Choose {cards}"),
    "first_effect": gettext_noop("First {card}"),
    "standing_always": gettext_noop("{card}: always use it"),
    "standing_never": gettext_noop("{card}: never use it"),
    "standing_ask": gettext_noop("{card}: ask me each time"),
}


class Placeholders(dict[str, Any]):
    """Format values that leave a missing placeholder visible instead of failing a whole page or email."""

    def __missing__(self, key: str) -> str:
        return "?"


def seat_name(names: Mapping[int, str], seat: Any) -> str:
    """A seat's name for the reader ("#3" for a seat without one, "?" for no seat)."""
    return names.get(seat, f"#{seat}") if isinstance(seat, int) else "?"


def prompt_text(decision: Mapping[str, Any]) -> str:
    """What a decision (or its public summary) asks, in words."""
    card = str(decision.get("card", ""))
    if card == "trashed":
        return _("Several of your cards were trashed: which when-trashed effect comes first?")
    template = _PROMPTS.get(str(decision.get("prompt")), gettext_noop("{card}: choose"))
    return _(template).format(card=card_name(card))


def _choice(option: str, prompt: str, view: Mapping[str, Any] | None) -> str:
    if option.startswith("card:"):
        numbers = card_numbers(view)
        number = int(option[len("card:"):]) if option[len("card:"):].isdigit() else -1
        card = card_name(numbers[number]) if number in numbers else f"#{number}"
        return _(_COMMANDS["first_effect"]).format(card=card)
    if option in _OPTIONS and not (option == "discard" and prompt == "hand_or_discard"):
        return _(_OPTIONS[option])
    if option == "discard":
        return _("Discard them and draw 3 cards")
    if option in CARDS or option in PILE_NAMES:
        template = {"gain_onto_deck": "gain_onto_deck", "gain_to_hand": "gain_to_hand",
                    "play_from_supply": "play_from_supply"}.get(prompt, "gain")
        return _(_COMMANDS[template]).format(card=pile_card_name(option, view))
    return option.replace("_", " ")


# Where an offered card lies, said when two cards of one name lie in different places (the Death Cart in
# play or in hand; an Estate in hand or in the discard pile), which are different choices.
_ZONES = {
    "hand": gettext_noop("{card} (in your hand)"),
    "in_play": gettext_noop("{card} (in play)"),
    "discard": gettext_noop("{card} (in your discard pile)"),
    "deck": gettext_noop("{card} (on your deck)"),
    "set_aside": gettext_noop("{card} (set aside)"),
    "trash": gettext_noop("{card} (in the trash)"),
}


def _card_list(cards: list[Any], numbers: Mapping[int, str], decision: Mapping[str, Any] | None = None) -> str:
    if not cards:
        return _("nothing")
    offered = [c for c in (decision or {}).get("cards", []) if isinstance(c, Mapping)]
    zones = {int(c["id"]): str(c.get("zone", "")) for c in offered}
    places_of: dict[str, set[str]] = {}
    for offer in offered:
        places_of.setdefault(str(offer["card"]), set()).add(zones[int(offer["id"])])
    names = []
    for number in cards:
        card = numbers.get(number, f"#{number}")
        zone = zones.get(number, "") if isinstance(number, int) else ""
        if len(places_of.get(card, set())) > 1 and zone in _ZONES:
            names.append(_(_ZONES[zone]).format(card=card_name(card)))
        else:
            names.append(card_name(card))
    return ", ".join(names)


def _decide(command: Mapping[str, Any], view: Mapping[str, Any] | None) -> str:
    decision = (view or {}).get("decision") or {}
    prompt = str(decision.get("prompt", ""))
    numbers = card_numbers(view)
    if isinstance(command.get("choice"), str):
        said = _choice(command["choice"], prompt, view)
        seen = [c["card"] for c in decision.get("seen", []) if isinstance(c, Mapping)]
        # The cards looked at to decide (Catacombs, Survivors) go with each answer, so that an email showing
        # only the choices (the answer to a reply, a reminder) names them too.
        return _("{choice} ({cards})").format(choice=said, cards=card_line(seen)) if seen else said
    if isinstance(command.get("name"), str):
        return _(_COMMANDS["name"]).format(card=card_name(command["name"]))
    if isinstance(command.get("order"), list):
        return _(_COMMANDS["order"]).format(cards=_card_list(command["order"], numbers))
    cards = command.get("cards") if isinstance(command.get("cards"), list) else []
    return _(_PICKS.get(prompt, _COMMANDS["pick"])).format(cards=_card_list(list(cards or []), numbers, decision))


def describe_command(
    command: Mapping[str, Any], names: Mapping[int, str], view: Mapping[str, Any] | None = None
) -> str:
    """One command in words, e.g. "Buy Province" / "Provinz kaufen"; `view` (the sender's) names the
    cards that the command gives by number."""
    kind = str(command.get("type"))
    if kind == "decide":
        return _decide(command, view)
    card = command.get("card")
    if kind == "play":
        numbers = card_numbers(view)
        card = numbers.get(card, f"#{card}") if isinstance(card, int) else "?"
    values: dict[str, Any] = Placeholders(command)
    values["card"] = pile_card_name(str(card), view) if kind == "buy" else card_name(str(card))
    if kind == "set_reaction":
        kind = f"standing_{command.get('answer')}"
    if kind == "set_preference":
        return preference_text(str(command.get("prompt")), str(command.get("policy")))
    template = _COMMANDS.get(kind)
    if template is None:
        return kind.replace("_", " ")
    return _(template).format_map(values)
