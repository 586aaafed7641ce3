"""Every setting the project reads is declared: in config/settings.py (with its environment variable and a
comment) or by Django itself. A setting read with a default of its own (`getattr(settings, NAME, default)`)
would hide a name no operator can find in the settings, and a default that differs from the declared one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.conf import global_settings

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "alerts", "config", "core", "operations", "games", "mailin", "notifications", "live", "citadels/site", "dominion/site")
READ = re.compile(r"\bsettings\.([A-Z][A-Z0-9_]*)\b")


def _sources() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def _declared() -> set[str]:
    """The names config/settings.py assigns (at any depth: a few are set under an `if`) and Django's own."""
    tree = ast.parse((ROOT / "config" / "settings.py").read_text())
    names = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign) for target in node.targets
             if isinstance(target, ast.Name)}
    names |= {node.target.id for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)
              and isinstance(node.target, ast.Name)}
    return {name for name in names if name.isupper()} | {name for name in dir(global_settings) if name.isupper()}


def test_every_setting_read_is_declared() -> None:
    declared = _declared()
    undeclared = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in _sources() for name in READ.findall(path.read_text()) if name not in declared
    }
    assert not undeclared, sorted(undeclared)


def test_no_setting_is_read_with_a_default_of_its_own() -> None:
    with_default = [str(path.relative_to(ROOT)) for path in _sources() if "getattr(settings" in path.read_text()]
    assert not with_default, with_default


def test_the_check_finds_a_setting_read_but_not_declared() -> None:
    assert "NOTIFICATIONS_LEASE_SECONDS" in _declared() and "LANGUAGE_COOKIE_NAME" in _declared()
    assert "NOT_A_SETTING_OF_OURS" not in _declared()
    assert READ.findall("x = settings.SITE_URL + django.conf.settings.DEBUG") == ["SITE_URL", "DEBUG"]


def test_only_the_settings_read_the_environment() -> None:
    """Outside config/settings.py the environment only names the settings module (the WSGI and Celery entry
    points): a process reads its configuration once, at start, where an operator can find it."""
    readers = [
        str(path.relative_to(ROOT)) for path in _sources()
        if path != ROOT / "config" / "settings.py"
        and re.sub(r'os\.environ\.setdefault\("DJANGO_SETTINGS_MODULE", [^)]*\)', "", path.read_text()).count("os.environ")
    ]
    assert not readers, readers
