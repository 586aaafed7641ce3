"""Each app's pages are found in its own templates/ folder (issue 37): core/templates holds only the shared
frame (base.html, the error page, the form pieces), and a page whose name another installed app also uses
(the admin's registration/ pages) is still the project's own."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template

ROOT = Path(settings.BASE_DIR)

HOMES = {
    "home.html": "games",
    "settings.html": "accounts",
    "legal/imprint.html": "operations",
    "legal/privacy.html": "operations",
    "registration/login.html": "accounts",
    "registration/logged_out.html": "accounts",
    "registration/password_reset_form.html": "accounts",
    "registration/password_reset_done.html": "accounts",
    "registration/password_reset_confirm.html": "accounts",
    "registration/password_reset_complete.html": "accounts",
    "base.html": "core",
}


@pytest.mark.parametrize(("name", "app"), sorted(HOMES.items()))
def test_a_page_is_found_in_its_apps_templates(name: str, app: str) -> None:
    origin = Path(get_template(name).origin.name)
    assert origin == ROOT / app / "templates" / name


def test_core_templates_holds_no_apps_page() -> None:
    shared = {p.relative_to(ROOT / "core" / "templates").as_posix() for p in (ROOT / "core" / "templates").rglob("*.html")}
    assert not shared & {name for name, app in HOMES.items() if app != "core"}
