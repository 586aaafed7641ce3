"""The command path and a table page on a big store against an empty one, side by side in one run (issue 41).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/scale.py [--quick]

The full store (`<name>_scale_bench`, kept between runs: benchmarks/scale_fixture.py builds it once, through
`games.store.append`, and rebuilds it when the games migrations or the parameters change) holds 100,000
running 2-player games (Citadels and Dominion) of ~100 events each and 10,000 finished Citadels games: 10+
million events. The empty store (`<name>_scale_empty_bench`, kept as well) holds only the games the
measurement uses: 200 games of the same templates (the page's pool), and what the clients play.

Against each, under gunicorn (`--workers` sync workers, as benchmarks/api.py runs the service): `--clients`
client processes play 2-player Citadels games through the API (benchmarks/api.py's clients: GET as the seat
to move, POST one legal command) for `--seconds`: commands/s and POST p50/p99; then `--page-clients`
processes GET the table page (/games/<id>/, the HTML) of a random game of a pool of `--pool` games as one of
its seated players (session cookies) for `--seconds`: the page's time on loopback, p50 and p95. `--rounds`
rounds, the two stores in turn (the order swapped every round, as api.py does); each figure with the
machine's load, then the ratios full / empty per round and their median against the goal (within 10 %).

Last, in-process on the full store: every SQL statement of one command and one table page, EXPLAINed
(benchmarks/scale_explain.py): a Seq Scan of the games' tables or a plan that reads a game's whole log or
all games fails the run (exit status 1). `--quick`: a small fixture (`<name>_scale_quick_bench`), short rounds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from api import (  # noqa: E402
    Server,
    backends,
    drive,
    load,
    pct,
    port_open,
    round_order,
    service_players,
)
from bench_env import server_env  # noqa: E402

FULL = {"active": 100_000, "finished": 10_000}
QUICK = {"active": 300, "finished": 30, "templates": 20}
# The empty store: as many games of the same templates as the largest pool of table pages, no more (kept too:
# a run adds only the few games its clients play).
EMPTY = {"active": 200, "finished": 0}


def urls(quick: bool) -> tuple[str, str]:
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    if not url.startswith("postgres"):
        sys.exit("benchmarks/scale.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    base, _, name = url.rpartition("/")
    name = name or "citadels"
    return f"{base}/{name}_scale_{'quick_' if quick else ''}bench", f"{base}/{name}_scale_empty_bench"


def environment(url: str) -> dict[str, str]:
    """The servers' and steps' environment on the store `url` (bench_env's, with a real broker when one answers)."""
    broker = "redis://127.0.0.1:6379/14" if port_open(6379) else "memory://localhost/"
    return server_env(
        DATABASE_URL=url,
        ALLOWED_HOSTS="127.0.0.1,localhost,testserver",
        CELERY_BROKER_URL=broker,
        THROTTLE_REGISTER="100000/hour",
        THROTTLE_TOKEN="100000/min",
        # A worker's first requests import most of the site: on a busy machine that took 20 s and more, past
        # gunicorn's 30 s, and the worker was killed and started again (see `warm`).
        GUNICORN_CMD_ARGS="--timeout 300",
    )


def step(name: str, url: str, *extra: str) -> dict[str, Any]:
    """Run one in-process step (`python benchmarks/scale_steps.py NAME`) on the database `url`: its printed
    lines are shown, its last line is its answer (JSON)."""
    process = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "scale_steps.py"), name, *extra],
        cwd=ROOT,
        env=environment(url),
        stdout=subprocess.PIPE,
        text=True,
    )
    lines = process.stdout.strip().splitlines()
    for line in lines[:-1]:
        print(line, flush=True)
    if process.returncode not in (0, 1) or not lines:
        raise RuntimeError(f"step {name} failed ({process.returncode})")
    answer: dict[str, Any] = json.loads(lines[-1])
    answer["returncode"] = process.returncode
    return answer


