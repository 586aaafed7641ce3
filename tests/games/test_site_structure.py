"""The hosting holds no word of any one game; a game brings its site module through the registry; the
translations are complete; the rules load no Django."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from pathlib import Path

from django.utils import translation

from games.registry import kinds

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


# The games' names and words of their rules that no other game shares: a hosting file (its code, comments,
# templates or words) that says one of them speaks of that game. ("card" is the hosting's own word: its
# `CardSelection` and rules pages serve any game of cards.)
GAME_WORDS = re.compile(
    r"citadels|dominion|militia|province|duchy|curse|copper|kingdom|\bpiles?\b|district|warlord|assassin"
    r"|\barchitect\b|magician|\bgold\b|\bcoins?\b|character called|more characters|\bbuy(ing|s)?\b|still build"
)


def test_the_hosting_names_no_game() -> None:
    for package in ("games", "notifications"):
        for path in (ROOT / package).rglob("*"):
            if path.is_dir() or "migrations" in path.parts or path.suffix in (".pyc", ".mo"):
                continue
            found = GAME_WORDS.search(path.read_text(errors="replace").lower())
            assert found is None, f"{path}: {found and found.group()}"


def test_rules_load_no_django() -> None:
    code = "import sys, citadels; assert not [m for m in sys.modules if m.startswith('django')]"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_every_kind_brings_its_site() -> None:
    for kind in kinds:
        site = kind.site_module
        assert site.TABLE_TEMPLATE and callable(site.table) and callable(site.describe_event)


def test_words_follow_the_language_and_the_card_data() -> None:
    site = kinds["citadels"].site_module
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


_GETTEXT = {"_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy"}


def _python_msgids(path: Path) -> set[str]:
    """The literal first arguments of the gettext calls of a module (dynamic ones, `_(TABLE[key])`, are
    checked where their table is written with gettext_noop)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        first = node.args[1] if name.startswith("pgettext") and len(node.args) > 1 else node.args[0]
        if name in _GETTEXT and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.add(first.value)
    return found


def _template_msgids(path: Path) -> set[str]:
    """The texts of a template's translate and blocktranslate tags, as makemessages sees them."""
    from babel.messages.extract import extract
    from django.utils.translation.template import templatize

    code = "\n".join(line.strip() for line in templatize(path.read_text(), origin=str(path)).splitlines())
    keywords = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
    return {m if isinstance(m, str) else m[0] for _, m, _, _ in extract("python", io.BytesIO(code.encode()), keywords=keywords)}


def test_every_text_of_the_code_and_templates_has_a_german_translation() -> None:
    """A text that never reached a catalogue shows in English on a German page; the catalogues are edited by
    hand (no GNU gettext here), so this test does makemessages' part of the work: it reads every gettext
    call and translate tag of the project and looks each text up in the German catalogues."""
    from babel.messages.pofile import read_po

    german: set[str] = set()
    for po in ROOT.glob("**/locale/de/LC_MESSAGES/django.po"):
        if ".venv" not in po.parts:
            german.update(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(po.open("rb")) if m.id and m.string)
    missing, seen = [], 0
    for path in sorted(ROOT.glob("*/**/*")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in (".venv", "tests", "benchmarks", "var", "docs") or "migrations" in parts:
            continue
        if path.suffix == ".py":
            texts = _python_msgids(path)
        elif path.suffix in (".html", ".txt") and "templates" in parts:
            texts = _template_msgids(path)
        else:
            continue
        seen += len(texts)
        missing += [f"{path.relative_to(ROOT)}: {text!r}" for text in sorted(texts - german)]
    assert seen > 500  # the scan found the texts (and so would find a missing one)
    assert not missing, "\n".join(missing)


def test_no_catalogue_defines_a_text_twice() -> None:
    """A text defined twice (an easy slip when two branches add to a catalogue) makes GNU msgfmt refuse the
    file and leaves Babel keeping whichever comes last: each `msgid` line must be a message of its own."""
    import re

    from babel.messages.pofile import read_po

    doubled = []
    catalogues = [po for po in ROOT.glob("*/**/locale/*/LC_MESSAGES/django.po") if ".venv" not in po.parts]
    for po in catalogues:
        written = len(re.findall(r"^msgid ", po.read_text(encoding="utf-8"), flags=re.MULTILINE))
        read = len(read_po(po.open("rb"))) + 1  # and the header
        if written != read:
            doubled.append(f"{po.relative_to(ROOT)}: {written - read} text(s) defined twice")
    assert len(catalogues) >= 7
    assert not doubled, "\n".join(doubled)
