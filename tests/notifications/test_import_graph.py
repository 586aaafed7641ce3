"""The mail apps' imports point one way (issue 18): no module of notifications, mailin or accounts imports
one that imports it back (deferred imports included), mailin points to notifications and never the other
way, and accounts, below both, imports neither."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "notifications", "mailin")


def _modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                found[name] = path
    return found


def _imports(name: str, path: Path) -> set[str]:
    """Every module this one imports, at the top or inside a function (`from . import x` names x)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            named.add(base)
            named.update(f"{base}.{alias.name}" for alias in node.names)
    return named


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: {other for other in _imports(name, path) if other in modules and other != name}
            for name, path in modules.items()}


def _cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports from `start` back to it, if there is one."""
    stack, seen = [(start, [start])], set()
    while stack:
        module, path = stack.pop()
        for other in graph[module]:
            if other == start:
                return [*path, start]
            if other not in seen:
                seen.add(other)
                stack.append((other, [*path, other]))
    return None


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = _graph()
    assert len(graph) > 30  # the apps' modules were found
    cycles = [cycle for module in graph if (cycle := _cycle_through(graph, module))]
    assert cycles == []


def test_mailin_points_to_notifications_and_accounts_imports_neither() -> None:
    graph = _graph()
    app = {module: module.split(".")[0] for module in graph}
    points = {(app[module], app[other]) for module, others in graph.items() for other in others}
    assert ("mailin", "notifications") in points
    assert {("notifications", "mailin"), ("accounts", "notifications"), ("accounts", "mailin")} & points == set()
