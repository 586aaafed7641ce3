"""The web page of a game (`/games/{id}/`), the one that emails link to.

It shows the viewer's `view` (spectators the public one), the history in words and, for a signed-in
player whose decision it is, the legal commands as buttons that POST to the REST API with `fetch`.
`?at=N` shows the game as it was after event N: the replay the end-of-game email links to.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from config.errors import ServiceError
from notifications import texts

from . import deadlines, services
from .models import Game

HISTORY_LINES = 40


def _table_facts(view: dict[str, Any], names: dict[int, str], lang: str) -> dict[str, Any]:
    """The public facts of the round a player decides by: crown, face-up characters, killed, robbed."""
    turn = view.get("turn") or {}
    return {
        "round": view.get("round"),
        "crown": names.get(view.get("crown", -1), ""),
        "face_up": texts.characters(view.get("face_up", []), lang),
        "killed": texts.characters([view["killed"]], lang) if view.get("killed") else "",
        "robbed": texts.characters([view["robbed"]], lang) if view.get("robbed") else "",
        "playing": texts.characters([turn["character"]], lang) if turn.get("character") else "",
        "playing_seat": names.get(turn.get("seat", -1), ""),
    }


def _language(request: HttpRequest) -> str:
    user = request.user
    if user.is_authenticated and getattr(user, "language", None) in texts.LANGUAGES:
        return str(user.language)  # type: ignore[union-attr]
    lang = getattr(request, "LANGUAGE_CODE", "en")
    return lang if lang in texts.LANGUAGES else "en"


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game as this viewer may see it, with buttons for their legal commands."""
    user: Any = request.user if request.user.is_authenticated else None
    lang = _language(request)
    try:
        game = services.get_game(game_id)
        detail = services.game_detail(game, user)
        at = request.GET.get("at")
        replay = None
        if at not in (None, "") and game.version > 0:
            replay = services.state_at(game, user, at)
        # The last lines up to the moment shown: a replay must not give away what came after it.
        upto = replay["version"] if replay else game.version
        first = max(0, upto - HISTORY_LINES)
        history = services.history(game, user, after=first, limit=upto - first)["events"] if upto > 0 else []
    except ServiceError as error:
        return render(request, "games/error.html", {"error": error}, status=error.status)
    names = {s["index"]: s["display_name"] for s in detail["seats"] if s["index"] is not None}
    view = replay["view"] if replay else detail["view"]
    players = []
    for p in (view or {}).get("players", []):
        players.append({
            "name": names.get(p["seat"], f"#{p['seat']}"),
            "gold": p.get("gold"),
            "hand_size": p.get("hand_size"),
            "city": texts.districts(p.get("city", []), lang),
            "awaited": p["seat"] in (view or {}).get("awaiting", []),
        })
    own = detail["seat"]
    commands = [
        {"label": texts.describe_command(c, lang, names), "json": json.dumps(c)} for c in (detail["legal_commands"] if not replay else [])
    ]
    context = {
        "game": game,
        "detail": detail,
        "lang": lang,
        "replay": replay,
        "players": players,
        "hand": texts.districts((view or {}).get("hand", []), lang) if own is not None else None,
        "my_characters": texts.characters((view or {}).get("my_characters", []), lang) if own is not None else None,
        "commands": commands,
        "history": [texts.describe_event(e["data"], lang, names) for e in history],
        "history_start": first + 1,
        "table": _table_facts(view or {}, names, lang),
        "absent": deadlines.seat_is_absent(game, own) if game.status == Game.Status.ACTIVE else False,
        "scores": [
            {"name": names.get(s["seat"], "?"), "total": s.get("total")} for s in (view or {}).get("scores") or []
        ],
    }
    return render(request, "games/game.html", context)


@login_required
@require_POST
def back_to_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """"I'm back": the bot stops playing the player's seat."""
    try:
        deadlines.return_to_game(request.user, game_id)  # type: ignore[arg-type]
    except ServiceError as error:
        return render(request, "games/error.html", {"error": error}, status=error.status)
    return redirect(f"/games/{int(game_id)}/")
