"""Pairings: who plays whom, a pure function of the standings and a seeded random source (no Django).

A player is an int (the tournament's entrant id: the user's id). A table is a tuple of players; a round is a
list of tables plus the players who sit out (byes). Every function takes its randomness from the
`random.Random` it is given (`round_rng(seed, round)`), so a round can be derived again and audited.

* `round_robin_pairs`: every pair once, by the circle method (Berger tables), n - 1 rounds (n even; an odd
  field gets a bye per round).
* `round_robin_tables`: tables of k (3-8) so that every player meets as many others as possible, all tables
  at once (ICCF style): rounds of tables chosen to cover the pairs not met yet, by a seeded local search.
* `swiss_round`: the next round of a Swiss: players grouped by score, tables (or pairs) that avoid earlier
  meetings where the field allows, the byes to the lowest-placed players who had the fewest.
* `table_sizes`: how a field is cut into tables of k and k - 1 (and how many sit out).
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

Player = int
Table = tuple[Player, ...]
# A repeated meeting costs more than any spread of scores at a table, so repeats are avoided first.
REPEAT_COST = 1_000_000.0
# The local search's passes over all swaps between two tables (each pass is O(players^2 * k)).
MAX_SWAP_PASSES = 12


def pair_key(a: Player, b: Player) -> tuple[Player, Player]:
    """The key of a meeting of two players, whichever comes first."""
    return (a, b) if a < b else (b, a)


def round_rng(seed: str, round_number: int, purpose: str = "pairing") -> random.Random:
    """The random source of one round's pairing: a pure function of the tournament's seed and the round."""
    digest = hashlib.sha256(f"{seed}:{purpose}:{round_number}".encode()).hexdigest()
    return random.Random(int(digest, 16))


@dataclass(frozen=True)
class RoundPairing:
    """One round: its tables (each sorted by the seating order of the pairing, top score first) and byes."""

    tables: tuple[Table, ...]
    byes: tuple[Player, ...] = ()
    repeats: int = 0  # meetings at these tables that happened before (0 unless unavoidable or not found)

    def players(self) -> list[Player]:
        """Everybody in the round, seated or on a bye."""
        return [p for table in self.tables for p in table] + list(self.byes)


@dataclass
class Meetings:
    """How often each pair of players met so far (the pairing's memory of earlier rounds)."""

    counts: Counter[tuple[Player, Player]] = field(default_factory=Counter)

    @classmethod
    def of(cls, tables: Iterable[Sequence[Player]]) -> Meetings:
        """The meetings at these tables."""
        meetings = cls()
        for table in tables:
            meetings.add(table)
        return meetings

    def add(self, table: Sequence[Player]) -> None:
        """Count the meetings of one table."""
        for a, b in itertools.combinations(table, 2):
            self.counts[pair_key(a, b)] += 1

    def met(self, a: Player, b: Player) -> int:
        """How often a and b met."""
        return self.counts.get(pair_key(a, b), 0)

    def repeats_at(self, table: Sequence[Player]) -> int:
        """The meetings of this table that happened before."""
        return sum(self.met(a, b) for a, b in itertools.combinations(table, 2))


def table_sizes(players: int, table_size: int, smallest: int | None = None) -> tuple[list[int], int]:
    """How `players` are cut into tables of `table_size` and `table_size - 1` (the smaller ones last), and how
    many sit out: as few as possible. `smallest` is the least table allowed (default: table_size - 1, but at
    least 2; for 2-player games an odd player sits out)."""
    if table_size < 2:
        raise ValueError("a table has at least 2 players")
    least = max(2, table_size - 1) if smallest is None else max(2, min(smallest, table_size))
    for byes in range(players + 1):
        seated = players - byes
        if seated == 0:
            return [], players
        tables = -(-seated // table_size)  # as few tables as possible, as even as possible
        base, extra = divmod(seated, tables)
        sizes = [base + 1] * extra + [base] * (tables - extra)
        if min(sizes) >= least and max(sizes) <= table_size:
            return sizes, byes
    return [], players


def round_robin_pairs(players: Sequence[Player]) -> list[RoundPairing]:
    """Every pair of players once, by the circle method: n - 1 rounds for n players (n even), n rounds with
    one bye each for n odd. The first player stays put, the others turn around it; colours (who is listed
    first) alternate for the fixed player."""
    field_: list[Player | None] = list(players)
    if len(field_) % 2:
        field_.append(None)  # the bye
    n = len(field_)
    rounds: list[RoundPairing] = []
    for number in range(n - 1):
        tables: list[Table] = []
        byes: list[Player] = []
        for i in range(n // 2):
            a, b = field_[i], field_[n - 1 - i]
            if i == 0 and number % 2:
                a, b = b, a
            if a is None or b is None:
                byes.append(a if b is None else b)  # type: ignore[arg-type]
            else:
                tables.append((a, b))
        rounds.append(RoundPairing(tuple(tables), tuple(byes)))
        field_ = [field_[0], field_[-1], *field_[1:-1]]
    return rounds


def round_robin_round_count(players: int, table_size: int) -> int:
    """The fewest rounds of tables of `table_size` in which each player could meet every other one:
    ceil((n - 1) / (k - 1)) (reached exactly by a resolvable design, e.g. 16 players at tables of 4: 5)."""
    if players < 2:
        return 0
    return -(-(players - 1) // (table_size - 1))


def round_robin_tables(
    players: Sequence[Player], table_size: int, rng: random.Random, rounds: int | None = None
) -> list[RoundPairing]:
    """Rounds of tables of `table_size` (and `table_size - 1` where the field does not divide) in which every
    player meets as many others as possible: each round is the best of several seeded partitions, improved by
    swaps, counting a pair that met before as a repeat. All rounds are played at once (ICCF style); the
    number of rounds is `round_robin_round_count` unless given (at 2-player tables: the circle method's
    rounds, the first `rounds` of them if given)."""
    if table_size == 2:
        return round_robin_pairs(players)[:rounds]
    count = round_robin_round_count(len(players), table_size) if rounds is None else rounds
    sizes, bye_count = table_sizes(len(players), table_size)
    # Where a schedule with no repeat can exist (full tables, the fewest rounds: 16 at 4 in 5), a search that
    # ends with repeats starts again from new seeded partitions, the best kept; elsewhere one search.
    perfect = not bye_count and len(players) % table_size == 0 and count * (table_size - 1) <= len(players) - 1
    best: tuple[int, list[list[list[Player]]]] | None = None
    for _attempt in range(ANNEAL_RESTARTS if perfect else 1):
        schedule = _seeded_schedule(players, sizes, bye_count, count, rng)
        _anneal(schedule, rng, swap_byes=False)
        repeats = _repeats(schedule)
        if best is None or repeats < best[0]:
            best = (repeats, schedule)
        if repeats == 0:
            break
    assert best is not None
    return _recounted([RoundPairing(tuple(tuple(t) for t in groups[:-1]), tuple(groups[-1])) for groups in best[1]])


def _seeded_schedule(players: Sequence[Player], sizes: Sequence[int], bye_count: int, count: int,
                     rng: random.Random) -> list[list[list[Player]]]:
    """`count` rounds of shuffled tables of `sizes`, each round's last group the players who sit out."""
    schedule: list[list[list[Player]]] = []
    for number in range(count):
        order = list(players)
        rng.shuffle(order)
        if bye_count:  # the byes go round: each round the next players in seeding order sit out
            start = (number * bye_count) % len(players)
            out = [players[(start + i) % len(players)] for i in range(bye_count)]
            order = [p for p in order if p not in out] + out
        groups, position = [], 0
        for size in sizes:
            groups.append(order[position:position + size])
            position += size
        schedule.append(groups + [order[position:]])  # the last group: those who sit out (meet nobody)
    return schedule


def _repeats(schedule: list[list[list[Player]]]) -> int:
    """How many meetings of the schedule are repeats (a pair's second and later)."""
    counts: Counter[tuple[Player, Player]] = Counter()
    for groups in schedule:
        for table in groups[:-1]:
            for a, b in itertools.combinations(table, 2):
                counts[pair_key(a, b)] += 1
    return sum(max(0, c - 1) for c in counts.values())


# The table round robin's search: this many swaps tried, at a temperature falling from the first to the last.
ANNEAL_STEPS = 60_000
ANNEAL_TEMPERATURES = (2.0, 0.05)
# Searches at most, where a schedule with no repeat can exist (each from new seeded partitions).
ANNEAL_RESTARTS = 6


def _anneal(schedule: list[list[list[Player]]], rng: random.Random, *, swap_byes: bool) -> None:
    """Improve the rounds (each a list of tables, the last one the players who sit out) in place by simulated
    annealing over swaps of two players of one round at different tables: the cost is the sum over pairs of
    C(meetings, 2), so every repeat costs and meeting a new player is worth most. Seeded: the same result
    from the same random source."""
    counts: Counter[tuple[Player, Player]] = Counter()
    for groups in schedule:
        for table in groups[:-1]:
            for a, b in itertools.combinations(table, 2):
                counts[pair_key(a, b)] += 1
    movable = [(r, i) for r, groups in enumerate(schedule) for i in range(len(groups) - (0 if swap_byes else 1))
               if groups[i]]
    if len(movable) < 2 or sum(max(0, c - 1) for c in counts.values()) == 0:
        return
    hot, cold = ANNEAL_TEMPERATURES
    for step in range(ANNEAL_STEPS):
        round_index = rng.randrange(len(schedule))
        groups = schedule[round_index]
        seated = len(groups) - (0 if swap_byes else 1)
        if seated < 2:
            continue
        i, j = rng.sample(range(seated), 2)
        if not groups[i] or not groups[j]:
            continue
        a_pos, b_pos = rng.randrange(len(groups[i])), rng.randrange(len(groups[j]))
        a, b = groups[i][a_pos], groups[j][b_pos]
        counted_i, counted_j = i < len(groups) - 1, j < len(groups) - 1
        delta = 0
        if counted_i:
            delta += _move_delta(counts, a, b, [p for p in groups[i] if p != a])
        if counted_j:
            delta += _move_delta(counts, b, a, [p for p in groups[j] if p != b])
        temperature = hot * (cold / hot) ** (step / ANNEAL_STEPS)
        if delta <= 0 or rng.random() < pow(2.718281828, -delta / temperature):
            if counted_i:
                _shift(counts, a, b, [p for p in groups[i] if p != a])
            if counted_j:
                _shift(counts, b, a, [p for p in groups[j] if p != b])
            groups[i][a_pos], groups[j][b_pos] = b, a
            if delta < 0 and sum(max(0, c - 1) for c in counts.values()) == 0:
                return


def _move_delta(counts: Counter[tuple[Player, Player]], leaving: Player, coming: Player, rest: list[Player]) -> int:
    """The change of sum C(count, 2) when `leaving` leaves the table `rest` and `coming` sits down there."""
    delta = 0
    for other in rest:
        delta -= counts[pair_key(leaving, other)] - 1  # C(c,2) - C(c-1,2) = c - 1
        delta += counts[pair_key(coming, other)]  # C(c+1,2) - C(c,2) = c
    return delta


def _shift(counts: Counter[tuple[Player, Player]], leaving: Player, coming: Player, rest: list[Player]) -> None:
    for other in rest:
        counts[pair_key(leaving, other)] -= 1
        counts[pair_key(coming, other)] += 1


def _recounted(schedule: Sequence[RoundPairing]) -> list[RoundPairing]:
    """The rounds with their repeats counted against the rounds before them."""
    meetings = Meetings()
    result = []
    for pairing in schedule:
        result.append(RoundPairing(pairing.tables, pairing.byes, sum(meetings.repeats_at(t) for t in pairing.tables)))
        for table in pairing.tables:
            meetings.add(table)
    return result


def swiss_round(
    players: Sequence[Player],
    scores: Mapping[Player, float],
    meetings: Meetings,
    byes_had: Mapping[Player, int],
    table_size: int,
    rng: random.Random,
) -> RoundPairing:
    """The next round of a Swiss: `players` are those still in (in the standings' order, best first, or any
    order: they are sorted by score, ties in the seeded random order), seated at tables by score so that
    nobody meets an earlier opponent where the field allows; a player left over sits out (a bye): the
    lowest-placed one among those with the fewest byes."""
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: -scores.get(p, 0.0))
    _sizes, bye_count = table_sizes(len(order), table_size)
    byes = _choose_byes(order, bye_count, byes_had)
    seated = [p for p in order if p not in byes]
    if table_size == 2:
        tables = _pair_by_score(seated, meetings)
        if tables is not None:
            return RoundPairing(tuple(tables), tuple(byes), 0)
    pairing = _improved_partition(seated, table_size, meetings, scores, rng)
    return RoundPairing(pairing.tables, tuple(byes), pairing.repeats)


def _choose_byes(order: list[Player], count: int, byes_had: Mapping[Player, int]) -> list[Player]:
    """The `count` players who sit out: the fewest byes before first, the lowest-placed among them first."""
    if count == 0:
        return []
    lowest_first = list(reversed(order))
    ranked = sorted(range(len(lowest_first)), key=lambda i: (byes_had.get(lowest_first[i], 0), i))
    return [lowest_first[i] for i in ranked[:count]]


# The most steps the 2-player search for a pairing without repeats takes before the local search takes over.
PAIR_SEARCH_BUDGET = 20_000


def _pair_by_score(order: list[Player], meetings: Meetings) -> list[Table] | None:
    """Pairs of players close in the order (best first) of which none met before, found by depth-first
    search (the top unpaired player with the nearest one they have not met); None when there is none, or
    none within the search's budget."""
    budget = [PAIR_SEARCH_BUDGET]

    def search(left: list[Player]) -> list[Table] | None:
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if meetings.met(first, other):
                continue
            found = search(rest[:i] + rest[i + 1:])
            if found is not None:
                return [(first, other), *found]
            if budget[0] < 0:
                return None
        return None

    return search(order)


def _improved_partition(
    order: list[Player], table_size: int, meetings: Meetings, scores: Mapping[Player, float], rng: random.Random
) -> RoundPairing:
    """Tables cut from `order` (best first) by `table_sizes`, then improved by swapping players between
    tables while that lowers the cost: a repeated meeting costs `REPEAT_COST`, and a table's spread of scores
    (highest minus lowest) costs its size. Byes are the caller's: every player in `order` is seated."""
    sizes, byes = table_sizes(len(order), table_size)
    seated, out = order[: len(order) - byes], order[len(order) - byes:]
    tables: list[list[Player]] = []
    start = 0
    for size in sizes:
        tables.append(seated[start:start + size])
        start += size

    def cost(table: list[Player]) -> float:
        values = [scores.get(p, 0.0) for p in table]
        return meetings.repeats_at(table) * REPEAT_COST + (max(values) - min(values) if values else 0.0)

    costs = [cost(t) for t in tables]
    for _ in range(MAX_SWAP_PASSES):
        improved = False
        table_indices = list(range(len(tables)))
        rng.shuffle(table_indices)
        for i, j in itertools.combinations(table_indices, 2):
            for a_pos, b_pos in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                a, b = tables[i][a_pos], tables[j][b_pos]
                tables[i][a_pos], tables[j][b_pos] = b, a
                new_i, new_j = cost(tables[i]), cost(tables[j])
                if new_i + new_j < costs[i] + costs[j] - 1e-9:
                    costs[i], costs[j] = new_i, new_j
                    improved = True
                else:
                    tables[i][a_pos], tables[j][b_pos] = a, b
        if not improved:
            break
    ordered = [tuple(sorted(t, key=lambda p: (-scores.get(p, 0.0), order.index(p)))) for t in tables]
    ordered.sort(key=lambda t: min(order.index(p) for p in t))
    repeats = sum(meetings.repeats_at(t) for t in ordered)
    return RoundPairing(tuple(ordered), tuple(out), repeats)
