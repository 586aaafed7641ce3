"""The web pages of one game (`/games/{id}/`, the page emails link to) and its buttons.

Before the start the page is the waiting room (seats, invite link, the host's start button, leave); after
it, the table of the game's kind, drawn by the kind's site module (`GameKind.site`): the viewer's view
(spectators the public one), their choices as buttons that POST to the REST API, the deadline, and the
history in words with a replay control (`?at=N`: the game as this viewer saw it after event N).

A private game's page is its players' only; where the host lets spectators in, others watch its table
through the signed watch link (`/games/watch/<token>/`, shown to the host), never by its id.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import ServiceError

from . import presence, services
from .deadlines import absences
from .models import Game
from .page_access import error_page, invite_url, invited_game, watch_url, watched_game
from .registry import get_kind
from .services import questions
from .story_pages import history_page, open_hands, reader_names, replay_steps, story_context
from .table_sections import table_sections


def _replay(game: Game, user: Any, at: str | None) -> dict[str, Any] | None:
    """The replay control's facts for `?at=N` (None when the page shows the present)."""
    if at in (None, "") or game.version == 0:
        return None
    replay = services.state_at(game, user, at)
    step = replay["version"]
    return {**replay, "step": step, "last": game.version, "previous": max(step - 1, 1), "next": min(step + 1, game.version),
            **replay_steps(game, step)}


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The waiting room before the start; the table after it (with the replay at `?at=N`)."""
    user: Any = request.user if request.user.is_authenticated else None
    try:
        game = services.get_game(game_id, user)  # a private game: its players' only
        detail = services.game_detail(game, user)
    except ServiceError as error:
        return error_page(request, error)
    is_host = _is_host(game, detail, user)
    context: dict[str, Any] = {
        "is_host": is_host,
        "watch_url": watch_url(request, game) if is_host and not game.listed and game.spectators_allowed else "",
    }
    if game.status == Game.Status.OPEN or game.version == 0:
        context.update(game=game, detail=detail, kind=get_kind(game.kind), replay=None)
        context.update(_waiting_room(request, game, detail, user))
        return render(request, "games/waiting_room.html", context)
    urls = {"page_url": reverse("game-page", args=[game.pk]), "version_url": reverse("game-version", args=[game.pk]),
            "live_url": reverse("game-live", args=[game.pk]), "history_url": reverse("game-history", args=[game.pk]),
            "move_url": reverse("game-move", args=[game.pk])}
    return _table_page(request, game, detail, user, {**context, **urls})


def _table_page(request: HttpRequest, game: Game, detail: dict[str, Any], user: Any,
                context: dict[str, Any]) -> HttpResponse:
    """The table of a started game as `user` sees it (a spectator: the public view), with the replay at
    `?at=N`; `context` brings the page's own addresses (`page_url`, `version_url`, `live_url`: its stream of
    versions, `history_url`: its earlier rounds) and the host's switch."""
    try:
        replay = _replay(game, user, request.GET.get("at"))
    except ServiceError as error:
        return error_page(request, error, game_id=game.pk if detail["joined"] or game.listed else None)
    names = reader_names(detail)
    if detail["seat"] is not None and game.status == Game.Status.ACTIVE:
        presence.note_seen(game.pk, user.pk)  # no turn mail while the game is open (games.presence)
    site = get_kind(game.kind).site_module
    view = replay["view"] if replay else detail["view"]
    # The lines after the version the reader had read are new (a replay marks none and reads nothing; the
    # page's own update in place reads them and marks them itself).
    read_before = None if replay else services.mark_read(game, user)
    if request.headers.get("X-Live-Update"):
        read_before = None
    story = story_context(game, user, names, upto=replay["version"] if replay else game.version, read_before=read_before)
    active = game.status == Game.Status.ACTIVE
    context.update(
        game=game, detail=detail, kind=get_kind(game.kind), replay=replay,
        table_template=site.TABLE_TEMPLATE,
        table=site.table(view, detail["seat"], names, [] if replay else detail["legal_commands"]),
        story=story,
        hands=open_hands(game, replay["step"], names) if replay else [],
        awaited_names=[names.get(s, "?") for s in game.awaiting] if active else [],
        away=[{"name": names.get(s, "?"), "until": until} for s, until in sorted(absences.away_until(game).items())]
        if active else [],
        absent=active and absences.seat_is_absent(game, detail["seat"]),
        takeback=_takeback(game, detail["seat"], names) if active and not replay and detail["seat"] is not None else None,
        questions=_questions(game, detail, user) if active and not replay else "",
        # The tab's title says so (the page's script takes each new title as the table updates in place).
        your_turn=active and not replay and detail["seat"] is not None and detail["seat"] in game.awaiting,
        sections=table_sections(request, game, replay["version"] if replay else None,
                                watched=not detail["joined"] and not game.listed),
        resigned=active and detail["seat"] is not None and detail["seat"] in services.resigned_seats(game),
        rematch=_rematch(game, user) if game.status == Game.Status.FINISHED and detail["joined"] else None,
    )
    return render(request, "games/game.html", context)


