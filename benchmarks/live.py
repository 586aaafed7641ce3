"""Live updates: open game pages (server-sent event clients) watching 100 games while moves are posted.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/live.py
    ... benchmarks/live.py --clients 10000 --workers 2 --rate 60 --fanouts postgres,redis   (issue 41)

uvicorn (`--workers` processes, as production runs it) serves the site on a PostgreSQL database of its own
(`<name>_live_bench`, created afresh) with 100 listed 2-player Citadels games. `--client-processes` client
processes (by default one per 2,500 streams) open `--clients` streams between them (`/games/<id>/live`, raw
asyncio sockets, the games' watchers spread evenly, at most `CONNECTING` connects at a time per process) and
note when each event arrives; `--posters` threads of this process post `--rate` moves a second between them
(random legal moves through `games.services.execute`, each thread its own games in turn) for `--seconds`,
noting each move's commit. The open-file limit (RLIMIT_NOFILE) of this process, and so of the server and
client processes it starts, is raised to the hard limit; the benchmark stops when even that is too low
for the sockets a process needs. For each fan-out of
`--fanouts` it prints the delay from a move's commit to its arrival at every watcher of the game (p50, p95,
p99, max; goal p95 <= 1 s), the events lost (a watcher that never got a version) and out of order, the memory
of the web processes per open stream (their RSS before and after the streams opened), their CPU per open
stream while idle and per delivered event, and the database connections to the benchmark's database
(pg_stat_activity: after the streams opened, and the most seen once a second while the moves are posted; the
posters' and the chat thread's own connections count in it).

Beside the moves, a spectator says `--chat-rate` chat lines a second (`chat.services.post`, the games in
turn, from a thread of this process): a line has arrived at a watcher with the first event whose table mark
(`"table"`: the spectators' chat lines the anonymous pages read) reaches its number (the page then fetches
it). Its delays from commit to arrival are printed the same way (p50, p95, p99, max; lost: a watcher whose
stream never reached the line; out of order: a table mark lower than one before). Not for `page-poll`.

`page-poll` is what the pages did before: each page asks `/games/<id>/version` every 3 s (the same delays
measured as the first poll that sees the new version), for the comparison in docs/architecture.md.
Other processes on the machine (other test runs) make the figures noisy: the machine's load is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from api import children, cpu_delta, cpu_seconds, free_port, load, port_open, recreate  # noqa: E402
from bench_env import adopt, migrate, server_env  # noqa: E402

POLL_SECONDS = 3.0  # the pages' old poll
STREAMS_PER_CLIENT_PROCESS = 2500
CONNECTING = 100  # connects under way at once in a client process (the server's accept queue is 2,048)
SPARE_FILES = 200  # open files a process needs beside its sockets


def raise_open_files(needed: int) -> int:
    """Raise this process's RLIMIT_NOFILE (inherited by the processes it starts) to its hard limit; exit when
    the hard limit is below `needed`. The limit now."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        sys.exit(f"RLIMIT_NOFILE's hard limit is {hard}, a process here needs {needed} open files: "
                 "raise it (ulimit -Hn, limits.conf, systemd LimitNOFILE) or open fewer streams per process")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return int(hard)


