"""The turn: the player's commands (play, play_treasures, buy, end_turn), Clean-up, and the game's end."""

from __future__ import annotations

from typing import assert_never

from rules_kit import IllegalCommand

from .cards import ACTION, CARDS, TREASURE
from .commands import Buy, Command, Play
from .kingdom.treasures import merchant_bonus
from .play import play_card, play_treasure
from .recorder import Recorder, Step
from .scoring import game_over, score, winners
from .state import ACTION_PHASE, BUY_PHASE, Answer, Frame, State

ASKS_NOTHING = frozenset({"copper", "silver", "gold", "spoils"})
"""Treasures that `play_treasures` plays: those that ask nothing (Counterfeit asks)."""


def start_turn(g: Recorder, seat: int) -> None:
    """Begin `seat`'s turn: 1 Action, 1 Buy, $0."""
    g.emit("turn_started", {"seat": seat, "turn": g.s.turn + 1})


def turn_command(g: Recorder, seat: int, command: Command) -> None:
    """Carry out a turn command of the current player (no decision is pending). One `match` on the type, as
    Citadels' `actions.perform`, so that mypy checks each action gets its command's TypedDict."""
    match command["type"]:
        case "play":
            _play(g, seat, command)
        case "play_treasures":
            _play_treasures(g, seat)
        case "buy":
            _buy(g, seat, command)
        case "end_turn":
            g.push({"op": "cleanup", "seat": seat, "step": 0})
        case "decide":
            raise IllegalCommand("no_decision", "no decision is asked of you now")
        case "set_reaction" | "set_preference" | "resign":
            raise AssertionError("decide carries out the standing answers and resign itself, before the turn")
        case _:
            assert_never(command)


def _play_treasures(g: Recorder, seat: int) -> None:
    treasures = [c for c in g.zone(seat, "hand") if g.name(c) in ASKS_NOTHING]
    if not treasures:
        raise IllegalCommand("no_treasures", "you hold no Treasure that plays by itself")
    _check_treasure_time(g)
    silvers_before = g.s.turn_plays.get("silver", 0)
    g.move(seat, treasures, "hand", "in_play", "played")
    bonus = merchant_bonus(g, silvers_before) if any(g.name(c) == "silver" for c in treasures) else 0
    g.plus(coins=sum(g.card(c).coins for c in treasures if g.name(c) != "spoils") + bonus)
    for card in reversed(treasures):
        if g.name(card) == "spoils":
            g.push({"op": "spoils", "seat": seat, "card": card, "step": 0})


def _check_treasure_time(g: Recorder) -> None:
    if g.s.bought:
        raise IllegalCommand("already_bought", "Treasures are played before the first buy")
    if g.s.phase == ACTION_PHASE:
        g.emit("phase", {"phase": BUY_PHASE})


def _play(g: Recorder, seat: int, command: Play) -> None:
    card = command["card"]
    if card not in g.zone(seat, "hand"):
        raise IllegalCommand("not_in_hand", "that card is not in your hand")
    facts = g.card(card)
    if facts.has(ACTION) and g.s.phase == ACTION_PHASE:
        if g.s.actions < 1:
            raise IllegalCommand("no_actions", "you have no Action left")
        g.plus(actions=-1)
        play_card(g, seat, card)
    elif facts.has(TREASURE):
        _check_treasure_time(g)
        play_treasure(g, seat, card)
    elif facts.has(ACTION):
        raise IllegalCommand("wrong_phase", "Action cards are played in the Action phase")
    else:
        raise IllegalCommand("not_playable", f"{facts.en} cannot be played")


def why_not_buy(state: State, pile: str) -> str | None:
    """Why the current player may not buy from `pile` now (None: they may)."""
    if pile not in state.supply:
        return "not_in_supply"
    top = state.top(pile)
    if top is None:
        return "pile_empty"
    if state.buys < 1:
        return "no_buys"
    if CARDS[state.names[top]].cost > state.coins:
        return "too_expensive"
    return None


def _buy(g: Recorder, seat: int, command: Buy) -> None:
    pile = command["card"]
    why = why_not_buy(g.s, pile)
    if why is not None:
        messages = {
            "not_in_supply": f"there is no Supply pile {pile!r}", "pile_empty": "that pile is empty",
            "no_buys": "you have no Buy left", "too_expensive": "you cannot afford that card",
        }
        top = g.s.top(pile) if why == "too_expensive" else None
        if top is not None:  # too expensive: the numbers that say why (a reply by email shows no table)
            cost = g.cost(top)
            raise IllegalCommand("too_expensive", f"you have {g.s.coins} coins and {pile} costs {cost}", "costs_more",
                                 {"pile": pile, "coins": g.s.coins, "cost": cost})
        raise IllegalCommand(why, messages[why])
    top = g.s.top(pile)
    assert top is not None
    g.emit("bought", {"seat": seat, "pile": pile, "card": g.name(top), "cost": g.cost(top)})
    g.gain(seat, pile)


def _cleanup(g: Recorder, f: Frame, ans: Answer) -> None:
    seat = f["seat"]
    if f["step"] == 0:
        played = list(g.zone(seat, "in_play")) + list(g.zone(seat, "set_aside"))
        g.then(f, 1)
        g.move(seat, list(g.zone(seat, "set_aside")), "set_aside", "discard", "discarded")
        g.move(seat, list(g.zone(seat, "in_play")), "in_play", "discard", "discarded")
        if not g.s.bought:
            for hermit in reversed([c for c in played if g.name(c) == "hermit"]):
                g.push({"op": "hermit_discarded", "seat": seat, "card": hermit, "step": 0})
        return
    g.move(seat, list(g.zone(seat, "hand")), "hand", "discard", "cleaned_up", "owner")
    g.draw(seat, 5)
    g.emit("turn_ended", {"seat": seat})
    if game_over(g.s):
        scores = score(g.s)
        g.emit("game_ended", {"scores": scores, "winners": winners(scores, g.s.resigned)})
    else:
        start_turn(g, (seat + 1) % g.s.players)


def _hermit_discarded(g: Recorder, f: Frame, ans: Answer) -> None:
    """Hermit: when discarded from play with nothing bought, trash it and gain a Madman."""
    if f["step"] == 0:
        g.then(f, 1)
        g.trash(f["seat"], [f["card"]], "discard")
    elif "madman" in g.s.piles:
        g.gain(f["seat"], "madman")


STEPS: dict[str, Step] = {
    "cleanup": _cleanup,
    "hermit_discarded": _hermit_discarded,
}
"""The steps of this module's effects by their frame `op`."""
