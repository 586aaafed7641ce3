"""`manage.py` run as an operator runs it: another process, its settings from the environment."""

from __future__ import annotations

import secrets
import subprocess
from pathlib import Path

from .units import ROOT, VENV_BIN, base_environment

# Play on after a restore: one move of the kind's timeout bot in every running game, through the services.
PLAY_ONE_MOVE_EACH = """
import random
from games import services, store
from games.models import Game
from games.registry import get_kind
for game in Game.objects.filter(status=Game.Status.ACTIVE).order_by("id"):
    seat = game.awaiting[0]
    user = game.seats.get(index=seat).user
    command = get_kind(game.kind).timeout_bot(store.load_state(game), seat, random.Random(game.pk))
    result = services.execute(user, game.pk, command, idempotency_key=f"played-on-{game.version}")
    print(f"game {game.pk}: version {result.version}")
"""


def operator_environment(tmp_path: Path, database_url: str, secret_key: str | None = None) -> dict[str, str]:
    """A production-like environment of its own: this database, folders and broker files under tmp_path."""
    return base_environment({
        "DEBUG": "0", "SECRET_KEY": secret_key or secrets.token_urlsafe(50), "DATABASE_URL": database_url,
        "VAR_DIR": str(tmp_path / "var"), "EMAIL_FILE_PATH": str(tmp_path / "mail"), "ALLOWED_HOSTS": "localhost",
        "FAST_PASSWORD_HASHER": "1",
    })


# The virtualenv's editable install maps this checkout's packages: another checkout (an older release) run
# with it would import this checkout's modules wherever its own tree has none (a templatetags package added
# since, say). Without that finder it imports its own files only.
OWN_FILES_ONLY = (
    "import runpy, sys; "
    "sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, '__module__', '').startswith('__editable__')]; "
    "sys.argv[0] = 'manage.py'; runpy.run_path('manage.py', run_name='__main__')"
)


def manage(env: dict[str, str], *args: str, cwd: Path = ROOT, check: bool = True) -> subprocess.CompletedProcess[str]:
    """`python manage.py ARGS` in `cwd` (a checkout) with `env`."""
    command = ["manage.py"] if cwd == ROOT else ["-c", OWN_FILES_ONLY]
    done = subprocess.run([str(VENV_BIN / "python"), *command, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)
    if check:
        assert done.returncode == 0, f"manage.py {' '.join(args)}: {done.stdout}{done.stderr}"
    return done
