"""The hosting holds no word of any one game; a game brings its site module through the registry; the
translations are complete; the rules load no Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from django.utils import translation

from games.registry import KINDS

ROOT = Path(__file__).resolve().parents[2]


def _imports(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
    return found


def test_games_imports_nothing_from_notifications() -> None:
    assert "notifications" not in _imports("games")


def test_the_hosting_names_no_game() -> None:
    for package in ("games", "notifications"):
        for path in (ROOT / package).rglob("*"):
            if path.is_dir() or "migrations" in path.parts or path.name == "registry.py" or path.suffix in (".pyc", ".mo"):
                continue
            text = path.read_text(errors="replace").lower()
            assert "citadels" not in text and "dominion" not in text, path


def test_rules_load_no_django() -> None:
    code = "import sys, citadels; assert not [m for m in sys.modules if m.startswith('django')]"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_every_kind_brings_its_site() -> None:
    for kind in KINDS.values():
        site = kind.site_module
        assert site.TABLE_TEMPLATE and callable(site.table) and callable(site.describe_event)


def test_words_follow_the_language_and_the_card_data() -> None:
    site = KINDS["citadels"].site_module
    seen = {"type": "district_built", "seat": 0, "district": "castle", "cost": 4}
    with translation.override("de"):
        assert site.describe_event(seen, {0: "Anna"}) == "Anna hat Schloss für 4 Gold gebaut."
    with translation.override("en"):
        assert site.describe_event(seen, {0: "Anna"}) == "Anna built Castle for 4 gold."


def test_german_catalogues_are_complete() -> None:
    from babel.messages.pofile import read_po

    for po in ROOT.glob("**/locale/de/LC_MESSAGES/django.po"):
        if ".venv" in po.parts:
            continue
        catalog = read_po(po.open("rb"))
        missing = [m.id for m in catalog if m.id and not (m.string if isinstance(m.string, str) else all(m.string))]
        assert not missing, f"{po}: {missing[:5]}"