class PatientServer(Server):
    """api.py's gunicorn, given a minute to start: on a machine at load 40 its 20 s were not enough."""

    def __init__(self, module: str, env: dict[str, str], workers: int) -> None:
        for attempt in range(3):
            try:
                super().__init__(module, env, workers)
                return
            except RuntimeError:
                # (The gunicorn that was slow to start is asked to stop; another takes a new port.)
                self.stop()
                if attempt == 2:
                    raise


def warm(server: Server) -> None:
    """Send each worker of the server a first registration (and so its imports), with time to spare."""
    for i in range(4):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=300)
        body = {
            "email": f"warm{i}-{time.time_ns()}@bench.example",
            "password": "bench-pass-123!",
            "display_name": "warm",
        }
        conn.request(
            "POST",
            "/api/accounts/register",
            body=json.dumps(body),
            headers={"Content-Type": "application/json"},
        )
        conn.getresponse().read()
        conn.close()


# --- the table page's clients ------------------------------------------------------------------------


def page_client(
    port: int, pool: list[list[Any]], start_at: float, seconds: float, seed: int, results: Any
) -> None:
    """GET the table page of a random game of the pool as one of its seated players; repeat."""
    rng = random.Random(seed)
    times: list[float] = []
    failed: list[str] = []
    time.sleep(max(0.0, start_at - time.time()))
    while time.time() < start_at + seconds:
        game_id, cookie = rng.choice(pool)
        t0 = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", f"/games/{game_id}/", headers={"Cookie": f"sessionid={cookie}"})
        response = conn.getresponse()
        body = response.read()
        conn.close()
        elapsed = time.perf_counter() - t0
        if response.status == 200 and f"/games/{game_id}/move".encode() in body:
            times.append(elapsed)
        else:
            failed.append(f"{game_id}: {response.status} {body[:120]!r}")
    results.put((times, failed))


def drive_pages(server: Server, pool: list[list[Any]], clients: int, seconds: float) -> dict[str, Any]:
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    start_at = time.time() + 0.5
    processes = [
        context.Process(target=page_client, args=(server.port, pool, start_at, seconds, i, results))
        for i in range(clients)
    ]
    before = load()
    for process in processes:
        process.start()
    collected = [results.get(timeout=seconds + 120) for _ in processes]
    for process in processes:
        process.join()
    times = [t for c in collected for t in c[0]]
    return {
        "times": times,
        "failed": [f for c in collected for f in c[1]],
        "rate": len(times) / seconds,
        "load": f"{before} -> {load()}",
    }


# --- the figures ---------------------------------------------------------------------------------------


def figures(commands: dict[str, Any], pages: dict[str, Any]) -> dict[str, float]:
    return {
        "commands/s": commands["rate"],
        "POST p50 ms": pct(commands["posts"], 0.5),
        "POST p99 ms": pct(commands["posts"], 0.99),
        "page p50 ms": pct(pages["times"], 0.5),
        "page p95 ms": pct(pages["times"], 0.95),
    }


