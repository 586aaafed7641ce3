"""The API's one JSON parser: DRF's, with limits checked before and after `json.loads`.

Every request body of the API (and of nothing else) is read here, signed in or not, so the limits hold
before any view, serializer or service sees the data:

* at most `API_MAX_BODY_BYTES` bytes, else 413 `body_too_large` (read no further than one byte past it;
  `core.body_limit` refuses a longer body before DRF reads it, whatever its type or framing);
* nested at most `API_MAX_JSON_DEPTH` arrays and objects deep, else 400 `json_too_deep`: Python's
  decoder recurses, so a body of 50,000 brackets would end in a RecursionError. The depth is counted on
  the raw text before decoding, without recursion;
* UTF-8 only (RFC 8259), whatever charset the Content-Type names, and no NUL character or lone surrogate
  in any string, else 400 `invalid_text`: PostgreSQL stores neither in text or JSONB (it would be a 500
  at the INSERT), and neither is a character any field of the API means.

The mail providers' webhooks decode their JSON themselves (django-anymail); `json_body_checked` puts the
same depth and text checks in front of them.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator, Mapping
from itertools import accumulate
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, parsers
from rest_framework.utils import json as drf_json

# A string, or an unterminated one to the end of the text. Possessive (`*+`): no backtracking, so that a
# text of many `\"` outside any string (invalid JSON, but scanned before decoding) costs linear time, not
# quadratic (tens of seconds for 64 KiB with a backtracking pattern).
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = bytes(range(256)).translate(None, b"[]{}")  # every byte but the brackets: deleted before counting
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_BAD_CHARACTER = re.compile("[\x00\ud800-\udfff]")
_ESCAPE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")


class RefusedBody(exceptions.APIException):
    """A body the parser refuses before the view sees it; its `default_code` is the answer's `code`."""


class BodyTooLarge(RefusedBody):
    """A request body over `API_MAX_BODY_BYTES`."""

    status_code = 413
    default_code = "body_too_large"
    default_detail = _("The request body is too large.")


class JsonTooDeep(RefusedBody):
    """A JSON body nested deeper than `API_MAX_JSON_DEPTH`."""

    status_code = 400
    default_code = "json_too_deep"
    default_detail = _("The request body's JSON is nested too deeply.")


class InvalidText(RefusedBody):
    """A string of the body with a NUL character or a lone surrogate (half of a UTF-16 pair)."""

    status_code = 400
    default_code = "invalid_text"
    default_detail = _("The request body holds a character no text may hold (NUL or a lone surrogate).")


def max_body_bytes() -> int:
    """The largest request body the API reads (setting `API_MAX_BODY_BYTES`)."""
    return int(settings.API_MAX_BODY_BYTES)


def max_json_depth() -> int:
    """The deepest nesting of arrays and objects the API decodes (setting `API_MAX_JSON_DEPTH`)."""
    return int(settings.API_MAX_JSON_DEPTH)


def json_depth(raw: bytes, limit: int) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings do not count). Any
    text with no more than `limit` opening brackets in all is answered with their count, unscanned."""
    opening = raw.count(b"[") + raw.count(b"{")
    if opening <= limit:
        return opening
    brackets = _STRING.sub(b"", raw).translate(None, _BRACKETS)
    return max(accumulate(_STEP[byte] for byte in brackets), default=0)


def has_bad_text(value: Any) -> bool:
    """Whether a decoded JSON value holds a NUL character or a lone surrogate in a key or a string. By a
    stack, not recursion (the depth is checked before, but this is also the services' check)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _BAD_CHARACTER.search(item):
                return True
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


def _read_at_most(stream: Any, limit: int) -> bytes:
    """The body, or BodyTooLarge as soon as more than `limit` bytes came."""
    chunks: list[bytes] = []
    size = 0
    for chunk in _chunks(stream, limit + 1):
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge()
        chunks.append(chunk)
    return b"".join(chunks)


def _chunks(stream: Any, most: int) -> Iterator[bytes]:
    while most > 0:
        chunk = stream.read(min(most, 64 * 1024))
        if not chunk:
            return
        most -= len(chunk)
        yield chunk


def refusal_of_json_body(raw: bytes) -> RefusedBody | None:
    """What the parser would refuse in a raw JSON body besides its size (too deep, invalid text), for views
    that decode JSON themselves (the mail providers' webhooks); None when it may be decoded."""
    if json_depth(raw, max_json_depth()) > max_json_depth():
        return JsonTooDeep()
    if _ESCAPE.search(raw):  # a NUL or a surrogate half escaped: decode to see whether it pairs
        try:
            data = json.loads(raw.decode("utf-8"))
        except ValueError:
            return None  # not JSON: the view's own answer
        if has_bad_text(data):
            return InvalidText()
    return None


def json_body_checked(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`view` (a plain Django view that decodes a JSON body itself), refusing with 400 `{code, message}` a
    JSON body the API's parser would refuse for its depth or text. Its size is Django's to limit
    (`DATA_UPLOAD_MAX_MEMORY_SIZE`, a 400 when `request.body` is read)."""

    @functools.wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST" and request.content_type == "application/json":
            refusal = refusal_of_json_body(request.body)
            if refusal is not None:
                return JsonResponse({"code": refusal.default_code, "message": str(refusal.detail)},
                                    status=refusal.status_code)
        return view(request, *args, **kwargs)

    return checked


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with the API's limits (module docstring)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        """The decoded body; BodyTooLarge, JsonTooDeep, InvalidText or ParseError when it is refused."""
        request = (parser_context or {}).get("request")
        declared = getattr(request, "META", {}).get("CONTENT_LENGTH") or "0"
        limit = max_body_bytes()
        if declared.isascii() and declared.isdigit() and int(declared) > limit:
            raise BodyTooLarge()  # told before reading a byte of it
        raw = _read_at_most(stream, limit)
        if json_depth(raw, max_json_depth()) > max_json_depth():
            raise JsonTooDeep()
        try:
            text = raw.decode("utf-8")
            data = json.loads(text, parse_constant=drf_json.strict_constant if self.strict else None)
        except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            raise exceptions.ParseError(f"JSON parse error - {exc}") from exc
        if "\\u" in text and has_bad_text(data):  # only an escape can bring either into valid UTF-8 JSON
            raise InvalidText()
        return data
