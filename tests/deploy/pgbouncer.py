"""A PgBouncer of its own, in transaction mode, in front of the suite's PostgreSQL (127.0.0.1:5432): from
deploy/pgbouncer/pgbouncer.ini, on a free port, trust authentication (as the server's own), stopped at
the end. Used by tests/deploy/test_pgbouncer.py and benchmarks/pgbouncer.py."""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import string
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "pgbouncer" / "pgbouncer.ini"
SERVER_HOST, SERVER_PORT = "127.0.0.1", 5432
MISSING = (
    "pgbouncer is not installed: `apt-get install -y pgbouncer` (Debian's package; `bash .ci/services` "
    "installs it), then run again"
)


def executable() -> str:
    """The pgbouncer program; an AssertionError saying how to install it when there is none."""
    found = shutil.which("pgbouncer") or next(
        (p for p in ("/usr/sbin/pgbouncer", "/usr/bin/pgbouncer") if os.access(p, os.X_OK)), None
    )
    if found is None:
        raise AssertionError(MISSING)
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 1).close()
    except OSError:
        return False
    return True


def config(folder: Path, port: int, pool_size: int, max_db_connections: int) -> str:
    """The template with this run's values."""
    return string.Template(TEMPLATE.read_text()).substitute(
        SERVER_HOST=SERVER_HOST,
        SERVER_PORT=SERVER_PORT,
        PORT=port,
        DIR=folder,
        AUTH_TYPE="trust",
        ADMIN_USER="postgres",
        POOL_SIZE=pool_size,
        MAX_DB_CONNECTIONS=max_db_connections,
    )


@contextmanager
def pgbouncer(pool_size: int = 10, max_db_connections: int = 20) -> Iterator[str]:
    """A running PgBouncer; its address `postgres://postgres@127.0.0.1:<port>` (add `/<database>`)."""
    program = executable()
    folder = Path(tempfile.mkdtemp(prefix="pgbouncer-"))
    port = free_port()
    (folder / "pgbouncer.ini").write_text(config(folder, port, pool_size, max_db_connections))
    (folder / "userlist.txt").write_text('"postgres" ""\n')
    command = [program, str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root: as the server's own user
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        for name in ("pgbouncer.ini", "userlist.txt"):
            os.chown(folder / name, user.pw_uid, user.pw_gid)
        command[1:1] = ["-u", "postgres"]
    # Its output to a file: PgBouncer writes each log line to stderr too, and a pipe nobody reads stopped it
    # once full (a run's 330 "got packet 'A' from server when not linked" warnings: it answered no one).
    with (folder / "stderr.log").open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            if _answers(port):
                break
            if process.poll() is not None:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("pgbouncer did not answer within 10 s")
        if process.poll() is not None:
            raise AssertionError(f"pgbouncer exited: {(folder / 'stderr.log').read_text(errors='replace')}")
        yield f"postgres://postgres@127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)  # PgBouncer's immediate shutdown
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
        shutil.rmtree(folder, ignore_errors=True)
