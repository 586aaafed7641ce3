"""The web entry points freeze the loaded application out of the garbage collector's walks (`core.heap`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["config.wsgi", "config.asgi"])
def test_the_entry_point_freezes_what_start_up_loaded(module: str) -> None:
    probe = f"import gc, {module}; print(gc.get_freeze_count(), len(gc.get_objects()))"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    found = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    frozen, walked = map(int, found.stdout.split()[-2:])
    # Django, the apps, their views and the rules are over a hundred thousand objects; the collector now walks
    # a handful.
    assert frozen > 100_000 and walked < frozen / 100, (frozen, walked)
