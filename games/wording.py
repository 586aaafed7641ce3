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
