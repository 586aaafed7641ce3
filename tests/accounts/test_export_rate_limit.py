"""Issue 35: the data export is asked for through two doors, the settings page's form and the API, and both
draw on one budget per account (THROTTLE_DATA_EXPORT, 5 an hour): past it neither builds an export."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.tasks import build_data_export
from core.throttles import RateCount

pytestmark = pytest.mark.django_db


@pytest.fixture
def built(monkeypatch: Any) -> list[int]:
    """The exports asked of the worker (the task is recorded, not run)."""
    asked: list[int] = []
    monkeypatch.setattr(build_data_export, "delay", lambda user_id: asked.append(user_id))
    return asked


@pytest.fixture
def clock(monkeypatch: Any) -> list[float]:
    now = [1_000_000.0]
    monkeypatch.setattr(RateCount, "timer", lambda self: now[0])
    from rest_framework.throttling import ScopedRateThrottle
    monkeypatch.setattr(ScopedRateThrottle, "timer", lambda self: now[0])
    return now


def _page(user: Any) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


def _api(user: Any) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def _ask_on_the_page(browser: Client, django_capture_on_commit_callbacks: Any) -> str:
    with django_capture_on_commit_callbacks(execute=True):
        answer = browser.post("/accounts/export/", follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_page_form_draws_on_the_apis_budget(make_user: Any, built: list[int], clock: list[float],
                                                django_capture_on_commit_callbacks: Any) -> None:
    user = make_user("ida")
    browser = _page(user)
    for _ in range(5):
        assert "is being prepared" in _ask_on_the_page(browser, django_capture_on_commit_callbacks)
    refused = _ask_on_the_page(browser, django_capture_on_commit_callbacks)
    assert "Too many attempts. Try again in" in refused and "is being prepared" not in refused
    with django_capture_on_commit_callbacks(execute=True):
        api = _api(user).post("/api/me/export")
    assert api.status_code == 429 and built == [user.pk] * 5
    # Another player's budget is their own; an hour later the player's is whole again.
    other = make_user("ben")
    assert "is being prepared" in _ask_on_the_page(_page(other), django_capture_on_commit_callbacks)
    clock[0] += 3601
    assert "is being prepared" in _ask_on_the_page(browser, django_capture_on_commit_callbacks)


def test_the_api_draws_on_the_page_forms_budget(make_user: Any, built: list[int], clock: list[float],
                                                django_capture_on_commit_callbacks: Any) -> None:
    user = make_user("ida")
    api = _api(user)
    with django_capture_on_commit_callbacks(execute=True):
        assert [api.post("/api/me/export").status_code for _ in range(5)] == [202] * 5
    refused = _ask_on_the_page(_page(user), django_capture_on_commit_callbacks)
    assert "Too many attempts. Try again in" in refused and built == [user.pk] * 5
