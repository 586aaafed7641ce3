"""The service's settings with a read replica, for benchmarks/replica.py only: what the settings lines
requested in /work/notes/requests-infra.md give (`DATABASE_REPLICA_URL`), until config/settings.py has them.

REPLICA_ROUTING=0 keeps the replica configured but unused (the router sends nothing there), so that both
runs of the benchmark have the same connections and settings but for the routing."""

from __future__ import annotations

import os

from config import fixed_settings
from config.settings import *  # noqa: F403
from config.settings import DATABASE_POOL_SIZE, DATABASES, MIDDLEWARE, env_bool

DATABASES["replica"] = fixed_settings.database(
    os.environ["DATABASE_REPLICA_URL"],
    conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    pool_size=DATABASE_POOL_SIZE,
    prepared_statements=env_bool("DATABASE_PREPARED_STATEMENTS", True),
)
DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
if env_bool("REPLICA_ROUTING", True):
    DATABASE_ROUTERS = ["core.db_router.ReplicaRouter"]
    MIDDLEWARE = [*MIDDLEWARE, "core.db_router.LaggingPagesMiddleware"]
