"""What a push or a webhook says of a notice: its title is the email's subject (in the reader's language,
the game's words through the registry), its line a short one of this app's, its link the game page."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from notifications.models import Kind, Outbox


def line(kind: str) -> str:
    """The short line under the title, in the active language."""
    lines = {
        Kind.TURN: _("It is your turn. Open the game to play."),
        Kind.REMINDER: _("Your deadline is near."),
        Kind.TIMEOUT: _("The deadline passed, so we moved for you."),
        Kind.STARTED: _("The game has started."),
        Kind.ENDED: _("The game is over."),
        Kind.TAKEBACK: _("A player asks to take back a move."),
        Kind.CHAT: _("A new message in the game's chat."),
        Kind.TABLE: _("Something changed in the waiting room."),
    }
    return lines.get(Kind(kind), "") if kind in Kind.values else ""


def page_path(row: Outbox) -> str:
    """The path of the page the notice opens: its game's, else the settings."""
    return reverse("game-page", args=[row.game_id]) if row.game_id is not None else reverse("settings")


def short_line(row: Outbox) -> str:
    """`line` of the row's kind in the row's language (a takeback's refusal, told to its asker, has its own)."""
    with translation.override(row.language):
        if row.kind == Kind.TAKEBACK and (row.params or {}).get("outcome") == "refused":
            return _("Your request to take back a move was refused.")
        return line(row.kind)
