"""The powers of the purple districts that act during play (scoring extras live in scoring.py)."""

from __future__ import annotations

from rules_kit import IllegalCommand

from . import turn
from .cards import DISTRICTS
from .commands import Command, text_field
from .recorder import Recorder

SMITHY_COST, SMITHY_DRAW = 2, 3


def graveyard_owner(rec: Recorder, warlord: int) -> int | None:
    """The seat whose Graveyard may take a district the Warlord just destroyed (never the Warlord's)."""
    if "diplomat" in rec.state.rules.characters:
        return None  # seed 000: with the Diplomat in the game the Graveyard has no function
    for player in rec.state.players:
        if player.seat != warlord and player.has("graveyard") and player.gold >= 1:
            return player.seat
    return None


def offer_graveyard(rec: Recorder, warlord: int, district: str) -> None:
    """After a destruction, let the Graveyard's owner decide (a decision in the Warlord's turn)."""
    owner = graveyard_owner(rec, warlord)
    if owner is not None:
        rec.emit("graveyard_offered", {"seat": owner, "district": district})


def use_graveyard(rec: Recorder, seat: int, command: Command) -> None:
    """`use_graveyard`: pay 1 gold and take the destroyed district into hand."""
    offer = rec.state.graveyard_offer
    assert offer is not None and offer.seat == seat  # decide routes only the offer's seat here
    rec.emit("graveyard_used", {"seat": seat, "district": offer.district})


def decline_graveyard(rec: Recorder, seat: int, command: Command) -> None:
    """`decline_graveyard`: leave the destroyed district on the discard pile."""
    rec.emit("graveyard_declined", {"seat": seat})


def require_district_power(rec: Recorder, seat: int, district: str) -> None:
    turn_ = turn.current(rec.state, seat)
    name = DISTRICTS[district].name_en
    if not rec.state.players[seat].has(district):
        raise IllegalCommand("no_such_district", f"you have no {name} in your city")
    turn.require_no_pending(turn_)
    if district in turn_.used:
        raise IllegalCommand("power_used", f"you have already used the {name} this turn")


def use_laboratory(rec: Recorder, seat: int, command: Command) -> None:
    """`use_laboratory`: discard a hand card and take 1 gold, once a turn."""
    require_district_power(rec, seat, "laboratory")
    district = text_field(command, "district")
    if district not in rec.state.players[seat].hand:
        raise IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    rec.emit("laboratory_used", {"seat": seat, "district": district})


def use_smithy(rec: Recorder, seat: int, command: Command) -> None:
    """`use_smithy`: pay 2 gold to draw 3 cards, once a turn."""
    require_district_power(rec, seat, "smithy")
    state = rec.state
    if state.players[seat].gold < SMITHY_COST:
        raise IllegalCommand("not_enough_gold", f"the Smithy costs {SMITHY_COST} gold")
    if not state.deck and not state.discard:
        raise IllegalCommand("deck_empty", "there are no cards left to draw")
    rec.emit("smithy_used", {"seat": seat, "cost": SMITHY_COST})
    turn.draw(rec, seat, SMITHY_DRAW, "smithy")
