"""The lines of a reply that take a move back or answer a request to (`games.services.takeback_requests`):
"take back" or "undo" ("zurücknehmen", "rückgängig": the words players type) takes back the sender's last
move (the `take_back` command), or asks the others when the rules want their consent; "accept"
("annehmen") and "refuse" ("ablehnen") answer another player's request."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from accounts.models import User
from games import services as games
from games.models import Game
from rules_kit.takeback import TAKE_BACK

ACCEPT, REFUSE = "accept", "refuse"
WORDS = {
    TAKE_BACK: {"take back", "takeback", "undo", "rückgängig", "rueckgaengig", "ruckgangig", "zurücknehmen", "zuruecknehmen"},
    ACCEPT: {"accept", "annehmen", "akzeptieren", "zustimmen"},
    REFUSE: {"refuse", "decline", "ablehnen"},
}


def wanted(line: str) -> str | None:
    """TAKE_BACK, ACCEPT or REFUSE if the line says one of them (any case, a closing stop or "!" allowed)."""
    said = " ".join(line.strip().rstrip(".!").casefold().split())
    return next((what for what, words in WORDS.items() if said in words), None)


def apply(user: User, game: Game, what: str, key: str) -> str:
    """Do what the line says; what was done in the sender's words (a refusal raises `ServiceError`)."""
    if what == TAKE_BACK:
        outcome = games.take_back(user, game.pk, idempotency_key=key)
        if outcome.result is not None:
            return _taken_back()
        return _("The other players were asked to let you take back your last move.")
    request = games.answer_takeback(user, game.pk, what == ACCEPT)
    if request.status == request.Status.ACCEPTED:
        return _("You accepted: the move was taken back.")
    return _("You accepted the request.") if what == ACCEPT else _("You refused the request.")


def said_again(command: Mapping[str, Any]) -> str | None:
    """The sender's words for the earlier command of a line read again (a reply delivered twice) when it took
    their move back (`{"type": "take_back"}`, the one command a takeback line sends), else None."""
    return _taken_back() if command.get("type") == TAKE_BACK else None


def _taken_back() -> str:
    return _("Your last move was taken back.")
