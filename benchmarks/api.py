"""The command path against the least a Django + DRF append endpoint can do, side by side in one run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/api.py

Two apps run in turn under the same gunicorn settings (`--workers` sync workers) on the same PostgreSQL:

* the minimal append app (benchmarks/minimal/): token authentication, Django's default middleware; a POST
  locks a row, appends one event with the next seq under a unique key and bumps a version in one
  transaction; a GET reads the row;
* the service: 2-player Citadels games through the real API; players with verified addresses, so the
  commands write their outbox rows as in production (the mails themselves are not sent here).

The same `--clients` client processes drive both: each GETs the game as the seat to move (the answer to its
last command names it) and POSTs one of that seat's legal commands (with expected_version and an
Idempotency-Key), for `--seconds`, in `--rounds` rounds after `--warmup` seconds of each unmeasured. A
round runs both apps back to back, in the order minimal, service in odd rounds and service, minimal in even
ones (so a machine slowly getting faster or slower favours neither). It prints commands/s and POST latency of
both, each round's throughput ratio and their median, the figure judged against the goal (the service at
>= 0.6 of the minimal app's throughput, its p99 at most 2x the minimal app's), checks that no
command was refused or lost (every accepted command is in the log, every log's hash chain holds), then
profiles a command in-process (benchmarks/profile_command.py). The machine's load is printed with each
figure: other processes on the same cores make them noisy.

It works in two databases of its own (`<name>_api_bench`, `<name>_minimal_bench`), created afresh.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from bench_env import ROOT, adopt, migrate, server_env


def database_urls() -> tuple[str, str]:
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    if not url.startswith("postgres"):
        sys.exit("benchmarks/api.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    base, _, name = url.rpartition("/")
    name = name or "citadels"
    return f"{base}/{name}_api_bench", f"{base}/{name}_minimal_bench"


def recreate(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 1).close()
        return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU time each of these processes has used so far (from /proc; a process gone is left out)."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def cpu_delta(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU time spent between two readings by the processes alive at the second (new ones from zero)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (gunicorn's workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def backends(database_url: str, conn: Any = None) -> list[int]:
    """The PostgreSQL server processes serving this database now (asked on `conn`, a connection to the
    server's `postgres` database, else on one opened for the question)."""
    import psycopg

    base, _, name = database_url.rpartition("/")
    if conn is None:
        with psycopg.connect(f"{base}/postgres", autocommit=True) as own:
            return backends(database_url, own)
    return [row[0] for row in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [name])]


class BackendsCpu:
    """The CPU time the server processes of a database spend over a run, read every half second: a backend that
    ends during the run (Django closes its connection after CONN_MAX_AGE, 60 s) keeps what it had spent until
    its last reading. (Read at the start and the end only, such a backend's time was lost: a round of the
    minimal app printed 0.0 ms of database CPU.)"""

    def __init__(self, database_url: str) -> None:
        import psycopg

        self.database_url = database_url
        # One connection for all the readings: a new one every half second would start a server process
        # each time, on the machine being measured.
        self.conn = psycopg.connect(f"{database_url.rpartition('/')[0]}/postgres", autocommit=True)
        self.before = cpu_seconds(backends(database_url, self.conn))
        self.last: dict[int, float] = dict(self.before)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while not self.done.wait(0.5):
            self.last.update(cpu_seconds(backends(self.database_url, self.conn)))

    def stop(self) -> float:
        """The CPU seconds spent since the start."""
        self.done.set()
        self.thread.join()
        self.last.update(cpu_seconds(backends(self.database_url, self.conn)))
        self.conn.close()
        return cpu_delta(self.before, self.last)


