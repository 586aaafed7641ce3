"""Fresh PostgreSQL databases for the deployment, backup and migration tests (the server the suite uses,
trust authentication as in CI), dropped afterwards."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest

SERVER = "postgres://postgres@127.0.0.1:5432"


def reachable(port: int) -> bool:
    """Whether something listens on 127.0.0.1:port."""
    try:
        socket.create_connection(("127.0.0.1", port), 2).close()
    except OSError:
        return False
    return True


def need_services() -> None:
    """These tests run the real thing: PostgreSQL and Redis must be up (`make test` starts them)."""
    missing = [name for name, port in (("PostgreSQL", 5432), ("Redis", 6379)) if not reachable(port)]
    if missing:
        pytest.fail(f"{', '.join(missing)} not reachable on 127.0.0.1: run `bash .ci/services`")


@contextmanager
def fresh_database(purpose: str) -> Iterator[str]:
    """An empty database of its own; its URL. Dropped at the end (its connections ended first)."""
    name = f"pbem_{purpose}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{SERVER}/{name}"
    finally:
        with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
