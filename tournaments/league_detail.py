"""A league as its pages and its API show it: its settings, its players now, and each season's groups (tier,
group, the group's tournament and its leaders) with who went up and down once the season ended. Read from
the league's log (`services.seasons_of`) and its groups' standings, so the page and the API agree.

Tiers and groups are numbered from 1 here (tier 1 is the top), as the groups' tournaments are named.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from core.links import site_link

from . import services
from .models import League, Tournament
from .services import league as leagues

LEADERS = 3  # the top lines of a group's standings a league's page shows


def get_league(league_id: int) -> League:
    """The league, or 404 league_not_found."""
    league = League.objects.select_related("created_by").filter(pk=league_id).first() if 0 < league_id < 2**63 else None
    if league is None:
        raise ServiceError("not_found", "league_not_found", gettext("There is no league {id}.").format(id=league_id))
    return league


def summary(league: League) -> dict[str, Any]:
    """One line of the list: its id, name, game, status, current season and dates."""
    return {
        "id": league.pk, "name": league.name, "kind": league.kind, "status": league.status,
        "current_season": league.current_season, "planned_seasons": league.seasons, "group_size": league.group_size,
        "host": {"id": league.created_by_id, "name": league.created_by.public_name},
        "created_at": league.created_at.isoformat(),
        "ended_at": league.ended_at.isoformat() if league.ended_at else None,
        "url": site_link("league-page", league.pk),
    }


def settings_of(league: League) -> dict[str, Any]:
    """What the host set (fixed at creation)."""
    return {
        "kind": league.kind, "group_size": league.group_size, "promote": league.promote,
        "relegate": league.relegate, "seasons": league.seasons, "table_size": league.table_size,
        "options": league.options, "time_control": league.time_control, "max_game_days": league.max_game_days,
        "withdrawal_policy": league.withdrawal_policy,
    }


def _named(ids: set[int]) -> dict[int, dict[str, Any]]:
    users = User.objects.in_bulk(ids)
    return {pk: {"id": pk, "name": users[pk].public_name if pk in users else str(pk)} for pk in ids}


def _leaders(tournament: Tournament | None, people: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    if tournament is None or tournament.status == Tournament.Status.SIGNUP:
        return []
    rows = services.standings_of(tournament)[:LEADERS]
    return [{"rank": row.rank, "player": people[row.player], "points": row.points} for row in rows]


def _season(data: dict[str, Any], groups: dict[int, Tournament], people: dict[int, dict[str, Any]]) -> dict[str, Any]:
    shown = []
    for level, (tier, ids) in enumerate(zip(data["tiers"], data["tournaments"], strict=True)):
        for index, (players, tournament_id) in enumerate(zip(tier, ids, strict=True)):
            tournament = groups.get(tournament_id)
            shown.append({
                "tier": level + 1, "group": index + 1, "tournament": tournament_id or None,
                "url": site_link("tournament-page", tournament_id) if tournament_id else None,
                "status": tournament.status if tournament else None,
                "players": [people[p] for p in players], "leaders": _leaders(tournament, people),
            })
    ended = data["ended"] or {}
    return {
        "season": data["season"], "groups": shown, "ended": data["ended"] is not None,
        **{key: [people[p] for p in ended.get(key, [])] for key in ("promoted", "relegated", "leaving", "newcomers")},
    }


def detail(league: League, viewer: User | None = None) -> dict[str, Any]:
    """The whole league as its page and the API show it (and whether the viewer is in it)."""
    seasons = leagues.seasons_of(league)
    members = leagues.members(league)
    ids = set(members)
    for data in seasons:
        ids |= {p for tier in data["tiers"] for group in tier for p in group}
        ended = data["ended"] or {}
        ids |= {p for key in ("promoted", "relegated", "leaving", "newcomers") for p in ended.get(key, [])}
    people = _named(ids)
    group_ids = [t for data in seasons for tier in data["tournaments"] for t in tier if t]
    groups = Tournament.objects.in_bulk(group_ids)
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    return {
        **summary(league),
        "version": league.version,
        "settings": settings_of(league),
        "players": sorted((people[p] for p in members), key=lambda person: (person["name"].lower(), person["id"])),
        "seasons": [_season(data, groups, people) for data in seasons],
        "you": {"member": viewer_id in members, "host": viewer_id == league.created_by_id},
    }
