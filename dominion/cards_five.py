"""Kingdom cards costing $5 and $6 (the Knights and Rogue's attack live in knights.py)."""

from __future__ import annotations

from typing import Any

from . import decisions
from .cards import ACTION, COMMAND, VICTORY
from .game import Game, step
from .play import attacked, play_card, play_from_supply
from .state import Frame
from .triggers import gain_choice, gainable


@step("band_of_misfits")
def _band_of_misfits(g: Game, f: Frame, ans: Any) -> None:
    """Play a non-Command Action card from the Supply costing less than this, leaving it there."""
    seat = f["seat"]
    if f["step"] == 0:
        piles = [p for p in gainable(g, 0, g.cost(f["card"]) - 1, ACTION)
                 if not g.is_(g.s.piles[p][0], COMMAND)]
        if piles:
            g.ask(f, 1, decisions.choose(seat, "band_of_misfits", "play_from_supply", piles))
    else:
        play_from_supply(g, seat, g.s.piles[ans][0])


@step("bandit_camp")
def _bandit_camp(g: Game, f: Frame, ans: Any) -> None:
    g.draw(f["seat"], 1)
    g.plus(actions=2)
    g.gain(f["seat"], "spoils")


@step("catacombs")
def _catacombs(g: Game, f: Frame, ans: Any) -> None:
    """Look at the top 3 cards: put them into your hand, or discard them and +3 Cards."""
    seat = f["seat"]
    if f["step"] == 0:
        top = g.look(seat, 3, "catacombs")
        if top:
            g.ask(f, 1, decisions.choose(seat, "catacombs", "hand_or_discard", ["hand", "discard"], seen=top), top=top)
    elif ans == "hand":
        g.move(seat, f["top"], "deck", "hand", "put_in_hand", "owner")
    else:
        g.move(seat, f["top"], "deck", "discard", "discarded")
        g.draw(seat, 3)


@step("count")
def _count(g: Game, f: Frame, ans: Any) -> None:
    """Choose: discard 2 / a card onto your deck / gain a Copper; then: +$3 / trash your hand / a Duchy."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    stage = f["step"]
    if stage == 0:
        g.ask(f, 1, decisions.choose(seat, "count", "first", ["discard_two", "onto_deck", "copper"]))
    elif stage == 1:
        if ans == "discard_two":
            g.ask(f, 2, decisions.pick(seat, "count", "discard", hand, 2, 2), choice=ans)
        elif ans == "onto_deck":
            g.ask(f, 2, decisions.pick(seat, "count", "onto_deck", hand, 1, 1), choice=ans)
        else:
            g.then(f, 3)
            g.gain(seat, "copper")
    elif stage == 2:
        if f["choice"] == "discard_two":
            g.discard(seat, ans)
        else:
            g.move(seat, ans, "hand", "deck", "put_on_deck", "owner")
        g.then(f, 3)
    elif stage == 3:
        g.ask(f, 4, decisions.choose(seat, "count", "second", ["coins", "trash_hand", "duchy"]))
    elif ans == "coins":
        g.plus(coins=3)
    elif ans == "trash_hand":
        g.trash(seat, list(hand), "hand")
    else:
        g.gain(seat, "duchy")


@step("cultist")
def _cultist(g: Game, f: Frame, ans: Any) -> None:
    """+2 Cards; each other player gains a Ruins; you may play a Cultist from your hand."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 2)
        g.then(f, 1)
        for other in attacked(g, f):
            g.gain(other, "ruins")
    elif f["step"] == 1:
        cultists = [c for c in g.zone(seat, "hand") if g.name(c) == "cultist"]
        g.ask(f, 2, decisions.pick(seat, "cultist", "play_cultist", cultists, 0, 1))
    elif ans:
        play_card(g, seat, ans[0])


@step("graverobber")
def _graverobber(g: Game, f: Frame, ans: Any) -> None:
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


@step("junk_dealer")
def _junk_dealer(g: Game, f: Frame, ans: Any) -> None:
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1, coins=1)
        g.ask(f, 1, decisions.pick(seat, "junk_dealer", "trash", g.zone(seat, "hand"), 1, 1))
    else:
        g.trash(seat, ans, "hand")


@step("mystic")
def _mystic(g: Game, f: Frame, ans: Any) -> None:
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


@step("pillage")
def _pillage(g: Game, f: Frame, ans: Any) -> None:
    """Trash this; if you did, gain 2 Spoils, and each other player with 5 or more cards in hand reveals
    it and discards a card that you choose."""
    seat = f["seat"]
    if f["step"] == 0:
        if f["card"] in g.zone(seat, "in_play"):
            g.then(f, 3, victims=attacked(g, f))
            g.trash(seat, [f["card"]], "in_play")
        return
    if f["step"] == 3:
        g.then(f, 1)
        g.gain(seat, "spoils")
        g.gain(seat, "spoils")
        return
    victims = f["victims"]
    if f["step"] == 1:
        victim = next((v for v in victims if len(g.zone(v, "hand")) >= 5), None)
        if victim is not None:
            hand = g.zone(victim, "hand")
            g.emit("hand_revealed", {"seat": victim, "cards": list(hand), "names": g.names(hand)})
            g.ask(f, 2, decisions.pick(seat, "pillage", "discard_for", hand, 1, 1),
                  victims=victims[victims.index(victim) + 1:], victim=victim)
    else:
        g.discard(f["victim"], ans)
        g.then(f, 1)


@step("rebuild")
def _rebuild(g: Game, f: Frame, ans: Any) -> None:
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


@step("rogue")
def _rogue(g: Game, f: Frame, ans: Any) -> None:
    """+$2; gain a card costing $3-$6 from the trash, or if there is none, attack like a Knight."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=2)
        cards = [c for c in g.s.trash if 3 <= g.cost(c) <= 6]
        if cards:
            g.ask(f, 1, decisions.pick(seat, "rogue", "gain_from_trash", cards, 1, 1))
        else:
            g.push({"op": "trash_attack", "seat": seat, "card": f["card"], "victims": attacked(g, f),
                    "knight": False, "hit": False, "step": 0})
    elif ans:
        g.gain_card(seat, ans[0], "trash")


@step("altar")
def _altar(g: Game, f: Frame, ans: Any) -> None:
    seat = f["seat"]
    if f["step"] == 0:
        g.ask(f, 1, decisions.pick(seat, "altar", "trash", g.zone(seat, "hand"), 1, 1))
    else:
        gain_choice(g, seat, "altar", hi=5)
        g.trash(seat, ans, "hand")


@step("hunting_grounds")
def _hunting_grounds(g: Game, f: Frame, ans: Any) -> None:
    g.draw(f["seat"], 4)
