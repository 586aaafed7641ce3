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
