"""A move sent by a form, for a page without JavaScript: the table's buttons and card choices post here and
get a full page back (the script sends the same moves to the REST API and updates the table in place).

A button posts its command as JSON (`command`); a card choice posts the picked cards under the input name
its hidden `choice` names, with the command's type and field (see `_command`). A move the rules flag as
wasteful (`GameRules.question`) is asked about on a page of its own first, unless the player turned the
questions off or already answered it (`confirmed`). Every move is decided by the service, which refuses
what is not legal; a refusal is the error page with a way back (`pages.refused`), nothing written.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError

from . import services
from .pages import refused
from .registry import get_kind
from .services import questions


def _bad_form(message: str) -> ServiceError:
    return ServiceError("invalid", "invalid_move_form", message)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise _bad_form(_("The move could not be read; please reload the page.")) from exc


def _command(form: QueryDict) -> dict[str, Any]:
    """The command a form posted: a button's JSON, or a card choice built from the picked inputs (named by
    the hidden `choice_input`; `choice_multiple` sends a list, `choice_numbers` numbers, `choice_min` "0"
    allows none)."""
    unreadable = _bad_form(_("The move could not be read; please reload the page."))
    if "command" in form:
        command = _json(form.get("command", ""))
        if not isinstance(command, dict):
            raise unreadable
        return command
    kind, field, name = form.get("choice_type", ""), form.get("choice_field", ""), form.get("choice_input", "")
    if not (kind and field and name):
        raise unreadable
    picked: list[Any] = form.getlist(name)
    if form.get("choice_numbers"):
        if not all(p.isascii() and p.isdigit() for p in picked):
            raise unreadable
        picked = [int(p) for p in picked]
    if not picked and form.get("choice_min", "1") != "0":
        raise _bad_form(_("Select a card first."))
    return {"type": kind, field: picked if form.get("choice_multiple") else picked[0]}


def _version(form: QueryDict) -> int | None:
    text = form.get("expected_version", "")
    return int(text) if text.isascii() and text.isdigit() else None


def _question(request: HttpRequest, game_id: int, command: dict[str, Any]) -> str:
    """The question the table asks before this move ("" when none is asked)."""
    user: Any = request.user  # signed in (login_required)
    if not questions.asks_before_waste(user):
        return ""
    game = services.get_game(game_id, user)
    detail = services.game_detail(game, user)
    if detail["seat"] is None:
        return ""
    site = get_kind(game.kind).site_module
    for asked, code, params in questions.questions(game, detail["seat"], detail["legal_commands"]):
        if asked == command:
            return str(site.describe_question(code, params))
    return ""


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """Send one move from the table's form; back to the game's page (or first the question about it)."""
    try:
        command = _command(request.POST)
        expected = _version(request.POST)
        if request.POST.get("confirmed") != "1":
            question = _question(request, game_id, command)
            if question:
                context = {"game_id": game_id, "question": question, "command": json.dumps(command),
                           "expected_version": "" if expected is None else expected}
                return render(request, "games/confirm_move.html", context)
        services.execute(request.user, game_id, command, expected_version=expected)  # type: ignore[arg-type]
    except ServiceError as error:
        return refused(request, error, game_id)
    return redirect("game-page", game_id=game_id)
