"""A game's whole story as a viewer may read it: its history in chapters (rounds and turns, as each game's
rules divide it: `GameRules.chapters`), paged by rounds, and how far each reader has read it.

Chapters are found from the opening events alone (read by their type, told from what a spectator sees);
a page loads the events of the rounds it shows, each as the viewer may see it (`reading.history`).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import store
from ..models import Event, Game, HistoryRead
from ..registry import get_kind
from .reading import _parse_seq, history, state_at

SHOWN_ROUNDS = 2  # the table shows the current round and the last one
MOST_NEW_ROUNDS = 5  # ... or as many as hold lines new to the reader, up to this many
ROUNDS_PER_PAGE = 3  # each "earlier rounds" page


def chapters(game: Game, upto: int | None = None) -> list[dict[str, Any]]:
    """The chapters of the history up to event `upto` (default: the whole), oldest first, each with its
    `first` and `last` event: the game's chapter (`round`, `turn` and its public facts) in `chapter`.
    Events before the first opening (or a game without chapters) make chapter round 0, turn 0."""
    end = game.version if upto is None else min(upto, game.version)
    if end <= 0:
        return []
    rules = get_kind(game.kind).rules
    rows = Event.objects.filter(game=game, **store.hot_rows(game), seq__lte=end,
                                type__in=rules.chapters.types).order_by("seq")
    opened = rules.chapters.walk((seq, rules.redact(rules.decode(data), None)) for seq, data in rows.values_list("seq", "data"))
    if not opened or opened[0][0] > 1:
        opened.insert(0, (1, {"round": 0, "turn": 0}))
    bounds = [seq for seq, _chapter in opened[1:]] + [end + 1]
    return [{"first": first, "last": after - 1, "chapter": chapter}
            for (first, chapter), after in zip(opened, bounds, strict=True)]


def rounds(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Chapters gathered by round, oldest first: each round's number, first and last event and chapters."""
    gathered: list[dict[str, Any]] = []
    for chapter in found:
        number = int(chapter["chapter"].get("round", 0))
        if not gathered or gathered[-1]["round"] != number:
            gathered.append({"round": number, "first": chapter["first"], "chapters": []})
        gathered[-1]["chapters"].append(chapter)
        gathered[-1]["last"] = chapter["last"]
    return gathered


def story(game: Game, user: User | None, *, upto: int | None = None, before_round: Any = None,
          since: int | None = None) -> dict[str, Any]:
    """A page of the history as `user` may see it, up to event `upto` (a replay's step; default: now): the
    newest `SHOWN_ROUNDS` rounds (with `since`, the version the reader had read, also the rounds after it,
    up to `MOST_NEW_ROUNDS`: the page opens on the first new line), or with `before_round` the
    `ROUNDS_PER_PAGE` rounds before that round.
    Each chapter carries its events (`reading.history`'s, marked `taken_back`); `earlier` is the round to ask
    for the page before this one (None at the start), `total_rounds` how many rounds there are."""
    end = game.version if upto is None else min(upto, game.version)
    every = rounds(chapters(game, end))
    if before_round in (None, ""):
        unread = sum(1 for r in every if since is not None and r["last"] > since)
        shown = every[-min(max(SHOWN_ROUNDS, unread), MOST_NEW_ROUNDS):]
    else:
        before = _parse_seq(before_round, "before_round")
        older = [r for r in every if r["round"] < before]
        shown = older[-ROUNDS_PER_PAGE:]
    if shown:
        first, last = shown[0]["first"], shown[-1]["last"]
        events = history(game, user, after=first - 1, limit=last - first + 1, as_of=end)["events"]
        by_chapter = iter(events)
        pending = next(by_chapter, None)
        for round_ in shown:
            for chapter in round_["chapters"]:
                chapter["events"] = []
                while pending is not None and pending["seq"] <= chapter["last"]:
                    chapter["events"].append(pending)
                    pending = next(by_chapter, None)
    return {
        "version": end,
        "rounds": shown,
        "earlier": shown[0]["round"] if shown and every.index(shown[0]) > 0 else None,
        "total_rounds": len(every),
    }


def open_views(game: Game, at: Any) -> list[dict[str, Any]]:
    """Every seat's view right after event `at` of a finished game (the replay with every hand open);
    a ServiceError while the game runs: until the end, a hand is its player's only."""
    if game.status != Game.Status.FINISHED:
        raise ServiceError("forbidden", "game_not_over", gettext("Every hand opens only once the game has ended."))
    seq = state_at(game, None, at)["version"]
    state = store.load_state(game, at=seq)
    return [get_kind(game.kind).rules.view(state, seat) for seat in range(game.players)]


def last_read(game: Game, user: User | None) -> int | None:
    """The version of the game when `user` last opened its table (None: never, or a guest)."""
    if user is None or not user.is_authenticated:
        return None
    return HistoryRead.objects.filter(game=game, user=user).values_list("version", flat=True).first()


def mark_read(game: Game, user: User | None) -> int | None:
    """Note that `user` has read the game's history up to its present version; the version they had read
    before (None: never). A guest's reading is not kept."""
    if user is None or not user.is_authenticated:
        return None
    before = last_read(game, user)
    if before is None:
        try:
            with transaction.atomic():
                HistoryRead.objects.create(game=game, user=user, version=game.version)
            return None
        except IntegrityError:  # another tab of the same reader was first
            before = last_read(game, user)
    if before is not None and before < game.version:
        HistoryRead.objects.filter(game=game, user=user, version__lt=game.version).update(version=game.version)
    return before
