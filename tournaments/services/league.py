"""Leagues: seasons of round-robin groups in tiers (each group a tournament of the league), promotion and
relegation between seasons by `leagues.next_season`.

A league is a log like a tournament's (`LeagueEvent`: created, season_started, season_ended, ended), written
through `advance_league`, which locks the league's row and checks its version: the beat task
(`due.advance_due`) finds the leagues whose every group of the current season is over and advances each
once, so a season ends and the next begins exactly once however many workers race (the groups'
tournaments are created inside that step, under the league's lock; lock order league -> tournament ->
game, never the other way).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from games import hooks

from .. import standings
from ..leagues import next_season
from ..models import League, LeagueEvent, Tournament
from .entry import active_ban, create_tournament
from .rounds import begin
from .writing import Writer, advance, load_state

T = TypeVar("T")

CREATED, SEASON_STARTED, SEASON_ENDED, ENDED = "created", "season_started", "season_ended", "ended"
# A player asking in (a newcomer of the next season, in the bottom tier) or out (gone from the next season).
JOINED, LEFT = "joined", "left"
EVENT_TYPES = (CREATED, SEASON_STARTED, SEASON_ENDED, ENDED, JOINED, LEFT)
MAX_SEASONS = 100
LIVE = (Tournament.Status.SIGNUP, Tournament.Status.RUNNING)
Tiers = list[list[list[int]]]


def _invalid(code: str, message: str) -> ServiceError:
    return ServiceError("invalid", code, message)


def _whole(value: Any, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


@dataclass
class LeagueWriter:
    """What a league's step sees and appends with: the locked league and the time of the step."""

    league: League
    now: datetime
    appended: list[LeagueEvent] = field(default_factory=list)

    def append(self, type_: str, data: dict[str, Any]) -> None:
        """Append one event (written when the step is done)."""
        if type_ not in EVENT_TYPES:
            raise ValueError(f"unknown league event {type_!r}")
        seq = self.league.version + len(self.appended) + 1
        self.appended.append(LeagueEvent(league=self.league, seq=seq, type=type_, data=data, created_at=self.now))


def advance_league(league_id: int, step: Callable[[LeagueWriter], T], *, now: datetime | None = None,
                   skip_locked: bool = False) -> T | None:
    """Run `step` on the league under its row lock and write what it appended with the projection columns
    (one compare-and-set UPDATE on the version the step started from); None when another worker holds it
    (`skip_locked`) or the league does not exist."""
    now = now or timezone.now()
    with transaction.atomic():
        league = League.objects.select_for_update(skip_locked=skip_locked).filter(pk=league_id).first()
        if league is None:
            return None
        writer = LeagueWriter(league, now)
        answer = step(writer)
        if writer.appended:
            LeagueEvent.objects.bulk_create(writer.appended)
            before = league.version
            league.version = before + len(writer.appended)
            if any(event.type == ENDED for event in writer.appended):
                league.status, league.ended_at = League.Status.ENDED, now
            written = League.objects.filter(pk=league.pk, version=before).update(
                version=league.version, status=league.status, ended_at=league.ended_at,
                current_season=league.current_season)
            if written != 1:
                raise ServiceError("conflict", "busy", gettext("The league is busy; try again."))
    return answer