def _questions(game: Game, detail: dict[str, Any], user: Any) -> str:
    """The questions the table asks before the seat's wasteful moves as JSON, by the command as its button
    sends it ("" for none, or when the player turned them off)."""
    if detail["seat"] is None or not questions.asks_before_waste(user):
        return ""
    site = get_kind(game.kind).site_module
    asked = {
        json.dumps(command): site.describe_question(code, params)
        for command, code, params in questions.questions(game, detail["seat"], detail["legal_commands"])
    }
    return json.dumps(asked) if asked else ""


def _takeback(game: Game, seat: int, names: dict[int, str]) -> dict[str, Any]:
    """What the seat may do about taking a move back (`services.takeback_status`), with the asker's name."""
    status = services.takeback_status(game, seat)
    request = status["request"]
    return {**status, "asker": names.get(request["seat"], "?") if request else ""}


def _rematch(game: Game, user: Any) -> dict[str, Any]:
    """What the finished game's page shows a player of the rematch: none yet (offer one), or its state."""
    rematch = services.rematch_of(game)
    if rematch is None:
        return {"offered": False}
    accepted = services.rematch_players(rematch)
    return {
        "offered": True, "status": rematch.status, "game": rematch.game_id,
        "accepted": user.pk in accepted, "waiting_for": len(_players_ids(game)) - len(accepted),
    }


def _players_ids(game: Game) -> list[int]:
    return [seat["user"] for seat in services.game_detail(game, None)["seats"]]


def _is_host(game: Game, detail: dict[str, Any], user: Any) -> bool:
    """Whether the viewer hosts the game (the first seated player to have joined): the waiting room's start
    button, and a private game's switch for spectators."""
    if user is None or not detail["joined"]:
        return False
    if game.version == 0:  # no seat drawn yet: the seats come in the order they were taken
        return bool(detail["seats"][0]["user"] == user.pk)
    return not game.listed and services.host_of(game) == user.pk  # only a private game's table asks


def _hours(template: tuple[str, str], hours: Any) -> str:
    count = float(hours)
    return ngettext(*template, int(count) if count.is_integer() else 2) % {"count": f"{count:g}"}


def _number(value: Any) -> str:
    return f"{float(value):g}"


def _clock_words(time_control: dict[str, Any]) -> str:
    """A time bank's start, increment, most and double charge, or the hours for each decision, in words."""
    if time_control.get("mode") != "bank":
        return _hours(("%(count)s hour for each decision", "%(count)s hours for each decision"),
                      time_control.get("decision_hours", 0))
    words = _("time bank: %(initial)s hours, %(increment)s more after each decision, at most %(most)s") % {
        "initial": _number(time_control["initial_hours"]), "increment": _number(time_control["increment_hours"]),
        "most": _number(time_control["max_bank_hours"])}
    if time_control.get("double_after_hours") is not None:
        words += ", " + _hours(("time past %(count)s hour on one decision counts double",
                                "time past %(count)s hours on one decision counts double"),
                               time_control["double_after_hours"])
    return words


def _reminder_words(time_control: dict[str, Any]) -> str:
    if time_control.get("reminder_percent"):  # a time bank's, or a time per decision's share
        return _("a reminder when %(percent)s%% of the time is left") % {
            "percent": _number(time_control["reminder_percent"])}
    if time_control.get("reminder_hours"):
        return _hours(("a reminder %(count)s hour before the deadline", "a reminder %(count)s hours before the deadline"),
                      time_control["reminder_hours"])
    return _("no reminder")


def pace(time_control: dict[str, Any]) -> str:
    """The game's time control in words, for whoever is about to take a seat."""
    decision, reminder = _clock_words(time_control), _reminder_words(time_control)
    policy = {"bot": _("a bot plays a sensible move"), "minimal": _("the least move is played")}.get(
        str(time_control.get("timeout_policy")), "")
    return _("Pace: {decision}, {reminder}; when a deadline passes, {policy}.").format(
        decision=decision, reminder=reminder, policy=policy)


def _waiting_room(request: HttpRequest, game: Game, detail: dict[str, Any], user: Any) -> dict[str, Any]:
    seated = detail["joined"]
    return {
        "seated": seated,
        "free_seats": range(max(game.players - len(detail["seats"]), 0)),
        "invite_url": (invite_url(request, game)
                       if seated and game.status == Game.Status.OPEN and len(detail["seats"]) < game.players else ""),
        # A private game's waiting room is its players' only: strangers join through the invite page.
        "can_join": game.status == Game.Status.OPEN and not seated and game.listed,
        "options": get_kind(game.kind).site_module.describe_options(dict(game.options)),
        "min_players": services.fewest_players(game),
        "pace": pace(game.time_control),
        "changes": services.recent_changes(game) if seated else [],
        # The open room follows its seats live (`live.streams.room_stream`); its start reloads the page.
        "room_live_url": (f"{reverse('game-room-live', args=[game.pk])}?since={services.room_mark(game)}"
                          if game.status == Game.Status.OPEN else ""),
        "closes_at": game.created_at + timedelta(days=game.close_after_days),
    }


