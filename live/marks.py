"""What the fan-out follows, by key: a game's version (the key is the game's id, 0 < id < SIDE), a waiting
room's changes (the key `room_key(game)`, < 0: the id of its latest `SeatChange`), the open listed games'
changes for every lobby (`LOBBY_KEY`, 0: the latest of their changes), and a running game's table changes
that are no new version (`side_key(game, side)`, >= SIDE): its requests to take a move back and their
answers (`TAKEBACK`: the sum over its requests of 1, its answers and 1 once decided), and the lines of each chat
channel (`PLAYERS_CHAT`, `SPECTATORS_CHAT`: the channel's newest number). Each number only grows, so the
hub's rule "a stream sends a key's number once, and only a greater one after" holds for all of them.

A waiting room's changes, a request and a chat line change no version (an open game has no events, a
request or a line is no event), hence keys of their own. A chat channel has a key of its own so that a
stream follows only the channels its viewer reads: a watcher's stream hears nothing of the players' chat
(its timing included) unless the host lets spectators read it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

LOBBY_KEY = 0
SIDE = 1 << 40  # the games' ids stay below; a side key is SIDE * side + the game's id
TAKEBACK, PLAYERS_CHAT, SPECTATORS_CHAT, TOURNAMENT = 1, 2, 3, 4
_CHANNEL_SIDES = {"players": PLAYERS_CHAT, "spectators": SPECTATORS_CHAT}


def room_key(game_id: int) -> int:
    """The key of a game's waiting room (the game's own key is its id)."""
    return -game_id


def side_key(game_id: int, side: int) -> int:
    """The key of one kind of a game's table changes (`TAKEBACK`, `PLAYERS_CHAT`, `SPECTATORS_CHAT`)."""
    return side * SIDE + game_id


def chat_key(game_id: int, channel: str) -> int:
    """The key of a chat channel of a game (a `chat.models.Channel` value)."""
    return side_key(game_id, _CHANNEL_SIDES[channel])


def tournament_key(tournament_id: int) -> int:
    """The key of a tournament's page: its number is the tournament's version (the length of its log)."""
    return side_key(tournament_id, TOURNAMENT)


def game_of(key: int) -> int:
    """The game a game's key or a side key belongs to."""
    return key % SIDE if key >= SIDE else key


def table_keys(game: Any, user: Any, *, watched: bool = False) -> list[int]:
    """The side keys a viewer's page of a running game follows: the chat channels they read (as
    `chat.services.access` says), and the requests to take a move back when they are seated. `watched`:
    the viewer came by the game's signed watch link (already checked by the caller)."""
    from chat import services as chat
    from games.models import Seat

    viewer = user if user is not None and getattr(user, "is_authenticated", False) else None
    access = chat.access(game.pk, viewer, game=game)
    keys = [chat_key(game.pk, channel) for channel in access.channels]
    if viewer is not None and not watched and Seat.objects.filter(game=game, user=viewer).exists():
        keys.append(side_key(game.pk, TAKEBACK))
    return keys


def read_marks(keys: Iterable[int]) -> dict[int, int]:
    """The current number of each key that has one (a game's version; the latest change of a room, of the
    listed games for the lobby; a game's side changes); a key with none yet is left out."""
    from django.db.models import Max

    from games.models import Game, SeatChange

    wanted = set(keys)
    games = [key for key in wanted if 0 < key < SIDE]
    rooms = [-key for key in wanted if key < 0]
    marks: dict[int, int] = dict(Game.objects.filter(pk__in=games).values_list("pk", "version")) if games else {}
    if rooms:
        latest = SeatChange.objects.filter(game_id__in=rooms).values("game_id").annotate(last=Max("id"))
        marks.update({room_key(row["game_id"]): row["last"] for row in latest})
    if LOBBY_KEY in wanted:
        # Newest first along the primary key: the first listed game's change ends the walk (no scan of all).
        last = SeatChange.objects.filter(game__listed=True).order_by("-id").values_list("id", flat=True).first()
        if last is not None:
            marks[LOBBY_KEY] = last
    sides = [key for key in wanted if key >= SIDE]
    if sides:
        marks.update({key: number for key, number in _side_marks(sides).items() if key in wanted})
    return marks


def _side_marks(keys: list[int]) -> dict[int, int]:
    """The numbers of side keys: each chat channel's newest line, each game's count of request changes."""
    from django.db.models import Max

    from chat.models import Message
    from games.models import TakebackRequest

    marks: dict[int, int] = {}
    chats = {game_of(key) for key in keys if key // SIDE in (PLAYERS_CHAT, SPECTATORS_CHAT)}
    if chats:
        rows = Message.objects.filter(game_id__in=chats).values("game_id", "channel").annotate(last=Max("seq"))
        marks.update({chat_key(row["game_id"], row["channel"]): row["last"] for row in rows})
    tournaments = [game_of(key) for key in keys if key // SIDE == TOURNAMENT]
    if tournaments:
        from tournaments.models import Tournament

        versions = Tournament.objects.filter(pk__in=tournaments).values_list("pk", "version")
        marks.update({tournament_key(pk): version for pk, version in versions})
    takeback_games = [game_of(key) for key in keys if key // SIDE == TAKEBACK]
    if takeback_games:
        requests = TakebackRequest.objects.filter(game_id__in=takeback_games).values_list("game_id", "answers", "status")
        for game_id, answers, status in requests:
            key = side_key(game_id, TAKEBACK)
            marks[key] = marks.get(key, 0) + takeback_changes(answers, status)
    return marks


def takeback_changes(answers: dict[str, bool], status: str) -> int:
    """How often a request changed: made (1), each answer, and once when it ended (refused, accepted,
    expired): it only grows, so the game's sum over its requests does too."""
    return 1 + len(answers or {}) + (0 if status == "open" else 1)
