"""A game's story in pictures: its log folded as the replay folds it (the kind's own `fold`), the views of the
states at the end of each round or turn handed to the game's `StoryCharts` (through the registry: this app
holds no word of any one game), and its charts drawn as SVG.

What the reader may see: the spectator's view always, their own seat's view while the game runs, and every
seat's view once it has ended (the replay with every hand open, `games.services.open_views`). The game's
numbers read only those views, so a running game's pictures show nothing its table hides.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext as _

from accounts.models import User, shown_name
from games import selectors, services
from games.models import Event, Game
from games.registry import get_kind

from .svg import draw


def visible_seats(game: Game, user: User | None) -> list[int]:
    """The seats whose own view `user` may read: every one once the game has ended, else their own."""
    if game.status == Game.Status.FINISHED:
        return list(range(game.players))
    own = services.seat_of(game, user)
    return [] if own is None else [own]


def _ends(game: Game, upto: int, sample_at: str) -> list[tuple[int, dict[str, Any]]]:
    """The last event of each round (`sample_at` "round") or turn, with its chapter, up to event `upto`."""
    found = services.chapters(game, upto)
    if sample_at == "round":
        return [(r["last"], {**r["chapters"][-1]["chapter"], "round": r["round"]}) for r in services.story_rounds(found)]
    return [(c["last"], c["chapter"]) for c in found]


def samples(game: Game, user: User | None, upto: int | None = None) -> list[dict[str, Any]]:
    """The views `user` may read at the end of each round or turn of the game (up to event `upto`), oldest
    first (empty for a game not started or a kind without a story)."""
    kind = get_kind(game.kind)
    story = kind.story_module
    end = game.version if upto is None else min(upto, game.version)
    if story is None or end <= 0:
        return []
    rules = kind.rules
    datas = list(Event.objects.filter(game=game, seq__lte=end).order_by("seq").values_list("data", flat=True))
    seats = visible_seats(game, user)
    found: list[dict[str, Any]] = []
    state, done = None, 0
    for last, chapter in _ends(game, end, story.SAMPLE_AT):
        state = kind.fold(state, datas[done:last])
        done = last
        found.append({"chapter": chapter, "views": {"public": rules.view(state, None),
                                                    "seats": {seat: rules.view(state, seat) for seat in seats}}})
    return found


def story_numbers(game: Game, user: User | None, upto: int | None = None) -> dict[str, Any] | None:
    """The game's story in numbers as `user` may know them (None: its kind tells no story). A finished game's
    whole story is the same for every reader and never changes: it is cached (`finished_numbers`)."""
    story = get_kind(game.kind).story_module
    if story is None:
        return None
    end = game.version if upto is None else min(upto, game.version)
    finished = game.status == Game.Status.FINISHED
    found = finished_numbers(game) if finished and end == game.version else story.numbers(samples(game, user, upto))
    return {"kind": game.kind, "version": end, "hands_open": finished, "numbers": found}


# Measured (tests/stats, a 2-core machine shared by six): 20 ms for a 4-player Citadels game of 271 events,
# 56 ms for a 3-player Dominion game of 749. A page can afford that; a player's numbers over hundreds of
# finished games cannot, and a finished game's log no longer changes, so its numbers are kept by its version.
FINISHED_CACHE_SECONDS = 30 * 24 * 3600


def finished_numbers(game: Game) -> dict[str, Any]:
    """The whole story in numbers of a finished game, every hand open (cached by the game's id and version)."""
    story = get_kind(game.kind).story_module
    if story is None:
        return {}
    key = f"stats:story:{game.pk}:{game.version}"
    found: dict[str, Any] | None = cache.get(key)
    if found is None:
        found = story.numbers(samples(game, None))
        cache.set(key, found, FINISHED_CACHE_SECONDS)
    return found


def reader_names(game: Game, user: User | None) -> dict[int, str]:
    """The players' names by seat as the reader reads them, their own marked (as the game's page)."""
    names: dict[int, str] = {}
    for index, user_id, name in selectors.seat_names(game.pk):
        if index is None:
            continue
        shown = shown_name(user_id, name)
        names[index] = _("{name} (you)").format(name=shown) if user is not None and user.pk == user_id else shown
    return names


def story_charts(game: Game, user: User | None, upto: int | None = None) -> list[dict[str, Any]]:
    """The game's charts in the active language, each with its `svg` and its `table` (empty: no story yet)."""
    found = story_numbers(game, user, upto)
    story = get_kind(game.kind).story_module
    if found is None or story is None:
        return []
    charts = story.charts(found["numbers"], reader_names(game, user))
    for chart in charts:
        chart["dom_id"] = f"story-{game.pk}-{chart['id']}"
        chart["svg"] = draw(chart["dom_id"], chart)
    return charts