def create_league(
    user: User, *, name: str, kind: str, players: Sequence[User], group_size: int, promote: int = 1,
    relegate: int = 1, seasons: int | None = None, table_size: int = 2, options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None, max_game_days: int | None = None,
    withdrawal_policy: str = Tournament.Policy.FORFEIT, now: datetime | None = None,
) -> League:
    """Open a league of these players and start its first season: the players by rating (best first) in
    tiers of one group each, as many tiers as `group_size` fills (the remainder spread over the tiers from
    the top); each group a round robin of tables of `table_size`. After each season the best `promote` of a
    group go up a tier and the last `relegate` down (`leagues.next_season`); after `seasons` seasons (None:
    never) the league ends. Refusals as `create_tournament`'s, and invalid_players, invalid_group_size,
    invalid_promotion, invalid_seasons; nothing is written then."""
    ids = [player.pk for player in players]
    if len(set(ids)) != len(ids) or len(ids) < 2:
        raise _invalid("invalid_players", gettext("A league has two different players at least."))
    if not _whole(group_size, max(2, table_size if isinstance(table_size, int) else 2), len(ids)):
        raise _invalid("invalid_group_size", gettext(
            "group_size is a whole number from the table size to the number of players."))
    if not _whole(promote, 0, group_size) or not _whole(relegate, 0, group_size) or promote + relegate > group_size:
        raise _invalid("invalid_promotion", gettext(
            "promote and relegate are whole numbers that together do not exceed group_size."))
    if seasons is not None and not _whole(seasons, 1, MAX_SEASONS):
        raise _invalid("invalid_seasons", gettext("seasons is a whole number from 1 to {max}.").format(max=MAX_SEASONS))
    facts = hooks.player_facts(kind, ids)
    ranked = sorted(ids, key=lambda p: -(facts[p].rating or 0.0))  # stable: the order given breaks ties
    tiers = [[group] for group in _split(ranked, max(1, len(ranked) // group_size))]
    with transaction.atomic():
        league = League.objects.create(
            name=str(name).strip()[:120], kind=kind, options=dict(options or {}), table_size=table_size,
            group_size=group_size, promote=promote, relegate=relegate, seasons=seasons,
            time_control=dict(time_control or {}), max_game_days=max_game_days,
            withdrawal_policy=withdrawal_policy, created_by=user,
        )

        def first(writer: LeagueWriter) -> None:
            writer.append(CREATED, {
                "name": league.name, "kind": kind, "group_size": group_size, "promote": promote,
                "relegate": relegate, "seasons": seasons, "table_size": table_size, "players": ranked,
            })
            _start_season(writer, 1, tiers)

        advance_league(league.pk, first, now=now)
    league.refresh_from_db()
    return league


def _split(players: list[int], parts: int) -> list[list[int]]:
    """The players in `parts` consecutive chunks as even as possible, the bigger ones first."""
    size, extra = divmod(len(players), parts)
    chunks, at = [], 0
    for index in range(parts):
        end = at + size + (1 if index < extra else 0)
        chunks.append(players[at:end])
        at = end
    return chunks


def _start_season(writer: LeagueWriter, number: int, tiers: Tiers) -> None:
    """Create and start each group's tournament of season `number` (inside the league's step)."""
    league = writer.league
    ids: list[list[int]] = []
    for level, tier in enumerate(tiers):
        ids.append([])
        for index, group in enumerate(tier):
            if len(group) < 2:  # a lone player left in a group has nobody to play: they sit the season out
                ids[-1].append(0)
                continue
            tournament = create_tournament(
                league.created_by,
                name=gettext("{league}: season {season}, tier {tier}, group {group}").format(
                    league=league.name, season=number, tier=level + 1, group=index + 1)[:120],
                kind=league.kind, format=Tournament.Format.ROUND_ROBIN, table_size=min(league.table_size, len(group)),
                max_players=len(group), min_players=len(group), options=dict(league.options),
                time_control=dict(league.time_control), max_game_days=league.max_game_days,
                entry=Tournament.Entry.INVITATION, withdrawal_policy=league.withdrawal_policy,
            )
            Tournament.objects.filter(pk=tournament.pk).update(league=league, season=number, tier=level, group=index)
            advance(tournament.pk, _beginning(group), now=writer.now)
            ids[-1].append(tournament.pk)
    league.current_season = number
    writer.append(SEASON_STARTED, {"season": number, "tiers": tiers, "tournaments": ids})


def _beginning(group: list[int]) -> Callable[[Writer], str]:
    """The tournament step that enters a group's players and starts its round robin."""
    return lambda writer: begin(writer, list(group))


def season_of(league: League, number: int) -> dict[str, Any]:
    """The `season_started` event's data of season `number` (its tiers of groups and their tournaments)."""
    for type_, data in events_of(league):
        if type_ == SEASON_STARTED and data["season"] == number:
            return dict(data)
    raise KeyError(number)


def seasons_of(league: League) -> list[dict[str, Any]]:
    """The league's seasons as its log tells them, the first first: each `season_started`'s data (season,
    tiers of groups of players, their tournaments) with `ended`: its `season_ended` data (each group's
    final order, promoted, relegated, leaving, newcomers), or None while it runs. What a page shows."""
    seasons: list[dict[str, Any]] = []
    for type_, data in events_of(league):
        if type_ == SEASON_STARTED:
            seasons.append({**data, "ended": None})
        elif type_ == SEASON_ENDED and seasons:
            seasons[-1]["ended"] = dict(data)
    return seasons


def events_of(league: League) -> list[tuple[str, dict[str, Any]]]:
    """The league's log as (type, data) pairs, in order."""
    return list(LeagueEvent.objects.filter(league=league).order_by("seq").values_list("type", "data"))


def _final_order(tournament_id: int, group: list[int]) -> tuple[list[int], set[int]]:
    """A finished group's players best first (its standings), and who withdrew (they leave the league); a
    group that never ran (called off, or a lone player's) keeps its order."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status != Tournament.Status.ENDED:
        return list(group), set()
    rows = standings.standings(load_state(tournament))
    return [row.player for row in rows], {row.player for row in rows if row.withdrawn}


def progress_league(writer: LeagueWriter) -> list[str]:
    """Inside the league's step: when every group of the current season is over, end the season (each
    group's order, who went up, who went down, who left) and start the next, or end the league."""
    league = writer.league
    if league.status != League.Status.RUNNING or league.current_season == 0:
        return []
    number = league.current_season
    if Tournament.objects.filter(league=league, season=number, status__in=LIVE).exists():
        return []
    season = season_of(league, number)
    final: Tiers = []
    leaving: set[int] = set()
    for tier, ids in zip(season["tiers"], season["tournaments"], strict=True):
        final.append([])
        for group, tournament_id in zip(tier, ids, strict=True):
            order, gone = _final_order(tournament_id, group)
            final[-1].append(order)
            leaving |= gone
    asked_in, asked_out = changes_for_next_season(league)
    leaving |= asked_out
    promote = min([league.promote] + [len(g) for t in final for g in t])
    relegate = min([league.relegate] + [len(g) - promote for t in final for g in t])
    coming = next_season(final, promote, relegate, leaving=leaving, newcomers=asked_in)
    tier_before = {p: level for level, tier in enumerate(final) for group in tier for p in group}
    tier_after = {p: level for level, tier in enumerate(coming) for group in tier for p in group}
    writer.append(SEASON_ENDED, {
        "season": number, "standings": final,
        "promoted": sorted(p for p in tier_after if p in tier_before and tier_after[p] < tier_before[p]),
        "relegated": sorted(p for p in tier_after if p in tier_before and tier_after[p] > tier_before[p]),
        "leaving": sorted(leaving), "newcomers": asked_in,
    })
    if league.seasons is not None and number >= league.seasons:
        writer.append(ENDED, {"seasons": number})
        return [f"season {number} ended", "ended"]
    _start_season(writer, number + 1, coming)
    return [f"season {number} ended", f"season {number + 1} started"]


def members(league: League) -> set[int]:
    """The players of the league now: those of its current season, with who asked in, without who asked out."""
    asked_in, asked_out = changes_for_next_season(league)
    season = season_of(league, league.current_season) if league.current_season else {"tiers": []}
    playing = {p for tier in season["tiers"] for group in tier for p in group}
    return (playing | set(asked_in)) - asked_out


def changes_for_next_season(league: League) -> tuple[list[int], set[int]]:
    """Who asked in (in order) and who asked out since the current season started (the log's tail)."""
    asked_in: list[int] = []
    asked_out: set[int] = set()
    for type_, data in events_of(league):
        if type_ == SEASON_STARTED:
            asked_in, asked_out = [], set()
        elif type_ == JOINED:
            asked_in.append(int(data["player"]))
            asked_out.discard(int(data["player"]))
        elif type_ == LEFT:
            player = int(data["player"])
            if player in asked_in:
                asked_in.remove(player)
            else:
                asked_out.add(player)
    return asked_in, asked_out


def join_league(user: User, league_id: Any) -> League:
    """Ask into a running league: the player starts in its bottom tier next season (409 league_ended,
    already_in_league; 403 entry_banned; 404 league_not_found)."""

    def step(writer: LeagueWriter) -> League:
        _check_running(writer.league)
        if user.pk in members(writer.league):
            raise ServiceError("conflict", "already_in_league", gettext("You are in this league already."))
        ban = active_ban(user, writer.now)
        if ban is not None:
            raise ServiceError("forbidden", "entry_banned", gettext(
                "You may enter no new tournament until {until} (a withdrawal or a loss on time).").format(
                until=ban.until.date().isoformat()), until=ban.until.isoformat())
        writer.append(JOINED, {"player": user.pk})
        return writer.league

    return _on_league(league_id, step)


def leave_league(user: User, league_id: Any) -> League:
    """Leave a running league at the end of the current season (its games there are played out; to stop
    them now, withdraw from the group's tournament). 409 league_ended, not_in_league."""

    def step(writer: LeagueWriter) -> League:
        _check_running(writer.league)
        if user.pk not in members(writer.league):
            raise ServiceError("conflict", "not_in_league", gettext("You are not in this league."))
        writer.append(LEFT, {"player": user.pk})
        return writer.league

    return _on_league(league_id, step)


def _check_running(league: League) -> None:
    if league.status != League.Status.RUNNING:
        raise ServiceError("conflict", "league_ended", gettext("This league has ended."))


def _on_league(league_id: Any, step: Callable[[LeagueWriter], League]) -> League:
    try:
        pk = int(league_id)
    except (TypeError, ValueError):
        pk = 0
    answer = advance_league(pk, step) if 0 < pk < 2**63 else None
    if answer is None:
        raise ServiceError("not_found", "league_not_found", gettext("There is no league {id}.").format(id=league_id))
    return answer


def due_leagues() -> list[int]:
    """The running leagues whose every group of the current season is over (one statement)."""
    live = Tournament.objects.filter(league=OuterRef("pk"), season=OuterRef("current_season"), status__in=LIVE)
    return list(League.objects.filter(status=League.Status.RUNNING, current_season__gt=0)
                .filter(~Exists(live)).order_by("pk").values_list("pk", flat=True))


def advance_leagues(now: datetime | None = None) -> list[str]:
    """The beat task's part for leagues: each due league advanced once (skipped if another worker holds it)."""
    done = []
    for league_id in due_leagues():
        steps = advance_league(league_id, progress_league, now=now, skip_locked=True) or []
        done += [f"league {league_id}: {step}" for step in steps]
    return done
