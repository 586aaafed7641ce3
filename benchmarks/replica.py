"""Does a read replica pay for the pages that may lag (the lobby, profiles, a game's history)? Side by side.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels \\
    DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:5433/citadels .venv/bin/python benchmarks/replica.py

The replica is a streaming standby of the primary (docs/scaling.md says how this machine's was made:
pg_createcluster + pg_basebackup -R). This makes a database of its own on the primary (`<name>_replica_bench`,
afresh; the replica follows), with `--players` players in 2-player Citadels games that have a few rounds
of moves, and runs two uvicorns (`--workers` each, DATABASE_POOL_SIZE connections per process to each
database) on benchmarks/replica_site/settings.py: one routes the lagging pages' reads to the replica
(core/db_router.py), the other has the replica configured but unused. `--clients` client processes, each
signed in as a player of its own (a session cookie), GET the lobby `/`, another player's profile and one of
its games' `/games/<id>/history` in turn over keep-alive connections, for `--seconds`, in `--rounds` rounds
(the order of the two flipped each round). Printed per run: pages/s, p50/p95/p99, the CPU seconds the
primary's server processes (of this database, and the WAL sender), the replica's and the web processes
spent per page, the replica's replay lag, and the machine's load (other processes share the cores).
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The checkout first: `live` is the site's app, not benchmarks/live.py (whose helpers are imported by their
# full name); `api` is benchmarks/api.py.
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from api import BackendsCpu, children, cpu_delta, cpu_seconds, load, recreate  # noqa: E402
from bench_env import adopt, migrate, server_env  # noqa: E402

from benchmarks.live import start_server, stop_server  # noqa: E402

sys.path.insert(0, str(ROOT))  # (benchmarks/live.py put its own folder first again)


def urls() -> tuple[str, str]:
    primary = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    replica = os.environ.get("DATABASE_REPLICA_URL", "postgres://postgres@127.0.0.1:5433/citadels")
    if not (primary.startswith("postgres") and replica.startswith("postgres")):
        sys.exit(
            "benchmarks/replica.py measures PostgreSQL: DATABASE_URL and DATABASE_REPLICA_URL=postgres://..."
        )
    name = primary.rpartition("/")[2] or "citadels"
    return (
        f"{primary.rpartition('/')[0]}/{name}_replica_bench",
        f"{replica.rpartition('/')[0]}/{name}_replica_bench",
    )


def wal_sender_cpu(primary: str) -> dict[int, float]:
    """CPU so far of the primary's WAL senders (what serving the replica costs the primary besides)."""
    import psycopg

    with psycopg.connect(f"{primary.rpartition('/')[0]}/postgres", autocommit=True) as conn:
        pids = [row[0] for row in conn.execute("SELECT pid FROM pg_stat_replication")]
    return cpu_seconds(pids)


def replay_lag_ms(replica: str) -> float:
    """How far the replica's replay is behind the primary's WAL, as the time since its last replayed commit
    when WAL is still to be replayed (0 when it has replayed all it received)."""
    import psycopg

    with psycopg.connect(f"{replica.rpartition('/')[0]}/postgres", autocommit=True) as conn:
        row = conn.execute(
            "SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0 ELSE "
            "EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) * 1000 END"
        ).fetchone()
    return float(row[0] or 0) if row else float("nan")


# --- the data -----------------------------------------------------------------------------------------


