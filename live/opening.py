"""Who may open which live stream, and what it then follows: decided once, when the stream connects.

Each opener takes the viewer (a user, or the anonymous one) and the address's arguments, and answers a
`Plan` (the keys of `live.marks` the stream follows, and what it checks or notes while it runs) or raises the
`ServiceError` of the refusal (a private game's stream answers a stranger as a missing game: the 404 of
`games.services.get_game`; a lobby or a watch link signed out: 401). The same openers serve both doors of
the streams: Django's views (`live.streams`) and the lean ASGI entry (`live.asgi`). They read the database:
call them in a thread (`live.streams.closing`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from games import services
from games.models import Game
from games.page_access import watched_game

from .marks import LOBBY_KEY, room_key, table_keys, tournament_key

LOBBY_STATUSES = (Game.Status.OPEN, Game.Status.ACTIVE)  # the games the lobby lists as running or to start


@dataclass(frozen=True, slots=True)
class Plan:
    """What an open stream follows. `marked`: the keys counted in the page's mark (a game's page: its game
    alone); `sides`: keys followed without counting in it (a table's side keys, a lobby's rooms);
    `per_game`: a game's page (one event of version and table mark) rather than a list (an event per key);
    `stream`: its name on /metrics; `presence`: (game, user) noted as present while it runs; `token`: the
    watch link checked again on each notice and keepalive."""

    stream: str
    marked: tuple[int, ...]
    sides: tuple[int, ...] = ()
    per_game: bool = True
    presence: tuple[int, int] | None = None
    token: str | None = None


def signed_out() -> ServiceError:
    """The refusal of a stream that needs a signed-in viewer (401)."""
    return ServiceError("unauthenticated", "not_signed_in", _("Sign in to follow your games live."))


def game(user: Any, game_id: int) -> Plan:
    """A game's page: its versions and its table's side keys, for a viewer who may see the game; a seated
    player's stream notes their presence."""
    viewer = user if user.is_authenticated else None
    found = services.get_game(game_id, viewer)
    presence = (found.pk, user.pk) if viewer is not None else None
    return Plan("game", (found.pk,), tuple(table_keys(found, user)), presence=presence)


def watch(user: Any, token: str) -> Plan:
    """A private game watched through its signed link (signed-in spectators, as the page)."""
    if not user.is_authenticated:
        raise signed_out()
    found = watched_game(token)
    return Plan("watch", (found.pk,), tuple(table_keys(found, user, watched=True)), token=token)


def room(user: Any, game_id: int) -> Plan:
    """An open game's waiting room: its seats taken and left (the room's key) and its start (the game's
    version), both counted in the page's mark."""
    found = services.get_game(game_id, user if user.is_authenticated else None)
    return Plan("room", (found.pk, room_key(found.pk)), per_game=False)


def lobby(user: Any) -> Plan:
    """The signed-in user's running and open games (counted in the page's mark), their waiting rooms and
    the seats taken and left in the listed open games (followed, not counted)."""
    if not user.is_authenticated:
        raise signed_out()
    games = list(Game.objects.filter(seats__user_id=user.pk, status__in=LOBBY_STATUSES).values_list("pk", "status"))
    rooms = tuple(room_key(pk) for pk, status in games if status == Game.Status.OPEN)
    return Plan("lobby", tuple(pk for pk, _status in games), (LOBBY_KEY, *rooms), per_game=False)


def tournament(user: Any, tournament_id: int) -> Plan:
    """A tournament's versions: anybody may read them."""
    from tournaments.models import Tournament

    if not Tournament.objects.filter(pk=tournament_id).exists():
        message = _("There is no tournament {id}.").format(id=tournament_id)
        raise ServiceError("not_found", "tournament_not_found", message)
    return Plan("tournament", (tournament_key(tournament_id),))


# The openers by the name of their address in live.urls (both doors look them up so).
OPENERS: dict[str, Callable[..., Plan]] = {
    "game-live": game,
    "game-watch-live": watch,
    "game-room-live": room,
    "lobby-live": lobby,
    "tournament-live": tournament,
}


def still_watched(token: str) -> bool:
    """Whether a watch link still opens its game (False once the host turned spectators away)."""
    try:
        watched_game(token)
    except ServiceError:
        return False
    return True