def game_version(request: HttpRequest, game_id: int) -> JsonResponse:
    """The game's version and status: the table polls this and reloads when another player moved."""
    user: Any = request.user if request.user.is_authenticated else None
    try:
        game = services.get_game(game_id, user)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    if user is not None and game.status == Game.Status.ACTIVE:
        presence.note_seen(game.pk, user.pk)  # the page's poll: it is still open
    return JsonResponse({"version": game.version, "status": game.status})


def refused(request: HttpRequest, error: ServiceError, game_id: int) -> HttpResponse:
    """The page of a refused form about a game: back to the game unless the game is not found."""
    return error_page(request, error, game_id=None if error.status == 404 else game_id)


def _game_action(request: HttpRequest, game_id: int, action: Any, **kwargs: Any) -> HttpResponse:
    try:
        game = action(request.user, game_id, **kwargs)
    except ServiceError as error:
        return refused(request, error, game_id)
    return redirect("game-page", game_id=game.pk)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take a free seat (a private game only with its invite token in the form)."""
    token = request.POST.get("invite", "")
    invited = bool(token) and invited_game(token) == game_id
    return _game_action(request, game_id, services.join_game, invited=invited)


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    """Give up one's seat before the start."""
    try:
        game = services.leave_game(request.user, game_id)  # type: ignore[arg-type]
    except ServiceError as error:
        return error_page(request, error)
    messages.success(request, _("You left {title} #{game}.").format(title=get_kind(game.kind).title, game=game.pk))
    return redirect("home")


@login_required
@require_POST
def start(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host starts the game."""
    return _game_action(request, game_id, services.start_game)


@login_required
@require_POST
def spectators(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host of a private game lets signed-in players without a seat watch it (`allowed` set), or stops them."""
    return _game_action(request, game_id, services.set_spectators, allowed=bool(request.POST.get("allowed")))


def invite(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: a friend sees the game and takes the seat (signed out: first signs up or in). It is the
    only way in for a stranger to a private game, and only while the game is open: once it runs the link
    says only that, to anybody but its players (not the host, the seats, the pace or the options)."""
    game_id = invited_game(token)
    if game_id is None:
        return error_page(request, ServiceError("not_found", "invalid_invite", _("This invite link is not valid.")))
    try:
        game = services.find_game(game_id)  # the signed link shows its game, private or not
    except ServiceError as error:
        return error_page(request, error)
    user: Any = request.user if request.user.is_authenticated else None
    if user is not None and game.seats.filter(user=user).exists():
        return redirect("game-page", game_id=game.pk)
    if game.status != Game.Status.OPEN:
        return render(request, "games/invite.html", {"started": True, "kind": get_kind(game.kind)})
    here = request.get_full_path()
    return render(request, "games/invite.html", {
        "game": game, "kind": get_kind(game.kind), "token": token, "next": here,
        "host": game.created_by.public_name, "seated": game.seats.count(), "pace": pace(game.time_control),
        "options": get_kind(game.kind).site_module.describe_options(dict(game.options)),
    })


@login_required
def watch(request: HttpRequest, token: str) -> HttpResponse:
    """A private game's table for a signed-in spectator holding its watch link (the public view, the history,
    the replay); the game's players go to its own page."""
    try:
        game = watched_game(token)
        detail = services.game_detail(game, request.user)  # type: ignore[arg-type]
    except ServiceError as error:
        return error_page(request, error)
    if detail["joined"] or game.listed:
        return redirect("game-page", game_id=game.pk)
    urls = {"page_url": reverse("game-watch", args=[token]), "version_url": reverse("game-watch-version", args=[token]),
            "live_url": reverse("game-watch-live", args=[token]), "history_url": reverse("game-watch-history", args=[token])}
    return _table_page(request, game, detail, request.user, urls)


@login_required
def watch_version(request: HttpRequest, token: str) -> JsonResponse:
    """The watched game's version and status, for the table's live updates (as `game_version`)."""
    try:
        game = watched_game(token)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    return JsonResponse({"version": game.version, "status": game.status})


@login_required
@require_POST
def back_to_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """"I'm back": the bot stops playing the player's seat."""
    try:
        absences.return_to_game(request.user, game_id)  # type: ignore[arg-type]
    except ServiceError as error:
        return error_page(request, error)
    return redirect("game-page", game_id=int(game_id))


def game_history(request: HttpRequest, game_id: int) -> HttpResponse:
    """`/games/<id>/history?before=R`: the rounds of a game's history before round R, as the viewer may see
    them (the table's "Earlier rounds")."""
    user: Any = request.user if request.user.is_authenticated else None
    try:
        game = services.get_game(game_id, user)
        return history_page(request, game, user, reverse("game-page", args=[game.pk]),
                            reverse("game-history", args=[game.pk]))
    except ServiceError as error:
        return error_page(request, error)


@login_required
def watch_history(request: HttpRequest, token: str) -> HttpResponse:
    """The same for a private game's spectator, through its watch link."""
    try:
        game = watched_game(token)
        return history_page(request, game, request.user, reverse("game-watch", args=[token]),
                            reverse("game-watch-history", args=[token]))
    except ServiceError as error:
        return error_page(request, error)
