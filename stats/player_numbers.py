"""A player's numbers, by game kind and number of players: games, wins, average place, the rating after each
rated game, average and median time to move, favourite characters or cards, and head-to-head records.

All of it is read off the logs and what is derived from them alone: the places and ratings of the finished
games (`ratings.Result`, which `manage.py recompute_ratings` writes again from the logs), the times of the
commands and events, and each finished game's story numbers (`stats.story`, the replay's own fold). Only the
finished games the viewer may see count (the listed ones, and the private ones the viewer sat in; the player
sees all of theirs), and each part shows only under the player's privacy settings (`ratings.ProfilePrivacy`,
the player always sees their own): the record (games, wins, places), the rating, the time to move (with the
reliability) and the finished games (favourites and head-to-head, which tell of the games themselves). An
opponent who hides their finished games is not named in anyone's head-to-head.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from django.db.models import F, OuterRef, Q, QuerySet, Subquery

from accounts.models import User
from games.models import Command, Event, Game, Seat
from games.registry import get_kind, kind_names, kinds
from games.selectors import PACES, pace_hours
from ratings.models import ProfilePrivacy, Rating, Result
from ratings.profiles import privacy_of, shown_flags
from ratings.rating import display_rating

from .story import finished_numbers

FAVOURITES_SHOWN = 3
PARTS = {"record": "show_record", "rating": "show_rating", "time_to_move": "show_reliability",
         "games": "show_games"}
"""Each part of the numbers and the privacy flag that shows it."""


def visible_results(player: User, viewer: User | None) -> QuerySet[Result]:
    """The player's results of the finished games the viewer may see, oldest first."""
    results = Result.objects.filter(user=player, kind__in=kind_names()).select_related("game")
    if viewer is None:
        results = results.filter(game__listed=True)
    elif viewer.pk != player.pk:
        results = results.filter(Q(game__listed=True) | Q(game_id__in=Seat.objects.filter(user=viewer).values("game_id")))
    return results.order_by("finished_at", "game_id")


def _waits(player: User, game_ids: list[int]) -> dict[int, list[float]]:
    """Per game, the seconds between the event before each of the player's own moves and the move (the
    reliability's measure: `ratings.reliability.median_time_to_move`)."""
    before = Event.objects.filter(game_id=OuterRef("game_id"), seq=OuterRef("first_seq") - 1).values("created_at")[:1]
    rows = (Command.objects.filter(user=player, game_id__in=game_ids, seat__isnull=False, by_service=False, first_seq__gt=1)
            .annotate(before=Subquery(before)).values_list("game_id", "created_at", F("before")))
    found: dict[int, list[float]] = defaultdict(list)
    for game_id, moved, previous in rows:
        if previous is not None:
            found[game_id].append((moved - previous).total_seconds())
    return found


def _favourites(kind: str, results: list[Result]) -> list[dict[str, Any]]:
    """The characters or cards the player went for most in these games (by their story's numbers)."""
    story = get_kind(kind).story_module
    if story is None:
        return []
    counts: dict[str, int] = defaultdict(int)
    for result in results:
        for favourite, count in story.favourites(finished_numbers(result.game), result.seat).items():
            counts[favourite] += count
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:FAVOURITES_SHOWN]
    return [{"id": favourite, "name": story.favourite_name(favourite), "count": count} for favourite, count in ranked]


def _group(kind: str, players: int, results: list[Result], waits: dict[int, list[float]],
           shown: dict[str, bool]) -> dict[str, Any]:
    """The numbers of the player's games of one kind and number of players."""
    times = [w for r in results for w in waits.get(r.game_id, [])]
    return {
        "players": players,
        "games": len(results) if shown["record"] else None,
        "wins": sum(1 for r in results if r.place == 1) if shown["record"] else None,
        "average_place": round(statistics.mean(r.place for r in results), 2) if shown["record"] else None,
        "moves_timed": len(times) if shown["time_to_move"] else None,
        "average_seconds_to_move": round(statistics.mean(times), 1) if times and shown["time_to_move"] else None,
        "median_seconds_to_move": round(statistics.median(times), 1) if times and shown["time_to_move"] else None,
        "favourites": _favourites(kind, results) if shown["games"] else None,
    }


def pace_of(game: Game) -> str | None:
    """The game's pace by its time control's hours for a decision (`games.selectors.PACES`; a time bank's hours
    at the start), None without one."""
    hours = pace_hours(game.time_control or {})
    if hours is None:
        return None
    for pace, (above, most) in PACES.items():
        if (above is None or hours > above) and (most is None or hours <= most):
            return pace
    return None


