"""`/api/me/calendar`: the caller's calendar feed address. GET reads it (`url` null: none made yet), POST
makes it or gives it a new address (the old one answers 404 at once), DELETE ends the feed."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user

from . import services
from .models import CalendarFeed


class CalendarFeedSerializer(serializers.Serializer[Any]):
    """The feed's address (null while the player has none) and when that address was made."""

    url = serializers.URLField(allow_null=True, help_text="The feed's secret address (iCalendar, RFC 5545); "
                               "null: no feed. Anybody with it sees your deadlines: renew it if it got out.")
    webcal_url = serializers.CharField(allow_null=True, help_text="The same address as a webcal: link.")
    created_at = serializers.DateTimeField(allow_null=True)


def _answer(found: CalendarFeed | None) -> dict[str, Any]:
    if found is None:
        return {"url": None, "webcal_url": None, "created_at": None}
    return {"url": services.feed_url(found), "webcal_url": services.webcal_url(found),
            "created_at": found.created_at.isoformat()}


class CalendarFeedView(APIView):
    """The caller's calendar feed of deadlines."""

    @extend_schema(responses={200: CalendarFeedSerializer})
    def get(self, request: Request) -> Response:
        return Response(_answer(services.feed_of(request_user(request))))

    @extend_schema(request=None, responses={201: CalendarFeedSerializer})
    def post(self, request: Request) -> Response:
        return Response(_answer(services.renew(request_user(request))), status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request) -> Response:
        services.end(request_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
