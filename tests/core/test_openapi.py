"""The OpenAPI schema describes every endpoint without errors or warnings."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_openapi_schema_generates_without_errors_or_warnings(tmp_path) -> None:
    target = tmp_path / "schema.yml"
    call_command("spectacular", "--file", str(target), "--validate", "--fail-on-warn")
    text = target.read_text()
    for path in ("/api/games/{game_id}/commands", "/api/notifications/preferences", "/api/notifications/absences"):
        assert path in text


@pytest.mark.django_db
def test_the_docs_tell_a_newcomer_the_games_how_to_sign_in_and_what_to_send(client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    info = schema["info"]
    assert "Citadels" in info["title"] and "Dominion" in info["title"]
    assert "Authorization: Token" in info["description"] and "legal_commands" in info["description"]
    shapes = schema["components"]["schemas"]
    assert "citadels, dominion" in shapes["GameCreateRequest"]["properties"]["kind"]["description"]
    assert "decision_hours" in shapes["GameCreateRequest"]["properties"]["time_control"]["description"]
    assert "legal_commands" in shapes["CommandRequest"]["properties"]["command"]["description"]
    games = schema["paths"]["/api/games/"]
    assert games["get"]["description"] != games["post"]["description"]


@pytest.mark.django_db
def test_the_docs_page_leads_back_to_the_site(client, make_user) -> None:
    guest = client.get("/api/docs/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<nav class="back" aria-label="Seite"><a href="/">Spielen per E-Mail</a>' in guest
    assert '<a href="/accounts/login/">Anmelden</a>' in guest
    client.force_login(make_user(language="en"))
    player = client.get("/api/docs/").content.decode()
    assert '<a href="/">Back to your games</a>' in player and "/accounts/login/" not in player
