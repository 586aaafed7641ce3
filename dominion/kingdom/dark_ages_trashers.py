"""Dark Ages' cards that trash to gain or to pay: Forager, Rats, Junk Dealer, Graverobber, Rebuild, Procession,
Altar, Counterfeit, Hermit and its Madman, Urchin and its Mercenary."""

from __future__ import annotations

from .. import decisions
from ..cards import ACTION, TREASURE, VICTORY
from ..play import play_again, play_card, play_treasure
from ..recorder import Recorder, Step
from ..state import PILE, Answer, Frame
from ..triggers import discard_down, gain_choice


def _forager(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Action +1 Buy; trash a card from your hand; +$1 per differently named Treasure in the trash."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(actions=1, buys=1)
        g.ask(f, 1, decisions.pick(seat, "forager", "trash", g.zone(seat, "hand"), 1, 1))
    elif f["step"] == 1:
        g.then(f, 2)
        g.trash(seat, ans, "hand")
    else:
        g.plus(coins=len({g.name(c) for c in g.s.trash if g.is_(c, TREASURE)}))


def _rats(g: Recorder, f: Frame, ans: Answer) -> None:
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


def _junk_dealer(g: Recorder, f: Frame, ans: Answer) -> None:
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1, coins=1)
        g.ask(f, 1, decisions.pick(seat, "junk_dealer", "trash", g.zone(seat, "hand"), 1, 1))
    else:
        g.trash(seat, ans, "hand")


def _graverobber(g: Recorder, f: Frame, ans: Answer) -> None:
    """Choose: gain a card costing $3-$6 from the trash onto your deck; or trash an Action card from your
    hand and gain a card costing up to $3 more."""
    seat = f["seat"]
    if f["step"] == 0:
        g.ask(f, 1, decisions.choose(seat, "graverobber", "choose", ["from_trash", "trash_action"]))
    elif f["step"] == 1:
        if ans == "from_trash":
            cards = [c for c in g.s.trash if 3 <= g.cost(c) <= 6]
            g.ask(f, 2, decisions.pick(seat, "graverobber", "gain_from_trash", cards, 1, 1), choice=ans)
        else:
            actions = [c for c in g.zone(seat, "hand") if g.is_(c, ACTION)]
            g.ask(f, 2, decisions.pick(seat, "graverobber", "trash", actions, 1, 1), choice=ans)
    elif f["choice"] == "from_trash":
        if ans:
            g.gain_card(seat, ans[0], "trash", "deck")
    elif ans:
        gain_choice(g, seat, "graverobber", hi=g.cost(ans[0]) + 3)
        g.trash(seat, ans, "hand")


def _rebuild(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Action; name a card; reveal until a Victory card not named; discard the rest; trash it and gain
    a Victory card costing up to $3 more."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(actions=1)
        g.ask(f, 1, decisions.name(seat, "rebuild", "name"))
        return
    g.emit("chose", {"seat": seat, "card": "rebuild", "name": ans})
    found = None
    while found is None:
        revealed = g.reveal(seat, 1)
        if not revealed:
            break
        if g.is_(revealed[0], VICTORY) and g.name(revealed[0]) != ans:
            found = revealed[0]
    g.discard(seat, [c for c in g.zone(seat, "set_aside") if c != found], "set_aside")
    if found is not None:
        gain_choice(g, seat, "rebuild", hi=g.cost(found) + 3, kind=VICTORY)
        g.trash(seat, [found], "set_aside")


def _procession(g: Recorder, f: Frame, ans: Answer) -> None:
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


def _altar(g: Recorder, f: Frame, ans: Answer) -> None:
    seat = f["seat"]
    if f["step"] == 0:
        g.ask(f, 1, decisions.pick(seat, "altar", "trash", g.zone(seat, "hand"), 1, 1))
    else:
        gain_choice(g, seat, "altar", hi=5)
        g.trash(seat, ans, "hand")


def _counterfeit(g: Recorder, f: Frame, ans: Answer) -> None:
    """$1, +1 Buy; you may play a Treasure from your hand twice; if you do, trash it."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=1, buys=1)
        treasures = [c for c in g.zone(seat, "hand") if g.is_(c, TREASURE)]
        g.ask(f, 1, decisions.pick(seat, "counterfeit", "play_twice", treasures, 0, 1))
    elif f["step"] == 1:
        if ans:
            g.then(f, 2, target=ans[0])
            play_treasure(g, seat, ans[0])
    elif f["step"] == 2:
        g.then(f, 3)
        play_again(g, seat, f["target"])
    else:
        g.trash(seat, [f["target"]], "in_play")


def _hermit(g: Recorder, f: Frame, ans: Answer) -> None:
    """You may trash a non-Treasure from your discard pile or hand; gain a card costing up to $3."""
    seat = f["seat"]
    if f["step"] == 0:
        cards = [c for z in ("discard", "hand") for c in g.zone(seat, z) if not g.is_(c, TREASURE)]
        g.ask(f, 1, decisions.pick(seat, "hermit", "trash", cards, 0, 1))
    else:
        gain_choice(g, seat, "hermit", hi=3)
        if ans:
            source = "hand" if ans[0] in g.zone(seat, "hand") else "discard"
            g.trash(seat, ans, source)


def _madman(g: Recorder, f: Frame, ans: Answer) -> None:
    """+2 Actions; return this to its pile; if you did, +1 Card per card in hand."""
    seat = f["seat"]
    g.plus(actions=2)
    if g.move(seat, [f["card"]], "in_play", PILE + "madman", "returned"):
        g.draw(seat, len(g.zone(seat, "hand")))


def _urchin(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action; each other player discards down to 4."""
    g.draw(f["seat"], 1)
    g.plus(actions=1)
    discard_down(g, f, 4)


def _mercenary(g: Recorder, f: Frame, ans: Answer) -> None:
    """You may trash 2 cards from your hand; if you did, +2 Cards, +$2, others discard down to 3."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    if f["step"] == 0:
        if hand:
            g.ask(f, 1, decisions.choose(seat, "mercenary", "trash_two", ["yes", "no"]))
    elif f["step"] == 1:
        if ans == "yes":
            g.ask(f, 2, decisions.pick(seat, "mercenary", "trash", hand, 2, 2))
    elif f["step"] == 2:
        g.then(f, 3, trashed=len(ans))
        g.trash(seat, ans, "hand")
    elif f["trashed"] == 2:
        g.draw(seat, 2)
        g.plus(coins=2)
        discard_down(g, f, 3)


STEPS: dict[str, Step] = {
    "forager": _forager,
    "rats": _rats,
    "junk_dealer": _junk_dealer,
    "graverobber": _graverobber,
    "rebuild": _rebuild,
    "procession": _procession,
    "altar": _altar,
    "counterfeit": _counterfeit,
    "hermit": _hermit,
    "madman": _madman,
    "urchin": _urchin,
    "mercenary": _mercenary,
}
"""The steps of this module's effects by their frame `op`."""