class Client:
    """A tiny JSON-over-HTTP client (a new connection per request: gunicorn's sync workers close them)."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.token = token

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if self.token:
            all_headers["Authorization"] = f"Token {self.token}"
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=all_headers)
        response = conn.getresponse()
        data = response.read()
        conn.close()
        if response.status >= 500:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:200]!r}")
        return response.status, json.loads(data) if data else None


class Server:
    """gunicorn with the same settings for both apps."""

    def __init__(self, module: str, env: dict[str, str], workers: int) -> None:
        self.port = free_port()
        # The server's log goes to a file: a pipe nobody reads would stop the server once it is full.
        self.log = ROOT / "var" / f"bench-{module.split('.')[0]}.log"
        self.log.parent.mkdir(exist_ok=True)
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", module, "-w", str(workers), "-b", f"127.0.0.1:{self.port}",
                 "--log-level", "warning"],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log,
            )
        for _ in range(200):
            if port_open(self.port):
                return
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn {module} died: {self.log.read_text()[-2000:]}")
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn {module} did not start")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# --- the clients (processes) ------------------------------------------------------------------------


def new_game(a: Client, b: Client) -> tuple[int, dict[int, Client]]:
    status, game = a.call("POST", "/api/games/", {"kind": "citadels", "players": 2})
    assert status == 201, game
    assert b.call("POST", f"/api/games/{game['id']}/join")[0] == 200
    assert a.call("POST", f"/api/games/{game['id']}/start")[0] == 200
    by_seat = {}
    for client in (a, b):
        by_seat[client.call("GET", f"/api/games/{game['id']}/")[1]["seat"]] = client
    return game["id"], by_seat


def client_process(app: str, port: int, credentials: list[Any], start_at: float, seconds: float, seed: int,
                   results: Any) -> None:
    """One client: GET the game as the seat expected to move, POST one of its legal commands; repeat."""
    rng = random.Random(seed)
    posts: list[float] = []
    gets: list[float] = []
    refused: list[str] = []
    if app == "service":
        a, b = Client(port, credentials[0]), Client(port, credentials[1])
        game_id, by_seat = new_game(a, b)
    else:
        game_id, by_seat = int(credentials[1]), {0: Client(port, credentials[0])}
    seat = 0
    time.sleep(max(0.0, start_at - time.time()))
    stop_at, cpu_at_start = start_at + seconds, time.process_time()  # (the set-up's game not counted)
    while time.time() < stop_at:
        t0 = time.perf_counter()
        status, detail = by_seat[seat].call("GET", f"/api/games/{game_id}/")
        gets.append(time.perf_counter() - t0)
        if detail["status"] != "active":
            game_id, by_seat = new_game(a, b)
            continue
        if seat not in detail["awaiting"]:
            seat = rng.choice(detail["awaiting"])
            continue
        body = {"command": rng.choice(detail["legal_commands"]), "expected_version": detail["version"]}
        t0 = time.perf_counter()
        status, answer = by_seat[seat].call("POST", f"/api/games/{game_id}/commands", body,
                                            {"Idempotency-Key": uuid.uuid4().hex})
        if status == 201:
            posts.append(time.perf_counter() - t0)
            if answer["awaiting"] and seat not in answer["awaiting"]:  # the answer names the seats to move next
                seat = rng.choice(answer["awaiting"])
        else:
            refused.append(f"{status} {answer}")
    results.put((posts, gets, refused, time.process_time() - cpu_at_start))


def drive(app: str, server: Server, database_url: str, credentials: list[list[Any]], seconds: float) -> dict[str, Any]:
    """Run one client process per credentials entry against the server for `seconds`; the pooled figures,
    with the CPU time the server's workers and its database's server processes spent meanwhile."""
    port = server.port
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    start_at = time.time() + 1.5  # every process is up (and has its game) before the clock starts
    processes = [context.Process(target=client_process, args=(app, port, c, start_at, seconds, i, results))
                 for i, c in enumerate(credentials)]
    before = load()
    for process in processes:
        process.start()
    time.sleep(max(0.0, start_at - time.time()))
    workers = children(server.process.pid)
    web_before, database = cpu_seconds(workers), BackendsCpu(database_url)
    collected = [results.get(timeout=seconds + 120) for _ in processes]
    web_cpu = cpu_delta(web_before, cpu_seconds(workers))
    db_cpu = database.stop()
    for process in processes:
        process.join()
    posts = [x for c in collected for x in c[0]]
    return {"posts": posts, "gets": [x for c in collected for x in c[1]], "refused": [x for c in collected for x in c[2]],
            "rate": len(posts) / seconds, "load": f"{before} -> {load()}",
            "web_cpu": web_cpu, "db_cpu": db_cpu, "client_cpu": sum(c[3] for c in collected)}


def round_order(names: list[str], round_: int) -> list[str]:
    """The apps in the order they run in this round (from 0): as given in even rounds, reversed in odd ones.

    Why: the machine's speed drifts by up to ±20 % within a minute (other guests on the same host), and
    whichever app always ran second would carry the drift alone. Each round's ratio compares two runs next to
    each other in time, and the median of the rounds' ratios is not moved by one round that a burst of other
    load hit (the mean of 2 long rounds printed 0.58 to 0.69 for the same code)."""
    return names if round_ % 2 == 0 else names[::-1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def describe(name: str, run: dict[str, Any]) -> str:
    posts, gets = run["posts"], run["gets"]
    n = max(len(posts), 1)
    return (f"{name:15s} {run['rate']:6.0f} commands/s; POST p50 {pct(posts, .5):5.1f} ms, p99 {pct(posts, .99):5.1f} ms; "
            f"GET p50 {pct(gets, .5):5.1f} ms, p99 {pct(gets, .99):5.1f} ms, {len(gets) / n:.2f} per POST; CPU per GET+POST: web "
            f"{run['web_cpu'] / n * 1000:.1f} ms, database {run['db_cpu'] / n * 1000:.1f} ms, clients "
            f"{run['client_cpu'] / n * 1000:.1f} ms; refused {len(run['refused'])}"
            f"  ({run['load']})")


# --- set-up of each app ------------------------------------------------------------------------------


def service_players(port: int, clients: int, database_url: str) -> list[list[str]]:
    """Two players per client through the API; their addresses verified (so that commands write mails)."""
    import psycopg

    anonymous = Client(port)
    pairs = []
    for i in range(clients):
        tokens = []
        for who in ("a", "b"):
            email = f"{who}{i}-{uuid.uuid4().hex[:8]}@bench.example"
            body = {"email": email, "password": "bench-pass-123!", "display_name": f"{who}{i}"}
            status, answer = anonymous.call("POST", "/api/accounts/register", body)
            assert status == 201, (status, answer)
            status, answer = anonymous.call("POST", "/api/accounts/token", {"email": email, "password": "bench-pass-123!"})
            assert status == 200, answer
            tokens.append(answer["token"])
        pairs.append(tokens)
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("UPDATE accounts_user SET email_verified_at = now()")
    return pairs


def minimal_players(clients: int, env: dict[str, str]) -> list[list[Any]]:
    out = subprocess.run([sys.executable, "-m", "benchmarks.minimal.prepare", str(clients)], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def check_log(accepted: int) -> None:
    """No accepted command lost, every game's log intact (in-process, on the service's database)."""
    from games import integrity
    from games.models import Command, Game

    stored = Command.objects.count()
    problems = [(g.pk, p) for g in Game.objects.exclude(version=0) for p in integrity.verify(g)]
    print(f"\nexactly once: {accepted} commands accepted over HTTP, {stored} commands in the logs "
          f"({'none lost or doubled' if stored == accepted else 'MISMATCH'}); hash chains and projections of "
          f"{Game.objects.exclude(version=0).count()} games verified: {len(problems)} problems" + (f" {problems[:3]}" if problems else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers of each app")
    parser.add_argument("--seconds", type=float, default=10, help="length of one measured run")
    parser.add_argument("--rounds", type=int, default=6, help="rounds, each a run of both apps back to back")
    parser.add_argument("--warmup", type=float, default=5, help="seconds each app runs unmeasured first")
    parser.add_argument("--profile", type=int, default=300, help="commands profiled in-process (0: none)")
    args = parser.parse_args()
    service_url, minimal_url = database_urls()
    recreate(service_url)
    recreate(minimal_url)
    broker = "redis://127.0.0.1:6379/14" if port_open(6379) else "memory://localhost/"
    base_env = server_env(CELERY_BROKER_URL=broker, THROTTLE_REGISTER="100000/hour", THROTTLE_TOKEN="100000/min")
    service_env = {**base_env, "DATABASE_URL": service_url}
    minimal_env = {**base_env, "MINIMAL_DATABASE_URL": minimal_url, "DJANGO_SETTINGS_MODULE": "benchmarks.minimal.settings"}
    migrate(service_env)
    minimal_credentials = minimal_players(args.clients, minimal_env)
    servers = {"minimal append": Server("benchmarks.minimal.wsgi", minimal_env, args.workers),
               "service": Server("config.wsgi", service_env, args.workers)}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
    try:
        service_credentials = service_players(servers["service"].port, args.clients, service_url)
        credentials = {"minimal append": minimal_credentials, "service": service_credentials}
        print(f"gunicorn, {args.workers} sync workers per app; {args.clients} client processes (GET the game as the "
              f"seat to move, POST one legal command); PostgreSQL; broker {broker}; {args.rounds} x {args.seconds:.0f} s each")
        # Unmeasured first: fresh workers import the rules and fill their caches, the fresh tables get their
        # statistics and the statements their plans (the service's first round was 10-20 % slower without it).
        warmed = {name: drive("service" if name == "service" else "minimal", server,
                              service_url if name == "service" else minimal_url, credentials[name], args.warmup)
                  for name, server in servers.items()} if args.warmup > 0 else {}
        if warmed:
            print(f"  warm-up, not counted: {args.warmup:.0f} s each")
        for round_ in range(args.rounds):
            for name in round_order(list(servers), round_):
                server = servers[name]
                url = service_url if name == "service" else minimal_url
                run = drive("service" if name == "service" else "minimal", server, url, credentials[name], args.seconds)
                runs[name].append(run)
                print(f"  round {round_ + 1}: {describe(name, run)}")
    finally:
        for server in servers.values():
            server.stop()
    pooled = {name: {"posts": [x for r in rs for x in r["posts"]], "gets": [x for r in rs for x in r["gets"]],
                     "refused": [x for r in rs for x in r["refused"]], "rate": sum(r["rate"] for r in rs) / len(rs),
                     "web_cpu": sum(r["web_cpu"] for r in rs), "db_cpu": sum(r["db_cpu"] for r in rs),
                     "client_cpu": sum(r["client_cpu"] for r in rs),
                     "load": "mean of the rounds"} for name, rs in runs.items()}
    minimal, service = pooled["minimal append"], pooled["service"]
    print("\nall rounds:")
    print(f"  {describe('minimal append', minimal)}")
    print(f"  {describe('service', service)}")
    ratios = [s["rate"] / m["rate"] for s, m in zip(runs["service"], runs["minimal append"], strict=True)]
    print(f"  throughput ratio service / minimal = {statistics.median(ratios):.2f} (goal >= 0.6), the median of the "
          f"rounds' {', '.join(f'{r:.2f}' for r in ratios)} (ratio of the mean rates {service['rate'] / minimal['rate']:.2f}); "
          f"p99 ratio = {pct(service['posts'], .99) / pct(minimal['posts'], .99):.2f} (goal <= 2)")
    cost = {name: (run["web_cpu"] + run["db_cpu"]) / max(len(run["posts"]), 1) for name, run in pooled.items()}
    print(f"  CPU per GET+POST (web workers + database), which the machine's other load does not inflate much: "
          f"service {cost['service'] * 1000:.1f} ms, minimal {cost['minimal append'] * 1000:.1f} ms, "
          f"ratio minimal / service = {cost['minimal append'] / cost['service']:.2f}")
    refused = service["refused"] + minimal["refused"]
    print(f"  refused commands: {len(refused)}" + (f" (first: {refused[0]})" if refused else ""))

    sys.path.insert(0, str(ROOT))
    adopt(service_env, "DATABASE_URL")
    os.environ["CELERY_BROKER_URL"] = "memory://localhost/"  # the profile's delivery tasks go nowhere
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    check_log(len(service["posts"]) + (len(warmed["service"]["posts"]) if warmed else 0))
    if args.profile > 0:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from profile_command import profile

        profile(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
