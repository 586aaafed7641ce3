"""The choices of a turn email: numbered in the order the game's table shows them, long runs of one kind
told in one line, examples of naming cards. `mailin` reads a reply back against the same list, so the two
never disagree on what a number means."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from games.registry import GameKind


def describe_command(
    kind: GameKind, command: Mapping[str, Any], lang: str, names: Mapping[int, str], view: dict[str, Any] | None = None
) -> str:
    """One command in the kind's words, in `lang` (the emails' choices and the words a reply may use);
    `view` is the sender's (for kinds whose commands name cards by number)."""
    with translation.override(lang):
        return kind.describe_command(dict(command), dict(names), view)


# More choices of one type than this (every pair of things to exchange, every card of a kind to name) are
# told in one line with an example, and answered in words: a list of hundreds is no one's read.
LONG_RUN = 24  # above the count of the choices of one type a game usually offers (a full list of those is read)


def email_choices(
    kind: GameKind, commands: list[dict[str, Any]], view: dict[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """The choices the emails number, in the order the game's table shows them
    (`GameKind.choices_in_order`; a reply by number is read back with this list), and the long runs of one
    command type that they tell in one line each instead (a reply names one of those in words)."""
    ordered = kind.choices_in_order(commands, view)
    counts = Counter(str(c.get("type")) for c in ordered)
    numbered = [c for c in ordered if counts[str(c.get("type"))] <= LONG_RUN]
    runs: dict[str, list[dict[str, Any]]] = {}
    for command in ordered:
        if counts[str(command.get("type"))] > LONG_RUN:
            runs.setdefault(str(command.get("type")), []).append(command)
    return numbered, list(runs.values())


def numbered_choices(
    kind: GameKind, commands: list[dict[str, Any]], lang: str, names: Mapping[int, str],
    view: dict[str, Any] | None = None,
) -> list[str]:
    """The choices as the emails list them (`email_choices`): numbered from 1, a long run in one line
    with an example to answer in words, a selection of cards with an example naming cards, and how to
    answer by email."""
    numbered, runs = email_choices(kind, commands, view)
    with translation.override(lang):
        lines = [f"{n}. {kind.describe_command(c, dict(names), view)}" for n, c in enumerate(numbered, 1)]
        lines += [
            _("{count} more choices like “{example}”: write the one you want in these words.").format(
                count=len(run), example=kind.describe_command(run[-1], dict(names), view))
            for run in runs
        ]
        # A choice of any set of cards is more than any list: its cards may be named (mailin.selections).
        examples = (s.example() for s in kind.card_selections(view, commands))
        lines += [_("Or write the cards you choose, e.g. “{example}”.").format(
            example=kind.describe_command(e, dict(names), view)) for e in examples if e is not None]
        hint = _("Reply to this email to play: write the number or the words of your choice on the first "
                 "line, one line per move for several moves.")
        resign = _("To resign the game, write “resign” alone on a line (the bot then plays your seat).")
    return lines + [hint, resign] if lines else lines
