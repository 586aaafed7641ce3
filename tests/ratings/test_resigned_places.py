"""Places of a game a player resigned: the resigned seat is placed last, never past the count of players, and
the winner of a game won by resignation is place 1 (a win on the profile), whatever the scores said; a
recompute of stored results gives the same places for old games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core.management import call_command

from games import services, store
from games.models import Game, Seat
from games.registry import get_kind
from ratings.models import Result
from rules_kit.resign import ranked_with_last

from ..rules_kit.json_commands import decide_json
from .helpers import open_game, play_to_end

pytestmark = pytest.mark.django_db


def users_by_seat(game: Game) -> dict[int, Any]:
    return {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}


def scores_would_crown(game: Game, seat: int) -> bool:
    """Whether the rulebook's standings, alone, would place `seat` strictly first if it resigned now."""
    kind = get_kind(game.kind)
    state = store.load_state(game)
    events = decide_json(kind.rules, state, seat, {"type": "resign"}, random.Random(0))
    places = kind.places(kind.rules.fold(events, state))
    return places[seat] == 1 and places.count(1) == 1


def resigned_while_ahead(users: list[Any], kind: str, seed: int) -> tuple[Game, int]:
    """A 2-player game played by the bot until a seat the scores place strictly first resigns (through the
    API's service): the game ends by resignation, the other seat the winner."""
    game = open_game(users, kind)
    rng = random.Random(seed)
    bot = get_kind(kind).timeout_bot
    by_seat = users_by_seat(game)
    for step in range(400):
        game.refresh_from_db()
        for seat in (0, 1):
            if scores_would_crown(game, seat):
                services.resign(by_seat[seat], game.pk)
                game.refresh_from_db()
                assert game.status == Game.Status.FINISHED
                return game, seat
        seat = rng.choice(game.awaiting)
        command = bot(store.load_state(game), seat, rng)
        services.execute(by_seat[seat], game.pk, command, idempotency_key=f"bot-{step}")
    raise AssertionError("no seat got ahead")


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_the_winner_by_resignation_is_first_and_the_resigned_seat_second_of_two(
    make_user: Any, api_client: Any, client: Any, kind: str
) -> None:
    users = [make_user("Ada"), make_user("Bob")]
    game, quitter = resigned_while_ahead(users, kind, seed=7)
    winner = 1 - quitter
    places = {r.seat: r.place for r in Result.objects.filter(game=game)}
    assert places == {winner: 1, quitter: 2}
    by_seat = users_by_seat(game)
    body = api_client(by_seat[quitter]).get(f"/api/players/{by_seat[winner].pk}/").json()
    assert next(r for r in body["record"] if r["kind"] == kind)["won"] == 1
    assert body["finished_games"][0]["place"] == 1 and body["finished_games"][0]["players"] == 2
    quitter_body = api_client(by_seat[winner]).get(f"/api/players/{by_seat[quitter].pk}/").json()
    assert next(r for r in quitter_body["record"] if r["kind"] == kind)["won"] == 0
    assert quitter_body["finished_games"][0]["place"] == 2
    client.force_login(by_seat[winner])
    assert "place 1 of 2" in client.get(f"/players/{by_seat[winner].pk}/").content.decode()
    assert "place 2 of 2" in client.get(f"/players/{by_seat[quitter].pk}/").content.decode()


def test_recompute_gives_old_games_the_right_places(make_user: Any) -> None:
    game, quitter = resigned_while_ahead([make_user(), make_user()], "citadels", seed=11)
    # As the old rating wrote them: the resigned seat past the count of players, the winner second.
    Result.objects.filter(game=game, seat=quitter).update(place=3)
    Result.objects.filter(game=game, seat=1 - quitter).update(place=2)
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert {r.seat: r.place for r in Result.objects.filter(game=game)} == {1 - quitter: 1, quitter: 2}


def test_a_resigned_seat_of_three_is_third_and_the_others_keep_their_order(make_user: Any) -> None:
    users = [make_user() for _ in range(3)]
    game = open_game(users, "citadels")
    by_seat = users_by_seat(game)
    services.resign(by_seat[1], game.pk)
    game = play_to_end(game, seed=5, service_seats={1})  # the bot plays the resigned seat
    state = store.load_state(game)
    standings = get_kind(game.kind).places(state)
    places = {r.seat: r.place for r in Result.objects.filter(game=game)}
    assert places[1] == 3 and max(places.values()) <= 3
    assert (places[0] < places[2]) == (standings[0] < standings[2])
    assert (places[0] == places[2]) == (standings[0] == standings[2])


def test_ranked_with_last() -> None:
    assert ranked_with_last([1, 2, 3, 4], {0}) == [4, 1, 2, 3]
    assert ranked_with_last([1, 1, 3, 4], {3}) == [1, 1, 3, 4]
    assert ranked_with_last([2, 1, 3, 3], {1, 2}) == [1, 3, 3, 2]  # shared last place
    assert ranked_with_last([1, 2], {0}) == [2, 1]
    assert ranked_with_last([1, 1], {1}) == [1, 2]
    assert ranked_with_last([2, 1], {0, 1}) == [1, 1]  # every seat gave up: all share the place
    assert ranked_with_last([], set()) == []
