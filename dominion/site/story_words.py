"""Dominion's history on the page in the active language, read like dominion.games' log: one line per thing
that happened. A card played with what it gave at once is one line ("Anna played Urchin: +1 card, +1
Action."), a buy and its gain one ("bought and gained Silver"), the end of a turn's cleanup one; the bookkeeping a reader does not need
(the Action a played card uses, the buy phase's start, a decision answered) is left out. The chapters
(`dominion.chapters`) are titled by round and by whose turn it is.

Every event is told as the reader's seat sees it (`RULES.redact`): cards another seat drew stay a count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .event_words import bonus_parts, describe_event
from .words import card_line, card_name, coin_count, seat_name


def describe_chapter(chapter: Mapping[str, Any], names: Mapping[int, str]) -> tuple[str, str]:
    """(the round's title, the turn's title; "" for none) of a chapter of the history."""
    round_, turn = int(chapter.get("round", 0)), int(chapter.get("turn", 0))
    if round_ == 0:
        return _("Setup"), ""
    return (_("Round {round}").format(round=round_),
            _("Turn {turn}: {who}").format(turn=turn, who=seat_name(names, chapter.get("seat"))))


def _silent(seen: Mapping[str, Any]) -> bool:
    """Bookkeeping with nothing to tell: a decision answered, the buy phase, the Action a card uses."""
    kind = seen.get("type")
    if kind == "waiting":
        return not seen.get("asks")
    if kind == "phase":
        return True
    return kind == "bonus" and seen.get("actions") == -1 and not (seen.get("buys") or seen.get("coins"))


def _drawn(seen: Mapping[str, Any]) -> str:
    count = int(seen.get("count", len(seen.get("names", []))))
    drawn = ngettext("+%(count)s card", "+%(count)s cards", count) % {"count": count}
    if seen.get("names"):  # the drawing player sees which
        return _("{drawn} ({cards})").format(drawn=drawn, cards=card_line(list(seen["names"])))
    return drawn


def _played(seens: list[Mapping[str, Any]], start: int, names: Mapping[int, str]) -> tuple[int, str]:
    """A card played (or treasures) with the draws and bonuses that follow at once for the same player:
    the index of the last event taken in, and the line."""
    played = seens[start]
    parts: list[str] = []
    end = start
    for index in range(start + 1, len(seens)):
        seen = seens[index]
        if seen.get("seat") != played.get("seat"):
            break
        if seen.get("type") == "drew":
            parts.append(_drawn(seen))
        elif seen.get("type") == "bonus" and not _silent(seen):
            parts.append(bonus_parts(seen))
        else:
            break
        end = index
    values = {"who": seat_name(names, played.get("seat")), "cards": _played_cards(played), "gains": ", ".join(parts)}
    return end, (_("{who} played {cards}: {gains}.") if parts else _("{who} played {cards}.")).format(**values)


def _played_cards(seen: Mapping[str, Any]) -> str:
    """The cards moved: their names, the same ones counted ("3 × Copper, Silver"), else how many."""
    if seen.get("names"):
        counted: dict[str, int] = {}
        for card in seen["names"]:
            counted[card] = counted.get(card, 0) + 1
        return ", ".join(card_name(c) if n == 1 else f"{n} × {card_name(c)}" for c, n in counted.items())
    count = int(seen.get("count", 0))
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _bought(seens: list[Mapping[str, Any]], start: int, names: Mapping[int, str]) -> tuple[int, str] | None:
    """A buy and the gain it causes as one line (None when the next event is not that gain)."""
    bought = seens[start]
    following = seens[start + 1] if start + 1 < len(seens) else None
    card = bought.get("card")
    if (following is None or following.get("type") != "gained" or following.get("seat") != bought.get("seat")
            or list(following.get("names", [])) != [card] or following.get("to", "discard") != "discard"
            or not isinstance(card, str)):
        return None
    return start + 1, _("{who} bought and gained {card} for {coins}.").format(
        who=seat_name(names, bought.get("seat")), card=card_name(card), coins=coin_count(int(bought.get("cost", 0))))


def _cleanup(seens: list[Mapping[str, Any]], start: int, names: Mapping[int, str]) -> tuple[int, str] | None:
    """The cards in play discarded at the end of a turn and the hand's cleanup after them as one line (None
    when the discard from play is not the cleanup: nothing of the turn's end follows it)."""
    played = seens[start]
    following = seens[start + 1] if start + 1 < len(seens) else None
    if (played.get("from") != "in_play" or following is None or following.get("seat") != played.get("seat")
            or following.get("type") not in ("cleaned_up", "shuffled", "drew", "turn_ended")):
        return None
    values = {"who": seat_name(names, played.get("seat")), "played": _played_cards(played)}
    if following.get("type") != "cleaned_up":
        return start, _("{who} cleaned up: {played} from play.").format(**values)
    return start + 1, _("{who} cleaned up: {played} from play, {hand} from the hand.").format(
        hand=_played_cards(following), **values)


# The events whose line may take in the events after them: a play with its effects, a clean-up with the hand
# discarded, a buy with its gain. Each answers (the index of the last event taken in, the line), or None.
_MERGED_LINES: dict[Any, Callable[[list[Mapping[str, Any]], int, Mapping[int, str]], tuple[int, str] | None]] = {
    "played": _played, "discarded": _cleanup, "bought": _bought,
}


def describe_events(seens: list[Mapping[str, Any]], names: Mapping[int, str]) -> list[tuple[int, int, str]]:
    """The history's lines of these events (as the reader sees them, in order), each as (the index of its
    first event, of its last, the words): one line per thing that happened."""
    lines: list[tuple[int, int, str]] = []
    index = 0
    while index < len(seens):
        seen = seens[index]
        kind = seen.get("type")
        if _silent(seen):
            index += 1
            continue
        merge = _MERGED_LINES.get(kind)
        merged = merge(seens, index, names) if merge is not None else None
        if merged is not None:  # one line for this event and those that belong to it
            end, line = merged
            lines.append((index, end, line))
            index = end + 1
            continue
        lines.append((index, index, describe_event(seen, names)))
        index += 1
    return lines


def hand_words(view: Mapping[str, Any]) -> list[str]:
    """A seat's hand as its own view shows it, in words (the replay of a finished game opens every hand)."""
    return [card_name(str(card.get("card"))) for card in view.get("hand", []) if isinstance(card, Mapping)]
