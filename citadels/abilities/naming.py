"""The characters who name another character: the Assassin kills it, the Thief robs it, the Witch bewitches
it (her own turn then ends: `flow.settle` sees it)."""

from __future__ import annotations

from rules_kit import IllegalCommand

from ..cards import CHARACTERS
from ..commands import NamesCharacter
from ..recorder import Recorder
from ..state import State
from ..turn import require_income, require_power


def named_character(state: State, command: NamesCharacter) -> str:
    """The character `command` names: one of this game's that does not lie face up."""
    target = command["character"]
    if target not in state.rules.characters:
        raise IllegalCommand("unknown_character", f"there is no character '{target}' in this game")
    if target in state.face_up:
        raise IllegalCommand("bad_target", f"the {CHARACTERS[target].name_en} lies face up: nobody plays it")
    return target


def kill(rec: Recorder, seat: int, command: NamesCharacter) -> None:
    """`kill`: the Assassin names a character, who loses its turn this round."""
    require_power(rec.state, seat, "assassin", "kill")
    target = named_character(rec.state, command)
    if target == "assassin":
        raise IllegalCommand("bad_target", "the Assassin cannot kill himself")
    rec.emit("character_killed", {"seat": seat, "character": target})


def rob(rec: Recorder, seat: int, command: NamesCharacter) -> None:
    """`rob`: the Thief names a character whose gold he takes when it reveals."""
    require_power(rec.state, seat, "thief", "rob")
    state = rec.state
    target = named_character(state, command)
    if target in ("assassin", "thief", "witch"):
        raise IllegalCommand("bad_target", "the Thief may not rob the Assassin, the Witch or himself")
    if target == state.killed:
        raise IllegalCommand("bad_target", "the Thief may not rob the killed character")
    if target == state.bewitched:
        raise IllegalCommand("bad_target", "the Thief may not rob the bewitched character")
    rec.emit("character_robbed", {"seat": seat, "character": target})


def steal_on_call(rec: Recorder, seat: int, character: str) -> None:
    """As the robbed character is called, the Thief takes its player's gold (whoever plays its turn)."""
    state = rec.state
    if character == state.robbed:
        thief = state.power_seat("thief")  # the Witch's seat when she robbed as the bewitched Thief
        assert thief is not None
        rec.emit("gold_stolen", {"seat": thief, "victim": seat, "amount": state.players[seat].gold})


def bewitch(rec: Recorder, seat: int, command: NamesCharacter) -> None:
    """`bewitch`: after her income the Witch names a character; her turn ends at once."""
    turn_ = require_power(rec.state, seat, "witch", "bewitch")
    require_income(turn_, "bewitch")
    target = named_character(rec.state, command)
    if target == "witch":
        raise IllegalCommand("bad_target", "the Witch cannot bewitch herself")
    rec.emit("character_bewitched", {"seat": seat, "character": target})


def has_bewitched(state: State) -> bool:
    """Whether the turn being played is the Witch's own and she has bewitched: it is over."""
    turn_ = state.turn
    return turn_ is not None and turn_.character == "witch" and not turn_.witch and state.bewitched is not None
