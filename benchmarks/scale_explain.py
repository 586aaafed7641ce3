"""Flat cost: the plans of a command's and a table page's SQL statements, checked for work that grows with the
history (benchmarks/scale.py on its big store; tests/games/test_flat_cost.py on a small one).

A plan fails when it
* scans one of the games' tables sequentially (`Seq Scan` of games_event, games_command, games_game,
  games_seat, games_snapshot or a partition of them, unless it is small: `SMALL_PAGES` pages or `SMALL_ROWS` rows): its
  cost grows with all games' rows;
* expects more than `ROWS_LIMIT` rows from one of them: a statement of one game reads a handful (its seats,
  the events after a version, at most a snapshot interval of them), one that grows with the store reads more;
* reads a game's whole log: a scan of events, commands or snapshots whose index condition finds all the
  game's rows or all up to a version (no key, no lower bound of `seq`; what a filter then throws away was
  read all the same), unless a Limit above it (with no sort between) stops it after a few rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

TABLES = frozenset({"games_event", "games_command", "games_game", "games_seat", "games_snapshot"})
LOGS = frozenset({"games_event", "games_command", "games_snapshot"})
ROWS_LIMIT = 500
# A table this small the planner rightly reads whole rather than by an index: not a scan that grows with the
# history (an empty partition, a small test store). Every games table of the big store is far bigger. Pages
# (800 kB) or live rows (ANALYZE's estimate): the rows that the suite's earlier rolled-back tests inserted
# stay in a test database's pages, dead, until a VACUUM, so a table of few rows may have many pages.
SMALL_PAGES = 100
SMALL_ROWS = 2000
# Nodes that read all their input before they give a row: a Limit above one of them stops nothing below it.
BLOCKING = frozenset({"Sort", "Aggregate", "Hash", "Materialize", "SetOp", "WindowAgg", "Gather Merge"})
_EXPLAINED = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", re.IGNORECASE)
_PARTITION = re.compile(r"_(hot|cold)$")
_BOUND = re.compile(r"(?:\b\w+\.)?\"?(\w+)\"?\s*(=|<=|>=|<|>|<>)\s")


@dataclass(frozen=True)
class Node:
    """One node of a plan, as printed: its type, relation and index, estimated rows, its index condition
    (what the index finds) and its filter (what is thrown away of what was read)."""

    depth: int
    type: str
    relation: str
    index: str
    rows: float
    index_condition: str
    filter: str
    limited: bool  # a Limit above it stops it (no blocking node between)

    def __str__(self) -> str:
        on = f" on {self.relation}" + (f" using {self.index}" if self.index else "") if self.relation else ""
        found = f" [{self.index_condition}]" if self.index_condition else ""
        dropped = f" filter [{self.filter}]" if self.filter else ""
        return f"{'  ' * self.depth}{self.type}{on} rows={self.rows:.0f}{found}{dropped}"


def explainable(sql: str) -> bool:
    """Whether a captured statement is one EXPLAIN takes (not a SAVEPOINT, SET, ...)."""
    return bool(_EXPLAINED.match(sql))


def nodes(plan: dict[str, Any], depth: int = 0, limited: bool = False) -> Iterator[Node]:
    """The nodes of a plan (EXPLAIN's JSON form), depth first."""
    kind = plan["Node Type"]
    found = " AND ".join(str(plan[k]) for k in ("Index Cond", "Recheck Cond") if k in plan)
    dropped = " AND ".join(str(plan[k]) for k in ("Filter", "Join Filter") if k in plan)
    relation = plan.get("Relation Name", "")
    yield Node(
        depth,
        kind,
        relation,
        plan.get("Index Name", ""),
        float(plan.get("Plan Rows", 0)),
        found,
        dropped,
        limited,
    )
    below = kind == "Limit" or (limited and kind not in BLOCKING)
    for child in plan.get("Plans", []):
        yield from nodes(child, depth + 1, below)


def bounds(node: Node) -> set[tuple[str, str]]:
    """The (column, operator) pairs of the node's index condition."""
    return set(_BOUND.findall(node.index_condition))


def table_of(relation: str) -> str:
    """The table a relation of a plan belongs to: a partition of the logs (migration 0019: `<table>_hot`,
    `<table>_cold`) is its table's."""
    return _PARTITION.sub("", relation)


def whole_log(node: Node) -> bool:
    """Whether an index scan of a log reads a game's whole log: the index finds the game's rows (or those
    up to a version) and nothing narrows them from below (no key, no lower bound of `seq`), and no Limit
    stops the scan early."""
    if table_of(node.relation) not in LOGS or "Index" not in node.type or node.limited:
        return False
    found = bounds(node)
    keys = {column for column, _ in found} - {"game_id", "archived", "seq"}
    from_below = {op for column, op in found if column == "seq"} & {"=", ">", ">="}
    return not keys and not from_below


def problems(plan_nodes: list[Node], small: frozenset[str] = frozenset()) -> list[str]:
    """What makes a plan's cost grow with the history (see the module's docstring); empty when none. A
    sequential scan of a relation in `small` (fewer than SMALL_PAGES pages or SMALL_ROWS rows) is not one."""
    found = []
    for node in plan_nodes:
        if table_of(node.relation) not in TABLES:
            continue
        if node.type == "Seq Scan" and node.relation not in small:
            found.append(f"Seq Scan on {node.relation}")
        if node.rows > ROWS_LIMIT:
            found.append(f"{node.type} on {node.relation} expects {node.rows:.0f} rows (> {ROWS_LIMIT})")
        if whole_log(node):
            found.append(
                f"{node.type} on {node.relation} reads a game's whole log [{node.index_condition}]"
                + (f" filter [{node.filter}]" if node.filter else "")
            )
    return found


def small_relations() -> frozenset[str]:
    """The games' tables and partitions of fewer than SMALL_PAGES pages or SMALL_ROWS live rows (as
    the last ANALYZE counted)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relkind = 'r' AND (relpages < %s OR reltuples < %s) "
            "AND relname LIKE 'games%%'",
            [SMALL_PAGES, SMALL_ROWS],
        )
        return frozenset(name for (name,) in cursor.fetchall())


def explain(sql: str) -> list[Node]:
    """The plan of one statement (EXPLAIN, not run), as nodes."""
    import json

    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return list(nodes(plan[0]["Plan"]))


def check(statements: list[tuple[str, str]], show: bool = True) -> list[str]:
    """EXPLAIN each (label, sql) and print it compactly with its plan's nodes; the problems found, each
    named by its label and statement."""
    found = []
    small = small_relations()
    for label, sql in statements:
        if not explainable(sql):
            continue
        plan = explain(sql)
        bad = problems(plan, small)
        found += [f"{label}: {p}: {sql[:200]}" for p in bad]
        if show:
            print(f"  [{label}] {' '.join(sql.split())[:160]}")
            for node in plan:
                if node.relation or node.type in ("Limit", "Aggregate", "Sort", "Nested Loop", "Hash Join"):
                    print(f"      {node}"[:220])
            for problem in bad:
                print(f"      !!! {problem}")
    return found


def capture(work: Any) -> list[str]:
    """The SQL statements `work()` sends to the default database, in order."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        work()
    return [query["sql"] for query in captured.captured_queries]


def command_and_page(game_id: int) -> list[tuple[str, str]]:
    """The statements of one legal command of the game's seat to move (`services.execute`) and of its table
    page for that player (GET /games/<id>/), each from a process that has no state of the game in memory."""
    import uuid

    from django.test import Client

    from accounts.models import User
    from games import services, store
    from games.models import Game
    from games.registry import get_kind

    game = Game.objects.get(pk=game_id)
    seat = game.awaiting[0]
    user = User.objects.get(seats__game=game, seats__index=seat)
    state = store.load_state(game, use_cache=False)
    command = dict(get_kind(game.kind).rules.legal_commands(state, seat)[0])
    store.state_cache.clear()
    statements = [
        ("command", sql)
        for sql in capture(lambda: services.execute(user, game_id, command, uuid.uuid4().hex, game.version))
    ]
    client = Client()
    client.force_login(user)
    store.state_cache.clear()

    def page() -> None:
        response = client.get(f"/games/{game_id}/")
        assert response.status_code == 200, response.status_code

    return statements + [("page", sql) for sql in capture(page)]
