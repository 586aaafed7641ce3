"""What the fan-out follows, by key: a game's version (the key is the game's id, > 0), a waiting room's
changes (the key `room_key(game)`, < 0: the id of its latest `SeatChange`), and the open listed games'
changes for every lobby (`LOBBY_KEY`, 0: the latest of their changes). Each number only grows, so the
hub's rule "a stream sends a key's number once, and only a greater one after" holds for all three.

A waiting room's changes change no version (an open game has no events), hence keys of their own."""

from __future__ import annotations

from collections.abc import Iterable

LOBBY_KEY = 0


def room_key(game_id: int) -> int:
    """The key of a game's waiting room (the game's own key is its id)."""
    return -game_id


def read_marks(keys: Iterable[int]) -> dict[int, int]:
    """The current number of each key that has one (a game's version; the latest change of a room, of the
    listed games for the lobby); a key with none yet is left out."""
    from django.db.models import Max

    from games.models import Game, SeatChange

    wanted = set(keys)
    games = [key for key in wanted if key > 0]
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
    return marks
