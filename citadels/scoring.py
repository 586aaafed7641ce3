"""The end of the game: scores, the tie-break and the winners."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from rules_kit.resign import winners_among_the_rest
from rules_kit.standings import places

from .cards import DISTRICTS, Colour
from .payloads import Score
from .recorder import Recorder
from .state import Built, Player, State

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
    return score_of(player, state.round, state.first_complete, state.complete_at)


def score_of(player: Player, last_round: int, first_complete: int | None, complete_at: int) -> Score:
    """`score` from the three numbers of the state it reads: the round (a Haunted City built in it is no
    wildcard), the seat that completed a city first and how many districts complete one."""
    districts, colours = _city_points(player.city, last_round)
    complete = 0
    if first_complete == player.seat:
        complete = FIRST_COMPLETE_BONUS
    elif len(player.city) >= complete_at:
        complete = COMPLETE_BONUS
    extras = extra_points(player)
    return {
        "seat": player.seat, "districts": districts, "colours": colours, "complete": complete,
        "extras": extras, "total": districts + colours + complete + extras,
    }


def extra_points(player: Player) -> int:
    """Wishing Well: 1 per other purple district; Imperial Treasury: 1 per gold; Map Room: 1 per card in
    hand; Museum: 1 per card under it."""
    points, treasury, map_room, museum = _city_extras(player.city)
    if treasury:
        points += player.gold
    if map_room:
        points += len(player.hand)
    if museum:
        points += len(player.museum)
    return points


# The views show every player's score after every event, yet a city changes a few times a game: what the
# city alone decides is computed once per city (and round, which only a Haunted City cares about). A city
# is a tuple of immutable NamedTuples, so it is a safe key.
@lru_cache(maxsize=4096)
def _city_points(city: tuple[Built, ...], last_round: int) -> tuple[int, int]:
    """A city's district points and its colour bonus."""
    districts = sum(DISTRICTS[b.district].points + (1 if b.adorned else 0) for b in city)
    colours = FIVE_COLOURS_BONUS if has_five_colours(Player(-1, 0, (), city), last_round) else 0
    return districts, colours


@lru_cache(maxsize=4096)
def _city_extras(city: tuple[Built, ...]) -> tuple[int, bool, bool, bool]:
    """A city's Wishing Well points, and whether it holds the Imperial Treasury, the Map Room and the
    Museum (whose points count the owner's gold, hand and Museum cards)."""
    player = Player(-1, 0, (), city)
    wishing_well = 0
    if player.has("wishing_well"):
        wishing_well = sum(1 for d in player.districts() if DISTRICTS[d].colour == Colour.PURPLE and d != "wishing_well")
    return wishing_well, player.has("imperial_treasury"), player.has("map_room"), player.has("museum")


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
