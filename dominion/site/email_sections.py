"""The table of a Dominion turn email, in the active language: the decision asked, the reader's hand, this
turn, the Supply, the trash and every player (from the reader's view, so only what that seat may see)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from dominion.cards import BASIC, CARDS, PILE_NAMES

from .kingdom_words import pile_set
from .standing_words import standing_hint
from .words import card_line, card_name, coin_count, prompt_text, seat_name


def _supply_lines(view: Mapping[str, Any]) -> list[str]:
    lines = []
    for pile, facts in (view.get("supply") or {}).items():
        top = facts.get("top")
        cost = CARDS[top].cost if top in CARDS else "-"
        shown = card_name(pile) if pile in PILE_NAMES and top is None else card_name(top or pile)
        if pile in BASIC or pile == "ruins":
            lines.append(_("{card} (cost {cost}): {count} left").format(card=shown, cost=cost, count=facts.get("count", 0)))
        else:
            lines.append(_("{card} ({set}, cost {cost}): {count} left").format(
                card=shown, set=pile_set(pile), cost=cost, count=facts.get("count", 0)))
    return lines


def email_sections(view: dict[str, Any], seat: int | None, names: Mapping[int, str]) -> list[tuple[str, list[str]]]:
    """The table of a turn email: the decision asked, the reader's hand, this turn, the Supply, every player."""
    sections: list[tuple[str, list[str]]] = []
    if seat is not None:
        decision = view.get("decision")
        if decision:
            asked = [prompt_text(decision)]
            seen = [c["card"] for c in decision.get("seen", [])]  # looked at to decide: Catacombs, Survivors...
            if seen:
                asked.append(_("You look at (top first): {cards}").format(cards=card_line(seen)))
            sections.append((_("The decision asked of you"), asked))
            hint = standing_hint(view, seat)
            if hint:
                sections.append((_("Answer it ahead"), [hint]))
        hand = [c["card"] for c in view.get("hand", [])]
        sections.append((_("Your hand"), [card_line(sorted(hand, key=card_name))]))
    if view.get("phase") != "over":
        actions, buys, coins = (int(view.get(key, 0)) for key in ("actions", "buys", "coins"))
        sections.append((_("This turn"), [
            _("Turn {turn}, {name}: {actions}, {buys}, {coins}").format(
                name=seat_name(names, view.get("current")), turn=view.get("turn"),
                actions=ngettext("%(actions)s action", "%(actions)s actions", actions) % {"actions": actions},
                buys=ngettext("%(buys)s buy", "%(buys)s buys", buys) % {"buys": buys},
                coins=coin_count(coins),
            )
        ]))
    sections.append((_("The Supply"), _supply_lines(view)))
    sections.append((_("The trash"), [card_line([c["card"] for c in view.get("trash", [])])]))
    rows = [
        _("{name}: {hand} in hand, {deck} in the deck, {discard} in the discard pile; in play: {play}").format(
            name=seat_name(names, p["seat"]), hand=p.get("hand_size", 0), deck=p.get("deck_size", 0),
            discard=p.get("discard_size", 0), play=card_line([c["card"] for c in p.get("in_play", [])]),
        )
        for p in view.get("players", [])
    ]
    sections.append((_("The table"), rows))
    return sections


def asked_between_turns(view: Mapping[str, Any], seat: int) -> str | None:
    """What a decision asked of `seat` in another player's turn asks (e.g. a Militia's discard), in words;
    None when it is the reader's own turn (their mail says "your turn")."""
    decision = view.get("decision")
    if not decision or view.get("current") == seat:
        return None
    return prompt_text(decision)
