"""Benchmark of the hosting API through the real HTTP stack.

Starts gunicorn (several sync workers) on PostgreSQL, lets concurrent clients play 2-player games through
HTTP (GET the game for its legal commands, POST a command with expected_version and an Idempotency-Key),
and prints commands per second with p50/p99 latency of the command POSTs. Then it builds a game with
10,000 events and prints the time to load it with snapshots and by a full fold, in-process and over HTTP.

    python benchmarks/api.py [--clients 1,4,8] [--seconds 20] [--workers 4] [--events 10000]

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust); uses the database `citadels_bench`, which it
creates and empties. Redis on 6379, when up, is the Celery broker (its db 14 is flushed at the end).
"""

from __future__ import annotations

import argparse
import http.client
import json
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

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "citadels_bench"
BENCH_ENV = {
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
    "DEBUG": "0",
    "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "FAST_PASSWORD_HASHER": "1",
    "LOG_LEVEL": "WARNING",
    "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
}


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


def reset_database() -> None:
    import psycopg

    with psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


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


def sign_up(port: int, name: str) -> Client:
    anonymous = Client(port)
    email = f"{name}-{uuid.uuid4().hex[:8]}@bench.example"
    status, _ = anonymous.call("POST", "/api/accounts/register", {"email": email, "password": "bench-pass-123!", "display_name": name})
    assert status == 201, status
    status, body = anonymous.call("POST", "/api/accounts/token", {"email": email, "password": "bench-pass-123!"})
    assert status == 200, body
    return Client(port, body["token"])


def new_game(a: Client, b: Client) -> tuple[int, dict[int, Client]]:
    status, game = a.call("POST", "/api/games/", {"kind": "citadels", "players": 2})
    assert status == 201, game
    assert b.call("POST", f"/api/games/{game['id']}/join")[0] == 200
    assert a.call("POST", f"/api/games/{game['id']}/start")[0] == 200
    by_seat = {}
    for client in (a, b):
        by_seat[client.call("GET", f"/api/games/{game['id']}/")[1]["seat"]] = client
    return game["id"], by_seat


