"""The axe-core figures of the last browser test run: `python -m tests.browser.axe_report` (see axe.py)."""

from __future__ import annotations

import json
import sys

from .axe import REPORTS


def main() -> int:
    """Print one line per page and state checked (passes, violations by impact) and the totals."""
    lines = [
        json.loads(line) for path in sorted(REPORTS.glob("*.jsonl")) for line in path.read_text().splitlines()
    ]
    if not lines:
        print(f"no axe runs recorded in {REPORTS}", file=sys.stderr)
        return 1
    violations = 0
    for line in sorted(lines, key=lambda x: (x["test"], x["what"], x["width"] or 0)):
        count = sum(line["violations"].values())
        violations += count
        found = (
            ", ".join(f"{impact} {n}" for impact, n in sorted(line["violations"].items())) or "0 violations"
        )
        print(
            f"{line['test']} | {line['what']} | {line['width']} px | {line['passes']} rules passed | {found}"
        )
    print(f"{len(lines)} pages and states checked, {violations} violating nodes in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
