"""The base game's cards that play other cards or look at cards: Throne Room, Vassal, Harbinger, Library,
Sentry; and Merchant's bonus on the turn's first Silver."""

from __future__ import annotations

from typing import Any

from . import decisions
from .cards import ACTION
from .game import Game, step
from .play import play_again, play_card
from .state import Frame


def merchant_bonus(g: Game, silvers_before: int) -> int:
    """What the turn's first Silver play makes more: $1 per Merchant played before it (`silvers_before`:
    the Silver plays of this turn before this one)."""
    if "merchant" not in g.s.kingdom or silvers_before:
        return 0
    return g.s.turn_plays.get("merchant", 0)


@step("throne_room")
def _throne_room(g: Game, f: Frame, ans: Any) -> None:
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


@step("vassal")
def _vassal(g: Game, f: Frame, ans: Any) -> None:
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


@step("harbinger")
def _harbinger(g: Game, f: Frame, ans: Any) -> None:
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


@step("library")
def _library(g: Game, f: Frame, ans: Any) -> None:
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


@step("sentry")
def _sentry(g: Game, f: Frame, ans: Any) -> None:
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
    left = [c for c in f["top"] if c in g.zone(seat, "deck")]
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
