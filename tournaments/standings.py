"""A tournament's state and standings: the fold of its events (pure, no Django).

The log is a list of `(type, data)` pairs, in order (`tournaments.models.TournamentEvent` rows, or any
JSON). `fold(events)` gives the `TournamentState`; `standings(state)` the ranked rows; `crosstable(state)`
each player's round by round. Nothing here reads a game: a finished game enters as its event
(`game_finished`, the places the game's rules gave), so a replay of the log alone gives the same standings.

Placement points (configurable per table size in the `created` event's `points`): by default a player
scores 2 for every player placed below them and 1 for every one tied with them, which is BGA's +6/+4/+2/0 at
4 players and scales to any size: 2 players 2/0 (a draw 1/1, the chess scale doubled), 3 players 4/2/0,
5 players 8/6/4/2/0, ... A tie shares the mean of the places it spans (two first of four: 5 each). A given
list of points per place (`{"4": [6, 4, 2, 0]}`) is shared the same way. A forfeited seat (a player who
withdrew under the forfeit policy) is placed last, shared with any other forfeited seat.

A bye scores `bye_points` (default: a win, 2, at 2-player tables; the mean of a table's points, k - 1, at
tables of k). Tiebreaks: Buchholz (the opponents' points) and Sonneborn-Berger (each opponent's points times
the share of the game's win one took from them) for 2-player tables; opponents' points (the sum of the
points of every player one sat with) for tables of 3 and more. A bye adds nothing to a tiebreak.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .pairing import Meetings, Player, Table

# The event types, in the order a tournament meets them.
CREATED = "created"
JOINED = "joined"
LEFT = "left"
STARTED = "started"
ROUND_PAIRED = "round_paired"
GAME_LINKED = "game_linked"
GAME_FINISHED = "game_finished"
WITHDRAWN = "withdrawn"
ENDED = "ended"
CANCELLED = "cancelled"
EVENT_TYPES = (CREATED, JOINED, LEFT, STARTED, ROUND_PAIRED, GAME_LINKED, GAME_FINISHED, WITHDRAWN, ENDED, CANCELLED)

SIGNUP, RUNNING, OVER, CALLED_OFF = "signup", "running", "ended", "cancelled"


def default_points(size: int) -> list[float]:
    """The points per place at a table of `size`: 2 per player placed below (BGA's +6/+4/+2/0 at 4)."""
    return [2.0 * (size - 1 - place) for place in range(size)]


@dataclass(frozen=True)
class Scoring:
    """How a table's places become points, and what a bye is worth."""

    table_size: int = 4
    points: Mapping[int, Sequence[float]] = field(default_factory=dict)  # per table size; default_points else
    bye_points: float | None = None  # None: a win at 2-player tables, the mean of a table's points else

    def points_for(self, size: int) -> list[float]:
        """The points of each place at a table of `size`."""
        given = self.points.get(size)
        return [float(p) for p in given] if given is not None and len(given) == size else default_points(size)

    def bye(self) -> float:
        """What a bye is worth."""
        if self.bye_points is not None:
            return float(self.bye_points)
        return 2.0 if self.table_size == 2 else float(self.table_size - 1)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Scoring:
        """The scoring of a `created` event's data."""
        points = {int(size): list(values) for size, values in (data.get("points") or {}).items()}
        bye = data.get("bye_points")
        return cls(int(data.get("table_size", 4)), points, None if bye is None else float(bye))


def table_points(places: Mapping[Player, int], scoring: Scoring, forfeited: Iterable[Player] = ()) -> dict[Player, float]:
    """Each player's points for one finished table from its places (1 the best, ties share a number): the
    forfeited placed last together, the others in their order; a tie shares the mean of its places' points."""
    lost = set(forfeited) & set(places)
    ranked = sorted((p for p in places if p not in lost), key=lambda p: places[p])
    groups: list[list[Player]] = []
    for player in ranked:
        if groups and places[groups[-1][0]] == places[player]:
            groups[-1].append(player)
        else:
            groups.append([player])
    if lost:
        groups.append(sorted(lost))
    values = scoring.points_for(len(places))
    result: dict[Player, float] = {}
    start = 0
    for group in groups:
        share = sum(values[start:start + len(group)]) / len(group)
        for player in group:
            result[player] = share
        start += len(group)
    return result


@dataclass
class TableState:
    """One table of a round: its players, its game, and its points once the game is finished."""

    players: Table
    game: int | None = None
    places: dict[Player, int] | None = None
    points: dict[Player, float] | None = None
    forfeited: tuple[Player, ...] = ()
    adjudicated: bool = False

    @property
    def finished(self) -> bool:
        """Whether the table's result is in."""
        return self.points is not None


@dataclass
class RoundState:
    """One round: its tables and byes."""

    number: int
    tables: list[TableState]
    byes: tuple[Player, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether every table of the round has its result."""
        return all(table.finished for table in self.tables)


@dataclass
class TournamentState:
    """The fold of a tournament's log."""

    status: str = SIGNUP
    settings: dict[str, Any] = field(default_factory=dict)
    scoring: Scoring = field(default_factory=Scoring)
    entrants: list[Player] = field(default_factory=list)  # in order of joining (while signing up)
    players: list[Player] = field(default_factory=list)  # at the start, in seeding order
    withdrawn: dict[Player, dict[str, Any]] = field(default_factory=dict)  # player -> {reason, policy, round}
    rounds: dict[int, RoundState] = field(default_factory=dict)
    seed: str = ""

    @property
    def last_round(self) -> int:
        """The number of the last round paired (0 before the first)."""
        return max(self.rounds, default=0)

    def active_players(self) -> list[Player]:
        """The players still in (not withdrawn), in seeding order."""
        return [p for p in self.players if p not in self.withdrawn]

    def table_of(self, game: int) -> tuple[int, int] | None:
        """The (round, table index) whose game this is."""
        for number, round_ in self.rounds.items():
            for index, table in enumerate(round_.tables):
                if table.game == game:
                    return number, index
        return None

    def meetings(self) -> Meetings:
        """Every meeting at a table so far (paired, whether played or not)."""
        return Meetings.of(t.players for r in self.rounds.values() for t in r.tables)

    def byes_had(self) -> dict[Player, int]:
        """How many byes each player had."""
        counts: dict[Player, int] = {}
        for round_ in self.rounds.values():
            for player in round_.byes:
                counts[player] = counts.get(player, 0) + 1
        return counts

    def points(self) -> dict[Player, float]:
        """Each player's points: finished tables and byes."""
        totals = {p: 0.0 for p in self.players}
        bye = self.scoring.bye()
        for round_ in self.rounds.values():
            for table in round_.tables:
                for player, value in (table.points or {}).items():
                    totals[player] = totals.get(player, 0.0) + value
            for player in round_.byes:
                totals[player] = totals.get(player, 0.0) + bye
        return totals


def fold(events: Iterable[tuple[str, Mapping[str, Any]]], state: TournamentState | None = None) -> TournamentState:
    """The state after these events (from `state`, or from the beginning)."""
    state = state if state is not None else TournamentState()
    for type_, data in events:
        evolve(state, type_, data)
    return state


def evolve(state: TournamentState, type_: str, data: Mapping[str, Any]) -> None:
    """Apply one event to the state (in place: the fold owns its state)."""
    if type_ == CREATED:
        state.settings = dict(data)
        state.scoring = Scoring.from_data(data)
    elif type_ == JOINED:
        if data["player"] not in state.entrants:
            state.entrants.append(int(data["player"]))
    elif type_ == LEFT:
        state.entrants = [p for p in state.entrants if p != data["player"]]
    elif type_ == STARTED:
        state.status = RUNNING
        state.players = [int(p) for p in data["players"]]
        state.seed = str(data.get("seed", ""))
    elif type_ == ROUND_PAIRED:
        number = int(data["round"])
        tables = [TableState(tuple(int(p) for p in t)) for t in data["tables"]]
        state.rounds[number] = RoundState(number, tables, tuple(int(p) for p in data.get("byes", ())))
    elif type_ == GAME_LINKED:
        state.rounds[int(data["round"])].tables[int(data["table"])].game = int(data["game"])
    elif type_ == GAME_FINISHED:
        _finish_table(state, data)
    elif type_ == WITHDRAWN:
        state.withdrawn[int(data["player"])] = {k: v for k, v in data.items() if k != "player"}
    elif type_ == ENDED:
        state.status = OVER
    elif type_ == CANCELLED:
        state.status = CALLED_OFF
    else:
        raise ValueError(f"unknown tournament event {type_!r}")


def _finish_table(state: TournamentState, data: Mapping[str, Any]) -> None:
    table = state.rounds[int(data["round"])].tables[int(data["table"])]
    if table.finished:  # the writer never appends a second result; a replay keeps the first
        return
    table.places = {int(p): int(place) for p, place in data["places"].items()}
    table.forfeited = tuple(int(p) for p in data.get("forfeited", ()))
    table.adjudicated = bool(data.get("adjudicated", False))
    table.points = table_points(table.places, state.scoring, table.forfeited)


@dataclass(frozen=True)
class Row:
    """One player's line of the standings."""

    rank: int
    player: Player
    points: float
    played: int
    byes: int
    buchholz: float
    sonneborn_berger: float
    opponents_points: float
    withdrawn: bool


def standings(state: TournamentState) -> list[Row]:
    """The ranked standings: points, then the tiebreaks of the table size (Buchholz and Sonneborn-Berger at
    2-player tables, opponents' points at larger ones), then the seeding order; equal on all of them, equal rank."""
    points = state.points()
    win = max(state.scoring.points_for(2)) if state.scoring.table_size == 2 else 0.0
    stats: dict[Player, dict[str, float]] = {
        p: {"played": 0, "buchholz": 0.0, "sb": 0.0, "opponents": 0.0} for p in state.players
    }
    for round_ in state.rounds.values():
        for table in round_.tables:
            if table.points is None:
                continue
            for player in table.players:
                mine = stats.setdefault(player, {"played": 0, "buchholz": 0.0, "sb": 0.0, "opponents": 0.0})
                mine["played"] += 1
                for other in table.players:
                    if other == player:
                        continue
                    mine["opponents"] += points.get(other, 0.0)
                    if len(table.players) == 2:
                        mine["buchholz"] += points.get(other, 0.0)
                        share = table.points[player] / win if win else 0.0
                        mine["sb"] += points.get(other, 0.0) * share
    byes = state.byes_had()
    seeding = {p: i for i, p in enumerate(state.players)}
    two_player = state.scoring.table_size == 2

    def key(p: Player) -> tuple[float, ...]:
        s = stats[p]
        tiebreaks = (s["buchholz"], s["sb"]) if two_player else (s["opponents"],)
        return (-points.get(p, 0.0), *(-t for t in tiebreaks))

    ordered = sorted(state.players, key=lambda p: (key(p), seeding[p]))
    rows: list[Row] = []
    for position, player in enumerate(ordered):
        rank = rows[-1].rank if rows and key(rows[-1].player) == key(player) else position + 1
        s = stats[player]
        rows.append(Row(rank, player, points.get(player, 0.0), int(s["played"]), byes.get(player, 0),
                        s["buchholz"], s["sb"], s["opponents"], player in state.withdrawn))
    return rows


@dataclass(frozen=True)
class Cell:
    """What one player did in one round: their table (with the others) and result, or a bye."""

    round: int
    table: int | None  # None: a bye
    opponents: tuple[Player, ...]
    game: int | None
    place: int | None  # None: not finished (or a bye)
    points: float | None


def crosstable(state: TournamentState) -> dict[Player, list[Cell]]:
    """Each player's rounds, in order: the table, the opponents, the place and points (a bye's points)."""
    table_: dict[Player, list[Cell]] = {p: [] for p in state.players}
    for number in sorted(state.rounds):
        round_ = state.rounds[number]
        for index, table in enumerate(round_.tables):
            for player in table.players:
                others = tuple(p for p in table.players if p != player)
                place = table.places.get(player) if table.places else None
                score = table.points.get(player) if table.points else None
                table_.setdefault(player, []).append(Cell(number, index, others, table.game, place, score))
        for player in round_.byes:
            table_.setdefault(player, []).append(Cell(number, None, (), None, None, state.scoring.bye()))
    return table_


def pair_results(state: TournamentState) -> dict[tuple[Player, Player], list[float]]:
    """At 2-player tables: the points `a` took from `b` in each of their finished games (the crosstable's
    matrix, `(a, b)` read as a's row and b's column)."""
    results: dict[tuple[Player, Player], list[float]] = {}
    for round_ in state.rounds.values():
        for table in round_.tables:
            if table.points is None or len(table.players) != 2:
                continue
            a, b = table.players
            results.setdefault((a, b), []).append(table.points[a])
            results.setdefault((b, a), []).append(table.points[b])
    return results
