"""Wording what every game's site shares: the engine's refusals (each site brings its own sentences) and the
hosting's own events (a takeback), which no game's site knows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import gettext as _

from rules_kit.takeback import TAKEN_BACK


@dataclass(frozen=True)
class RefusalWords:
    """A site's sentences for its engine's refusals (marked with gettext_noop, translated when told):
    `sentences`, one per `IllegalCommand` code; `detailed`, for the codes whose refusal names a `reason`,
    a sentence with a `{detail}`; `reasons`, per such code, the detail of each reason, told from its params."""

    sentences: Mapping[str, str]
    detailed: Mapping[str, str]
    reasons: Mapping[str, Mapping[str, str]]

    def describe(
        self, code: str, message: str, reason: str = "", params: Mapping[str, Any] | None = None,
        words: Mapping[str, str] | None = None,
    ) -> str:
        """The refusal in the active language: with its `reason` told from `params` (and the site's own
        `words`, e.g. card names) where there is a sentence for it, else the code's sentence; `message`
        (the engine's English) only for a code without one."""
        detail = self.reasons.get(code, {}).get(reason)
        if detail is not None:
            try:
                values = {**(words or {}), **{key: _listed(value) for key, value in (params or {}).items()}}
                return _(self.detailed[code]).format(detail=_(detail).format(**values))
            except (KeyError, IndexError):  # a parameter missing: the code's sentence without the detail
                pass
        sentence = self.sentences.get(code)
        return message if sentence is None else _(sentence).format(**(words or {}))


def _listed(value: object) -> str:
    """A parameter as a reader sees it: a list as its items in a row."""
    return ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


class EventWords(Protocol):
    """A game's site as far as telling its events goes."""

    def describe_event(self, seen: dict[str, Any], names: dict[int, str]) -> str: ...


def describe_event(site: EventWords, seen: dict[str, Any], names: dict[int, str]) -> str:
    """One event as a reader sees it, in the active language: a takeback in the hosting's words, every
    other event in its game's (`site.describe_event`)."""
    if seen.get("type") == TAKEN_BACK:
        return _("{name} took back a move: the game is as it was after event {to}.").format(
            name=names.get(seen.get("seat", -1), "?"), to=seen.get("to", "?")
        )
    return site.describe_event(seen, names)


class StoryWords(EventWords, Protocol):
    """A game's site as far as telling its history on the page goes."""

    def describe_events(self, seens: list[dict[str, Any]], names: dict[int, str]) -> list[tuple[int, int, str]]: ...
    def describe_chapter(self, chapter: dict[str, Any], names: dict[int, str]) -> tuple[str, str]: ...


def history_lines(site: StoryWords, events: list[dict[str, Any]], names: dict[int, str]) -> list[dict[str, Any]]:
    """The history's lines of these events (`services.history`'s, as the reader may see them): the game's
    site gathers what belongs together into one line (`site.describe_events`); a takeback is the hosting's
    own line. Each line: `seq` (its first event), `last`, `text`, `taken_back`, `by_service`. Events taken back,
    or played by the service, are never gathered with others."""
    lines: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []

    def told() -> None:
        for first, last, text in site.describe_events([e["data"] for e in run], names):
            part = run[first:last + 1]
            lines.append({"seq": part[0]["seq"], "last": part[-1]["seq"], "text": text,
                          "taken_back": part[0]["taken_back"], "by_service": part[0]["by_service"]})
        run.clear()

    for event in events:
        if run and (run[-1]["taken_back"], run[-1]["by_service"]) != (event["taken_back"], event["by_service"]):
            told()
        if event["data"].get("type") == TAKEN_BACK:
            told()
            lines.append({"seq": event["seq"], "last": event["seq"], "text": describe_event(site, event["data"], names),
                          "taken_back": event["taken_back"], "by_service": event["by_service"]})
        else:
            run.append(event)
    told()
    return lines