def play(port: int, stop_at: float, results: dict[str, list[float]], errors: list[str], rng: random.Random) -> None:
    """One client: two players' tokens, one game at a time. Like a real client it reads the game as the seat
    it expects to move (the one awaited last time), then posts one of that seat's legal commands."""
    a, b = sign_up(port, "a"), sign_up(port, "b")
    game_id, by_seat = new_game(a, b)
    seat = 0
    while time.perf_counter() < stop_at:
        t0 = time.perf_counter()
        status, detail = by_seat[seat].call("GET", f"/api/games/{game_id}/")
        results["get"].append(time.perf_counter() - t0)
        if detail["status"] != "active":
            results["games"].append(1.0)
            game_id, by_seat = new_game(a, b)
            continue
        if seat not in detail["awaiting"]:
            seat = rng.choice(detail["awaiting"])
            continue
        command = rng.choice(detail["legal_commands"])
        t0 = time.perf_counter()
        status, answer = by_seat[seat].call(
            "POST",
            f"/api/games/{game_id}/commands",
            {"command": command, "expected_version": detail["version"]},
            {"Idempotency-Key": uuid.uuid4().hex},
        )
        elapsed = time.perf_counter() - t0
        if status == 201:
            results["post"].append(elapsed)
        else:
            errors.append(f"{status} {answer}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def build_long_game(events: int) -> int:
    """A 2-player game with `events` events, played in-process through services.execute. Nobody builds,
    so the game never ends (the end needs a complete city)."""
    from accounts.models import User
    from citadels import RULES
    from games import services, store
    from games.models import Game, Seat

    users = [User.objects.create_user(f"long{i}-{uuid.uuid4().hex[:6]}@bench.example", "x-long-pass-1", display_name=f"L{i}") for i in range(2)]
    game = services.create_game(users[0], "citadels", 2)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    by_seat = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    rng = random.Random(1)
    while game.version < events:
        seat = game.awaiting[0]
        state = store.load_state(game)
        legal = [c for c in RULES.legal_commands(state, seat) if c["type"] != "build"]
        services.execute(by_seat[seat], game.pk, rng.choice(legal), f"long-{game.version}")
        game = Game.objects.get(pk=game.pk)
    return int(game.pk)


def timed(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", default="4,8", help="comma-separated numbers of concurrent clients, one run each")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    if not port_open(5432):
        print("PostgreSQL is not reachable on 127.0.0.1:5432", file=sys.stderr)
        return 2
    env = {**os.environ, **BENCH_ENV}
    redis_up = port_open(6379)
    env["CELERY_BROKER_URL"] = "redis://127.0.0.1:6379/14" if redis_up else "memory://"
    os.environ.update({k: env[k] for k in [*BENCH_ENV, "CELERY_BROKER_URL"]})
    reset_database()
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(args.workers), "-b", f"127.0.0.1:{port}",
         "--access-logfile", "-", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        for _ in range(100):
            if port_open(port):
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not start")
        print(f"server: gunicorn, {args.workers} sync workers, PostgreSQL; broker {env['CELERY_BROKER_URL']}; "
              "2-player games, random legal commands, expected_version and Idempotency-Key on every command")
        for clients in [int(c) for c in str(args.clients).split(",") if c.strip()]:
            results: dict[str, list[float]] = {"post": [], "get": [], "games": []}
            errors: list[str] = []
            stop_at = time.perf_counter() + args.seconds
            threads = [threading.Thread(target=play, args=(port, stop_at, results, errors, random.Random(i))) for i in range(clients)]
            t0 = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            wall = time.perf_counter() - t0
            posts = results["post"]
            print(f"\n{clients} concurrent clients, {wall:.1f} s: {len(posts)} commands = {len(posts) / wall:.0f} commands/s "
                  f"(plus {len(results['get'])} GETs of the game; {len(results['games'])} games finished)")
            print(f"  command POST latency: p50 {pct(posts, 0.5):.1f} ms, p90 {pct(posts, 0.9):.1f} ms, "
                  f"p99 {pct(posts, 0.99):.1f} ms, max {pct(posts, 1.0):.1f} ms")
            print(f"  game GET latency:     p50 {pct(results['get'], 0.5):.1f} ms, p99 {pct(results['get'], 0.99):.1f} ms")
            print(f"  refused commands: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))

        if args.events <= 0:
            return 0
        import django

        sys.path.insert(0, str(ROOT))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        django.setup()
        from games import store
        from games.models import Game

        t0 = time.perf_counter()
        game_id = build_long_game(args.events)
        game = Game.objects.get(pk=game_id)
        print(f"\nlong game: {game.version} events written through services.execute in {time.perf_counter() - t0:.1f} s")
        with_snap = timed(lambda: store.load_state(game, use_cache=False), 20)
        full = timed(lambda: store.load_state(game, use_snapshots=False, use_cache=False), 5)
        half = timed(lambda: store.load_state(game, at=game.version // 10, use_snapshots=False, use_cache=False), 5)
        print(f"load {game.version} events: snapshot + tail {with_snap:.2f} ms; full fold {full:.1f} ms "
              f"(full fold of the first {game.version // 10}: {half:.1f} ms)")
        short = Game.objects.filter(version__gt=0, version__lt=600).order_by("-version").first()
        if short is not None:
            short_time = timed(lambda: store.load_state(short, use_cache=False), 20)
            print(f"load a {short.version}-event game with snapshots: {short_time:.2f} ms (does not grow with the history)")
        from rest_framework.authtoken.models import Token

        from accounts.models import User

        viewer = User.objects.get(pk=game.seats.order_by("index").first().user_id)
        client = Client(port, Token.objects.get_or_create(user=viewer)[0].key)
        http_times = timed(lambda: client.call("GET", f"/api/games/{game_id}/"), 20)
        print(f"GET /api/games/{game_id}/ on the {game.version}-event game over HTTP: median {http_times:.1f} ms")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        if redis_up:
            try:
                import redis

                redis.Redis(host="127.0.0.1", port=6379, db=14).flushdb()
            except Exception as exc:  # cleanup only
                print(f"(could not flush redis db 14: {exc})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
