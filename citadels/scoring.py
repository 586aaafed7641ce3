"""The end of the game: scores, the tie-break and the winners."""

from __future__ import annotations

from collections.abc import Collection

from rules_kit.resign import winners_among_the_rest
from rules_kit.standings import places

from .cards import DISTRICTS, Colour
from .payloads import Score
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


def score(state: State, player: Player) -> Score:
    """One player's score and its parts: `districts` (an Artist's adorned district 1 more), the bonuses
    for colours and a complete city, and the Dark City's end-of-game `extras`."""
    districts = sum(DISTRICTS[b.district].points + (1 if b.adorned else 0) for b in player.city)
    colours = FIVE_COLOURS_BONUS if has_five_colours(player, state.round) else 0
    complete = 0
    if state.first_complete == player.seat:
        complete = FIRST_COMPLETE_BONUS
    elif len(player.city) >= state.complete_at:
        complete = COMPLETE_BONUS
    extras = extra_points(player)
    total = districts + colours + complete + extras
    return Score(
        seat=player.seat, districts=districts, colours=colours, complete=complete, extras=extras, total=total,
    )


def extra_points(player: Player) -> int:
    """Wishing Well: 1 per other purple district; Imperial Treasury: 1 per gold; Map Room: 1 per card in
    hand; Museum: 1 per card under it."""
    points = 0
    if player.has("wishing_well"):
        points += sum(1 for d in player.districts() if DISTRICTS[d].colour == Colour.PURPLE and d != "wishing_well")
    if player.has("imperial_treasury"):
        points += player.gold
    if player.has("map_room"):
        points += len(player.hand)
    if player.has("museum"):
        points += len(player.museum)
    return points


def winners(scores: list[Score], resigned: Collection[int] = ()) -> list[int]:
    """The most points win; a tie goes to the most district points; a tie after that is shared. A seat
    whose player resigned cannot win (`rules_kit.resign`)."""
    return winners_among_the_rest([(s["seat"], (s["total"], s["districts"])) for s in scores], resigned)


def standings(state: State) -> list[int]:
    """Each seat's place at the end (1 is the best; a tie that the district points do not break is
    shared), in seat order: the winners' rule applied to every place."""
    by_seat = sorted(state.scores, key=lambda s: s["seat"])
    return places([(s["total"], s["districts"]) for s in by_seat])


def end_game(rec: Recorder) -> None:
    """Score every city and end the game (also when all players but one resigned: that one wins)."""
    state = rec.state
    scores = [score(state, player) for player in state.players]
    rec.emit("game_ended", {"scores": scores, "winners": winners(scores, state.resigned)})
