"""The API docs (Swagger UI) in a real browser under the site's CSP: the docs render from the schema with
no blocked script or style, and the link above them leads back to the site."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_docs_render_under_the_csp_and_lead_back_to_the_site(page_for: Any, live_server: Any) -> None:
    page = page_for(None)
    blocked: list[str] = []
    page.on("console", lambda msg: blocked.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.goto(f"{live_server.url}/api/docs/")
    page.locator(".swagger-ui .info .title").filter(has_text="Play by email: the API").wait_for()
    page.locator(".opblock-summary-path", has_text="/api/games/{game_id}/commands").first.wait_for()
    assert blocked == [] and page.js_errors == []
    back = page.get_by_role("navigation", name="Site").get_by_role("link", name="Play by email")
    with page.expect_navigation():
        back.click()
    assert page.url == f"{live_server.url}/"
