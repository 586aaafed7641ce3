"""Ratings: a finished game rates its players with OpenSkill's Plackett-Luce model by the rulebook's places
(expected numbers computed here with the library itself, and one by hand), recomputing from the logs gives
the same, unrated games and bot seats change nothing, an abandoned or resigned seat is placed last
(of the players, the others keeping their order)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games import store
from games.models import Game, Seat
from games.registry import get_kind
from ratings.models import Rating, Result
from ratings.rating import record_game
from ratings.recompute import recompute_ratings
from rules_kit.resign import ranked_with_last

from .helpers import open_game, play_to_end

pytestmark = pytest.mark.django_db


def places_by_hand(game: Game) -> list[int]:
    """Each seat's place from the final public view's scores, by each rulebook's tie-break."""
    view = get_kind(game.kind).rules.view(store.load_state(game), None)
    scores = sorted(view["scores"], key=lambda s: s["seat"])
    if game.kind == "citadels":
        keys = [(s["total"], s["districts"]) for s in scores]
    else:
        keys = [(s["total"], -s["turns"]) for s in scores]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def users_by_seat(game: Game) -> dict[int, Any]:
    return {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}


def ratings_now() -> dict[tuple[int, str], tuple[float, float, int]]:
    return {(r.user_id, r.kind): (r.mu, r.sigma, r.games) for r in Rating.objects.all()}


def test_two_newcomers_by_hand(make_user) -> None:
    """The winner of a 2-player game between newcomers, worked out from the Plackett-Luce update (Weng & Lin,
    algorithm 4) with the library's defaults: sigma² first grows by tau² (tau = 25/300, its dynamics
    factor), then c² = 2 sigma² + 2 beta², the winner's mu + sigma²/c * (1 - 1/2), sigma² * (1 - gamma
    sigma²/c² * 1/4) with gamma = sigma / c."""
    users = [make_user() for _ in range(2)]
    game = play_to_end(open_game(users), seed=3)
    places = places_by_hand(game)
    assert sorted(places) == [1, 2]  # seed 3: a win, not a shared one
    sigma, beta, tau = 25 / 3, 25 / 6, 25 / 300
    sigma = math.sqrt(sigma**2 + tau**2)
    c = math.sqrt(2 * sigma**2 + 2 * beta**2)
    gamma = sigma / c
    by_seat = users_by_seat(game)
    winner = by_seat[places.index(1)]
    loser = by_seat[places.index(2)]
    won, lost = Rating.objects.get(user=winner, kind="citadels"), Rating.objects.get(user=loser, kind="citadels")
    assert won.mu == pytest.approx(25 + sigma**2 / c * 0.5)
    assert lost.mu == pytest.approx(25 - sigma**2 / c * 0.5)
    assert won.sigma == pytest.approx(math.sqrt(sigma**2 * (1 - gamma * sigma**2 / c**2 * 0.25)))
    assert round(won.mu, 3) == 27.635 and round(won.sigma, 3) == 8.066
    assert won.games == lost.games == 1


@pytest.mark.parametrize(("kind", "players", "options", "seed"), [
    ("citadels", 4, {}, 1),
    ("citadels", 8, {"random_characters": True}, 2),
    ("dominion", 2, {}, 4),
    ("dominion", 4, {}, 5),
])
def test_a_finished_game_rates_by_the_rulebook_places(make_user, kind: str, players: int, options: dict[str, Any], seed: int) -> None:
    users = [make_user() for _ in range(players)]
    game = play_to_end(open_game(users, kind, options), seed=seed)
    places = places_by_hand(game)
    by_seat = users_by_seat(game)
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(players)], ranks=[float(p) for p in places])
    for seat, (rating,) in enumerate(expected):
        found = Rating.objects.get(user=by_seat[seat], kind=kind)
        assert (found.mu, found.sigma) == pytest.approx((rating.mu, rating.sigma))
        assert Result.objects.get(game=game, seat=seat).place == places[seat]


