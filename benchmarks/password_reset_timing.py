"""Does a password reset request take longer for an address that has an account? (issue 17, finding 5)

    .venv/bin/python benchmarks/password_reset_timing.py [--requests 200]

Sends `--requests` reset requests for a known and as many for an unknown address, interleaved, through
the API (`POST /api/accounts/password-reset`) and the page (`POST /accounts/password-reset/`), in process
with Django's test client and the deployed settings (ACCOUNTS_ASYNC_MAIL on, Celery's broker as
CELERY_BROKER_URL says: the filesystem one by default). It prints the median and quartiles of each in
milliseconds and the difference of the medians. It works in a temporary VAR_DIR (database, mail, queue)
and raises the reset rate limit so that no request is refused. Timings are noisy on a shared machine: the
load is printed with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _quartiles(samples: list[float]) -> tuple[float, float, float]:
    q1, median, q3 = statistics.quantiles(samples, n=4)
    return q1, median, q3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per address and door")
    args = parser.parse_args()

    var = tempfile.mkdtemp(prefix="reset-timing-")
    os.environ.update({"VAR_DIR": var, "DATABASE_URL": f"sqlite:///{var}/db.sqlite3",
                       "THROTTLE_PASSWORD_RESET": "1000000/hour", "ACCOUNTS_ASYNC_MAIL": "1"})
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from accounts.models import User

    call_command("migrate", verbosity=0)
    known = User.objects.create_user("known@example.org", "a-long-secret-pw-1", display_name="Known").email
    unknown = "nobody@example.org"
    doors = {"api": ("/api/accounts/password-reset", "application/json", '{"email": "%s"}', 202),
             "page": ("/accounts/password-reset/", "application/x-www-form-urlencoded", "email=%s", 302)}
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.requests} requests each")
    for door, (path, content_type, body, status) in doors.items():
        client = Client()
        times: dict[str, list[float]] = {known: [], unknown: []}
        for _warm_up in range(10):
            client.post(path, body % unknown, content_type=content_type)
        for n in range(args.requests):
            for address in (known, unknown) if n % 2 else (unknown, known):  # neither always goes first
                started = time.perf_counter()
                answer = client.post(path, body % address, content_type=content_type)
                times[address].append((time.perf_counter() - started) * 1000)
                assert answer.status_code == status, (answer.status_code, answer.content[:200])
        for address, label in ((known, "known"), (unknown, "unknown")):
            q1, median, q3 = _quartiles(times[address])
            print(f"{door:4} {label:7} median {median:6.2f} ms  (quartiles {q1:.2f}-{q3:.2f})")
        difference = statistics.median(times[known]) - statistics.median(times[unknown])
        print(f"{door:4} known - unknown: {difference:+.2f} ms")


if __name__ == "__main__":
    main()