def side_by_side(rounds: list[dict[str, dict[str, float]]]) -> None:
    """Each figure of each round, empty and full, with the ratio full / empty; the median ratio (the goal:
    within 10 %: throughput >= 0.9 of the empty store's, times <= 1.1 of them)."""
    print(
        f"\n{'':14s}"
        + "".join(f"{'round ' + str(i + 1):>30s}" for i in range(len(rounds)))
        + "   median ratio"
    )
    print(f"{'':14s}" + f"{'empty':>10s}{'full':>10s}{'ratio':>10s}" * len(rounds))
    for name in rounds[0]["empty"]:
        ratios = [r["full"][name] / r["empty"][name] for r in rounds]
        cells = "".join(
            f"{r['empty'][name]:10.1f}{r['full'][name]:10.1f}{ratio:10.2f}"
            for r, ratio in zip(rounds, ratios, strict=True)
        )
        median = statistics.median(ratios)
        ok = median >= 0.9 if name == "commands/s" else median <= 1.1
        print(f"{name:14s}{cells}   {median:6.2f} {'ok' if ok else 'OVER 10 %'}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a small fixture and short rounds (a smoke run)")
    parser.add_argument("--clients", type=int, default=4, help="command client processes")
    parser.add_argument("--page-clients", type=int, default=2, help="table page client processes")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers per store")
    parser.add_argument("--seconds", type=float, default=10, help="length of one measured run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=4, help="seconds each store runs unmeasured first")
    parser.add_argument(
        "--pool", type=int, default=200, help="games whose table pages are read (at most 200)"
    )
    parser.add_argument("--processes", type=int, default=2, help="processes building the fixture")
    parser.add_argument(
        "--build-minutes",
        type=float,
        default=600,
        help="build the fixture for at most this long, then measure on what is there (the next run goes on)",
    )
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.warmup, args.rounds, args.pool = (
            min(args.seconds, 4),
            min(args.warmup, 2),
            min(args.rounds, 2),
            min(args.pool, 200),
        )
    full_url, empty_url = urls(args.quick)
    size = QUICK if args.quick else FULL
    print(f"full store {full_url.rpartition('/')[2]}:", flush=True)
    full = step(
        "fixture", full_url, json.dumps(size), str(args.processes), str(args.pool), str(args.build_minutes)
    )
    print(f"empty store {empty_url.rpartition('/')[2]}:", flush=True)
    empty = step("fixture", empty_url, json.dumps(EMPTY), "1", str(args.pool), "600")
    stores = {"empty": (empty_url, empty), "full": (full_url, full)}
    servers = {
        name: PatientServer("config.wsgi", environment(url), args.workers)
        for name, (url, _) in stores.items()
    }
    rounds: list[dict[str, dict[str, float]]] = []
    try:
        for server in servers.values():
            warm(server)
        players = {
            name: service_players(servers[name].port, args.clients, url) for name, (url, _) in stores.items()
        }
        print(
            f"\ngunicorn, {args.workers} sync workers per store; {args.clients} command clients, {args.page_clients} "
            f"page clients over {args.pool} games; {args.rounds} rounds x {args.seconds:.0f} s each",
            flush=True,
        )
        for name, (url, answer) in stores.items():
            drive("service", servers[name], url, players[name], args.warmup)
            drive_pages(servers[name], answer["pool"], args.page_clients, args.warmup)
        for round_ in range(args.rounds):
            measured: dict[str, dict[str, float]] = {}
            for name in round_order(["empty", "full"], round_):
                url, answer = stores[name]
                commands = drive("service", servers[name], url, players[name], args.seconds)
                connections = len(backends(url))  # (the workers' connections, CONN_MAX_AGE keeps them open)
                pages = drive_pages(servers[name], answer["pool"], args.page_clients, args.seconds)
                measured[name] = figures(commands, pages)
                f = measured[name]
                print(
                    f"  round {round_ + 1} {name:5s}: {f['commands/s']:5.0f} commands/s, POST p50 {f['POST p50 ms']:5.1f} "
                    f"p99 {f['POST p99 ms']:6.1f} ms, web {commands['web_cpu'] / max(len(commands['posts']), 1) * 1000:.1f} "
                    f"+ db {commands['db_cpu'] / max(len(commands['posts']), 1) * 1000:.1f} ms CPU per GET+POST, "
                    f"refused {len(commands['refused'])}, {connections} database connections  ({commands['load']}); "
                    f"pages {pages['rate']:4.0f}/s, "
                    f"p50 {f['page p50 ms']:5.1f} p95 {f['page p95 ms']:5.1f} ms, failed {len(pages['failed'])}"
                    + (f" {pages['failed'][0]}" if pages["failed"] else "")
                    + f"  ({pages['load']})",
                    flush=True,
                )
            rounds.append(measured)
    finally:
        for server in servers.values():
            server.stop()
    side_by_side(rounds)
    print(
        "\nflat cost: the statements of one command and one table page on the full store, EXPLAINed:",
        flush=True,
    )
    explained = step("explain", full_url)
    return 1 if explained["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
