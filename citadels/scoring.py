"""The end of the game: scores, the tie-break and the winners."""

from __future__ import annotations

from .cards import DISTRICTS, Colour
from .recorder import Recorder
from .state import Player, State

ALL_COLOURS = frozenset(Colour)
FIVE_COLOURS_BONUS, FIRST_COMPLETE_BONUS, COMPLETE_BONUS = 3, 4, 2


def has_five_colours(player: Player, last_round: int) -> bool:
    """Whether the city shows all five colours; a Haunted City not built in the last round may stand for
    the one colour missing (then it no longer counts as purple)."""
    wildcard = any(b.district == "haunted_city" and b.round < last_round for b in player.city)
    others = {DISTRICTS[b.district].colour for b in player.city if not (wildcard and b.district == "haunted_city")}
    if wildcard:
        return len(ALL_COLOURS - others) <= 1
    return others >= ALL_COLOURS


def score(state: State, player: Player) -> dict[str, int]:
    """One player's score and its parts."""
    districts = sum(DISTRICTS[b.district].points for b in player.city)
    colours = FIVE_COLOURS_BONUS if has_five_colours(player, state.round) else 0
    complete = 0
    if state.first_complete == player.seat:
        complete = FIRST_COMPLETE_BONUS
    elif len(player.city) >= state.rules.complete_city:
        complete = COMPLETE_BONUS
    total = districts + colours + complete
    return {"seat": player.seat, "districts": districts, "colours": colours, "complete": complete, "total": total}


def winners(scores: list[dict[str, int]]) -> list[int]:
    """The most points win; a tie goes to the most district points; a tie after that is shared."""
    best = max((s["total"], s["districts"]) for s in scores)
    return [s["seat"] for s in scores if (s["total"], s["districts"]) == best]


def end_game(rec: Recorder) -> None:
    """Score every city and end the game."""
    state = rec.state
    scores = [score(state, player) for player in state.players]
    rec.emit("game_ended", {"scores": scores, "winners": winners(scores)})