def make_players(players: int, moves: int) -> list[dict[str, Any]]:
    """`players` players in 2-player games with `moves` random moves each; per player: its session cookie,
    one of its games, another player to look at."""
    from django.test import Client

    from benchmarks.live import make_games
    from citadels import RULES
    from games import services, store
    from games.models import Game, Seat

    game_ids = make_games(players // 2)
    rng = random.Random(3)
    seats = {
        (s.game_id, s.index): s.user for s in Seat.objects.filter(game_id__in=game_ids).select_related("user")
    }
    for game_id in game_ids:
        for _ in range(moves):
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE:
                break
            seat = rng.choice(game.awaiting)
            command = rng.choice(RULES.legal_commands(store.load_state(game), seat))
            services.execute(seats[(game_id, seat)], game_id, command, expected_version=game.version)
    users = sorted({(user.pk, game_id) for (game_id, _i), user in seats.items()})
    found = []
    for pk, game_id in users:
        client = Client()
        client.force_login(next(u for (g, _i), u in seats.items() if u.pk == pk and g == game_id))
        found.append(
            {"cookie": client.cookies["sessionid"].value, "game": game_id, "other": rng.choice(users)[0]}
        )
    return found


# --- the clients ----------------------------------------------------------------------------------------


def client_process(port: int, player: dict[str, Any], start_at: float, seconds: float, results: Any) -> None:
    """GET the lobby, a profile and a game's history in turn, on one keep-alive connection."""
    paths = ["/", f"/players/{player['other']}/", f"/games/{player['game']}/history"]
    headers = {"Cookie": f"sessionid={player['cookie']}", "Host": "127.0.0.1"}
    times: dict[str, list[float]] = {"/": [], "profile": [], "history": []}
    failed: list[str] = []
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    time.sleep(max(0.0, start_at - time.time()))
    stop_at, n = start_at + seconds, 0
    while time.time() < stop_at:
        path = paths[n % 3]
        n += 1
        t0 = time.perf_counter()
        try:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as error:
            failed.append(f"{path}: {error!r}")
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            continue
        if response.status != 200:
            failed.append(f"{path}: {response.status}")
        times[("/", "profile", "history")[(n - 1) % 3]].append(time.perf_counter() - t0)
    conn.close()
    results.put((times, failed))


def drive(
    port: int,
    web_pid: int,
    players: list[dict[str, Any]],
    clients: int,
    seconds: float,
    primary: str,
    replica: str,
) -> dict[str, Any]:
    """One measured run: the pooled latencies, pages/s and the CPU of each side."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    start_at = time.time() + 1.0
    processes = [
        context.Process(
            target=client_process, args=(port, players[i % len(players)], start_at, seconds, results)
        )
        for i in range(clients)
    ]
    before = load()
    for process in processes:
        process.start()
    time.sleep(max(0.0, start_at - time.time()))
    workers = children(web_pid)
    web_before, wal_before = cpu_seconds(workers), wal_sender_cpu(primary)
    on_primary, on_replica = BackendsCpu(primary), BackendsCpu(replica)
    lags: list[float] = []
    done = threading.Event()

    def watch_lag() -> None:
        while not done.wait(1.0):
            lags.append(replay_lag_ms(replica))

    watcher = threading.Thread(target=watch_lag, daemon=True)
    watcher.start()
    collected = [results.get(timeout=seconds + 120) for _ in processes]
    done.set()
    web_cpu = cpu_delta(web_before, cpu_seconds(workers))
    primary_cpu = on_primary.stop() + cpu_delta(wal_before, wal_sender_cpu(primary))
    replica_cpu = on_replica.stop()
    for process in processes:
        process.join()
    times = {key: [x for c in collected for x in c[0][key]] for key in ("/", "profile", "history")}
    every = [x for values in times.values() for x in values]
    return {
        "times": times,
        "all": every,
        "failed": [x for c in collected for x in c[1]],
        "rate": len(every) / seconds,
        "web_cpu": web_cpu,
        "primary_cpu": primary_cpu,
        "replica_cpu": replica_cpu,
        "lag_max": max(lags, default=0.0),
        "load": f"{before} -> {load()}",
    }


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def describe(name: str, run: dict[str, Any]) -> str:
    n = max(len(run["all"]), 1)
    parts = ", ".join(f"{key} p95 {pct(values, 0.95):.0f}" for key, values in run["times"].items())
    return (
        f"{name:8s} {run['rate']:6.1f} pages/s; p50 {pct(run['all'], 0.5):5.0f} ms, p95 {pct(run['all'], 0.95):5.0f} ms, "
        f"p99 {pct(run['all'], 0.99):5.0f} ms ({parts}); CPU per page: primary {run['primary_cpu'] / n * 1000:.2f} ms, "
        f"replica {run['replica_cpu'] / n * 1000:.2f} ms, web {run['web_cpu'] / n * 1000:.1f} ms; replay lag max "
        f"{run['lag_max']:.0f} ms; failed {len(run['failed'])}{' (' + run['failed'][0] + ')' if run['failed'] else ''}"
        f"  ({run['load']})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=40, help="players (2 per game)")
    parser.add_argument("--moves", type=int, default=30, help="random moves per game before the runs")
    parser.add_argument("--clients", type=int, default=8, help="client processes")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn processes of each server")
    parser.add_argument("--seconds", type=float, default=15, help="length of one measured run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each a run of both servers")
    parser.add_argument("--warmup", type=float, default=5, help="seconds each server runs unmeasured first")
    args = parser.parse_args()
    primary, replica = urls()
    recreate(primary)
    env = server_env(
        SESSION_COOKIE_SECURE="0",
        DATABASE_URL=primary,
        DATABASE_REPLICA_URL=replica,
        DATABASE_POOL_SIZE="10",
        LIVE_FANOUT="poll",
        DJANGO_SETTINGS_MODULE="benchmarks.replica_site.settings",
    )
    migrate(env)
    adopt(env, "DATABASE_URL", "DATABASE_REPLICA_URL", "DJANGO_SETTINGS_MODULE")
    os.environ["REPLICA_ROUTING"] = "0"  # this process writes the data: on the primary
    import django

    django.setup()
    players = make_players(args.players, args.moves)
    time.sleep(2.0)  # the replica has replayed the data
    servers = {
        "primary": start_server({**env, "REPLICA_ROUTING": "0"}, args.workers),
        "replica": start_server({**env, "REPLICA_ROUTING": "1"}, args.workers),
    }
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
    print(
        f"uvicorn, {args.workers} workers per server; {args.clients} clients GET the lobby, a profile, a history in "
        f"turn; {len(players)} players; {args.rounds} x {args.seconds:.0f} s; 'primary': every read on the primary, "
        f"'replica': the lagging pages' reads on the replica; {load()}"
    )
    try:
        for process, port in servers.values():
            if args.warmup > 0:
                drive(port, process.pid, players, args.clients, args.warmup, primary, replica)
        for round_ in range(args.rounds):
            order = list(servers) if round_ % 2 == 0 else list(servers)[::-1]
            for name in order:
                process, port = servers[name]
                run = drive(port, process.pid, players, args.clients, args.seconds, primary, replica)
                runs[name].append(run)
                print(f"  round {round_ + 1}: {describe(name, run)}", flush=True)
    finally:
        for process, _port in servers.values():
            stop_server(process)
    print("\nper server, the median of the rounds (and their spread):")
    for name, rs in runs.items():
        rates = [r["rate"] for r in rs]
        p95 = [pct(r["all"], 0.95) for r in rs]
        cpu = [r["primary_cpu"] / max(len(r["all"]), 1) * 1000 for r in rs]
        print(
            f"  {name:8s} {statistics.median(rates):6.1f} pages/s ({min(rates):.1f}-{max(rates):.1f}); p95 "
            f"{statistics.median(p95):.0f} ms ({min(p95):.0f}-{max(p95):.0f}); primary CPU per page "
            f"{statistics.median(cpu):.2f} ms ({min(cpu):.2f}-{max(cpu):.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
