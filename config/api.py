"""API plumbing shared by all apps: the JSON error format and the error pages that are not DRF's."""

from __future__ import annotations

import logging
from typing import Any

from django.http import HttpRequest, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import ServiceError

log = logging.getLogger(__name__)


def validated_body(serializer_class: type[Any], data: Any) -> dict[str, Any]:
    """The request body validated by `serializer_class`; a body that is not a JSON object is a 400."""
    if not isinstance(data, dict):
        raise ServiceError("invalid", "invalid", "The body must be a JSON object.")
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)

def validated_query(serializer_class: type[Any], params: Any) -> dict[str, Any]:
    """The query parameters validated by `serializer_class` (the schema documents the same serializer)."""
    serializer = serializer_class(data={key: params.get(key) for key in params})
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# DRF's own exceptions get stable codes too.
_DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ParseError: "malformed_json",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid",
}


def _message_of(detail: Any) -> str:
    """Flatten DRF's nested error details into one readable sentence."""
    if isinstance(detail, dict) and set(detail) == {"detail"}:
        return _message_of(detail["detail"])
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_message_of(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_message_of(item) for item in detail)
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turn every error of an API view into `{"code", "message"}` JSON with a 4xx status.

    Anything unexpected becomes a logged 500 with the same shape rather than an HTML page.
    """
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None:
        code = next((c for t, c in _DRF_CODES.items() if isinstance(exc, t)), "error")
        body: dict[str, Any] = {"code": code, "message": _message_of(response.data)}
        if isinstance(exc, exceptions.ValidationError):
            body["fields"] = response.data
        response.data = body
        return response
    log.exception("unhandled error in API view", exc_info=exc)
    return Response({"code": "internal_error", "message": "Something went wrong on our side."}, status=500)


def json_404(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """404 for URLs no view matches: JSON, like every other API answer."""
    return JsonResponse({"code": "not_found", "message": "There is nothing at this address."}, status=404)


def json_500(request: HttpRequest) -> JsonResponse:
    """500 outside DRF views (should not happen; still JSON)."""
    return JsonResponse({"code": "internal_error", "message": "Something went wrong on our side."}, status=500)


def json_400(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """400 for requests Django itself rejects (bad host header, suspicious operations)."""
    return JsonResponse({"code": "bad_request", "message": "The request could not be understood."}, status=400)


def json_403(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """403 for CSRF failures and the like outside DRF."""
    return JsonResponse({"code": "forbidden", "message": "You may not do this."}, status=403)
