"""The crown: the King takes it, the Emperor gives it, a Throne Room pays as it changes hands, and a Ball Room
asks whoever is called for thanks to its holder."""

from __future__ import annotations

from rules_kit import IllegalCommand

from ..commands import NamesSeat, seat_at_table
from ..recorder import Recorder
from ..state import State
from ..turn import current


def pass_crown(rec: Recorder, seat: int, reason: str) -> None:
    """The crown goes to `seat`; each Throne Room pays its owner 1 gold when the crown changes hands."""
    changed = rec.state.crown != seat
    rec.emit("crown_passed", {"seat": seat, "reason": reason})
    if changed:
        for player in rec.state.players:
            if player.has("throne_room"):
                rec.emit("bonus_gold", {"seat": player.seat, "amount": 1, "reason": "throne_room"})


def king_takes_crown(rec: Recorder, seat: int, character: str) -> None:
    """As the King is called, his player takes the crown (bewitched, or without thanks, too)."""
    if character == "king":
        pass_crown(rec, seat, "king")


def crown_targets(state: State, seat: int) -> list[int]:
    """Whom the Emperor at `seat` may give the crown: neither himself nor its holder."""
    return [p.seat for p in state.players if p.seat not in (seat, state.crown)]


def emperor_must_give(state: State, seat: int, character: str) -> bool:
    """Whether the Emperor's turn opens with giving the crown (not when nobody may receive it)."""
    return character == "emperor" and bool(crown_targets(state, seat))


def give_crown(rec: Recorder, seat: int, command: NamesSeat) -> None:
    """`give_crown`: the Emperor gives the crown to another player (his first act)."""
    state = rec.state
    if not current(state, seat).must_give_crown:
        raise IllegalCommand("not_now", "you have no crown to give")
    target = seat_at_table(command["seat"], state.rules.players)
    if target not in crown_targets(state, seat):
        raise IllegalCommand("bad_target", "give the crown to another player than yourself and its holder")
    pass_crown(rec, target, "emperor")


def must_thank(state: State, seat: int) -> bool:
    """Whether `seat`, called now, must first thank His Excellency: another player holds the crown and a
    Ball Room."""
    owner = state.players[state.crown]
    return owner.seat != seat and owner.has("ball_room")
