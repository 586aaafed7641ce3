"""Dark Ages' cards that draw or sort the deck: Vagrant, Sage, Storeroom, Fortress, Ironmonger, Scavenger,
Wandering Minstrel, Catacombs, Mystic, Hunting Grounds."""

from __future__ import annotations

from .. import decisions
from ..cards import ACTION, CURSE, RUINS, SHELTER, TREASURE, VICTORY
from ..recorder import Recorder, Step
from ..state import Answer, Frame, looked_at


def _vagrant(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action; reveal the top card: Curse, Ruins, Shelter or Victory to hand, else back."""
    seat = f["seat"]
    g.draw(seat, 1)
    g.plus(actions=1)
    for card in g.reveal(seat, 1):
        if any(g.is_(card, kind) for kind in (CURSE, RUINS, SHELTER, VICTORY)):
            g.move(seat, [card], "set_aside", "hand", "put_in_hand")
        else:
            g.move(seat, [card], "set_aside", "deck", "put_on_deck")


def _sage(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Action; reveal until a card costing $3 or more: to hand; discard the rest."""
    seat = f["seat"]
    g.plus(actions=1)
    while True:
        revealed = g.reveal(seat, 1)
        if not revealed:
            break
        if g.cost(revealed[0]) >= 3:
            g.move(seat, revealed, "set_aside", "hand", "put_in_hand")
            break
    g.discard(seat, list(g.zone(seat, "set_aside")), "set_aside")


def _storeroom(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Buy; discard any number, draw as many; then discard any number for +$1 each."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    if f["step"] == 0:
        g.plus(buys=1)
        g.ask(f, 1, decisions.pick(seat, "storeroom", "discard_to_draw", hand, 0, len(hand)))
    elif f["step"] == 1:
        g.draw(seat, len(g.discard(seat, ans)))
        g.ask(f, 2, decisions.pick(seat, "storeroom", "discard_for_coins", hand, 0, len(hand)))
    else:
        g.plus(coins=len(g.discard(seat, ans)))


def _fortress(g: Recorder, f: Frame, ans: Answer) -> None:
    g.draw(f["seat"], 1)
    g.plus(actions=2)


def _ironmonger(g: Recorder, f: Frame, ans: Answer) -> None:
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
    card = looked_at(f)[0]
    if ans == "discard":
        g.discard(seat, [card], "set_aside")
    else:
        g.move(seat, [card], "set_aside", "deck", "put_on_deck")
    g.plus(actions=1 if g.is_(card, ACTION) else 0, coins=1 if g.is_(card, TREASURE) else 0)
    if g.is_(card, VICTORY):
        g.draw(seat, 1)


def _scavenger(g: Recorder, f: Frame, ans: Answer) -> None:
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


def _wandering_minstrel(g: Recorder, f: Frame, ans: Answer) -> None:
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


def _catacombs(g: Recorder, f: Frame, ans: Answer) -> None:
    """Look at the top 3 cards: put them into your hand, or discard them and +3 Cards."""
    seat = f["seat"]
    if f["step"] == 0:
        top = g.look(seat, 3, "catacombs")
        if top:
            g.ask(f, 1, decisions.choose(seat, "catacombs", "hand_or_discard", ["hand", "discard"], seen=top), top=top)
    elif ans == "hand":
        g.move(seat, looked_at(f), "deck", "hand", "put_in_hand", "owner")
    else:
        g.move(seat, looked_at(f), "deck", "discard", "discarded")
        g.draw(seat, 3)


def _mystic(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Action +$2; name a card; reveal the top card; if it is the named card, put it into your hand."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(actions=1, coins=2)
        g.ask(f, 1, decisions.name(seat, "mystic", "name"))
        return
    g.emit("chose", {"seat": seat, "card": "mystic", "name": ans})
    for card in g.reveal(seat, 1):
        g.move(seat, [card], "set_aside", "hand" if g.name(card) == ans else "deck",
               "put_in_hand" if g.name(card) == ans else "put_on_deck")


def _hunting_grounds(g: Recorder, f: Frame, ans: Answer) -> None:
    g.draw(f["seat"], 4)


STEPS: dict[str, Step] = {
    "vagrant": _vagrant,
    "sage": _sage,
    "storeroom": _storeroom,
    "fortress": _fortress,
    "ironmonger": _ironmonger,
    "scavenger": _scavenger,
    "wandering_minstrel": _wandering_minstrel,
    "catacombs": _catacombs,
    "mystic": _mystic,
    "hunting_grounds": _hunting_grounds,
}
"""The steps of this module's effects by their frame `op`."""
