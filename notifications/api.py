"""REST endpoints: notification preferences and absences (vacation). Thin: they call services."""

from __future__ import annotations

from typing import Any

from django.utils.dateparse import parse_datetime
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import ServiceError
from games import deadlines

from . import services
from .models import Absence


def _preference_json(user: Any) -> dict[str, Any]:
    pref = services.preference(user)
    return {"mode": pref.mode, "opted_out": list(pref.opted_out)}


class PreferencesView(APIView):
    """`GET` the player's email preferences; `PATCH {mode?, opted_out?}` to change them."""

    def get(self, request: Request) -> Response:
        return Response(_preference_json(request.user))

    def patch(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            raise ServiceError("invalid", "invalid", "The body must be a JSON object.")
        services.update_preferences(request.user, request.data.get("mode"), request.data.get("opted_out"))  # type: ignore[arg-type]
        return Response(_preference_json(request.user))


def _absence_json(absence: Absence) -> dict[str, Any]:
    return {"id": absence.pk, "starts_at": absence.starts_at, "ends_at": absence.ends_at}


class AbsencesView(APIView):
    """`GET` the player's absences; `POST {starts_at, ends_at}` (ISO 8601 with offset) declares one."""

    def get(self, request: Request) -> Response:
        absences = Absence.objects.filter(user=request.user).order_by("starts_at")
        return Response({"absences": [_absence_json(a) for a in absences],
                         "days_per_year": deadlines.absence_days_per_year()})

    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        moments = []
        for name in ("starts_at", "ends_at"):
            value = data.get(name)
            moment = parse_datetime(value) if isinstance(value, str) else None
            if moment is None:
                raise ServiceError("invalid", "invalid_absence", f"{name} must be an ISO 8601 date and time.")
            moments.append(moment)
        absence = deadlines.declare_absence(request.user, moments[0], moments[1])  # type: ignore[arg-type]
        return Response(_absence_json(absence), status=status.HTTP_201_CREATED)
