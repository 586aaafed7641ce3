"""The one error type of the service layer: a value with a code and a message.

Services raise `ServiceError(kind, code, message)`; `core.api.exception_handler` maps the kind to an
HTTP status in one place (`STATUS_OF_KIND`). Views never choose statuses for business errors themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

ErrorKind = Literal["invalid", "unauthenticated", "forbidden", "not_found", "conflict", "gone", "too_many"]

STATUS_OF_KIND: dict[str, int] = {
    "invalid": 400,
    "unauthenticated": 401,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "gone": 410,
    "too_many": 429,
}


class ServiceError(Exception):
    """A refusal by a service: `kind` picks the HTTP status, `code` is stable, `message` is for people."""

    def __init__(self, kind: ErrorKind, code: str, message: str, **extra: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.kind = kind
        self.code = code
        self.message = message
        self.extra = extra
        # The message in its reader's words where `message` is not: a game's refusal, told in that game's
        # words in the active language at the moment it is read (set by `GameKind.refused`).
        self.wording: Callable[[], str] | None = None

    @property
    def status(self) -> int:
        """The HTTP status this error maps to."""
        return STATUS_OF_KIND[self.kind]

    def reader_message(self) -> str:
        """What a person reads of this error, in the active language (an answer, a page, a reply mail): a
        game's refusal in its game's words, any other error as the service worded it. The `code` stays."""
        return self.wording() if self.wording is not None else self.message

    def as_dict(self) -> dict[str, Any]:
        """The JSON body of the error answer."""
        return {"code": self.code, "message": self.message, **self.extra}
