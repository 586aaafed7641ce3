"""The import graph of the project's packages, read from their source (imports inside functions count too):
what the tests of the project's shape use to show that no module imports one that imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(*packages: str, skip: tuple[str, ...] = ("migrations",)) -> dict[str, Path]:
    """Every module of these top-level packages by its dotted name (folders named in `skip` left out)."""
    found = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            if not set(path.relative_to(ROOT).parts) & set(skip):
                found[".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that `name` imports anywhere in its text (`from . import x` names the module x)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            submodules = {f"{base}.{alias.name}" for alias in node.names} & known
            found.update(submodules)
            if len(submodules) < len(node.names):  # names defined in `base` itself
                found.add(base)
    return {module for module in found if module in known and module != name}


def graph(*packages: str, skip: tuple[str, ...] = ("migrations",)) -> dict[str, set[str]]:
    """Each module of the packages and the modules of the packages it imports."""
    found = modules(*packages, skip=skip)
    return {name: _imports(name, path, set(found)) for name, path in found.items()}


def cycle(imports: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph (its modules in order, the first again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(imports[node]):
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(imports):
        if node not in state and (found := visit(node)):
            return found
    return None