def database_url() -> str:
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    if not url.startswith("postgres"):
        sys.exit("benchmarks/live.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    base, _, name = url.rpartition("/")
    return f"{base}/{name or 'citadels'}_live_bench"


def rss_kib(pids: list[int]) -> int:
    """Resident memory of these processes, in KiB (from /proc)."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# --- the watchers (one client process, asyncio) ------------------------------------------------------


Arrival = tuple[int, int, int, int, float]  # (watcher, game, version, table mark, when)


async def _connect(port: int, game_id: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """One stream's connection, its answer's head read; a refused or reset connect is tried again (the
    server's accept queue overflows when thousands connect at once)."""
    for attempt in range(10):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /games/{game_id}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            status = await reader.readline()
        except (ConnectionRefusedError, ConnectionResetError, TimeoutError):
            await asyncio.sleep(0.5 * (attempt + 1))
            continue
        if b" 200 " not in status:
            raise RuntimeError(f"stream of game {game_id}: {status!r}")
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        return reader, writer
    raise RuntimeError(f"stream of game {game_id}: no connection after 10 attempts")


async def _stream(port: int, watcher: int, game_id: int, arrivals: list[Arrival], opened: asyncio.Event,
                  counter: list[int], total: int, connecting: asyncio.Semaphore) -> None:
    async with connecting:
        reader, _writer = await _connect(port, game_id)
    counter[0] += 1
    if counter[0] == total:
        opened.set()
    while line := await reader.readline():
        if line.startswith(b"data: "):
            notice = json.loads(line[6:])
            arrivals.append((watcher, game_id, int(notice["version"]), int(notice.get("table", 0)), time.time()))


async def _poller(port: int, watcher: int, game_id: int, arrivals: list[Arrival], opened: asyncio.Event,
                  counter: list[int], total: int, connecting: asyncio.Semaphore) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.sleep(random.random() * POLL_SECONDS)  # the pages were opened at different moments
    counter[0] += 1
    if counter[0] == total:
        opened.set()
    seen = -1
    while True:
        writer.write(f"GET /games/{game_id}/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        await writer.drain()
        length, chunked = 0, False
        while (line := await reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
            chunked = chunked or line.lower().startswith(b"transfer-encoding: chunked")
        if chunked:  # uvicorn chunks a body whose length Django did not set
            body = b""
            while size := int((await reader.readline()).strip(), 16):
                body += await reader.readexactly(size)
                await reader.readline()
            await reader.readline()
        else:
            body = await reader.readexactly(length)
        version = int(json.loads(body)["version"])
        if version != seen:
            seen = version
            arrivals.append((watcher, game_id, version, 0, time.time()))
        await asyncio.sleep(POLL_SECONDS)


def watchers(port: int, game_ids: list[int], mine: list[int], mode: str, ready: Any, done: Any, out: Any) -> None:
    """A client process: open its streams (or pollers; `mine`: the watchers' numbers, each watching game
    `number % games`), say so, collect arrivals until told to stop."""
    raise_open_files(len(mine) + SPARE_FILES)

    async def main() -> None:
        arrivals: list[Arrival] = []
        opened, counter, connecting = asyncio.Event(), [0], asyncio.Semaphore(CONNECTING)
        run = _poller if mode == "page-poll" else _stream
        tasks = [asyncio.create_task(run(port, i, game_ids[i % len(game_ids)], arrivals, opened, counter, len(mine),
                                         connecting)) for i in mine]
        await asyncio.wait_for(opened.wait(), 120 + len(mine) / 5)
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.2)
            failed = [t for t in tasks if t.done() and t.exception()]
            if failed:
                raise failed[0].exception()  # type: ignore[misc]
        out.put(arrivals)
        for task in tasks:
            task.cancel()

    asyncio.run(main())


# --- the server and the moves -------------------------------------------------------------------------


def start_server(env: dict[str, str], workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    # The server's log goes to a file: a pipe nobody reads would stop the server once it is full.
    log = ROOT / "var" / "bench-live.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--workers", str(workers), "--host",
             "127.0.0.1", "--port", str(port), "--log-level", "warning", "--timeout-graceful-shutdown", "2"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=out)
    for _ in range(1800):  # a loaded machine takes a minute or more to import the site
        if port_open(port):
            time.sleep(3.0)  # every worker up
            return process, port
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"uvicorn did not start: {log.read_text()[-2000:]}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGINT)
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()


def make_games(count: int) -> list[int]:
    from accounts.models import User
    from games import services

    ids = []
    for i in range(count):
        a = User.objects.create_user(email=f"a{i}@bench.example", password="x-long-password-1", display_name=f"a{i}")
        b = User.objects.create_user(email=f"b{i}@bench.example", password="x-long-password-1", display_name=f"b{i}")
        game = services.create_game(a, "citadels", 2)
        services.join_game(b, game.pk)
        services.start_game(a, game.pk)
        ids.append(game.pk)
    return ids


def post_moves(game_ids: list[int], rate: float, seconds: float, rng: random.Random) -> list[tuple[int, int, float]]:
    """Random legal moves, the games in turn, `rate` a second; (game, new version, time just after commit).
    In the thread that calls it (its database connection closed at the end)."""
    from django.db import connection

    from citadels import RULES
    from games import services, store
    from games.models import Game, Seat

    seats = {(s.game_id, s.index): s.user for s in Seat.objects.filter(game_id__in=game_ids).select_related("user")}
    commits: list[tuple[int, int, float]] = []
    start = time.time()
    n = 0
    try:
        while time.time() - start < seconds:
            game = Game.objects.get(pk=game_ids[n % len(game_ids)])
            n += 1
            if game.status == Game.Status.ACTIVE:
                seat = rng.choice(game.awaiting)
                command = rng.choice(RULES.legal_commands(store.load_state(game), seat))
                result = services.execute(seats[(game.pk, seat)], game.pk, command, expected_version=game.version)
                commits.append((game.pk, result.version, time.time()))
            pause = start + n / rate - time.time()
            if pause > 0:
                time.sleep(pause)
    finally:
        connection.close()
    return commits


def post_all_moves(game_ids: list[int], rate: float, seconds: float, posters: int) -> list[tuple[int, int, float]]:
    """`posters` threads, each posting `rate / posters` moves a second on its share of the games (one thread
    alone does not keep 60 a second on a loaded machine: a move takes it 10 to 30 ms)."""
    shares = [game_ids[i::posters] for i in range(posters)]
    results: list[list[tuple[int, int, float]]] = [[] for _ in shares]

    def poster(i: int) -> None:
        results[i] = post_moves(shares[i], rate / posters, seconds, random.Random(7 + i))

    threads = [threading.Thread(target=poster, args=(i,)) for i in range(len(shares))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted((c for r in results for c in r), key=lambda c: c[2])


class ConnectionSampler(threading.Thread):
    """The database connections to the benchmark's database, counted once a second (pg_stat_activity)."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.most, self.stop = url, 0, threading.Event()

    def run(self) -> None:
        import psycopg
        from api import backends

        base, _, _name = self.url.rpartition("/")
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            while not self.stop.wait(1.0):
                self.most = max(self.most, len(backends(self.url, conn)))


def post_chat(game_ids: list[int], rate: float, seconds: float, said: list[tuple[int, int, float]]) -> None:
    """A spectator's chat lines, the games in turn, `rate` a second, into `said`: (game, number, just after
    commit). In a thread of its own (its own database connection, closed at the end)."""
    from django.conf import settings
    from django.db import connection

    from accounts.models import User
    from chat import services as chat

    settings.CHAT_RATE_MESSAGES = 10**9  # one spectator says them all
    try:
        spectator, _ = User.objects.get_or_create(email="spectator@bench.example", defaults={"display_name": "spec"})
        start, n = time.time(), 0
        while time.time() - start < seconds:
            game_id = game_ids[n % len(game_ids)]
            n += 1
            message = chat.post(spectator, game_id, f"line {n}")
            said.append((game_id, message.seq, time.time()))
            pause = start + n / rate - time.time()
            if pause > 0:
                time.sleep(pause)
    finally:
        connection.close()


def measure(mode: str, args: argparse.Namespace, env: dict[str, str], game_ids: list[int], url: str) -> dict[str, Any]:
    from api import backends
    from django.conf import settings

    fanout = "poll" if mode == "page-poll" else mode
    settings.LIVE_FANOUT = fanout  # the poster (this process) sends as the web processes listen
    server_env = {**env, "LIVE_FANOUT": fanout}
    process, port = start_server(server_env, args.workers)
    workers = children(process.pid)
    processes = args.client_processes or -(-args.clients // STREAMS_PER_CLIENT_PROCESS)
    shares = [list(range(i, args.clients, processes)) for i in range(processes)]
    context = multiprocessing.get_context("fork")
    try:
        memory_before = rss_kib(workers)
        done, out = context.Event(), context.Queue()
        readies = [context.Event() for _ in shares]
        clients = [context.Process(target=watchers, args=(port, game_ids, mine, mode, ready, done, out))
                   for mine, ready in zip(shares, readies, strict=True)]
        opening = time.time()
        for client in clients:
            client.start()
        for ready in readies:
            if not ready.wait(max(0.0, 300 + args.clients / 5 - (time.time() - opening))):
                raise RuntimeError("the watchers did not connect")
        opened_in = time.time() - opening
        time.sleep(2.0)
        memory_after = rss_kib(workers)
        connections_db = len(backends(url))
        idle_before = cpu_seconds(workers)
        time.sleep(args.idle)
        idle_cpu = cpu_delta(idle_before, cpu_seconds(workers))
        busy_before = cpu_seconds(workers)
        said: list[tuple[int, int, float]] = []
        talker = threading.Thread(target=post_chat, args=(game_ids, args.chat_rate, args.seconds, said))
        if mode != "page-poll" and args.chat_rate > 0:
            talker.start()
        sampler = ConnectionSampler(url)
        sampler.start()
        commits = post_all_moves(game_ids, args.rate, args.seconds, args.posters)
        if talker.is_alive():
            talker.join()
        time.sleep(POLL_SECONDS + 1.5 if mode == "page-poll" else 2.0)  # the last deliveries
        sampler.stop.set()
        busy_cpu = cpu_delta(busy_before, cpu_seconds(workers))
        busy_load = load()
        done.set()
        arrivals: list[Arrival] = []
        for _client in clients:
            arrivals.extend(out.get(timeout=120))
        for client in clients:
            client.join(10)
    finally:
        stop_server(process)
    watched = [game_ids[i % len(game_ids)] for i in range(args.clients)]
    return summarize(mode, commits, watched, arrivals, {
        "chat": chat_summary(said, watched, arrivals) if said else None,
        "memory": (memory_after - memory_before) / args.clients, "idle_cpu": idle_cpu, "busy_cpu": busy_cpu,
        "db_connections": connections_db, "db_connections_most": sampler.most, "load": busy_load,
        "clients": args.clients, "idle": args.idle, "opened_in": opened_in, "client_processes": processes,
        "seconds": args.seconds})


def summarize(mode: str, commits: list[tuple[int, int, float]], watched: list[int], arrivals: list[Arrival],
              facts: dict[str, Any]) -> dict[str, Any]:
    """Delays from commit to arrival; per watcher, the versions of its game it never got (lost) and any that
    came after a higher one (out of order)."""
    committed = {(g, v): t for g, v, t in commits}
    got: set[tuple[int, int]] = set()
    delays = []
    for w, g, v, _m, t in arrivals:  # a version's first event (a chat line's event repeats the version)
        if (w, v) not in got and (g, v) in committed:
            delays.append(t - committed[(g, v)])
        got.add((w, v))
    versions_of: dict[int, list[int]] = {}
    for g, v, _t in commits:
        versions_of.setdefault(g, []).append(v)
    expected = sum(len(versions_of.get(g, [])) for g in watched)
    lost = sum(1 for w, g in enumerate(watched) for v in versions_of.get(g, []) if (w, v) not in got)
    out_of_order, highest = 0, {}
    for w, _g, v, _m, _t in arrivals:  # in the order they arrived
        if v < highest.get(w, -1):
            out_of_order += 1
        highest[w] = max(v, highest.get(w, -1))
    return {"mode": mode, "delays": delays, "expected": expected, "lost": lost, "moves": len(commits),
            "out_of_order": out_of_order, "delivered": len(delays), **facts}


def chat_summary(said: list[tuple[int, int, float]], watched: list[int], arrivals: list[Arrival]) -> dict[str, Any]:
    """The chat lines' delays: a line (game, number) reached a watcher of its game with the first event whose
    table mark is at least its number; lost when none came; out of order: a mark lower than one before."""
    marks: dict[int, tuple[list[int], list[float]]] = {}  # per watcher: the running highest mark, and when
    out_of_order = 0
    for w, _g, _v, mark, t in arrivals:
        highs, whens = marks.setdefault(w, ([], []))
        if highs and mark < highs[-1]:
            out_of_order += 1
        highs.append(max(mark, highs[-1] if highs else 0))
        whens.append(t)
    delays: list[float] = []
    lost = 0
    for w, g in enumerate(watched):
        highs, whens = marks.get(w, ([], []))
        for game_id, seq, t in said:
            if game_id != g:
                continue
            i = bisect.bisect_left(highs, seq)
            if i == len(highs):
                lost += 1
            else:
                delays.append(whens[i] - t)
    return {"lines": len(said), "delays": delays, "lost": lost, "out_of_order": out_of_order,
            "expected": sum(1 for g in watched for game_id, _s, _t in said if game_id == g)}


def describe(run: dict[str, Any]) -> str:
    d = run["delays"]
    per_event = run["busy_cpu"] / max(run["delivered"], 1) * 1000
    return (f"{run['mode']:>9}: {run['moves']} moves ({run['moves'] / run['seconds']:.1f}/s), {run['delivered']} of "
            f"{run['expected']} deliveries; delay "
            f"p50 {pct(d, .5) * 1000:.0f} ms, p95 {pct(d, .95) * 1000:.0f} ms, p99 {pct(d, .99) * 1000:.0f} ms, "
            f"max {max(d, default=float('nan')) * 1000:.0f} ms; lost {run['lost']}, out of order {run['out_of_order']}; "
            f"memory {run['memory']:.1f} KiB per open page; CPU idle {run['idle_cpu'] / run['clients'] / run['idle'] * 1e6:.1f} "
            f"µs/s per open page, {per_event:.2f} ms per delivery (web processes, moves phase "
            f"{run['busy_cpu']:.1f} s); database connections {run['db_connections']} open, at most "
            f"{run['db_connections_most']} while moving; {run['clients']} streams opened in {run['opened_in']:.0f} s "
            f"by {run['client_processes']} client processes; {run['load']}"
            + (describe_chat(run["chat"]) if run.get("chat") else ""))


def describe_chat(chat: dict[str, Any]) -> str:
    d = chat["delays"]
    return (f"\n{'':>11}chat: {chat['lines']} lines, {len(d)} of {chat['expected']} deliveries; delay "
            f"p50 {pct(d, .5) * 1000:.0f} ms, p95 {pct(d, .95) * 1000:.0f} ms, p99 {pct(d, .99) * 1000:.0f} ms, "
            f"max {max(d, default=float('nan')) * 1000:.0f} ms; lost {chat['lost']}, out of order {chat['out_of_order']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=500, help="open pages (SSE clients)")
    parser.add_argument("--games", type=int, default=100, help="games watched")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument("--rate", type=float, default=20, help="moves posted per second (all games)")
    parser.add_argument("--chat-rate", type=float, default=5, help="chat lines said per second (all games)")
    parser.add_argument("--seconds", type=float, default=30, help="how long moves are posted")
    parser.add_argument("--posters", type=int, default=3, help="threads posting the moves")
    parser.add_argument("--client-processes", type=int, default=0,
                        help=f"processes opening the streams (0: one per {STREAMS_PER_CLIENT_PROCESS})")
    parser.add_argument("--idle", type=float, default=10, help="seconds measured with the pages open and no move")
    parser.add_argument("--fanouts", default="postgres,redis,poll,page-poll",
                        help="postgres, redis, poll (server side), page-poll (the pages' old 3-s poll)")
    args = parser.parse_args()
    processes = args.client_processes or -(-args.clients // STREAMS_PER_CLIENT_PROCESS)
    limit = raise_open_files(max(-(-args.clients // processes), -(-args.clients // args.workers)) + SPARE_FILES)
    url = database_url()
    recreate(url)
    env = server_env(DATABASE_URL=url, DATABASE_POOL_SIZE="20", LIVE_REDIS_URL="redis://127.0.0.1:6379/13",
                     LIVE_CHANNEL=f"live_bench_{os.getpid()}")
    migrate(env)
    adopt(env, "DATABASE_URL", "LIVE_REDIS_URL", "LIVE_CHANNEL")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    game_ids = make_games(args.games)
    print(f"uvicorn, {args.workers} workers; {args.clients} open pages watching {args.games} games; {args.rate:g} "
          f"moves/s for {args.seconds:.0f} s by {args.posters} threads (each game every {args.games / args.rate:.1f} s); "
          f"PostgreSQL; RLIMIT_NOFILE {limit}; {load()}")
    for mode in args.fanouts.split(","):
        if mode == "redis" and not port_open(6379):
            print("    redis: not measured (no Redis on 127.0.0.1:6379)")
            continue
        print("  " + describe(measure(mode, args, env, game_ids, url)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
