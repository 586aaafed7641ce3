"""The mail apps' imports point one way (issue 18): mailin points to notifications and never the other way,
and accounts, below both, imports neither (deferred imports included; no circles anywhere:
tests/project/test_import_circles.py)."""

from __future__ import annotations

from tests.project.import_graph import graph

APPS = ("accounts", "notifications", "mailin")


def _graph() -> dict[str, set[str]]:
    return graph(*APPS)


def test_mailin_points_to_notifications_and_accounts_imports_neither() -> None:
    imports = _graph()
    assert len(imports) > 30  # the apps' modules were found
    app = {module: module.split(".")[0] for module in imports}
    points = {(app[module], app[other]) for module, others in imports.items() for other in others}
    assert ("mailin", "notifications") in points
    assert {("notifications", "mailin"), ("accounts", "notifications"), ("accounts", "mailin")} & points == set()
