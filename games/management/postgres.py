"""The PostgreSQL client programs (pg_dump, pg_restore) pointed at a database of the settings, for
`manage.py backup` and `manage.py restore`. The password goes in the program's environment (PGPASSWORD),
never on the command line where `ps` would show it; that environment holds only what the settings say (the
settings alone read the process's environment)."""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

from django.conf import settings
from django.core.management.base import CommandError


def database(alias: str) -> dict[str, Any]:
    """The settings of a PostgreSQL database; a clear refusal for any other engine."""
    found = settings.DATABASES[alias]
    if found["ENGINE"] != "django.db.backends.postgresql":
        raise CommandError(
            f"The database {alias!r} is not PostgreSQL ({found['ENGINE']}): backup and restore wrap pg_dump and "
            "pg_restore. A SQLite database is one file: copy it with `sqlite3 db.sqlite3 '.backup copy.sqlite3'`.")
    return dict(found)


def run(program: str, args: list[str], alias: str) -> None:
    """Run a PostgreSQL client program against the database; its failure is the command's."""
    db = database(alias)
    executable = shutil.which(program)
    if executable is None:
        raise CommandError(f"{program} is not installed (Debian: apt-get install postgresql-client).")
    connection = [f"--dbname={db['NAME']}"]
    if db.get("HOST"):
        connection.append(f"--host={db['HOST']}")
    if db.get("PORT"):
        connection.append(f"--port={db['PORT']}")
    if db.get("USER"):
        connection.append(f"--username={db['USER']}")
    env = {"PGPASSWORD": str(db.get("PASSWORD") or ""), "PGCONNECT_TIMEOUT": "10", "LC_ALL": "C.UTF-8"}
    if (db.get("OPTIONS") or {}).get("sslmode"):
        env["PGSSLMODE"] = str(db["OPTIONS"]["sslmode"])
    done = subprocess.run([executable, *args, *connection], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise CommandError(f"{program} failed (exit status {done.returncode}): {done.stderr.strip()}")
