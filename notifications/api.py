"""REST endpoints: notification preferences and absences (vacation). Thin: they call services."""

from __future__ import annotations

from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from accounts.models import User
from core.api import validated_body
from core.errors import ServiceError
from games.deadlines import absences
from games.models import Absence

from . import preferences
from .models import GAME_KINDS, Preference


def _preference_json(user: User) -> dict[str, Any]:
    pref = preferences.preference(user)
    return {"mode": pref.mode, "opted_out": list(pref.opted_out), "chat": pref.chat}


class PreferencesSerializer(serializers.Serializer[Any]):
    mode = serializers.ChoiceField(choices=Preference.Mode.choices, required=False)
    opted_out = serializers.ListField(child=serializers.ChoiceField(choices=[(k.value, k.label) for k in GAME_KINDS]),
                                      required=False,
                                      help_text="kinds of email not wanted")
    chat = serializers.ChoiceField(choices=Preference.ChatMode.choices, required=False,
                                   help_text="the chat messages of your games: each by email, in the digest, never")


_PREFERENCES = PreferencesSerializer
_ABSENCE = inline_serializer("Absence", {
    "id": serializers.IntegerField(read_only=True),
    "starts_at": serializers.DateTimeField(),
    "ends_at": serializers.DateTimeField(),
})
_ABSENCES = inline_serializer("Absences", {
    "absences": serializers.ListField(child=serializers.DictField()),
    "days_per_year": serializers.IntegerField(),
})


class PreferencesView(APIView):
    """`GET` the player's email preferences; `PATCH {mode?, opted_out?, chat?}` to change them."""

    @extend_schema(responses={200: _PREFERENCES})
    def get(self, request: Request) -> Response:
        return Response(_preference_json(request_user(request)))

    @extend_schema(request=_PREFERENCES, responses={200: _PREFERENCES})
    def patch(self, request: Request) -> Response:
        data = validated_body(PreferencesSerializer, request.data)
        user = request_user(request)
        preferences.update_preferences(user, data.get("mode"), data.get("opted_out"), data.get("chat"))
        return Response(_preference_json(user))


def _absence_json(absence: Absence) -> dict[str, Any]:
    return {"id": absence.pk, "starts_at": absence.starts_at, "ends_at": absence.ends_at}


class AbsencesView(APIView):
    """`GET` the player's absences; `POST {starts_at, ends_at}` (ISO 8601 with offset) declares one."""

    @extend_schema(responses={200: _ABSENCES})
    def get(self, request: Request) -> Response:
        declared = Absence.objects.filter(user=request_user(request)).order_by("starts_at")
        return Response({"absences": [_absence_json(a) for a in declared],
                         "days_per_year": absences.absence_days_per_year()})

    @extend_schema(request=_ABSENCE, responses={201: _ABSENCE})
    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        moments = []
        for name in ("starts_at", "ends_at"):
            value = data.get(name)
            try:
                moment = parse_datetime(value) if isinstance(value, str) else None
            except ValueError:  # well-formed but impossible, e.g. minute 60
                moment = None
            if moment is None:
                raise ServiceError("invalid", "invalid_absence", gettext("{name} must be an ISO 8601 date and time.").format(name=name))
            moments.append(moment)
        absence = absences.declare_absence(request_user(request), moments[0], moments[1])
        return Response(_absence_json(absence), status=status.HTTP_201_CREATED)
