"""The OpenAPI schema's shared parts: every operation documents the JSON error answers it can give.

All errors of the API have one shape, `{"code", "message"}` (core.api.exception_handler), with
`reason` and `params` where the rules name the detail of a refusal as data, so one component describes
them; `AutoSchema` adds it for each error status an operation can answer.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

ERROR_STATUSES: dict[int, str] = {
    400: "The request is malformed or the rules refuse it (`code` says which).",
    401: "Not signed in, or the token is not valid.",
    403: "Signed in, but not allowed (e.g. not a player of this game, not your turn, CSRF).",
    404: "There is no such thing (e.g. no game of this id, an invalid page cursor).",
    409: "The state does not allow it now (e.g. the game moved on: version conflict, game not open).",
    429: "Too many requests; try again after `Retry-After` seconds.",
}


# The answers of every operation that reads a JSON body (core/parsers.py), before any of its own checks.
BODY_ERRORS: dict[int, str] = {
    400: "The request is malformed or the rules refuse it (`code` says which). Any JSON body: "
         "`malformed_json` (not JSON, or not UTF-8), `json_too_deep` (arrays and objects nested deeper than "
         "`API_MAX_JSON_DEPTH`, 32 by default), `invalid_text` (a NUL character or a lone surrogate in a string), "
         "`invalid` (with `fields`: a field's value is refused).",
    413: "`body_too_large`: the body is longer than `API_MAX_BODY_BYTES` (64 KiB by default), whatever its "
         "type, counted or chunked.",
    415: "`unsupported_media_type`: the body is not `application/json`, or it is compressed (a "
         "`Content-Encoding`: send it uncompressed).",
}


class ErrorSerializer(serializers.Serializer[Any]):
    """Every error answer of the API."""

    code = serializers.CharField(help_text="stable, for programs: e.g. not_your_turn, version_conflict")
    message = serializers.CharField(help_text="for people")
    fields = serializers.DictField(required=False, help_text="per-field messages of an invalid body")  # type: ignore[assignment]
    version = serializers.IntegerField(required=False, help_text="the game's version, on a version conflict")
    reason = serializers.CharField(
        required=False,
        help_text="for programs, on a rules refusal with a detail: which one under `code` (e.g. code invalid_options "
                  "with reason unknown_options, code malformed with reason needs_seat)",
    )
    params = serializers.DictField(
        required=False,
        help_text="the values of `reason` (e.g. {\"names\": [\"colour\"]}, {\"command\": \"play\", \"field\": \"card\"}); "
                  "`message` tells them in the reader's language",
    )


class ApiAutoSchema(AutoSchema):
    """drf-spectacular's schema, plus the error answers (`ErrorSerializer`) of every operation, and
    `additionalProperties: false` for a body whose serializer refuses unknown fields (`validated_body`)."""

    def _map_basic_serializer(self, serializer: Any, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = super()._map_basic_serializer(serializer, direction)  # type: ignore[no-untyped-call]
        if getattr(serializer, "refuse_unknown_fields", False):
            schema["additionalProperties"] = False
        return schema

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        statuses = dict(ERROR_STATUSES)
        if self.method in ("POST", "PUT", "PATCH") and self.get_request_serializer() is not None:
            statuses.update(BODY_ERRORS)
        for status, description in sorted(statuses.items()):
            if str(status) not in responses:
                response = self._get_response_for_code(ErrorSerializer, str(status), direction=direction)  # type: ignore[no-untyped-call]
                responses[str(status)] = {**response, "description": description}
        return responses
