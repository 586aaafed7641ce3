"""Gold the characters and districts bring by themselves or on demand: the colour income, the Merchant, the
Queen, the Abbot, the Tax Collector with the Poor House's safe coin, the Alchemist's refund and the
Navigator's take."""

from __future__ import annotations

from rules_kit import IllegalCommand

from ..cards import CHARACTERS, DISTRICTS
from ..commands import Navigate
from ..recorder import Recorder
from ..state import State, Turn
from ..turn import current, draw, require_income, require_no_pending, require_power

QUEEN_GOLD, NAVIGATOR_TAKE = 3, 4


# --- colour income --------------------------------------------------------------------------------------

def colour_income(state: State, seat: int, character: str) -> int:
    """The gold `character` collects for its colour's districts (the School of Magic counts too)."""
    colour = CHARACTERS[character].colour
    if colour is None:
        return 0
    player = state.players[seat]
    return sum(
        1 for built in player.city
        if DISTRICTS[built.district].colour == colour or built.district == "school_of_magic"
    )


def collect_income(rec: Recorder, seat: int) -> None:
    """`collect_income`: gold for each district of the character's colour, once, at a moment of choice."""
    turn_ = current(rec.state, seat)
    if CHARACTERS[turn_.character].colour is None:
        raise IllegalCommand("no_colour_income", f"the {CHARACTERS[turn_.character].name_en} has no colour income")
    require_no_pending(turn_)
    if turn_.colour_income_taken:
        raise IllegalCommand("income_collected", "you have already collected your colour income this turn")
    rec.emit("income_collected", {"seat": seat, "amount": colour_income(rec.state, seat, turn_.character)})


# --- as a turn starts -------------------------------------------------------------------------------------

def merchant(rec: Recorder, seat: int) -> None:
    """The Merchant's extra gold."""
    rec.emit("bonus_gold", {"seat": seat, "amount": 1, "reason": "merchant"})


def queen(rec: Recorder, seat: int) -> None:
    """The Queen's gold when she sits next to the crown."""
    players = rec.state.rules.players
    if rec.state.crown in ((seat + 1) % players, (seat - 1) % players):
        rec.emit("bonus_gold", {"seat": seat, "amount": QUEEN_GOLD, "reason": "queen"})


def abbot(rec: Recorder, seat: int) -> None:
    """The Abbot's coin from the one richest player (not from himself, not from a tie)."""
    state = rec.state
    most = max(p.gold for p in state.players)
    richest = [p.seat for p in state.players if p.gold == most]
    if len(richest) == 1 and richest[0] != seat and most > 0:
        rec.emit("gold_paid", {"seat": richest[0], "to": seat, "amount": 1, "reason": "abbot"})


def tax_collector(rec: Recorder, seat: int) -> None:
    """The Tax Collector's back taxes from those who built before him this round."""
    state = rec.state
    for payer in state.builders:
        if _tax(rec, payer, seat, spared=1 if payer in state.alms else 0):
            _poor_house(rec, payer)  # a back-tax that took his last gold: the Poor House pays at once


def _tax(rec: Recorder, payer: int, collector: int, spared: int = 0) -> bool:
    """The Tax Collector's gold from `payer`, if he owes it and has gold beyond the `spared` coins (the Poor
    House's, safe from the back tax); True if he paid."""
    state = rec.state
    if (
        payer != collector and payer in state.builders and payer not in state.taxed
        and state.players[payer].gold > spared
    ):
        rec.emit("gold_paid", {"seat": payer, "to": collector, "amount": 1, "reason": "tax"})
        return True
    return False


def _poor_house(rec: Recorder, seat: int) -> None:
    """The Poor House's gold for a player left without any. Seed 000: "Dieses Goldstück ist sicher vor dem
    Steuereintreiber": a coin that a back tax could still reach (its owner built this round, has not paid, and
    the Tax Collector, in play, has not revealed yet) is marked safe from it."""
    state = rec.state
    player = state.players[seat]
    if player.has("poor_house") and player.gold == 0:
        public: dict[str, object] = {"seat": seat, "amount": 1, "reason": "poor_house"}
        if seat in state.builders and seat not in state.taxed and _back_tax_may_come(state):
            public["safe_from_tax"] = True
        rec.emit("bonus_gold", public)


def _back_tax_may_come(state: State) -> bool:
    """Whether the Tax Collector may still reveal this round and collect back taxes, from public facts only
    (who holds him is secret until he reveals)."""
    collector = "tax_collector"
    return (
        collector in state.rules.characters and collector not in state.face_up and state.killed != collector
        and not state.is_revealed(collector)
    )


# --- as a turn ends, in the rulebook's order: the tax, the Poor House, the Alchemist --------------------

def tax_at_turn_end(rec: Recorder, ended: Turn) -> None:
    """A builder pays the revealed Tax Collector as his turn ends."""
    if rec.state.is_revealed("tax_collector"):
        collector = rec.state.power_seat("tax_collector")
        if collector is not None:
            _tax(rec, ended.seat, collector)


def poor_house_at_turn_end(rec: Recorder, ended: Turn) -> None:
    """The Poor House pays a player who ends his turn without gold."""
    _poor_house(rec, ended.seat)


def alchemist_refund(rec: Recorder, ended: Turn) -> None:
    """The Alchemist gets back the gold he paid for districts this turn."""
    if ended.character == "alchemist" and ended.spent and not ended.income_only:
        rec.emit("bonus_gold", {"seat": ended.seat, "amount": ended.spent, "reason": "alchemist"})


# --- the Navigator ----------------------------------------------------------------------------------------

def navigate(rec: Recorder, seat: int, command: Navigate) -> None:
    """`navigate`: after his income the Navigator takes 4 gold or 4 cards."""
    turn_ = require_power(rec.state, seat, "navigator", "take 4 gold or cards")
    require_income(turn_, "take the Navigator's extra")
    take = command["take"]
    state = rec.state
    if take == "cards" and not state.deck and not state.discard:
        raise IllegalCommand("deck_empty", "there are no cards left to draw: take gold instead")
    rec.emit("navigator_took", {"seat": seat, "take": take, "amount": NAVIGATOR_TAKE})
    if take == "cards":
        draw(rec, seat, NAVIGATOR_TAKE, "navigator")
