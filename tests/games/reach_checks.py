"""Reach: every move the rules allow can be made from the page and by an email reply.

At a decision point, for one awaited seat: the table's HTML is read as core/static/site.js reads it
(a `button.cmd` sends its data-command; a `form.card-choice` sends {type: field: the checked value(s)},
numbers with data-numbers, a list with data-multiple, in the page's order), and every legal command must be
one such a control can send; every control must send a command the engine accepts. The email's numbered
choices must let a reply pick each legal command by its number and by its words (mailin.choices).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from games.registry import GameKind
from mailin import choices
from notifications import email_choices

from ..rules_kit.json_commands import decide_json

Command = dict[str, Any]


@dataclass
class Form:
    """A `form.card-choice` as site.js reads it."""

    type: str
    field: str
    multiple: bool
    numbers: bool
    least: int
    values: list[str] = field(default_factory=list)  # the checkboxes, radios and options, in page order

    def value(self, raw: str) -> Any:
        return int(raw) if self.numbers else raw

    def command(self, picked: list[str]) -> Command:
        """What site.js sends for these checked values (in page order)."""
        values = [self.value(v) for v in picked]
        return {"type": self.type, self.field: values if self.multiple else values[0]}

    def sends(self, command: Mapping[str, Any]) -> Command | None:
        """The command this form sends for the inputs that `command` names (None: no way to send it): the
        same values, each its own input, in page order."""
        if command.get("type") != self.type or set(command) != {"type", self.field}:
            return None
        wanted = command[self.field]
        if not self.multiple:
            return dict(command) if self.values.count(str(wanted)) and isinstance(wanted, int) == self.numbers else None
        if not isinstance(wanted, list) or len(wanted) < self.least:
            return None
        free = list(enumerate(self.values))
        picked: list[tuple[int, str]] = []
        for value in wanted:
            if isinstance(value, int) != self.numbers:
                return None
            spot = next((item for item in free if item[1] == str(value)), None)
            if spot is None:
                return None
            free.remove(spot)
            picked.append(spot)
        return self.command([v for _i, v in sorted(picked)])


class _Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[Command] = []
        self.forms: list[Form] = []
        self._form: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "button" and "cmd" in classes:
            self.buttons.append(json.loads(a["data-command"]))
        elif tag == "form" and "card-choice" in classes:
            self._form = Form(a["data-type"], a["data-field"], bool(a.get("data-multiple")), bool(a.get("data-numbers")),
                              int(a["data-min"]) if "data-min" in a else 1)
        elif self._form is not None and (tag == "option" or (tag == "input" and a.get("type") in ("checkbox", "radio"))):
            self._form.values.append(a["value"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None


def controls(html: str) -> tuple[list[Command], list[Form]]:
    """The commands of the page's buttons and its card-choice forms."""
    parser = _Controls()
    parser.feed(html)
    return parser.buttons, parser.forms


@dataclass
class Tally:
    """What was checked, and the longest choice lists of the emails (decision -> most lines)."""

    points: int = 0
    commands: int = 0
    controls: int = 0
    replies: int = 0
    longest: Counter[str] = field(default_factory=Counter)

    def note_lines(self, what: str, lines: int) -> None:
        self.longest[what] = max(self.longest[what], lines)


def table_html(kind: GameKind, view: dict[str, Any], seat: int, names: dict[int, str], legal: list[Command]) -> str:
    """The table part of the game page (game.html includes it; all of the page's controls are in it)."""
    site = kind.site_module
    return render_to_string(site.TABLE_TEMPLATE, {"table": site.table(view, seat, names, legal), "replay": None})


