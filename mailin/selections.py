"""A reply line that names the cards of a selection: "discard Copper, Copper, Estate", "Kupfer und Anwesen".

The emails list what the rules enumerate, and a choice of any set of cards (the page's checkbox form) is
more than any list: a reply may name its cards instead. Which decisions choose cards, their cards and the
names are the game's (`GameKind.card_selections`, in each language); the words of the choice (e.g. "discard",
"ablegen") are those of the command's own description. This module only reads the line and builds the
command with the named copies in the zone's order; the rules then judge it like any other command.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from games.registry import CardSelection, GameKind

from . import choices
from .choices import FILLER, LANGUAGES, Match, is_number, words

# (command, language, seat names) -> the command in that language's words.
Describe = Callable[[Mapping[str, Any], str, Mapping[int, str]], str]
Card = frozenset[tuple[str, ...]]  # a card by its names' words in every language: copies are equal

_UNKNOWN = 1000  # a word that is no card, no word of the choice and no filler: a reading avoids it
_SKIP = 1  # a word of the choice or filler, read as saying nothing of the cards
_COUNT = re.compile(r"^(\d{1,2})x?$")  # "2 Copper", "2x Copper"


def _fold(text: str) -> list[str]:
    """The words of `text` without accents ("Hütte" is "hutte"), as players type them on any keyboard."""
    return ["".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c)) for w in words(text)]


@dataclass(frozen=True)
class Offer:
    """A selection as a reply may name it: per card its names (every language), and its choice's words."""

    selection: CardSelection  # in the reader's language
    cards: tuple[Card, ...]
    verbs: frozenset[str]


def offers(
    kind: GameKind, view: dict[str, Any] | None, legal: list[dict[str, Any]], describe: Describe,
    names: Mapping[int, str],
) -> list[Offer]:
    """The card selections open now; the active language's names first (the answers are told in them)."""
    shown = kind.card_selections(view, legal)
    by_lang = []
    for lang in LANGUAGES:
        with translation.override(lang):
            by_lang.append((lang, kind.card_selections(view, legal)))
    found = []
    for position, selection in enumerate(shown):
        spelled: list[set[tuple[str, ...]]] = [{tuple(_fold(name))} for _value, name in selection.cards]
        verbs: set[str] = set()
        for lang, selections in by_lang:
            there = selections[position]
            card_words = set()
            for index, (_value, name) in enumerate(there.cards):
                spelled[index].add(tuple(_fold(name)))
                card_words |= set(_fold(name))
            example = there.example()
            if example is not None:
                verbs |= set(_fold(describe(example, lang, names))) - card_words
        found.append(Offer(selection, tuple(frozenset(n) for n in spelled), frozenset(verbs)))
    return found


@dataclass(frozen=True)
class _Reading:
    """The cheapest reading of a line's words: the cards named (with how many), the unknown words'
    positions, how many words of the choice were said."""

    cost: int
    picks: tuple[tuple[Card, int], ...] = ()
    unknown: tuple[int, ...] = ()
    verbs: int = 0


def _read(said: list[str], offer: Offer) -> _Reading:
    """Read the words as cards, words of the choice, filler and unknown words, the fewest unknown ones
    first (a name of several words is one card; separators and "and"/"und" are filler)."""
    vocabulary = {name: card for card in set(offer.cards) for name in card if name}
    best: list[_Reading] = [_Reading(0)] * (len(said) + 1)
    for i in reversed(range(len(said))):
        word, later = said[i], best[i + 1]
        options = []
        count = _COUNT.match(word)
        for name, card in vocabulary.items():
            if tuple(said[i:i + len(name)]) == name:
                rest = best[i + len(name)]
                options.append(_Reading(rest.cost, ((card, 1), *rest.picks), rest.unknown, rest.verbs))
            if count and tuple(said[i + 1:i + 1 + len(name)]) == name:
                rest = best[i + 1 + len(name)]
                options.append(_Reading(rest.cost, ((card, int(count.group(1))), *rest.picks), rest.unknown, rest.verbs))
        if word in offer.verbs or word in FILLER:
            options.append(_Reading(later.cost + _SKIP, later.picks, later.unknown, later.verbs + (word in offer.verbs)))
        options.append(_Reading(later.cost + _UNKNOWN, later.picks, (i, *later.unknown), later.verbs))
        best[i] = min(options, key=lambda r: r.cost)
    return best[0]


@dataclass(frozen=True)
class _Selected:
    """What a line says of one offer: its command, or why not (`error`); `sure` when it plainly names
    this choice (several cards: no listed choice is meant then), `meant` when it seems to try to (the
    choice's words, or several cards)."""

    command: dict[str, Any] | None
    error: str = ""
    sure: bool = False
    meant: bool = False


def _values(offer: Offer, picks: Sequence[tuple[Card, int]]) -> tuple[list[Any], str]:
    """The values of the named cards, copies taken in the zone's order; or why they cannot be chosen."""
    used: set[int] = set()
    values = []
    for card, count in picks:
        copies = [i for i, c in enumerate(offer.cards) if c == card]
        free = [i for i in copies if i not in used][:count]
        if len(free) < count:
            wanted = sum(n for c, n in picks if c == card)
            return [], _("You named %(card)s %(count)s times, but only %(held)s can be chosen.") % {
                "card": offer.selection.cards[copies[0]][1], "count": wanted, "held": len(copies)}
        used.update(free)
        values += [offer.selection.cards[i][0] for i in free]
    return values, ""


def _select(line: str, offer: Offer) -> _Selected:
    shown = re.findall(r"[\w']+", unicodedata.normalize("NFC", line))  # as `words` splits, as written
    reading = _read(_fold(line), offer)
    cards = sum(n for _card, n in reading.picks)
    meant = reading.verbs > 0 or cards > 1
    if reading.unknown or not cards:
        if not reading.unknown:
            return _Selected(None)
        unknown = " ".join(shown[i] for i in reading.unknown)
        choosable = ", ".join(dict.fromkeys(name for _value, name in offer.selection.cards))
        return _Selected(None, _("“%(words)s” is not among the cards you can choose (%(cards)s).") % {
            "words": unknown, "cards": choosable}, meant=meant)
    values, error = _values(offer, reading.picks)
    if error:
        return _Selected(None, error, meant=True)
    return _Selected(offer.selection.command(values), sure=cards > 1, meant=True)


def match_reply(
    line: str,
    listed: Sequence[dict[str, Any]],
    current: Sequence[dict[str, Any]],
    describe: Describe,
    names: Mapping[int, str],
    open_offers: Sequence[Offer],
) -> Match:
    """The command a reply line means: a listed choice by number or words (`choices.match_line`), or the
    cards of an open selection by their names. A line naming several cards is read as the selection; one
    card is a listed choice first (the one-card selections are listed, with other choices of that card);
    a line that seems meant for the selection but names no card to be chosen gets the selection's reason."""
    if is_number(line) or not open_offers:
        return choices.match_line(line, listed, current, describe, names)
    selected = [_select(line, offer) for offer in open_offers]
    sure = next((s for s in selected if s.sure), None)
    if sure is not None:
        return Match(sure.command)
    match = choices.match_line(line, listed, current, describe, names)
    if match.command is not None:
        return match
    maybe = next((s for s in selected if s.command is not None), None)
    if maybe is not None:
        return Match(maybe.command)
    meant = next((s for s in selected if s.meant and s.error), None)
    return Match(None, meant.error) if meant is not None else match
