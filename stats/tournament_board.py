"""The second leaderboard of a game kind: the players by their tournament wins, that is their first places
(a shared first place counts for each who shares it) in the ended tournaments of that kind, league groups
included, as the tournaments' own standings rank them (`tournaments.services.standings_of`, the fold of each
tournament's log). Paged as the rating board; a player who hides their record
(`ratings.ProfilePrivacy.show_record`: games played, won and running) and a deleted or deactivated account
are not on it."""

from __future__ import annotations

import math
from collections import Counter
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Max
from django.utils.translation import gettext

from core.errors import ServiceError
from games.registry import kinds
from tournaments.models import Tournament
from tournaments.services import standings_of

from .leaderboards import PAGE_SIZE, _page_number

CACHE_SECONDS = 24 * 3600  # the key changes with every tournament that ends; the time only bounds the cache


def tournament_wins(kind_name: str) -> dict[int, dict[str, Any]]:
    """Per player id: `wins` (first places), `tournaments` (ended ones entered) and `last_win` (when the
    last won one ended) over the kind's ended tournaments; cached until another one ends."""
    ended = Tournament.objects.filter(kind=kind_name, status=Tournament.Status.ENDED)
    mark = ended.aggregate(count=Count("id"), last=Max("ended_at"), top=Max("id"))
    last = mark["last"].timestamp() if mark["last"] else 0
    key = f"stats:tournament-wins:{kind_name}:{mark['count']}:{mark['top']}:{last}"
    cached = cache.get(key)
    if cached is not None:
        return dict(cached)
    wins: Counter[int] = Counter()
    entered: Counter[int] = Counter()
    last_win: dict[int, datetime | None] = {}
    for tournament in ended.order_by("ended_at", "id"):
        for row in standings_of(tournament):
            entered[row.player] += 1
            if row.rank == 1:
                wins[row.player] += 1
                last_win[row.player] = tournament.ended_at
    numbers = {player: {"wins": wins[player], "tournaments": entered[player], "last_win": last_win[player]}
               for player in wins}
    cache.set(key, numbers, CACHE_SECONDS)
    return numbers


def tournament_leaderboard(kind_name: str, page: Any = 1) -> dict[str, Any]:
    """One page of the kind's board by tournament wins (a 404 for a kind there is none of), most wins first:
    each entry's place, player, wins, ended tournaments entered and when the last won one ended. A page past
    the last is empty (`pages` says how many)."""
    kind = kinds.get(kind_name)
    if kind is None:
        raise ServiceError("not_found", "no_leaderboard", gettext("There is no leaderboard {name}.").format(name=kind_name))
    number = _page_number(page)
    numbers = tournament_wins(kind.name)
    shown = set(get_user_model().objects.filter(pk__in=numbers, is_active=True, deleted_at__isnull=True)
                .exclude(profile_privacy__show_record=False).values_list("pk", flat=True))
    order = sorted(shown, key=lambda pk: (-numbers[pk]["wins"], -numbers[pk]["last_win"].timestamp()
                                          if numbers[pk]["last_win"] else 0, pk))
    start = (number - 1) * PAGE_SIZE
    on_page = order[start:start + PAGE_SIZE]
    users = get_user_model().objects.in_bulk(on_page)
    entries = [{"place": start + i + 1, "user": pk, "name": users[pk].public_name, "bot": users[pk].is_bot,
                **numbers[pk]} for i, pk in enumerate(on_page)]
    return {"kind": kind.name, "title": str(kind.title), "page": number,
            "pages": max(1, math.ceil(len(order) / PAGE_SIZE)), "count": len(order), "entries": entries}