def check_page(kind: GameKind, state: Any, seat: int, html: str, legal: list[Command], tally: Tally) -> None:
    """Every legal command is sent by a control of `html`; every control sends a command the engine takes."""
    rules: Any = kind.rules
    buttons, forms = controls(html)

    def accepted(command: Command) -> bool:
        if command.get("type") in kind.anytime_commands:
            return True
        try:  # a control's JSON, read as the service reads a player's
            decide_json(rules, state, seat, command, random.Random(0))
        except kind.illegal_command:
            return False
        return True

    for command in legal:
        if command in buttons:
            continue
        sent = [s for s in (f.sends(command) for f in forms) if s is not None]
        assert sent, f"seat {seat}: no control sends {command}"
        assert accepted(sent[0]), f"seat {seat}: the form sends {sent[0]} for {command}, which is refused"
    for button in buttons:
        assert accepted(button), f"seat {seat}: the button {button} sends a refused command"
    for form in forms:
        assert form.values, f"seat {seat}: an empty form {form}"
        if form.multiple:  # each box is part of some legal selection (the engine checks how many)
            offered = {str(v) for c in legal if c.get("type") == form.type for v in c.get(form.field) or []}
            offered |= _decision_cards(kind, rules.view(state, seat))
            assert set(form.values) <= offered, f"seat {seat}: {form} offers {set(form.values) - offered}"
        else:
            for value in form.values:
                assert accepted(form.command([value])), f"seat {seat}: {form} sends a refused {value}"
    tally.commands += len(legal)
    tally.controls += len(buttons) + sum(len(f.values) for f in forms)


def _decision_cards(kind: GameKind, view: Mapping[str, Any]) -> set[str]:
    decision = view.get("decision") or {}
    return {str(c["id"]) for c in decision.get("cards", []) if isinstance(c, Mapping)}


def check_email(kind: GameKind, state: Any, seat: int, names: dict[int, str], legal: list[Command], tally: Tally,
                what: str, words: bool = True) -> None:
    """The turn email's choices in both languages: a reply by each number picks that legal command, and by
    the words of each choice (always for the long runs told in one line, which have no number; the
    numbered ones where `words`)."""
    rules: Any = kind.rules
    view = rules.view(state, seat)
    listed, runs = email_choices.email_choices(kind, legal, view)
    assert sorted(map(json.dumps, legal)) == sorted(json.dumps(c) for c in [*listed, *(c for r in runs for c in r)])
    for lang in choices.LANGUAGES:
        lines = email_choices.numbered_choices(kind, legal, lang, names, view)
        with translation.override(lang):  # a selection of cards adds a line with an example naming cards
            examples = [s for s in kind.card_selections(view, legal) if s.example() is not None]
        # After the choices: how to answer by email, and how to resign.
        assert len(lines) == len(listed) + len(runs) + len(examples) + 2
        tally.note_lines(what, len(lines) - 2)
    describe = partial(email_choices.describe_command, kind, view=view)
    for number, command in enumerate(listed, 1):
        assert lines[number - 1].startswith(f"{number}. ")
        assert choices.match_line(f"{number}", listed, legal, describe, names).command == command, lines[number - 1]
        tally.replies += 1
    said = Counter(describe(c, "en", names) for c in legal)
    by_words = [*(listed if words else []), *(c for run in runs for c in (run if words else run[::7]))]
    for command in by_words:
        text = describe(command, "en", names)
        assert said[text] == 1 or command in listed, f"{text!r} reads alike for several unnumbered choices"
        if said[text] == 1:
            match = choices.match_line(text, listed, legal, describe, names)
            assert match.command == command, f"{text!r} -> {match}"
            tally.replies += 1


def play_and_check(
    kind: GameKind, state: Any, bots: list[Any], rng: Any, tally: Tally, words_every: int,
    what: Callable[[dict[str, Any]], str],
) -> None:
    """Play a game from `state` with one bot per seat; at every decision point, check every awaited seat's
    page and email (an email's replies by words at every `words_every`-th point; `what` names the decision
    in the tally of the longest choice lists)."""
    rules = kind.rules
    names = {s: f"Player {s}" for s in range(len(bots))}
    while rules.awaiting(state):
        tally.points += 1
        for seat in rules.awaiting(state):
            legal = rules.legal_commands(state, seat)
            view = rules.view(state, seat)
            check_page(kind, state, seat, table_html(kind, view, seat, names, legal), legal, tally)
            check_email(kind, state, seat, names, legal, tally, what(view), words=tally.points % words_every == 0)
        seat = rules.awaiting(state)[0]
        state = rules.fold(rules.decide(state, seat, bots[seat](state, seat, rng), rng), state)
