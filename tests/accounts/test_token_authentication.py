"""The API's token authentication is DRF's TokenAuthentication as it is: the token and its user in one
query, and DRF's refusals (no token, an inactive user, a key that is no token)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from accounts.models import User


def _fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_api_authenticates_with_drf_s_token_authentication() -> None:
    classes = settings.REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]
    assert classes[0] == "rest_framework.authentication.TokenAuthentication"


@pytest.mark.django_db
def test_the_token_and_its_user_as_the_orm_loads_them(make_user: Any) -> None:
    user = make_user("tina", language="de", time_zone="Europe/Berlin", email_verified_at=timezone.now())
    token = Token.objects.create(user=user)
    with CaptureQueriesContext(connection) as queries:
        loaded_user, loaded_token = TokenAuthentication().authenticate_credentials(token.key)
    assert len(queries.captured_queries) == 1
    assert _fields(loaded_user) == _fields(User.objects.get(pk=user.pk))
    assert _fields(loaded_token) == _fields(Token.objects.get(pk=token.key))
    assert loaded_token.user is loaded_user and not loaded_user._state.adding
    for key in ("0" * 40, "0" * 41):
        with pytest.raises(AuthenticationFailed):
            TokenAuthentication().authenticate_credentials(key)


@pytest.mark.django_db
def test_refusals_are_drf_s(make_user: Any, api_client: Any) -> None:
    user = make_user()
    client = api_client(user)
    assert client.get("/api/me").status_code == 200
    User.objects.filter(pk=user.pk).update(is_active=False)
    inactive = client.get("/api/me")
    assert inactive.status_code == 401 and inactive.json()["code"] == "authentication_failed"
    assert "inactive" in inactive.json()["message"]
    User.objects.filter(pk=user.pk).update(is_active=True)
    Token.objects.filter(user=user).delete()
    revoked = client.get("/api/me")
    assert revoked.status_code == 401 and revoked.json()["code"] == "authentication_failed"
    client.credentials(HTTP_AUTHORIZATION="Token " + "x" * 200)
    assert client.get("/api/me").status_code == 401
