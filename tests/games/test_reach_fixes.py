"""The dead ends the reach tests (tests/citadels/site/test_reach.py, tests/dominion/site/test_reach.py) found, each shown on its own: a Magician's two copies of a
district, a district named like a verb, an order of cards by words, and a Diplomat's hundreds of exchanges."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.utils import translation

from games.registry import get_kind
from mailin import choices
from notifications import email_choices
from tests.games.reach_checks import controls, table_html

CITADELS, DOMINION = get_kind("citadels"), get_kind("dominion")
NAMES = {0: "Ann", 1: "Bob"}


def test_the_magicians_card_choice_has_a_box_for_each_copy_so_both_can_be_discarded() -> None:
    view = {"hand": ["tavern", "tavern", "temple"], "players": []}
    legal = [{"type": "redraw", "districts": ["tavern"]}, {"type": "redraw", "districts": ["tavern", "tavern", "temple"]}]
    with translation.override("en"):
        (form,) = controls(table_html(CITADELS, view, 0, NAMES, legal))[1]
    assert form.values == ["tavern", "tavern", "temple"]
    assert form.sends(legal[1]) == legal[1]


def _match(kind: Any, line: str, legal: list[dict[str, Any]], view: dict[str, Any] | None = None) -> Any:
    describe = partial(email_choices.describe_command, kind, view=view)
    return choices.match_line(line, legal, legal, describe, NAMES).command


def test_a_reply_in_words_uses_each_word_of_a_choice_once_and_in_its_order() -> None:
    keep = [{"type": "keep_card", "district": "prison"}, {"type": "keep_card", "district": "keep"}]
    assert _match(CITADELS, "Keep Keep", keep) == keep[1]
    assert _match(CITADELS, "keep prison", keep) == keep[0]
    view = {"decision": {"prompt": "order", "kind": "order", "cards": [{"id": 2, "card": "copper"},
                                                                        {"id": 9, "card": "estate"}]}}
    orders = [{"type": "decide", "order": [2, 9]}, {"type": "decide", "order": [9, 2]}]
    assert _match(DOMINION, "Estate, Copper", orders, view) == orders[1]
    assert _match(DOMINION, "copper estate", orders, view) == orders[0]


def test_a_long_run_of_one_choice_is_one_email_line_answered_in_words() -> None:
    exchanges = [{"type": "exchange", "own": own, "seat": 1, "their": their}
                 for own in ("tavern", "temple", "market", "castle", "harbor", "palace")
                 for their in ("manor", "prison", "church", "docks", "keep")]
    legal = [{"type": "take_gold"}, *exchanges, {"type": "end_turn"}]
    numbered, runs = email_choices.email_choices(CITADELS, legal)
    assert numbered == [{"type": "take_gold"}, {"type": "end_turn"}] and runs == [exchanges]
    lines = email_choices.numbered_choices(CITADELS, legal, "en", NAMES)
    assert len(lines) == 5 and lines[2].startswith("30 more choices like")  # then how to answer, how to resign
    wanted = exchanges[7]
    assert _match(CITADELS, email_choices.describe_command(CITADELS, wanted, "de", NAMES), legal) == wanted
    # A short list is numbered as before.
    assert email_choices.email_choices(CITADELS, legal[:10]) == (CITADELS.choices_in_order(legal[:10], None), [])
