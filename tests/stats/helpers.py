"""Helpers of the stats tests: finished games played through the services by the kinds' bots."""

from __future__ import annotations

from typing import Any

from games.models import Game
from tests.ratings.helpers import open_game, play_to_end
from tournaments.models import Tournament, TournamentGame


def finished_game(users: list[Any], kind: str, seed: int, **kwargs: Any) -> Game:
    """A game of these users played to its end by the kind's bot."""
    return play_to_end(open_game(users, kind, **kwargs), seed)


def partly_played(users: list[Any], kind: str, seed: int, commands: int, until: Any = None) -> Game:
    """A running game of these users after `commands` of the kind's bot's commands (and on, up to as many
    again, until `until(state)` holds)."""
    import random

    from games import services, store
    from games.models import Seat
    from games.registry import get_kind

    game = open_game(users, kind)
    rng = random.Random(seed)
    by_seat = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    for played in range(2 * commands):
        game.refresh_from_db()
        if played >= commands and (until is None or until(store.load_state(game))):
            break
        seat = game.awaiting[0]
        command = get_kind(kind).timeout_bot(store.load_state(game), seat, rng)
        services.execute(by_seat[seat], game.pk, command, idempotency_key=f"bot-{game.version}")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def ended_tournament(host: Any, players: list[Any], kind: str, seed: int) -> Tournament:
    """A round robin of these players at 2-player tables, played to its end by the kind's bot."""
    import random

    from tests.tournaments.driver import play
    from tournaments import services

    tournament = services.create_tournament(host, name=f"Cup {seed}", kind=kind, format="round_robin", table_size=2,
                                            max_players=len(players), rounds=1, time_control={"decision_hours": 24})
    for player in players:
        services.join(player, tournament.pk)
    services.advance_due()
    rng = random.Random(seed)
    for _ in range(len(players)):
        for link in TournamentGame.objects.filter(tournament=tournament, recorded=False).select_related("game"):
            play(link.game, rng)
        services.advance_due()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.ENDED
    return tournament
