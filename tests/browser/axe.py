"""axe-core over a page (axe-playwright-python ships axe.min.js: nothing is downloaded)."""

from __future__ import annotations

from typing import Any

BLOCKING = {"serious", "critical"}


def assert_accessible(page: Any, what: str = "") -> None:
    """Fail on any serious or critical axe-core violation of the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in BLOCKING]
    report = "\n".join(
        f"{v['impact']}: {v['id']}: {v['help']} -> " + "; ".join(n["target"][0] for n in v["nodes"][:5]) for v in bad
    )
    assert not bad, f"axe-core on {what or page.url}:\n{report}"
