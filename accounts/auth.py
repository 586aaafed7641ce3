"""The signed-in user of an API request, for every app's API views (a module of no views, so that other apps'
views do not import accounts' views)."""

from __future__ import annotations

from django.utils.translation import gettext
from rest_framework.request import Request

from core.errors import ServiceError

from .models import User


def request_user(request: Request) -> User:
    """The signed-in user of a request to a view that requires authentication."""
    user = request.user
    if not isinstance(user, User):  # IsAuthenticated admits only real users; this narrows the type
        raise ServiceError("unauthenticated", "not_authenticated", gettext("Sign in first."))
    return user
