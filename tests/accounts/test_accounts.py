"""Accounts: registration with verification, tokens, /api/me, password reset, no user enumeration."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import pytest
from django.core import mail
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-9"


def register(client: APIClient, email: str, **extra: Any) -> Any:
    body = {"email": email, "password": PASSWORD, "display_name": "Ada", **extra}
    return client.post("/api/accounts/register", body, format="json")


def link_in(message: Any) -> str:
    match = re.search(r"http://\S+", message.body)
    assert match, message.body
    return match.group(0)


def test_register_then_play_at_once_and_verify_later() -> None:
    client = APIClient()
    response = register(client, "Ada@Example.org", language="de", time_zone="Europe/Berlin")
    assert response.status_code == 201
    user = User.objects.get(email="ada@example.org")
    assert user.language == "de" and user.time_zone == "Europe/Berlin" and not user.email_verified
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ada@example.org"]
    assert "Bestätige" in mail.outbox[0].subject  # in the player's language

    token = client.post("/api/accounts/token", {"email": "ADA@example.org", "password": PASSWORD}, format="json")
    assert token.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    me = client.get("/api/me")
    assert me.status_code == 200 and me.json()["email_verified"] is False
    assert client.post("/api/games/", {"players": 2}, format="json").status_code == 201  # plays unverified

    link = link_in(mail.outbox[0])
    page = APIClient().get(link.replace("http://127.0.0.1:8000", ""))
    assert page.status_code == 200
    assert client.get("/api/me").json()["email_verified"] is True


def test_verification_token_through_api_and_forged_token() -> None:
    client = APIClient()
    register(client, "bo@example.org")
    token = link_in(mail.outbox[0]).rstrip("/").rsplit("/", 1)[1]
    assert client.post("/api/accounts/verify", {"token": token + "x"}, format="json").status_code == 400
    assert not User.objects.get(email="bo@example.org").email_verified
    response = client.post("/api/accounts/verify", {"token": token}, format="json")
    assert response.status_code == 200
    assert User.objects.get(email="bo@example.org").email_verified


def test_registration_does_not_tell_whether_an_address_is_taken() -> None:
    client = APIClient()
    first = register(client, "cy@example.org")
    second = register(client, "CY@example.org", display_name="Mallory")
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert User.objects.filter(email="cy@example.org").count() == 1
    assert User.objects.get(email="cy@example.org").display_name == "Ada"
    # The owner of the address learns about the attempt; nobody else does.
    assert [m.to for m in mail.outbox] == [["cy@example.org"], ["cy@example.org"]]


def test_weak_password_and_bad_fields_are_refused() -> None:
    client = APIClient()
    weak = client.post("/api/accounts/register", {"email": "d@example.org", "password": "123", "display_name": "D"}, format="json")
    assert weak.status_code == 400 and weak.json()["code"] == "weak_password"
    bad_tz = register(client, "e@example.org", time_zone="Mars/Olympus")
    assert bad_tz.status_code == 400 and bad_tz.json()["code"] == "invalid_time_zone"
    missing = client.post("/api/accounts/register", {"email": "f@example.org"}, format="json")
    assert missing.status_code == 400 and "password" in missing.json()["message"]
    assert not User.objects.exists()


def test_wrong_password_and_forged_token() -> None:
    client = APIClient()
    register(client, "g@example.org")
    wrong = client.post("/api/accounts/token", {"email": "g@example.org", "password": "nope"}, format="json")
    unknown = client.post("/api/accounts/token", {"email": "h@example.org", "password": "nope"}, format="json")
    assert wrong.status_code == unknown.status_code == 400
    assert wrong.json() == unknown.json()
    client.credentials(HTTP_AUTHORIZATION="Token " + "f" * 40)
    forged = client.get("/api/me")
    assert forged.status_code == 401 and forged.json()["code"] == "authentication_failed"
    assert APIClient().get("/api/me").status_code == 401


def test_patch_me(make_user: Any, api_client: Any) -> None:
    user = make_user()
    client = api_client(user)
    response = client.patch("/api/me", {"display_name": "Bea", "language": "de", "time_zone": "America/New_York"}, format="json")
    assert response.status_code == 200
    assert response.json()["display_name"] == "Bea"
    user.refresh_from_db()
    assert (user.display_name, user.language, user.time_zone) == ("Bea", "de", "America/New_York")
    assert client.patch("/api/me", {"email": "x@example.org"}, format="json").status_code == 400
    assert client.patch("/api/me", {"language": "fr"}, format="json").status_code == 400
    assert client.patch("/api/me", {"time_zone": "Nowhere"}, format="json").status_code == 400
    user.refresh_from_db()
    assert user.email.endswith("@example.org") and user.language == "de"


def test_password_reset_without_enumeration() -> None:
    client = APIClient()
    register(client, "i@example.org")
    token = client.post("/api/accounts/token", {"email": "i@example.org", "password": PASSWORD}, format="json").json()["token"]
    mail.outbox.clear()
    known = client.post("/api/accounts/password-reset", {"email": "i@example.org"}, format="json")
    unknown = client.post("/api/accounts/password-reset", {"email": "nobody@example.org"}, format="json")
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json()
    assert len(mail.outbox) == 1
    uid, reset_token = link_in(mail.outbox[0]).rstrip("/").split("/")[-2:]
    bad = client.post("/api/accounts/password-reset/confirm", {"uid": uid, "token": "bad", "password": "n3w-pass-phrase!"}, format="json")
    assert bad.status_code == 400
    ok = client.post("/api/accounts/password-reset/confirm", {"uid": uid, "token": reset_token, "password": "n3w-pass-phrase!"}, format="json")
    assert ok.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me").status_code == 401  # old tokens are revoked
    again = APIClient().post("/api/accounts/token", {"email": "i@example.org", "password": "n3w-pass-phrase!"}, format="json")
    assert again.status_code == 200


def test_logout_revokes_token(make_user: Any, api_client: Any) -> None:
    client = api_client(make_user())
    assert client.post("/api/accounts/logout").status_code == 204
    assert client.get("/api/me").status_code == 401


def test_web_pages(client: Any) -> None:
    assert client.get("/accounts/login/").status_code == 200
    assert client.get("/accounts/register/").status_code == 200
    assert client.get("/accounts/password-reset/").status_code == 200
    response = client.post(
        "/accounts/register/",
        {"email": "web@example.org", "display_name": "Web", "password": PASSWORD, "language": "en", "time_zone": "UTC"},
    )
    assert response.status_code == 200 and b"email is on its way" in response.content
    assert client.post("/accounts/login/", {"username": "web@example.org", "password": PASSWORD}).status_code == 302
    assert client.get("/api/me").json()["email"] == "web@example.org"  # the session works for the API too
    reset = client.post("/accounts/password-reset/", {"email": "web@example.org"})
    assert reset.status_code == 302 and len(mail.outbox) == 2
    assert client.get("/accounts/verify/garbage/").status_code == 400


def test_account_mail_goes_through_celery_after_commit(settings: Any, django_capture_on_commit_callbacks: Any) -> None:
    from config import celery_app

    settings.ACCOUNTS_ASYNC_MAIL = True
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            assert register(APIClient(), "async@example.org").status_code == 201
        assert mail.outbox == []  # nothing is sent before the transaction commits
        for callback in callbacks:
            callback()
        assert [m.to for m in mail.outbox] == [["async@example.org"]]
        assert "/accounts/verify/" in mail.outbox[0].body
    finally:
        celery_app.conf.task_always_eager = eager


def test_account_mails_read_as_letters_in_each_language() -> None:
    """After "Hello Ada," an English letter goes on with a capital; the German one says sign up
    ("registrieren"), as the site's button does, not sign in ("anmelden")."""
    client = APIClient()
    register(client, "en@example.org")
    register(client, "de@example.org", language="de")
    register(client, "en@example.org")  # the address is taken: the "sign-up attempt" mail
    client.post("/api/accounts/password-reset", {"email": "en@example.org"}, format="json")
    english = [m for m in mail.outbox if m.to == ["en@example.org"]]
    assert len(english) == 3
    for message in english:
        assert message.body.split("\n\n")[1][0].isupper(), message.body
    german = next(m for m in mail.outbox if m.to == ["de@example.org"])
    assert "registriert" in german.body and "angemeldet" not in german.body


