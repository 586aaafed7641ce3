"""The benchmarks' figures before and after a change, in one run: a commit's own scripts on its own code, then
this checkout's, in turn.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/before_after.py \\
        --before c10d69a [--only engine,api,deadlines,live,bots] [--rounds 1]

The commit `--before` is checked out in a git worktree of its own (`$TMPDIR/before-<commit>`, outside this
checkout so that no linter or test run finds it, kept for the next run) and run with this checkout's virtualenv (a dependency that commit lacks there would fail its run). Each
benchmark (its arguments below: shorter runs than `make bench`'s defaults, the same for both sides) runs
there, then here, `--rounds` times, the order swapped every round (a machine that slowly gets busier favours
neither). Of each run the lines that carry its figures are kept (the patterns below); they are printed in
pairs, before and after, with the machine's load at each run's start. A benchmark that fails on one side is
reported with its last lines, and the others go on.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from api import load  # noqa: E402

# Each benchmark: its arguments (both sides) and the patterns of the lines that carry its figures.
BENCHMARKS: dict[str, tuple[list[str], list[str]]] = {
    "engine": (
        ["--games", "150", "--dominion-games", "40", "--repeat", "3"],
        [r"^== ", r"^(fold|service fold|decide\+evolve|views|full bot game|evolve each):"],
    ),
    "api": (
        ["--seconds", "8", "--rounds", "4", "--warmup", "3", "--profile", "0"],
        [r"^  (minimal append|service):", r"throughput ratio", r"CPU per GET\+POST", r"refused commands",
         r"^exactly once"],
    ),
    "deadlines": (
        ["--games", "100000", "--due", "1000", "--sweepers", "2", "--senders", "2"],
        [r"^  sweep:", r"^  per deadline", r"^  exactly once", r"^  (delivery|deliver|sent|mails)", r"mails/s"],
    ),
    "live": (
        ["--clients", "1000", "--seconds", "15", "--idle", "5", "--rate", "20", "--fanouts", "postgres,redis"],
        [r"^ +(postgres|redis|poll|page-poll): "],
    ),
    "bots": (["--games", "300"], [r"^== ", r"\|"]),
}


def worktree(commit: str) -> Path:
    """A checkout of `commit` of its own (made on the first run, reused after)."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{commit}^{{commit}}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    path = Path(tempfile.gettempdir()) / f"before-{sha[:12]}"
    if not (path / "manage.py").exists():
        subprocess.run(["git", "worktree", "add", "--detach", "--force", str(path), sha], cwd=ROOT, check=True,
                       capture_output=True)
        # Its translations compiled, as `make install` does here.
        for locale in path.glob("**/locale"):
            subprocess.run([str(ROOT / ".venv" / "bin" / "pybabel"), "compile", "--domain=django",
                            f"--directory={locale}", "--use-fuzzy", "-f"], check=False, capture_output=True)
    return path


def run(tree: Path, name: str, arguments: list[str], patterns: list[str]) -> tuple[str, list[str]]:
    """Run the tree's benchmark `name`; the load at its start and its lines of figures (or its last lines,
    marked, if it failed)."""
    started = load()
    # The tree's own code first on the path, whatever the virtualenv's editable install points at.
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(tree / "benchmarks" / f"{name}.py"), *arguments], cwd=tree,
                          env=env, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    if done.returncode not in (0, 1):
        return started, [f"!!! failed (exit status {done.returncode}):",
                         *(lines + done.stderr.splitlines())[-8:]]
    kept = [line for line in lines if any(re.search(pattern, line) for pattern in patterns)]
    return started, kept or ["(no line of figures found)", *lines[-5:]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the commit to compare with (any git revision)")
    parser.add_argument("--only", default=",".join(BENCHMARKS), help="the benchmarks, comma-separated")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each benchmark on each side")
    args = parser.parse_args()
    names = [name for name in args.only.split(",") if name]
    unknown = sorted(set(names) - set(BENCHMARKS))
    if unknown:
        parser.error(f"unknown benchmarks: {', '.join(unknown)} (known: {', '.join(BENCHMARKS)})")
    before = worktree(args.before)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    print(f"before: {args.before} ({before.name}); after: this checkout ({head}"
          f"{', with changes not committed' if _dirty() else ''})", flush=True)
    for name in names:
        arguments, patterns = BENCHMARKS[name]
        print(f"\n== {name} {' '.join(arguments)}", flush=True)
        for round_ in range(args.rounds):
            sides = [("before", before), ("after", ROOT)]
            for side, tree in sides if round_ % 2 == 0 else sides[::-1]:
                started, lines = run(tree, name, arguments, patterns)
                print(f"  {side} (round {round_ + 1}, {started}):", flush=True)
                for line in lines:
                    print(f"    {line}", flush=True)
    return 0


def _dirty() -> bool:
    return bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    sys.exit(main())
