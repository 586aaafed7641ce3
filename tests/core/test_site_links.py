"""The site's own links are built from its URL names (`core.links.site_link`, Django's `reverse`), never
written out by hand: a changed route changes every link to it."""

from __future__ import annotations

import re
from pathlib import Path

from django.test import override_settings

from core.links import site_link

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "config", "core", "operations", "games", "mailin", "notifications", "citadels/site", "dominion/site")
# A path of the site after an address or in an f-string: "{...}/games/", "/accounts/", "/settings/", "/api/", ...
HAND_WRITTEN = re.compile(r"""(\}|SITE_URL\W*)/(games|accounts|settings|api|notifications|mail)\b""")


def test_no_source_writes_a_link_to_the_site_by_hand() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}" for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if HAND_WRITTEN.search(line)]
    assert not found, found


@override_settings(SITE_URL="https://play.example.org")
def test_a_site_link_is_the_public_address_of_the_named_url() -> None:
    assert site_link("game-page", 7) == "https://play.example.org/games/7/"
    assert site_link("accounts:password_reset_confirm", "MQ", "abc-123") == "https://play.example.org/accounts/reset/MQ/abc-123/"
    assert site_link("api:game-commands", 7) == "https://play.example.org/api/games/7/commands"
    assert HAND_WRITTEN.search('f"{settings.SITE_URL}/settings/"') and HAND_WRITTEN.search('f"{site}/api/docs/"')
