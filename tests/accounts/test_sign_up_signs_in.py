"""Issue 35: signing up on the web signs the new player in (as Django's `login`: a new session key, so a
session id planted before the sign-up is worth nothing after it), and still asks to confirm the address."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-9"


def _sign_up(client: Any, email: str, **extra: Any) -> Any:
    body = {"email": email, "display_name": "Web", "password": PASSWORD, "language": "en", "time_zone": "UTC", **extra}
    return client.post("/accounts/register/", body)


def test_signing_up_signs_the_new_player_in_on_a_new_session(client: Any) -> None:
    session = client.session
    session["before"] = "planted"
    session.save()
    before = session.session_key
    client.cookies["sessionid"] = before
    answer = _sign_up(client, "new@example.org")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "an email is on its way to confirm it" in page  # still asked to confirm the address
    assert [m.to for m in mail.outbox] == [["new@example.org"]] and "/accounts/verify/" in mail.outbox[0].body
    user = User.objects.get(email="new@example.org")
    assert client.session.session_key != before  # the session was cycled: no fixation
    assert client.session.get("_auth_user_id") == str(user.pk)
    assert client.get("/api/me").json()["email"] == "new@example.org"
    assert User.objects.get(pk=user.pk).last_login is not None  # signed in as `login` does (its signal ran)
    assert "Sign out" in client.get("/").content.decode()


def test_a_taken_address_signs_nobody_in(client: Any, make_user: Any) -> None:
    owner = make_user("Owner")
    answer = _sign_up(client, owner.email)
    assert answer.status_code == 200 and "an email is on its way" in answer.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get("/api/me").status_code in (401, 403)


def test_signing_up_leads_on_to_where_the_player_was_going(client: Any) -> None:
    page = _sign_up(client, "next@example.org", next="/games/new/").content.decode()
    assert 'href="/games/new/"' in page
