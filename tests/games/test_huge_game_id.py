"""A game id larger than any key (a typo, a probe) is a 404 on every page and API route, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

HUGE = "99999999999999999999"  # beyond 64 bits: SQLite raised OverflowError, PostgreSQL "bigint out of range"


@pytest.mark.django_db
@pytest.mark.parametrize("method, path", [
    ("get", f"/games/{HUGE}/"),
    ("get", f"/games/{HUGE}/version"),
    ("post", f"/games/{HUGE}/join"),
    ("post", f"/games/{HUGE}/leave"),
    ("post", f"/games/{HUGE}/start"),
    ("post", f"/games/{HUGE}/back"),
    ("get", f"/api/games/{HUGE}/"),
    ("get", f"/api/games/{HUGE}/events"),
    ("get", f"/api/games/{HUGE}/state"),
    ("post", f"/api/games/{HUGE}/join"),
    ("post", f"/api/games/{HUGE}/commands"),
])
def test_a_huge_game_id_is_not_found(make_user: Any, client: Any, method: str, path: str) -> None:
    client.force_login(make_user())
    if method == "post" and path.startswith("/api/"):
        answer = client.post(path, {"command": {"type": "end_turn"}}, content_type="application/json",
                             HTTP_IDEMPOTENCY_KEY="k1")
    else:
        answer = getattr(client, method)(path)
    assert answer.status_code == 404, (path, answer.status_code, answer.content[:300])
