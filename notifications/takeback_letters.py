"""The mails of a request to take a move back: another player asks the reader, or refused the reader's."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from accounts.local import language_of
from accounts.models import User
from games.models import Game
from games.registry import get_kind

from .letters import Letter, game_url


def takeback_request(game: Game, seat: int, user: User, users: dict[int, User], params: dict[str, Any]) -> Letter:
    """Another player asks the reader to let them take back their last move (and every move since)."""
    title = get_kind(game.kind).title
    asker = users[params["asker"]].public_name if params.get("asker") in users else "?"
    with translation.override(language_of(user)):
        return Letter(
            subject=_("{name} asks to take back a move in {title} #{game}").format(name=asker, title=title, game=game.pk),
            intro=[
                _("{name} asks to take back their last move in {title} #{game}, and every move made since.").format(
                    name=asker, title=title, game=game.pk),
                _("Accept or refuse on the game's page, or reply to this email with \"accept\" or \"refuse\". "
                  "The request ends if anyone moves first."),
            ],
            links=[(_("Open the game"), game_url(game))],
        )


def takeback_refused(game: Game, seat: int, user: User, users: dict[int, User], params: dict[str, Any]) -> Letter:
    """Another player refused the reader's request to take back their last move."""
    title = get_kind(game.kind).title
    name = users[params["refused_by"]].public_name if params.get("refused_by") in users else "?"
    with translation.override(language_of(user)):
        return Letter(
            subject=_("{name} refused your request to take back a move in {title} #{game}").format(
                name=name, title=title, game=game.pk),
            intro=[_("{name} refused your request to take back your last move in {title} #{game}: the game goes on "
                     "as it stands.").format(name=name, title=title, game=game.pk)],
            links=[(_("Open the game"), game_url(game))],
        )
