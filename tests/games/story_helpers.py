"""Helpers for the history's tests: games played by their kinds' bots through the services, and the
history's lines read back from a page."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from games import services, store
from games.models import Game
from games.registry import get_kind
from tests.games.helpers import seat_users


def play_bots(game: Game, until: Callable[[Game], bool], rng: random.Random, most: int = 3000) -> None:
    """Play the kind's bot for whichever seat is awaited (through `services.execute`) until `until(game)`."""
    kind = get_kind(game.kind)
    users = seat_users(game)
    for _ in range(most):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or until(game):
            return
        seat = game.awaiting[0]
        state = store.load_state(game, use_cache=False)
        command = kind.timeout_bot(state, seat, rng)
        services.execute(users[seat], game.pk, command, idempotency_key=f"bot-{game.version}")
    raise AssertionError("the bots did not get there")


def in_round(number: int) -> Callable[[Game], bool]:
    """Whether the game has reached round `number` (its chapters say so)."""
    def reached(game: Game) -> bool:
        found = services.chapters(game)
        return bool(found) and int(found[-1]["chapter"]["round"]) >= number
    return reached


LINE = re.compile(r'<li value="(\d+)" data-key="(\d+)-(\d+)u?"[^>]*>(.*?)</li>', re.S)


def lines_of(html: str) -> list[tuple[int, int, str]]:
    """The history lines of a page: (first event, last event, the words as HTML)."""
    return [(int(first), int(last), text) for _value, first, last, text in LINE.findall(html)]


def round_titles(html: str) -> list[str]:
    """The rounds' headings of the history on a page, in order."""
    return re.findall(r'<h3 id="h-\d+-title">(.*?)</h3>', html)