def _times_by_pace(results: list[Result], waits: dict[int, list[float]]) -> list[dict[str, Any]]:
    """The average and median time to move in the games of each pace (fast, normal, slow) that has moves."""
    by_pace: dict[str, list[float]] = defaultdict(list)
    for result in results:
        pace = pace_of(result.game)
        if pace is not None:
            by_pace[pace].extend(waits.get(result.game_id, []))
    return [{"pace": pace, "moves_timed": len(times), "average_seconds_to_move": round(statistics.mean(times), 1),
             "median_seconds_to_move": round(statistics.median(times), 1)}
            for pace in PACES if (times := by_pace.get(pace))]


def _rating_history(results: list[Result]) -> list[dict[str, Any]]:
    """The player's rating (the shown number) after each rated game, oldest first."""
    return [{"game": r.game_id, "finished_at": r.finished_at, "rating": round(display_rating(r.mu_after, r.sigma_after), 2)}
            for r in results if r.mu_after is not None and r.sigma_after is not None]


def _head_to_head(player: User, viewer: User | None, results: list[Result]) -> list[dict[str, Any]]:
    """Against each opponent in these games: how often the player finished ahead, behind, or level."""
    mine = {r.game_id: r.place for r in results}
    others = list(Result.objects.filter(game_id__in=list(mine)).exclude(user=player)
                  .select_related("user").order_by("game_id", "seat"))
    flags = shown_flags(sorted({r.user_id for r in others}))
    table: dict[int, dict[str, Any]] = {}
    for other in others:
        if not flags[other.user_id].show_games and (viewer is None or viewer.pk != other.user_id):
            continue  # an opponent who hides their finished games is named in nobody's numbers
        row = table.setdefault(other.user_id, {"opponent": other.user_id, "name": other.user.public_name,
                                               "bot": other.user.is_bot, "games": 0, "ahead": 0, "behind": 0, "level": 0})
        row["games"] += 1
        place = mine[other.game_id]
        row["ahead" if place < other.place else "behind" if place > other.place else "level"] += 1
    return sorted(table.values(), key=lambda row: (-row["games"], row["name"]))


def hidden_parts(player: User) -> list[str]:
    """The parts of their numbers the player keeps from others (their privacy settings)."""
    privacy: ProfilePrivacy = privacy_of(player)
    return [part for part, flag in PARTS.items() if not getattr(privacy, flag)]


def shown_parts(player: User, viewer: User | None) -> dict[str, bool]:
    """Which parts of the player's numbers the viewer sees (all of them their own)."""
    own = viewer is not None and viewer.pk == player.pk
    hidden = hidden_parts(player)
    return {part: own or part not in hidden for part in PARTS}


def player_numbers(player: User, viewer: User | None) -> dict[str, Any]:
    """The player's numbers as `viewer` may see them: `hidden` names the parts the player keeps private,
    which are None for anybody else (the player sees their own)."""
    shown = shown_parts(player, viewer)
    # A bot moves at once, every move the service's: a time to move says nothing of it (as on the profile).
    shown["time_to_move"] = shown["time_to_move"] and not player.is_bot
    results = list(visible_results(player, viewer))
    waits = _waits(player, [r.game_id for r in results]) if shown["time_to_move"] else {}
    ratings = {r.kind: r for r in Rating.objects.filter(user=player)}
    by_kind: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        by_kind[result.kind].append(result)
    found = []
    for kind in kinds:
        played = by_kind.get(kind.name, [])
        by_players: dict[int, list[Result]] = defaultdict(list)
        for result in played:
            by_players[result.game.players].append(result)
        rating = ratings.get(kind.name)
        found.append({
            "kind": kind.name,
            "title": str(kind.title),
            "groups": [_group(kind.name, players, group, waits, shown) for players, group in sorted(by_players.items())],
            "rating": round(display_rating(rating.mu, rating.sigma), 2) if rating is not None and shown["rating"] else None,
            "rating_history": _rating_history(played) if shown["rating"] else None,
            "head_to_head": _head_to_head(player, viewer, played) if shown["games"] else None,
            "time_to_move_by_pace": _times_by_pace(played, waits) if shown["time_to_move"] else None,
        })
    return {"id": player.pk, "display_name": player.public_name, "bot": player.is_bot,
            "hidden": hidden_parts(player), "kinds": found}

