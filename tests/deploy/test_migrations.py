"""The migrations of this release apply to a database of the previous release with games in it.

"The previous release" is the commit named in deploy/previous-release (written there at each release): its
code is taken out with `git archive` (the repository's history is needed back to it; docs/deployment.md says so),
makes a database the way a site running it would (its own `migrate`, players and running Citadels and
Dominion games through its own services, `manage.py demo`), and this checkout then migrates it as an
upgrade does, verifies every game's log (`verify_events`) and plays on. Chosen over a committed database
fixture: a fixture would have to be made again by hand at each release and would hold whatever its maker
remembered to put in it, while the old code itself writes exactly what a site running it wrote."""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path

import pytest

from .databases import fresh_database, need_services
from .management import PLAY_ONE_MOVE_EACH, manage, operator_environment
from .units import DEPLOY, ROOT

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def previous_release() -> str:
    """The commit deploy/previous-release names (its one line that is not a comment)."""
    [commit] = [line.strip() for line in (DEPLOY / "previous-release").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    return commit


def checkout(commit: str, into: Path) -> Path:
    """The commit's files (`git archive`), without touching this repository's work tree or branches."""
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
    if known.returncode != 0:
        pytest.fail(f"the previous release {commit} is not in this clone's history: `git fetch --unshallow`")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], capture_output=True,
                             check=True)
    into.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def migrations(env: dict[str, str], cwd: Path) -> set[str]:
    """The migrations applied to the database, as `showmigrations` lists them ("app.name")."""
    listing = manage(env, "showmigrations", "--list", cwd=cwd).stdout
    applied, app = set(), ""
    for line in listing.splitlines():
        if not line.startswith(" "):
            app = line.strip()
        elif line.strip().startswith("[X]"):
            applied.add(f"{app}.{line.strip()[4:].strip()}")
    return applied


def test_this_releases_migrations_apply_to_the_previous_releases_database(tmp_path: Path) -> None:
    need_services()
    commit = previous_release()
    old = checkout(commit, tmp_path / "previous")
    with fresh_database("upgrade") as database_url:
        env = operator_environment(tmp_path, database_url)
        manage(env, "migrate", "--noinput", cwd=old)
        manage(env, "demo", "--kind", "citadels", "--players", "4", "--moves", "20", "--seed", "3", cwd=old)
        manage(env, "demo", "--kind", "dominion", "--players", "2", "--moves", "10", "--seed", "4", cwd=old)
        before = migrations(env, old)
        assert "2 game(s) verified" in manage(env, "verify_events", cwd=old).stdout

        upgrade = manage(env, "migrate", "--noinput")
        after = migrations(env, ROOT)
        assert before < after, "this release brings migrations of its own"
        assert "Applying" in upgrade.stdout and manage(env, "migrate", "--check").returncode == 0
        verified = manage(env, "verify_events").stdout
        assert "2 game(s) verified" in verified, verified

        played = manage(env, "shell", "-c", PLAY_ONE_MOVE_EACH).stdout
        assert played.count("game ") == 2, played
        assert "2 game(s) verified" in manage(env, "verify_events").stdout
