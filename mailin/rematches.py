"""The lines of a reply that answer a rematch offer (`games.services.rematch`): in a finished game, "accept"
("annehmen") takes the sender's seat in the rematch and "decline" ("ablehnen") ends the offer, through the
same services as the page's buttons. A finished game has no move to take back, so the words cannot mean
an answer to a takeback there."""

from __future__ import annotations

from django.utils.translation import gettext as _

from accounts.models import User
from games import services as games
from games.models import Game, Rematch

from . import takebacks

ACCEPT, DECLINE = "rematch_accept", "rematch_decline"


def wanted(game: Game, line: str) -> str | None:
    """ACCEPT or DECLINE when `line` answers a rematch of the finished `game` (the takeback words, read
    alike: "accept"/"annehmen", "decline"/"refuse"/"ablehnen"), else None."""
    if game.status != Game.Status.FINISHED:
        return None
    said = takebacks.wanted(line)
    return {takebacks.ACCEPT: ACCEPT, takebacks.REFUSE: DECLINE}.get(said or "")


def apply(user: User, game: Game, what: str) -> str:
    """Accept or decline the rematch of `game`; what was done in the sender's words (a refusal raises
    `ServiceError`: no rematch offered, one already accepted, not a player of the game)."""
    if what == DECLINE:
        games.decline_rematch(user, game.pk)
        return _("You declined the rematch: it will not be played.")
    rematch = games.accept_rematch(user, game.pk)
    if rematch.status == Rematch.Status.STARTED:
        return _("You accepted the rematch, and it has started: game #{game}.").format(game=rematch.game_id)
    return _("You accepted the rematch; it starts once every player accepted.")
