"""Every answer under /api/ is JSON `{code, message}` in the reader's language, in development too."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=True)  # `make run`: Django's own 404 page would be HTML listing every URL
@pytest.mark.parametrize("path", ["/api/nothing-here", "/api/games/abc/", "/api/games/1/no-such-part"])
def test_an_unknown_api_address_is_a_json_404_also_in_debug(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404 and answer["Content-Type"] == "application/json"
    assert answer.json()["code"] == "not_found"


def test_broken_json_is_told_in_the_readers_language(make_user: Any, api_client: Any) -> None:
    client = api_client(make_user("ute", language="de"))
    answer = client.post("/api/games/", "{not json", content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 400 and answer.json()["code"] == "malformed_json"
    message = answer.json()["message"]
    assert message.startswith("Der Inhalt der Anfrage ist kein gültiges JSON (") and "line 1" in message


def test_a_post_to_an_unknown_api_address_is_a_json_404_not_a_csrf_page(make_user: Any) -> None:
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("kai"))
    answer = client.post("/api/games/null,null/commands", "{}", content_type="application/json")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


@pytest.mark.parametrize(("path", "target"), [("/api/games", "/api/games/"), ("/api/docs", "/api/docs/"),
                                              ("/api/games?mine=1", "/api/games/?mine=1")])
def test_an_api_address_without_its_final_slash_is_sent_on(client: Any, path: str, target: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 301 and answer["Location"] == target
