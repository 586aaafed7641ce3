"""Where a command's time goes: in-process requests through the whole Django + DRF stack, profiled.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/profile_command.py

Plays 2-player games through the real URLs and middleware (Django's test client with token authentication),
the same GET + POST loop as the clients of benchmarks/api.py, and prints per command POST and per game GET:
the wall and CPU time, the SQL statements and their time, and the time inside the parts of the path
(authentication, the row lock and state, the rules, the append, the hooks, the answer). `benchmarks/api.py` calls `profile()`
against its own database after the HTTP runs.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import random
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# (label, module file suffix, function name): the parts of the command path reported by cumulative time.
PARTS = [
    ("token authentication (one statement)", "rest_framework/authentication.py", "authenticate"),
    ("command body checked (serializer)", "core/api.py", "validated_body"),
    ("services.execute (all of it)", "games/services/commands.py", "execute"),
    ("  game, seat, prior command, tail (one statement)", "games/store_sql.py", "game_for_command"),
    ("  apply_command (the one write path)", "games/services/commands.py", "apply_command"),
    ("  load the state (cache / tail)", "games/store.py", "load_state"),
    ("  rules: decide", "citadels/decide.py", "decide"),
    ("  append command + events (hash, bulk_create)", "games/store.py", "append"),
    ("    bulk_create (command, events, outbox)", "django/db/models/query.py", "bulk_create"),
    ("  hooks (deadline, outbox rows)", "games/hooks.py", "on_events_appended"),
    ("    deadline bookkeeping", "games/deadlines/clock.py", "on_events_appended"),
    ("      the players' absences", "games/selectors.py", "absences_by_seat"),
    ("    outbox rows", "notifications/outbox.py", "on_events_appended"),
    ("      the recipients (seats, users, preferences)", "notifications/recipients.py", "seats_of"),
    ("  projection (compare-and-set UPDATE)", "games/store.py", "write_projection"),
    ("  events as the seat sees them", "games/services/reading.py", "render_events"),
    ("  commit", "django/db/backends/base/base.py", "commit"),
    ("game's GET (all of it)", "games/services/reading.py", "game_detail_by_id"),
    ("  the game's row, its seats' names, tail (one statement)", "games/store_sql.py", "game_with_seat_names"),
    ("  rules: view", "citadels/views.py", "view"),
    ("  rules: legal_commands", "citadels/legal.py", "legal_commands"),
    ("middleware: Content-Security-Policy", "csp/middleware.py", "process_response"),
    ("JSON rendering of answers", "rest_framework/renderers.py", "render"),
]


class QueryTimer:
    """Counts SQL statements and their time (a Django execute wrapper)."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0
        self.by_kind: dict[str, int] = {}

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - t0
            self.count += 1
            kind = sql.lstrip().split(" ", 1)[0].upper()
            self.by_kind[kind] = self.by_kind.get(kind, 0) + 1


@contextmanager
def timed_queries() -> Iterator[QueryTimer]:
    from django.db import connection

    timer = QueryTimer()
    with connection.execute_wrapper(timer):
        yield timer


def _players(prefix: str) -> tuple[Any, Any]:
    """Two players with verified addresses (so that their commands write mails, as in production)."""
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from accounts.models import User

    users = []
    for i in range(2):
        user = User.objects.create_user(f"{prefix}{i}-{uuid.uuid4().hex[:8]}@bench.example", "bench-pass-123!",
                                        display_name=f"{prefix}{i}", email_verified_at=timezone.now())
        Token.objects.get_or_create(user=user)
        users.append(user)
    return users[0], users[1]


def _client(user: Any) -> Any:
    from django.test import Client
    from rest_framework.authtoken.models import Token

    return Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user=user).key}")


def _new_game(a: Any, b: Any) -> tuple[int, dict[int, Any]]:
    from games import services
    from games.models import Seat

    game = services.create_game(a, "citadels", 2)
    services.join_game(b, game.pk)
    services.start_game(a, game.pk)
    seats = Seat.objects.filter(game=game).select_related("user")
    clients = {s.index: _client(s.user) for s in seats if s.index is not None}
    return game.pk, clients


Timing = Callable[[float, float], None]  # (wall seconds, CPU seconds of this process) of one request


