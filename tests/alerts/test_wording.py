"""What a push or a webhook says under its title: a takeback's refusal, told to the player who asked, is not
worded as a request (the row of a request and the row of its refusal are both of the kind TAKEBACK)."""

from __future__ import annotations

import pytest

from alerts import wording
from notifications.models import Kind, Outbox


@pytest.mark.parametrize(("language", "asked", "refused"), [
    ("en", "A player asks to take back a move.", "Your request to take back a move was refused."),
    ("de", None, "Deine Bitte, einen Zug zurückzunehmen, wurde abgelehnt."),
])
def test_a_refusal_is_told_as_a_refusal(language: str, asked: str | None, refused: str) -> None:
    request = Outbox(kind=Kind.TAKEBACK, language=language, params={"request": 1})
    refusal = Outbox(kind=Kind.TAKEBACK, language=language, params={"request": 1, "outcome": "refused", "refused_by": 2})
    assert wording.short_line(refusal) == refused
    assert wording.short_line(request) != refused
    if asked is not None:
        assert wording.short_line(request) == asked
