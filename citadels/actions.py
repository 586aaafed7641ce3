"""`perform(rec, seat, command)`: the action of each command type. One `match` on the type (the commands
without fields are looked up in `PLAIN_ACTIONS`), so that mypy checks that each
action is given the TypedDict of its command type (and that no type is left without one).

`decide` checks first that the command is the seat's to send now (whose decision, which phase); each
action then checks the rest and emits its events, or raises IllegalCommand."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from . import draft, flow, turn
from .abilities import cities, crown, gold, hands, naming
from .commands import Command, PlainType
from .recorder import Recorder

PLAIN_ACTIONS: dict[PlainType, Callable[[Recorder, int], None]] = {
    "use_graveyard": cities.use_graveyard,
    "decline_graveyard": cities.decline_graveyard,
    "take_gold": turn.take_gold,
    "draw_cards": turn.draw_cards,
    "end_turn": flow.end_turn,
    "thank_your_excellency": flow.thank,
    "collect_income": gold.collect_income,
    "use_smithy": hands.use_smithy,
    "search_deck": hands.search_deck,
    "decline_search": hands.decline_search,
}
"""The actions of the commands without fields (`resign` is `decide`'s own), `(recorder, seat)`."""


def perform(rec: Recorder, seat: int, command: Command) -> None:
    """Apply `command` of `seat` (of any type but `resign`) to `rec`'s state; IllegalCommand if it may not."""
    match command["type"]:
        case (
            "use_graveyard" | "decline_graveyard" | "take_gold" | "draw_cards" | "end_turn" | "thank_your_excellency"
            | "collect_income" | "use_smithy" | "search_deck" | "decline_search"
        ):
            PLAIN_ACTIONS[command["type"]](rec, seat)
        case "choose_character":
            draft.choose(rec, seat, command)
        case "discard_character":
            draft.discard(rec, seat, command)
        case "keep_card":
            turn.keep_card(rec, seat, command)
        case "discard_card":
            turn.discard_card(rec, seat, command)
        case "build":
            turn.build(rec, seat, command)
        case "navigate":
            gold.navigate(rec, seat, command)
        case "kill":
            naming.kill(rec, seat, command)
        case "rob":
            naming.rob(rec, seat, command)
        case "bewitch":
            naming.bewitch(rec, seat, command)
        case "swap_hands":
            hands.swap_hands(rec, seat, command)
        case "redraw":
            hands.redraw(rec, seat, command)
        case "look_at_hand":
            hands.look_at_hand(rec, seat, command)
        case "take_card":
            hands.take_card(rec, seat, command)
        case "use_laboratory":
            hands.use_laboratory(rec, seat, command)
        case "use_museum":
            hands.use_museum(rec, seat, command)
        case "keep_from_deck":
            hands.keep_from_deck(rec, seat, command)
        case "destroy":
            cities.destroy(rec, seat, command)
        case "exchange":
            cities.exchange(rec, seat, command)
        case "adorn":
            cities.adorn(rec, seat, command)
        case "use_armory":
            cities.use_armory(rec, seat, command)
        case "set_bell_tower":
            cities.set_bell_tower(rec, seat, command)
        case "give_crown":
            crown.give_crown(rec, seat, command)
        case "resign" | "set_wishes":
            raise AssertionError("decide resigns a seat and sets its wishes itself, before any action")
        case _:
            assert_never(command)
