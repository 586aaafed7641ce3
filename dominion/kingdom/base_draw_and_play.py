"""The base game's cards that draw, give +Actions/+Buys/+$, look at or play other cards (both editions):
Village, Smithy, Festival, Laboratory, Market, Woodcutter, Moat, Merchant, Council Room, Poacher, Cellar,
Chancellor, Adventurer, Throne Room, Vassal, Harbinger, Library, Sentry."""

from __future__ import annotations

from .. import decisions
from ..cards import ACTION, TREASURE
from ..play import play_again, play_card
from ..recorder import Recorder, Step
from ..state import Answer, Frame, looked_at


def _plain(cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0) -> Step:
    """A card that only draws and gives +Actions, +Buys, +$."""
    def effect(g: Recorder, f: Frame, ans: Answer) -> None:
        g.draw(f["seat"], cards)
        g.plus(actions=actions, buys=buys, coins=coins)
    return effect


def _merchant(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action; the turn's first Silver play makes $1 more (the fold counts Merchant plays, the
    Silver's play pays them: `merchant_bonus`)."""
    g.draw(f["seat"], 1)
    g.plus(actions=1)


def _council_room(g: Recorder, f: Frame, ans: Answer) -> None:
    """+4 Cards +1 Buy; each other player draws a card, in turn order (not an Attack: Moat does not help)."""
    g.draw(f["seat"], 4)
    g.plus(buys=1)
    for other in g.s.order_from(f["seat"]):
        g.draw(other, 1)


def _poacher(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action +$1; discard a card per empty Supply pile (now, the +1 Card first)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1, coins=1)
        empty = sum(1 for pile in g.s.supply if not g.s.piles[pile])
        hand = g.zone(seat, "hand")
        count = min(empty, len(hand))
        if count:
            g.ask(f, 1, decisions.pick(seat, "poacher", "discard", hand, count, count))
    else:
        g.discard(seat, ans)


def _cellar(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Action; discard any number of cards, then draw as many (only the count and the new top of the
    discard pile are public)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(actions=1)
        hand = g.zone(seat, "hand")
        if hand:
            g.ask(f, 1, decisions.pick(seat, "cellar", "discard_to_draw", hand, 0, len(hand)))
    else:
        g.draw(seat, len(g.move(seat, ans, "hand", "discard", "discarded", "owner")))


def _chancellor(g: Recorder, f: Frame, ans: Answer) -> None:
    """+$2; you may put your deck into your discard pile at once (unseen, not discarding)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=2)
        if g.zone(seat, "deck"):
            g.ask(f, 1, decisions.choose(seat, "chancellor", "deck_to_discard", ["yes", "no"]))
    elif ans == "yes":
        g.move(seat, list(g.zone(seat, "deck")), "deck", "discard", "discarded", "nobody")


def _adventurer(g: Recorder, f: Frame, ans: Answer) -> None:
    """Reveal cards until 2 Treasures (a shuffle leaves the revealed ones out); those into your hand, the
    other revealed cards discarded."""
    seat = f["seat"]
    revealed: list[int] = []
    treasures: list[int] = []
    while len(treasures) < 2:
        cards = g.reveal(seat, 1)
        if not cards:
            break
        revealed += cards
        if g.is_(cards[0], TREASURE):
            treasures.append(cards[0])
    g.move(seat, treasures, "set_aside", "hand", "put_in_hand")
    g.discard(seat, [c for c in revealed if c not in treasures], "set_aside")


def _throne_room(g: Recorder, f: Frame, ans: Answer) -> None:
    """You may play an Action card from your hand twice: the first play resolves completely, then the
    second, even when the first moved the card (lose track)."""
    seat = f["seat"]
    if f["step"] == 0:
        actions = [c for c in g.zone(seat, "hand") if g.is_(c, ACTION)]
        if actions:
            g.ask(f, 1, decisions.pick(seat, "throne_room", "play_twice", actions, 0, 1))
    elif f["step"] == 1:
        if ans:
            g.then(f, 2, target=ans[0])
            play_card(g, seat, ans[0])
    else:
        play_again(g, seat, f["target"])


def _vassal(g: Recorder, f: Frame, ans: Answer) -> None:
    """+$2; discard the top card of your deck; an Action card you may play from the discard pile (no
    Action used)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=2)
        g.ensure(seat, 1)
        top = g.zone(seat, "deck")[:1]
        g.discard(seat, top, "deck")
        if top and g.is_(top[0], ACTION):
            g.ask(f, 1, decisions.choose(seat, "vassal", "play_discarded", ["yes", "no"]), target=top[0])
    elif ans == "yes" and f["target"] in g.zone(seat, "discard"):
        play_card(g, seat, f["target"], "discard")


def _harbinger(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action; look through your discard pile; you may put a card from it onto your deck (seen
    by others only when it was the pile's face-up top)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1)
        discard = g.zone(seat, "discard")
        if discard:
            g.ask(f, 1, decisions.pick(seat, "harbinger", "onto_deck", discard, 0, 1))
    elif ans:
        top = g.zone(seat, "discard")[-1:]
        g.move(seat, ans, "discard", "deck", "put_on_deck", "public" if list(ans) == top else "owner")


def _library(g: Recorder, f: Frame, ans: Answer) -> None:
    """Draw one card at a time until 7 in hand; each Action drawn may be set aside (in view); then discard
    the set-aside cards. A shuffle meanwhile leaves them out; with nothing left to draw, stop."""
    seat = f["seat"]
    aside = list(f.get("aside", []))
    if f["step"] == 1 and ans:
        g.move(seat, ans, "hand", "set_aside", "set_aside")
        aside += ans
    while len(g.zone(seat, "hand")) < 7:
        drawn = g.draw(seat, 1)
        if not drawn:
            break
        if g.is_(drawn[0], ACTION):
            g.ask(f, 1, decisions.pick(seat, "library", "set_aside", drawn, 0, 1), aside=aside)
            return
    g.discard(seat, aside, "set_aside")


def _sentry(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action; look at the top 2 cards of your deck; trash any of them, then discard any of the
    rest, then put the rest back in any order. The looked-at cards stay on the deck meanwhile, so a draw
    on trashing (Cultist, Rats, Overgrown Estate) may draw the other one (docs/rulings-dominion.md)."""
    seat = f["seat"]
    stage = f["step"]
    if stage == 0:
        g.draw(seat, 1)
        g.plus(actions=1)
        g.ensure(seat, 2)
        top = g.zone(seat, "deck")[:2]
        if top:
            g.ask(f, 1, decisions.pick(seat, "sentry", "trash", top, 0, len(top)), top=list(top))
        return
    if stage == 1:
        g.then(f, 2)
        g.trash(seat, ans, "deck")
        return
    left = [c for c in looked_at(f) if c in g.zone(seat, "deck")]
    if stage == 2:
        if left:
            g.ask(f, 3, decisions.pick(seat, "sentry", "discard", left, 0, len(left)))
    elif stage == 3:
        g.discard(seat, ans, "deck")
        rest = [c for c in left if c not in ans]
        if len(rest) > 1:
            g.ask(f, 4, decisions.order(seat, "sentry", "order", rest))
    else:
        g.move(seat, ans, "deck", "deck", "put_on_deck", "owner")


STEPS: dict[str, Step] = {
    "village": _plain(cards=1, actions=2),
    "smithy": _plain(cards=3),
    "festival": _plain(actions=2, buys=1, coins=2),
    "laboratory": _plain(cards=2, actions=1),
    "market": _plain(cards=1, actions=1, buys=1, coins=1),
    "woodcutter": _plain(buys=1, coins=2),
    "moat": _plain(cards=2),
    "merchant": _merchant,
    "council_room": _council_room,
    "poacher": _poacher,
    "cellar": _cellar,
    "chancellor": _chancellor,
    "adventurer": _adventurer,
    "throne_room": _throne_room,
    "vassal": _vassal,
    "harbinger": _harbinger,
    "library": _library,
    "sentry": _sentry,
}
"""The steps of this module's effects by their frame `op`."""
