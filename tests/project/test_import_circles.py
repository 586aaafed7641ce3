"""No module of the project imports one that imports it back, directly or round a circle, imports inside
functions included (issue 18): the layers between apps are import-linter's contracts (`make lint`); this
holds the modules inside and across them, where a deferred import would hide a circle from Python."""

from __future__ import annotations

import pytest

from tests.project.import_graph import cycle, graph

PACKAGES = ("rules_kit", "citadels", "dominion", "accounts", "games", "notifications", "alerts", "live", "mailin", "core", "config", "calendars", "tournaments", "stats")
# Too small to be tested on its own (five modules), but part of the circle across the packages.
SMALL = ("operations",)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_of_a_package_imports_one_that_imports_it_back(package: str) -> None:
    imports = graph(package)
    assert len(imports) > 5, "the package's modules were found"
    assert cycle(imports) is None, " -> ".join(cycle(imports) or [])


def test_no_circle_runs_across_the_packages() -> None:
    imports = graph(*PACKAGES, *SMALL)
    assert cycle(imports) is None, " -> ".join(cycle(imports) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_a_deferred_import_counts(tmp_path_factory: pytest.TempPathFactory) -> None:
    from tests.project import import_graph

    root = tmp_path_factory.mktemp("project")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "a.py").write_text("from . import b\n")
    (root / "pkg" / "b.py").write_text("def f():\n    from .a import x\n    return x\n")
    old, import_graph.ROOT = import_graph.ROOT, root
    try:
        assert cycle(graph("pkg")) == ["pkg.a", "pkg.b", "pkg.a"]
    finally:
        import_graph.ROOT = old
