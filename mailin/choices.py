"""Which listed choice a line of a reply means: its number, or its words in English or German.

The words come from the same function that lists the choices in the emails (`describe_command` of the
game's words), in both languages, so "gold", "Karten ziehen", "build castle" and "baue Schloss" all find
their command without a second list of words to keep in step.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

LANGUAGES = ("en", "de")
_NUMBER = re.compile(r"^[#(\[]?\s*(\d{1,3})\s*[.)\]:]?$")
# Words that say nothing about which choice is meant.
FILLER = {
    "the", "a", "an", "please", "i", "ill", "i'll", "will", "my", "and", "then", "now", "ok", "to",
    "der", "die", "das", "den", "dem", "ein", "eine", "einen", "bitte", "ich", "mein", "meine", "und", "dann",
    "jetzt", "mit",
}

Describe = Callable[[Mapping[str, Any], str, Mapping[int, str]], str]


@dataclass(frozen=True)
class Match:
    """The command a line means, or why none could be chosen (`error`, for the answer email)."""

    command: dict[str, Any] | None
    error: str = ""


def words(text: str) -> list[str]:
    """Lower-case words without accents' case quirks (ß -> ss), punctuation dropped."""
    text = unicodedata.normalize("NFC", text).casefold()
    return [w for w in re.findall(r"[\w']+", text) if w]


def is_number(line: str) -> bool:
    """Whether the line is a choice's number ("3", "#3", "3.")."""
    return bool(_NUMBER.match(line.strip()))


def _word_score(said: str, listed: str) -> int:
    if said == listed:
        return 2
    if said.isdigit() or listed.isdigit():
        return 0
    short, long_ = sorted((said, listed), key=len)
    return 1 if len(short) >= 3 and long_.startswith(short) else 0


def _score(said: list[str], listed: list[str]) -> tuple[int, bool, float] | None:
    """How well the said words fit one description: None unless every said word is in it. Each listed
    word answers one said word only, so "keep Keep" (the district) is not also "keep Prison"; words said in
    the description's order fit better, so "Estate, Copper" is that order, not "Copper, Estate"."""
    total = 0
    unused = dict(enumerate(listed))
    spots = []
    for word in said:
        best, spot = max(((_word_score(word, w), -i) for i, w in unused.items()), default=(0, 0))
        if best == 0:
            return None
        total += best
        spots.append(-spot)
        del unused[-spot]
    return total, spots == sorted(spots), len(said) / max(len(listed), 1)


def match_line(
    line: str,
    listed: Sequence[dict[str, Any]],
    current: Sequence[dict[str, Any]],
    describe: Describe,
    names: Mapping[int, str],
) -> Match:
    """The command of `current` (the seat's legal commands now) that `line` names.

    A number picks from `listed` (the choices as numbered in the email being answered); words are
    matched against the descriptions of `current` in every language, the closest fit wins."""
    number = _NUMBER.match(line.strip())
    if number:
        index = int(number.group(1))
        if not 1 <= index <= len(listed):
            return Match(None, _("There is no choice %(number)s.") % {"number": index})
        command = dict(listed[index - 1])
        if command not in [dict(c) for c in current]:
            return Match(None, _("Choice %(number)s is no longer open.") % {"number": index})
        return Match(command)
    said = [w for w in words(line) if w not in FILLER]
    if not said:
        return Match(None, _("No choice named in this line."))
    ranked: list[tuple[tuple[int, bool, float], int]] = []
    for position, command in enumerate(current):
        scores = [_score(said, words(describe(command, lang, names))) for lang in LANGUAGES]
        best = max((s for s in scores if s is not None), default=None)
        if best is not None:
            ranked.append((best, position))
    if not ranked:
        return Match(None, _("This matches none of your choices."))
    ranked.sort(reverse=True)
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        options = "; ".join(describe(current[p], "en", names) for _s, p in ranked[:4])
        return Match(None, _("This could mean several choices (%(options)s); answer with the number.") % {"options": options})
    return Match(dict(current[ranked[0][1]]))
