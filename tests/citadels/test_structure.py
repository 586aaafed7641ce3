"""The rules package's shape: the turn flow reaches the abilities only through their tables, and no ability
imports the flow back (an import inside a function counts too; no circles anywhere:
tests/project/test_import_circles.py)."""

from __future__ import annotations

from tests.project.import_graph import graph


def _graph() -> dict[str, set[str]]:
    """The rules' modules (their site app, the Django half, left out) and what each imports of them."""
    return graph("citadels", skip=("site",))


def test_no_ability_imports_the_flow_or_decide() -> None:
    imports = _graph()
    assert "citadels.flow" in imports and "citadels.abilities.naming" in imports
    for name, imported in imports.items():
        if name.startswith("citadels.abilities."):
            assert not imported & {"citadels.flow", "citadels.decide", "citadels.abilities"}, name