def test_sign_in_and_sign_up_forms_speak_plainly_to_people_and_password_managers(client: Any) -> None:
    User.objects.create_user("web@example.org", PASSWORD, display_name="Web")
    wrong = {"username": "Web@Example.org", "password": "not-the-one"}
    german = client.post("/accounts/login/", wrong, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "E-Mail-Adresse und dieses Passwort passen zu keinem Konto" in german and "email und" not in german
    english = client.post("/accounts/login/", wrong, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # The address is not case-sensitive (it is normalised), so the page must not say both fields are.
    assert "do not match an account" in english and "both fields may be case-sensitive" not in english
    sign_up = client.get("/accounts/register/").content.decode()
    assert 'autocomplete="new-password"' in sign_up and 'autocomplete="email"' in sign_up


def test_a_wrong_address_is_told_in_correct_german(client: Any) -> None:
    page = client.post("/accounts/register/", {"email": "not-an-address", "display_name": "Ada", "password": PASSWORD},
                       HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Gib eine gültige E-Mail-Adresse ein." in page and "E-Mail Adresse" not in page


def test_an_unconfirmed_player_is_told_game_emails_wait_for_the_confirmation(client: Any, make_user: Any) -> None:
    user = make_user("unsure", language="de")
    client.force_login(user)
    page = client.get("/").content.decode()
    assert "Spiel-E-Mails gehen nur an bestätigte Adressen" in page and user.email in page
    answer = client.post("/accounts/confirm-address/", {"next": "/settings/"})
    assert answer.status_code == 302 and answer["Location"] == "/settings/"
    assert [m.to for m in mail.outbox] == [[user.email]] and link_in(mail.outbox[0])
    # The link opened signed in: its page no longer asks for the confirmation it has just made.
    confirmed = client.get(urlparse(link_in(mail.outbox[0])).path).content.decode()
    assert User.objects.get(pk=user.pk).email_verified_at is not None
    assert "bestätigte Adressen" not in confirmed
    assert "bestätigte Adressen" not in client.get("/").content.decode()