def play(commands: int, rng: random.Random, on_get: Timing, on_post: Timing, players: tuple[Any, Any] | None = None) -> int:
    """GET as the awaited seat, POST one legal command; `commands` times. Returns the refused commands."""
    a, b = players or _players("prof")
    game_id, clients = _new_game(a, b)
    seat, done, refused = 0, 0, 0
    while done < commands:
        t0, c0 = time.perf_counter(), time.process_time()
        response = clients[seat].get(f"/api/games/{game_id}/")
        on_get(time.perf_counter() - t0, time.process_time() - c0)
        detail = response.json()
        if detail["status"] != "active":
            game_id, clients = _new_game(a, b)
            continue
        if seat not in detail["awaiting"]:
            seat = rng.choice(detail["awaiting"])
            continue
        body = {"command": rng.choice(detail["legal_commands"]), "expected_version": detail["version"]}
        t0, c0 = time.perf_counter(), time.process_time()
        response = clients[seat].post(f"/api/games/{game_id}/commands", body, content_type="application/json",
                                      HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)
        on_post(time.perf_counter() - t0, time.process_time() - c0)
        if response.status_code != 201:
            refused += 1
        elif (awaiting := response.json()["awaiting"]) and seat not in awaiting:
            seat = rng.choice(awaiting)
        done += 1
    return refused


def profile(commands: int = 300, top: int = 12) -> None:
    """Print where the time of a command (and of the GET before it) goes."""
    from django.db import connection

    rng = random.Random(7)
    players = _players("prof")  # outside the profile: creating users hashes passwords
    play(30, rng, lambda *_: None, lambda *_: None, players)  # warm up: imports, templates, the state cache
    gets: list[float] = []
    posts: list[float] = []
    cpu = {"get": 0.0, "post": 0.0}
    timer_get, timer_post = QueryTimer(), QueryTimer()
    current: list[QueryTimer] = [timer_get]

    def wrapper(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        return current[0](execute, sql, params, many, context)

    def on_get(seconds: float, cpu_seconds: float) -> None:
        gets.append(seconds)
        cpu["get"] += cpu_seconds
        current[0] = timer_post  # the next request is a POST (or another GET, counted with the POSTs: rare)

    def on_post(seconds: float, cpu_seconds: float) -> None:
        posts.append(seconds)
        cpu["post"] += cpu_seconds
        current[0] = timer_get

    profiler = cProfile.Profile()
    with connection.execute_wrapper(wrapper):
        profiler.enable()
        refused = play(commands, rng, on_get, on_post, players)
        profiler.disable()
    n = max(len(posts), 1)
    stats = pstats.Stats(profiler)
    print(f"\nprofile of {len(posts)} commands (in-process: Django test client, token auth, the same middleware; "
          f"refused {refused}):")
    g = max(len(gets), 1)
    print(f"  command POST: {sum(posts) / n * 1000:.2f} ms each ({cpu['post'] / n * 1000:.2f} ms CPU of this process, "
          f"profiled), {timer_post.count / n:.1f} SQL statements besides BEGIN and COMMIT "
          f"({timer_post.seconds / n * 1000:.2f} ms in the database driver) {dict(sorted(timer_post.by_kind.items()))}")
    print(f"  game GET:     {sum(gets) / g * 1000:.2f} ms each ({cpu['get'] / g * 1000:.2f} ms CPU, profiled), "
          f"{timer_get.count / g:.1f} SQL statements ({timer_get.seconds / g * 1000:.2f} ms in the database driver) "
          f"{dict(sorted(timer_get.by_kind.items()))}; {len(gets) / n:.2f} GETs per POST")
    print("  time per command by part (cumulative, includes the SQL inside; profiler overhead inflates all):")
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    for label, suffix, name in PARTS:
        total = sum(v[3] for (file, _, func), v in raw.items() if func == name and file.endswith(suffix))
        print(f"    {label:42s} {total / n * 1000:7.2f} ms")
    print(f"  top {top} functions by own time (whole loop, GETs included):")
    ranked = sorted(raw.items(), key=lambda kv: -kv[1][2])[:top]
    for (file, line, func), v in ranked:
        short = "/".join(Path(file).parts[-2:])
        print(f"    {v[2] / n * 1000:6.3f} ms/command  {v[1]:7d} calls  {func} ({short}:{line})")


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("CELERY_BROKER_URL", "memory://localhost/")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")  # the test client speaks plain HTTP
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    profile(int(os.environ.get("BENCH_COMMANDS", "300")))


if __name__ == "__main__":
    main()
