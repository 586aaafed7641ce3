"""API plumbing shared by all apps: the JSON error format and the error pages that are not DRF's."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import ServiceError
from .parsers import BodyTooLarge, RefusedBody

log = logging.getLogger(__name__)


def validated_body(serializer_class: type[Any], data: Any) -> dict[str, Any]:
    """The request body validated by `serializer_class`; a body that is not a JSON object is a 400, and so
    is a field the serializer does not declare where it says `refuse_unknown_fields` (its schema then says
    `additionalProperties: false`, core/schema.py)."""
    if not isinstance(data, dict):
        raise ServiceError("invalid", "invalid", _("The body must be a JSON object."))
    if getattr(serializer_class, "refuse_unknown_fields", False):
        unknown = sorted(set(data) - _field_names(serializer_class))
        if unknown:
            raise ServiceError("invalid", "unknown_fields", _("Unknown fields in the body: {names}.").format(
                names=", ".join(repr(name) for name in unknown)))
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)

_FIELD_NAMES: dict[type[Any], frozenset[str]] = {}


def _field_names(serializer_class: type[Any]) -> frozenset[str]:
    """The fields a serializer declares, once per class (an instance's `fields` is built anew each time)."""
    names = _FIELD_NAMES.get(serializer_class)
    if names is None:
        names = _FIELD_NAMES[serializer_class] = frozenset(serializer_class().fields)
    return names


def validated_query(serializer_class: type[Any], params: Any, also: tuple[str, ...] = ()) -> dict[str, Any]:
    """The query parameters validated by `serializer_class` (the schema documents the same serializer).
    A parameter it does not know (nor `also`, those read elsewhere, e.g. by the paginator) is a 400: a
    misspelt `?at=` would otherwise silently show the wrong moment."""
    serializer = serializer_class(data={key: params.get(key) for key in params})
    unknown = sorted(set(params) - set(serializer.fields) - set(also))
    if unknown:
        raise ServiceError("invalid", "unknown_parameter", _("Unknown query parameter: {names}.").format(
            names=", ".join(repr(name) for name in unknown)))
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
        # An engine's refusal is told in its game's words in the reader's language; the code stays.
        return Response({**exc.as_dict(), "message": exc.reader_message()}, status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        # Django's own limit, met where DRF reads a body through `request.body` (API_MAX_BODY_BYTES set above
        # DATA_UPLOAD_MAX_MEMORY_SIZE): too large all the same, not a fault of ours.
        exc = BodyTooLarge()
    response = drf_exception_handler(exc, context)
    if response is not None:
        code = exc.default_code if isinstance(exc, RefusedBody) else next(
            (c for t, c in _DRF_CODES.items() if isinstance(exc, t)), "error")
        message = _message_of(response.data)
        if isinstance(exc, exceptions.ParseError):
            # DRF's own text is English; the parser's detail (where the JSON breaks) is kept for the developer.
            message = _("The request body is not valid JSON ({detail}).").format(detail=message)
        body: dict[str, Any] = {"code": code, "message": message}
        if isinstance(exc, exceptions.ValidationError):
            body["fields"] = response.data
        response.data = body
        return response
    log.exception("unhandled error in API view", exc_info=exc)
    return Response({"code": "internal_error", "message": _("Something went wrong on our side.")}, status=500)


def _answer(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    """JSON under /api/ (like every other API answer); a friendly page in the site's look elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": code, "message": message}, status=status)
    return render(request, "error.html", {"status": status, "message": message}, status=status)


def error_404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 for URLs no view matches."""
    return _answer(request, 404, "not_found", _("There is nothing at this address."))


@csrf_exempt  # nothing is done here: a POST to a wrong address is told so, not refused for its cookie
def api_not_found(request: HttpRequest, rest: str = "") -> HttpResponse:
    """Any address under /api/ that no view has: a JSON 404, also with DEBUG on (Django's page is HTML).
    A GET that lacks only the final slash is sent on to it, as CommonMiddleware's APPEND_SLASH would."""
    with_slash = request.path + "/"
    if settings.APPEND_SLASH and request.method in ("GET", "HEAD") and not request.path.endswith("/"):
        try:
            found = resolve(with_slash).func
        except Resolver404:
            found = api_not_found
        if found is not api_not_found:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(with_slash + (f"?{query}" if query else ""))
    return error_404(request)


def error_500(request: HttpRequest) -> HttpResponse:
    """500 outside DRF views (should not happen). A plain page: the template machinery may be what broke."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "internal_error", "message": _("Something went wrong on our side.")}, status=500)
    return HttpResponse(_("Something went wrong on our side."), status=500, content_type="text/plain; charset=utf-8")


def error_400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400 for requests Django itself rejects (bad host header, suspicious operations)."""
    return _answer(request, 400, "bad_request", _("The request could not be understood."))


def error_403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403 for CSRF failures and the like outside DRF."""
    return _answer(request, 403, "forbidden", _("You may not do this."))
