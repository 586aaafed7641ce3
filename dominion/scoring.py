"""The end of the game and its score: when the game is over, each seat's points, and who wins."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from rules_kit.resign import winners_among_the_rest
from rules_kit.standings import places

from .cards import CARDS
from .state import Score, State, owned


def game_over(state: State) -> bool:
    """The Province pile is empty, or 3 Supply piles are (4 with 5 or 6 players)."""
    empty = sum(1 for pile in state.supply if not state.piles[pile])
    return not state.piles["province"] or empty >= (4 if state.players >= 5 else 3)


def score(state: State) -> list[Score]:
    """Every seat's victory points (Feodum: 1 per 3 Silvers; Gardens: 1 per full 10 cards owned) and turns
    taken."""
    return [score_of(state, seat, composition(state, seat)) for seat in range(state.players)]


def composition(state: State, seat: int) -> Counter[str]:
    """How many cards of each name a seat owns (public: every gain and trash is shown to all)."""
    return Counter([state.names[c] for c in owned(state, seat)])


def score_of(state: State, seat: int, counts: Counter[str]) -> Score:
    """`seat`'s score from what it owns (`composition`): a view, which shows both, counts the cards once."""
    cards = sum(counts.values())
    per_card = {"feodum": counts["silver"] // 3, "gardens": cards // 10}
    points = sum(n * per_card.get(name, CARDS[name].vp) for name, n in counts.items())
    return {"seat": seat, "total": points, "turns": state.turns[seat], "cards": cards}


def winners(scores: list[Score], resigned: Collection[int] = ()) -> list[int]:
    """Most points; tied: fewer turns; still tied: all of them. A seat whose player resigned cannot win
    (`rules_kit.resign`)."""
    return winners_among_the_rest([(s["seat"], (s["total"], -s["turns"])) for s in scores], resigned)


def standings(state: State) -> list[int]:
    """Each seat's place at the end (1 is the best; fewer turns break a tie of points, a tie after that is
    shared), in seat order: the winners' rule applied to every place."""
    by_seat = sorted(state.scores, key=lambda s: s["seat"])
    return places([(s["total"], -s["turns"]) for s in by_seat])
