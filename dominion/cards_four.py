"""Kingdom cards costing $4: Armory, Death Cart, Fortress, Ironmonger, Marauder, Procession, Rats,
Scavenger, Wandering Minstrel (Feodum is a Victory card: only its when-trashed part acts)."""

from __future__ import annotations

from typing import Any

from . import decisions
from .cards import ACTION, TREASURE, VICTORY
from .game import Game, step
from .play import attacked, play_again, play_card
from .state import Frame
from .triggers import gain_choice, gainable


@step("armory")
def _armory(g: Game, f: Frame, ans: Any) -> None:
    gain_choice(g, f["seat"], "armory", hi=4, target="deck")


@step("death_cart")
def _death_cart(g: Game, f: Frame, ans: Any) -> None:
    """You may trash this or an Action card from your hand, for +$5."""
    seat, this = f["seat"], f["card"]
    if f["step"] == 0:
        cards = [c for c in g.zone(seat, "hand") if g.is_(c, ACTION)]
        if this in g.zone(seat, "in_play"):
            cards.append(this)
        g.ask(f, 1, decisions.pick(seat, "death_cart", "trash_for_coins", cards, 0, 1))
    elif ans:
        g.then(f, 2)
        g.trash(seat, ans, "in_play" if ans[0] == this else "hand")
    elif f["step"] == 2:
        g.plus(coins=5)


@step("fortress")
def _fortress(g: Game, f: Frame, ans: Any) -> None:
    g.draw(f["seat"], 1)
    g.plus(actions=2)


@step("ironmonger")
def _ironmonger(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +1 Action; reveal the top card, discard it or put it back; bonuses by its types."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1)
        revealed = g.reveal(seat, 1)
        if revealed:
            g.ask(f, 1, decisions.choose(seat, "ironmonger", "discard_or_back", ["discard", "back"], seen=revealed),
                  top=revealed[0])
        return
    card = f["top"]
    if ans == "discard":
        g.discard(seat, [card], "set_aside")
    else:
        g.move(seat, [card], "set_aside", "deck", "put_on_deck")
    g.plus(actions=1 if g.is_(card, ACTION) else 0, coins=1 if g.is_(card, TREASURE) else 0)
    if g.is_(card, VICTORY):
        g.draw(seat, 1)


@step("marauder")
def _marauder(g: Game, f: Frame, ans: Any) -> None:
    """Gain a Spoils; each other player gains a Ruins."""
    g.gain(f["seat"], "spoils")
    for other in attacked(g, f):
        g.gain(other, "ruins")


@step("procession")
def _procession(g: Game, f: Frame, ans: Any) -> None:
    """You may play an Action card from your hand twice; trash it; gain an Action costing exactly $1 more."""
    seat = f["seat"]
    if f["step"] == 0:
        actions = [c for c in g.zone(seat, "hand") if g.is_(c, ACTION)]
        g.ask(f, 1, decisions.pick(seat, "procession", "play_twice", actions, 0, 1))
    elif f["step"] == 1:
        if ans:
            g.then(f, 2, target=ans[0])
            play_card(g, seat, ans[0])
    elif f["step"] == 2:
        g.then(f, 3)
        play_again(g, seat, f["target"])
    elif f["step"] == 3:
        g.then(f, 4)
        g.trash(seat, [f["target"]], "in_play")
    else:
        price = g.cost(f["target"]) + 1
        gain_choice(g, seat, "procession", lo=price, hi=price, kind=ACTION)


@step("rats")
def _rats(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +1 Action; gain a Rats; trash a card other than Rats from your hand (or reveal only Rats)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1)
        g.then(f, 1)
        g.gain(seat, "rats")
        return
    hand = g.zone(seat, "hand")
    if f["step"] == 1:
        others = [c for c in hand if g.name(c) != "rats"]
        if others:
            g.ask(f, 2, decisions.pick(seat, "rats", "trash", others, 1, 1))
        elif hand:
            g.emit("hand_revealed", {"seat": seat, "cards": list(hand), "names": g.names(hand)})
    else:
        g.trash(seat, ans, "hand")


@step("scavenger")
def _scavenger(g: Game, f: Frame, ans: Any) -> None:
    """+$2; you may put your deck into your discard pile; put a card from your discard pile onto your deck."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=2)
        if g.zone(seat, "deck"):
            g.ask(f, 1, decisions.choose(seat, "scavenger", "deck_to_discard", ["yes", "no"]))
            return
        ans = "no"
    if f["step"] <= 1:
        if ans == "yes":
            g.move(seat, list(g.zone(seat, "deck")), "deck", "discard", "discarded", "nobody")
        g.ask(f, 2, decisions.pick(seat, "scavenger", "onto_deck", g.zone(seat, "discard"), 1, 1))
    else:
        # Only the discard pile's top card is public: a card from below it goes onto the deck unseen by others.
        top = g.zone(seat, "discard")[-1:]
        g.move(seat, ans, "discard", "deck", "put_on_deck", "public" if list(ans) == top else "owner")


@step("wandering_minstrel")
def _wandering_minstrel(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +2 Actions; reveal the top 3; Actions back in any order, discard the rest."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=2)
        revealed = g.reveal(seat, 3)
        g.discard(seat, [c for c in revealed if not g.is_(c, ACTION)], "set_aside")
        actions = [c for c in revealed if g.is_(c, ACTION)]
        if actions:
            g.ask(f, 1, decisions.order(seat, "wandering_minstrel", "order", actions))
    else:
        g.move(seat, ans, "set_aside", "deck", "put_on_deck")


def procession_targets(g: Game, price: int) -> list[str]:
    """The piles a Procession may gain from for a card costing `price` - 1 (for bots and tests)."""
    return gainable(g, price, price, ACTION)
