"""Every benchmark script imports on the checkout as it is: a name moved out of a module the benchmarks share
(`benchmarks/bench_env.py`, `benchmarks/api.py`) once left `benchmarks/scale.py` unable to start, and no test
noticed, since the benchmarks run only under `make bench`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(path.stem for path in (ROOT / "benchmarks").glob("*.py"))


def test_the_benchmarks_are_found() -> None:
    assert {"api", "scale", "deadlines", "live"} <= set(SCRIPTS)


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_benchmark_script_imports(name: str) -> None:
    # In a fresh interpreter, as `python benchmarks/NAME.py` finds its neighbours (its folder first on the path).
    code = f"import sys; sys.path[:0] = [{str(ROOT / 'benchmarks')!r}, {str(ROOT)!r}]; import {name}"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
