"""axe-core over a page (axe-playwright-python ships axe.min.js: nothing is downloaded).

Every run is also written down, one JSON line per page and state, in `var/axe/<worker>.jsonl` (what was
checked, at which width, how many rules passed, the violations by impact): `python -m tests.browser.axe_report`
prints the figures of a test run (the closing notes and docs/accessibility.md cite them).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

BLOCKING = {"serious", "critical"}  # the check before issue 40, kept for a probe that wants it
EVERY_IMPACT = {"minor", "moderate", "serious", "critical"}
REPORTS = Path(__file__).resolve().parents[2] / "var" / "axe"


def _record(page: Any, what: str, results: dict[str, Any]) -> None:
    """Append the figures of one axe run to this worker's report file."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    impacts: dict[str, int] = {}
    for violation in results["violations"]:
        impact = violation.get("impact") or "minor"
        impacts[impact] = impacts.get(impact, 0) + len(violation["nodes"])
    size = page.viewport_size or {}
    line = {
        "test": os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0],
        "what": what or page.url,
        "width": size.get("width"),
        "passes": len(results["passes"]),
        "violations": impacts,
        "rules": sorted(v["id"] for v in results["violations"]),
    }
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with (REPORTS / f"{worker}.jsonl").open("a", encoding="utf-8") as report:
        report.write(json.dumps(line) + "\n")


def _check(page: Any, what: str, impacts: set[str]) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page).response
    _record(page, what, results)
    bad = [v for v in results["violations"] if (v.get("impact") or "minor") in impacts]
    report = "\n".join(
        f"{v['impact']}: {v['id']}: {v['help']} -> " + "; ".join(n["target"][0] for n in v["nodes"][:5])
        for v in bad
    )
    assert not bad, f"axe-core on {what or page.url}:\n{report}"


def assert_accessible(page: Any, what: str = "") -> None:
    """Fail on any axe-core violation of the page as it is now, of any impact (issue 40: minor and moderate
    ones too; it was serious and critical only). The same check as `assert_no_violations`."""
    _check(page, what, EVERY_IMPACT)


def assert_no_violations(page: Any, what: str = "") -> None:
    """Fail on any axe-core violation of the page as it is now, of any impact (minor ones too)."""
    _check(page, what, EVERY_IMPACT)
