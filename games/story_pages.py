"""The whole story on the game's page: the history in rounds and turns (each game's chapters, worded by its
site), the newest two rounds on the table and the earlier ones a click away (`/games/<id>/history?before=R`:
a page of its own without JavaScript, put in place with it), the lines new since the reader's last visit
marked, and the replay's steps by turn and by round, with every hand open once the game has ended.

Every line is told from the events as the viewer may see them (`services.story`), so a page of the history
shows a player no more than the table did.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.errors import ServiceError

from . import services
from .models import Game
from .registry import get_kind
from .wording import history_lines


def story_context(game: Game, user: Any, names: dict[int, str], *, upto: int, before_round: Any = None,
                  read_before: int | None = None) -> dict[str, Any]:
    """The history's rounds as `user` may read them up to event `upto` (the newest two, or every round with
    a line new to the reader, up to five; with `before_round`, the page before that round), worded; with
    `read_before` (the version the reader had read), the lines after it are marked `new` and the first of
    them `first_new`; a seat's takeover is told on its line."""
    site: Any = get_kind(game.kind).site_module
    page = services.story(game, user, upto=upto, before_round=before_round, since=read_before)
    # Who played which part: a takeover is told on the line of the event after which the new player plays.
    taken = {t["version"]: t for t in services.takeovers_of(game) if t["version"] <= upto} if game.timed_out else {}
    first_new: int | None = None
    new_count = 0
    rounds = []
    for round_ in page["rounds"]:
        chapters = []
        title = ""
        for chapter in round_["chapters"]:
            round_title, turn_title = site.describe_chapter(chapter["chapter"], names)
            title = title or round_title
            lines = history_lines(site, chapter.get("events", []), names)
            for line in lines:
                for version in (v for v in taken if line["seq"] <= v <= line["last"]):
                    line["text"] += " " + _("{new} took over {old}'s seat from here on.").format(
                        new=taken[version]["name"], old=taken[version]["previous_name"])
                line["new"] = read_before is not None and line["last"] > read_before
                if line["new"]:
                    new_count += 1
                    if first_new is None:
                        first_new = line["seq"]
                        line["first_new"] = True
            chapters.append({"title": turn_title, "turn": int(chapter["chapter"].get("turn", 0)),
                             "first": chapter["first"], "last": chapter["last"], "lines": lines})
        rounds.append({"round": round_["round"], "title": title, "first": round_["first"], "last": round_["last"],
                       "chapters": chapters})
    return {"rounds": rounds, "earlier": page["earlier"], "new_count": new_count, "first_new": first_new}


def replay_steps(game: Game, step: int) -> dict[str, int | None]:
    """The replay's steps a turn and a round away from event `step`: the last event of the turn (round)
    before the one `step` is in, and of the next; None where there is none."""
    found = services.chapters(game)
    turn_ends = [c["last"] for c in found]
    round_ends = [r["last"] for r in services.story_rounds(found)]

    def before(ends: list[int]) -> int | None:
        earlier = [end for end in ends if end < step]
        return earlier[-1] if earlier else (1 if step > 1 else None)

    def after(ends: list[int]) -> int | None:
        later = [end for end in ends if end > step]
        return later[0] if later else None

    return {"previous_turn": before(turn_ends), "next_turn": after(turn_ends),
            "previous_round": before(round_ends), "next_round": after(round_ends)}


def open_hands(game: Game, step: int, names: dict[int, str]) -> list[dict[str, Any]]:
    """Every seat's hidden cards at event `step` of a finished game, in words (an empty list while the game
    runs: a hand opens to all only after the end)."""
    if game.status != Game.Status.FINISHED:
        return []
    site: Any = get_kind(game.kind).site_module
    return [{"name": names.get(seat, f"#{seat + 1}"), "cards": site.hand_words(view)}
            for seat, view in enumerate(services.open_views(game, step))]


def reader_names(detail: dict[str, Any]) -> dict[int, str]:
    """The players' names by seat as the reader of `detail` (a `game_detail`) reads them: their own marked."""
    names = {s["index"]: s["display_name"] for s in detail["seats"] if s["index"] is not None}
    if detail["seat"] is not None:
        names[detail["seat"]] = _("{name} (you)").format(name=names[detail["seat"]])
    return names


def history_page(request: HttpRequest, game: Game, user: Any, page_url: str, history_url: str) -> HttpResponse:
    """The rounds of `game`'s history before `?before=R` (up to `?at=N`, a replay's step) as `user` may see
    them: the whole page, or with `?fragment=1` only its rounds, which the table's script puts in place.
    A ServiceError for a game not started or a bad number."""
    if game.version == 0:
        raise ServiceError("conflict", "not_started", _("This game has not started yet."))
    detail = services.game_detail(game, user)
    upto = game.version
    if request.GET.get("at") not in (None, ""):
        upto = services.state_at(game, user, request.GET["at"])["version"]
    story = story_context(game, user, reader_names(detail), upto=upto, before_round=request.GET.get("before") or 0)
    context = {"game": game, "kind": get_kind(game.kind), "story": story, "page_url": page_url,
               "history_url": history_url, "at": request.GET.get("at", "")}
    template = "games/history_earlier.html" if request.GET.get("fragment") else "games/history_page.html"
    return render(request, template, context)