def test_ratings_carry_from_game_to_game_and_recompute_gives_the_same(make_user) -> None:
    users = [make_user() for _ in range(3)]
    first = play_to_end(open_game(users), seed=11)
    second = play_to_end(open_game([users[2], users[0], users[1]]), seed=12)
    model = PlackettLuce()
    current = {u.pk: model.rating() for u in users}
    for game in (first, second):
        by_seat = users_by_seat(game)
        teams = [[current[by_seat[seat].pk]] for seat in range(3)]
        for seat, (rating,) in enumerate(model.rate(teams, ranks=[float(p) for p in places_by_hand(game)])):
            current[by_seat[seat].pk] = rating
    found = {u: (mu, sigma) for (u, _), (mu, sigma, _) in ratings_now().items()}
    for user_id, rating in current.items():
        assert found[user_id] == pytest.approx((rating.mu, rating.sigma))
    before, results = ratings_now(), list(Result.objects.order_by("game_id", "seat").values())
    Rating.objects.all().delete()
    Result.objects.all().delete()
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))
    assert ratings_now() == before  # exactly the same floats
    assert list(Result.objects.order_by("game_id", "seat").values("game_id", "seat", "place", "mu_after")) == [
        {k: r[k] for k in ("game_id", "seat", "place", "mu_after")} for r in results]
    assert recompute_ratings().games == 2
    assert ratings_now() == before


def test_an_unrated_game_changes_no_rating(make_user) -> None:
    users = [make_user() for _ in range(2)]
    play_to_end(open_game(users), seed=3)
    before = ratings_now()
    game = play_to_end(open_game(users, rated=False), seed=5)
    assert ratings_now() == before
    assert {r.mu_after for r in Result.objects.filter(game=game)} == {None}  # the places are kept, not rated
    recompute_ratings()
    assert ratings_now() == before


def test_a_bot_seat_is_left_out_and_an_abandoned_seat_is_last(make_user) -> None:
    """Seat 0 is played by the service from its first move (a bot seat: not rated, the others rated among
    themselves); in another game seat 1 is left to the service from its 4th move (abandoned: placed last)."""
    users = [make_user() for _ in range(4)]
    game = play_to_end(open_game(users, "dominion"), seed=21, service_seats={0})
    by_seat = users_by_seat(game)
    assert not Rating.objects.filter(user=by_seat[0]).exists()
    assert Result.objects.get(game=game, seat=0).mu_after is None
    places = places_by_hand(game)[1:]
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[float(p) for p in places])
    for seat, (rating,) in zip((1, 2, 3), expected, strict=True):
        assert Rating.objects.get(user=by_seat[seat]).mu == pytest.approx(rating.mu)

    others = [make_user() for _ in range(3)]
    game = play_to_end(open_game(others, "dominion"), seed=22, service_seats={1}, service_from=3)
    assert Result.objects.get(game=game, seat=1).place == 3  # after every seat that played on, of 3
    places = ranked_with_last(places_by_hand(game), {1})
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[float(p) for p in places])
    by_seat = users_by_seat(game)
    for seat, (rating,) in enumerate(expected):
        assert Rating.objects.get(user=by_seat[seat]).mu == pytest.approx(rating.mu)
    before = ratings_now()
    recompute_ratings()
    assert ratings_now() == before


class _Resigned:
    """A final state whose rules mark `seats` as resigned (`GameRules.resigned` reads it)."""

    def __init__(self, state: Any, seats: set[int]) -> None:
        self._state, self.resigned = state, seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def test_a_resigned_seat_is_placed_last(make_user) -> None:
    users = [make_user() for _ in range(3)]
    game = play_to_end(open_game(users), seed=31)
    Rating.objects.all().delete()
    Result.objects.all().delete()
    winner = places_by_hand(game).index(1)
    record_game(game, _Resigned(store.load_state(game), {winner}))
    places = ranked_with_last(places_by_hand(game), {winner})
    assert places[winner] == 3 and sorted(places)[0] == 1  # last of 3; another seat comes first
    assert [r.place for r in Result.objects.filter(game=game).order_by("seat")] == places
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[float(p) for p in places])
    by_seat = users_by_seat(game)
    for seat, (rating,) in enumerate(expected):
        assert Rating.objects.get(user=by_seat[seat]).mu == pytest.approx(rating.mu)
    assert Rating.objects.get(user=by_seat[winner]).mu < 25
