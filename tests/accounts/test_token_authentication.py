"""The API's token authentication reads the token and its user in one written-out statement: the same
user and token as the ORM would load, and the same refusals as DRF's TokenAuthentication."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.authentication import user_and_token
from accounts.models import User


def _fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.mark.django_db
def test_the_token_and_its_user_as_the_orm_loads_them(make_user: Any) -> None:
    user = make_user("tina", language="de", time_zone="Europe/Berlin", email_verified_at=timezone.now())
    token = Token.objects.create(user=user)
    with CaptureQueriesContext(connection) as queries:
        found = user_and_token(token.key)
    assert found is not None and len(queries.captured_queries) == 1
    loaded_user, loaded_token = found
    assert _fields(loaded_user) == _fields(User.objects.get(pk=user.pk))
    assert _fields(loaded_token) == _fields(Token.objects.get(pk=token.key))
    assert loaded_token.user is loaded_user and not loaded_user._state.adding
    assert user_and_token("0" * 40) is None and user_and_token("0" * 41) is None


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
