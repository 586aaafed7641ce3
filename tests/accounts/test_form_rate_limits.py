"""The web forms that check a password or send mail are rate limited per client address and per account
name, with the API's rate settings and cache; past the rate a form error says when to try again."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from core.throttles import RateCount

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-9"
MADE_USERS_PASSWORD = "a-long-secret-pw-1"  # tests/conftest.py's make_user
REFUSED = re.compile(r"Too many attempts\. Try again in (\d+) seconds?\.")


@pytest.fixture
def rates(settings: Any) -> dict[str, str]:
    """Small rates for the scopes of the forms (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES, as deployed)."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "register": "2/min", "password_reset": "2/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    return rates


@pytest.fixture
def clock(monkeypatch: Any) -> list[float]:
    """The throttles' clock, moved by hand."""
    now = [1_000_000.0]
    monkeypatch.setattr(RateCount, "timer", lambda self: now[0])
    return now


def client_at(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def sign_in(client: Client, email: str, password: str = "wrong-password-1", **headers: Any) -> Any:
    return client.post("/accounts/login/", {"username": email, "password": password}, **headers)


def test_sign_in_is_limited_per_address_and_per_account(make_user: Any, clock: list[float]) -> None:
    user = make_user("ada")
    attacker = client_at("198.51.100.7")
    for _ in range(5):  # the default rate: 5 a minute
        answer = sign_in(attacker, user.email)
        assert answer.status_code == 200 and "do not match an account" in answer.content.decode()
    refused = sign_in(attacker, user.email, MADE_USERS_PASSWORD)  # even the right password: not checked past the rate
    assert refused.status_code == 429
    wait = int(REFUSED.search(refused.content.decode()).group(1))  # type: ignore[union-attr]
    assert 1 <= wait <= 60 and "_auth_user_id" not in attacker.session
    # Another account from the same address, and the same account from another address: both held.
    assert sign_in(attacker, "someone-else@example.org").status_code == 429
    assert sign_in(client_at("203.0.113.9"), user.email.upper(), MADE_USERS_PASSWORD).status_code == 429
    # A bystander from elsewhere with their own account is not.
    other = make_user("bea")
    assert sign_in(client_at("192.0.2.1"), other.email, MADE_USERS_PASSWORD).status_code == 302
    # When the form said: then it works again.
    clock[0] += wait
    assert sign_in(client_at("203.0.113.9"), user.email, MADE_USERS_PASSWORD).status_code == 302


def test_the_refusal_is_in_the_readers_language(make_user: Any, clock: list[float]) -> None:
    user = make_user("udo")
    browser = client_at("198.51.100.8")
    for _ in range(5):
        sign_in(browser, user.email)
    answer = sign_in(browser, user.email, HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 429
    assert re.search(r"Zu viele Versuche\. Versuche es in \d+ Sekunden? wieder\.", answer.content.decode())


def test_the_api_token_shares_the_accounts_count_with_the_form(make_user: Any, clock: list[float]) -> None:
    user = make_user("cyd")
    for _ in range(5):
        sign_in(client_at("198.51.100.9"), user.email)
    answer = APIClient(REMOTE_ADDR="203.0.113.10").post(
        "/api/accounts/token", {"email": user.email, "password": MADE_USERS_PASSWORD}, format="json")
    assert answer.status_code == 429 and answer.json()["code"] == "throttled" and answer["Retry-After"]


def _sign_up(client: Client, email: str) -> Any:
    return client.post("/accounts/register/", {"email": email, "display_name": "New", "password": PASSWORD,
                                               "language": "en", "time_zone": "UTC"})


def test_sign_up_is_limited_per_address_and_per_address_signed_up(rates: dict[str, str], clock: list[float]) -> None:
    browser = client_at("198.51.100.11")
    assert _sign_up(browser, "one@example.org").status_code == 200
    assert _sign_up(browser, "two@example.org").status_code == 200
    refused = _sign_up(browser, "three@example.org")
    assert refused.status_code == 429 and REFUSED.search(refused.content.decode())
    assert not User.objects.filter(email="three@example.org").exists()
    # One address signed up again and again from many places: held too (each time a mail would go out).
    sent = len(mail.outbox)
    assert _sign_up(client_at("203.0.113.12"), "one@example.org").status_code == 200
    assert _sign_up(client_at("203.0.113.13"), "one@example.org").status_code == 429
    assert len(mail.outbox) == sent + 1


def test_sign_up_by_web_and_by_api_share_the_addresss_budget(rates: dict[str, str]) -> None:
    api = APIClient(REMOTE_ADDR="198.51.100.14")
    for n in range(2):
        body = {"email": f"api{n}@example.org", "password": PASSWORD, "display_name": "Api"}
        assert api.post("/api/accounts/register", body, format="json").status_code == 201
    assert _sign_up(client_at("198.51.100.14"), "web@example.org").status_code == 429


def test_password_reset_is_limited_and_sends_nothing_past_the_rate(
    make_user: Any, rates: dict[str, str], clock: list[float]
) -> None:
    user = make_user("dan")
    for address in ("198.51.100.15", "198.51.100.16"):
        assert client_at(address).post("/accounts/password-reset/", {"email": user.email}).status_code == 302
    assert len(mail.outbox) == 2
    refused = client_at("198.51.100.17").post("/accounts/password-reset/", {"email": user.email})
    assert refused.status_code == 429 and REFUSED.search(refused.content.decode())
    assert len(mail.outbox) == 2
    clock[0] += 61
    assert client_at("198.51.100.17").post("/accounts/password-reset/", {"email": user.email}).status_code == 302
    assert len(mail.outbox) == 3
