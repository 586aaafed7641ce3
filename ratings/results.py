"""A finished game's result as the ratings read it: each seat's place by the rulebook (the kind's standings,
through the registry: this app holds no game's words), which seats count, and who sat where.

* A seat whose every move the service played (its player never moved: the stand-in bot played it) is left
  out of the rating: OpenSkill rates the players of a match, and that seat's result is the bot's, not its
  player's. The others are rated among themselves, in their rulebook order. A bot seat of the host's choice
  (held by a bot's account, `User.is_bot`: games.services.bots) is the bot's own and is rated like a
  player's (in a game its host asked to be rated), so each bot has its rating per game kind.
* A seat that resigned (the rules' `GameRules.resigned`), or that the service was playing at the end (its
  last moves, as many as make a seat absent, `GAMES_ABSENT_AFTER_TIMEOUTS`, all played by the service), is
  placed last (shared with any other such seat, never past the count of players), whatever the bot made
  of it: the player gave the game up. The others keep the rulebook's order among themselves, so the winner
  of a game won by resignation is first (`rules_kit.resign.ranked_with_last`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from accounts.models import User
from games import selectors, unit_of_work
from games.models import Command, Game, Seat
from games.registry import get_kind
from rules_kit.resign import ranked_with_last


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: its player, its place, whether it counts for the rating and why not."""

    seat: int
    user_id: int
    place: int
    rated: bool  # False: a seat the stand-in played throughout (every move by the service); a bot's own seat counts
    gave_up: bool  # resigned, or played by the service at the end: placed last


def seat_moves(game_ids: Sequence[int]) -> dict[int, dict[int, list[bool]]]:
    """Per game and seat, whether each command was the service's (`by_service`), in the log's order."""
    found: dict[int, dict[int, list[bool]]] = {game_id: {} for game_id in game_ids}
    for game_id, seat, by_service in (
        Command.objects.filter(game_id__in=list(game_ids), seat__isnull=False)
        .order_by("game_id", "first_seq").values_list("game_id", "seat", "by_service")
    ):
        if seat is not None:  # always: filtered so
            found[game_id].setdefault(seat, []).append(by_service)
    return found


def game_result(game: Game, state: Any) -> list[SeatResult]:
    """Each seat's result of this finished game (`state`: its final state), in seat order. Read through
    the unit of work: inside the deadline sweep the commands it has kept are written first."""
    kind = get_kind(game.kind)
    standings = kind.places(state)
    users: dict[int, User] = unit_of_work.read("games.seated_users", game.pk, selectors.seated_users, models=(Seat, User))
    moves = unit_of_work.read("ratings.seat_moves", game.pk, seat_moves, models=(Command,)).get
    resigned = kind.rules.resigned(state)  # the rules' own record (`player_resigned`), as their winners read it
    streak = int(settings.GAMES_ABSENT_AFTER_TIMEOUTS)
    played = [moves(seat) or [] for seat in range(len(standings))]
    bots = {seat for seat, user in users.items() if user.is_bot}  # a bot plays every move as the service, its own
    abandoned = {seat for seat, own in enumerate(played)
                 if seat not in bots and len(own) >= streak and all(own[-streak:])}
    gave_up = set(resigned) | abandoned
    # The seats that played on keep the rulebook's order among themselves, the others share the last place;
    # if every seat gave up, a resigned one still cannot come before one that did not (the rules' winners).
    places = ranked_with_last(standings, gave_up if len(gave_up) < len(standings) else resigned)
    return [
        SeatResult(seat=seat, user_id=users[seat].pk, place=place, rated=seat in bots or not (bool(own) and all(own)),
                   gave_up=seat in gave_up)
        for seat, (place, own) in enumerate(zip(places, played, strict=True))
    ]
