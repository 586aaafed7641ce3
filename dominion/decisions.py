"""Decisions as data: what a card asks of a player, which answers are legal, and which the engine gives.

A decision is a JSON dict: `seat` (who decides), `card` (the card that asks), `prompt` (what for),
`kind` and what may be answered:
* `cards`: pick between `min` and `max` of `cards` (card numbers) -> `{"type": "decide", "cards": [..]}`
* `choice`: one of `options` (option words, pile ids, "yes"/"no") -> `{"type": "decide", "choice": ".."}`;
  `seen` lists the cards the player looks at to decide, in their decision (Catacombs and Survivors: cards
  only they look at; Ironmonger: the card revealed to all)
* `name`: any card id -> `{"type": "decide", "name": ".."}`
* `order`: all of `cards` in an order, top first -> `{"type": "decide", "order": [..]}`
A reaction's decision also names the `reaction` card: its answers include "always" and "never", which
stand for later questions of that reaction too.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import TypedDict

from rules_kit import IllegalCommand

from .cards import ACTION, CARDS, CURSE, RUINS, SHELTER, TREASURE, VICTORY
from .commands import PREFERENCES, Decide, needs_card_numbers, needs_text
from .state import Answer, Decision, Frame, State


class DecisionSummary(TypedDict):
    """What everyone may know of a decision (`summary`: in the `waiting` event's public part)."""

    seat: int
    card: str
    prompt: str
    kind: str


NONE: Answer = object()
"""`automatic`'s answer when the player must decide."""

MAX_LISTED = 64
REACTION_ANSWERS = ["yes", "no", "always", "never"]
ALL_NAMES = sorted(CARDS)


def pick(seat: int, card: str, prompt: str, cards: list[int], lo: int, hi: int) -> Decision:
    """Pick between `lo` and `hi` of `cards` (bounds clipped to what there is)."""
    hi = min(hi, len(cards))
    return {"seat": seat, "card": card, "prompt": prompt, "kind": "cards", "cards": list(cards),
            "min": min(lo, hi), "max": hi}


def choose(seat: int, card: str, prompt: str, options: list[str], seen: list[int] | None = None) -> Decision:
    """One of `options`; `seen`: the cards the player looks at to decide (shown in their decision)."""
    decision: Decision = {"seat": seat, "card": card, "prompt": prompt, "kind": "choice", "options": list(options)}
    if seen is not None:
        decision["seen"] = list(seen)
    return decision


def react(seat: int, card: str, prompt: str, reaction: str, first: list[str] | None = None) -> Decision:
    """Whether to use a reaction now: yes, no, always, never (plus `first`, other things to do first)."""
    decision = choose(seat, card, prompt, [*(first or []), *REACTION_ANSWERS])
    decision["reaction"] = reaction
    return decision


def name(seat: int, card: str, prompt: str) -> Decision:
    """Name any card."""
    return {"seat": seat, "card": card, "prompt": prompt, "kind": "name"}


def order(seat: int, card: str, prompt: str, cards: list[int]) -> Decision:
    """Put `cards` in an order, top first."""
    return {"seat": seat, "card": card, "prompt": prompt, "kind": "order", "cards": list(cards)}


def as_asked_now(decision: Decision, stack: list[Frame]) -> Decision:
    """A decision stored by an older engine as this one asks it (`stack`: the effects waiting with it).
    Survivors' and Ironmonger's asked before event format 2 lack `seen`: the cards are those their frame
    kept (`top`: Survivors' list, Ironmonger's one card)."""
    card = decision.get("card")
    if card not in ("survivors", "ironmonger") or decision.get("prompt") != "discard_or_back" or "seen" in decision:
        return decision
    frame = next((f for f in reversed(stack) if f.get("op") == card and f.get("step") == 1), None)
    if frame is None:
        return decision
    top = frame["top"]
    return {**decision, "seen": list(top) if isinstance(top, list) else [top]}


def summary(decision: Decision) -> DecisionSummary:
    """What everyone may know of a decision: who decides, for which card, about what."""
    return {"seat": decision["seat"], "card": decision["card"], "prompt": decision["prompt"], "kind": decision["kind"]}


def automatic(state: State, decision: Decision) -> Answer:
    """The answer the engine gives itself (a standing answer, a standing preference for a prompt asked
    outside the seat's own turn, the only legal answer), else NONE."""
    reaction = decision.get("reaction")
    if reaction is not None:
        standing = state.standing[decision["seat"]].get(reaction)
        if standing is not None:
            return "yes" if standing == "always" else "no"
    preferred = by_preference(state, decision)
    if preferred is not None:
        return preferred
    kind = decision["kind"]
    if kind == "cards":
        cards, lo, hi = decision["cards"], decision["min"], decision["max"]
        if hi == 0:
            return []
        if lo == hi and (lo == len(cards) or len(set(_kinds(state, cards))) == 1):
            return cards[:lo]
    elif kind == "choice":
        if len(decision["options"]) == 1:
            return decision["options"][0]
    elif kind == "order":
        if len({state.names[c] for c in decision["cards"]}) <= 1:
            return list(decision["cards"])
    return NONE


# Where a card stands in "junk_first": the cards a deck is least hurt to lose from a hand first.
_JUNK_RANKS = ("victory_only", "curse", "ruins", "shelter", "copper")


def by_preference(state: State, decision: Decision) -> list[int] | None:
    """The cards a seat's standing preference picks for a card selection asked outside its own turn (a prompt
    of `PREFERENCES`), or None: no preference, the seat's own turn, not such a selection. Only the offered
    cards are ranked, so the answer is always legal and uses nothing the seat could not see."""
    prompt, seat = decision["prompt"], decision["seat"]
    policy = state.standing[seat].get(prompt) if prompt in PREFERENCES else None
    if policy is None or seat == state.current or decision["kind"] != "cards" or decision["min"] != decision["max"]:
        return None
    ranked = sorted(decision["cards"], key=lambda card: _preference_key(state.names[card], policy, card))
    return ranked[: decision["min"]]


def _preference_key(name: str, policy: str, card: int) -> tuple[int, int, str, int]:
    """The order a policy picks cards in: junk first (Victory-only cards, Curses, Ruins, Shelters, Coppers,
    then the rest), or cost alone; then the cheapest, then by name and number (the same cards always)."""
    facts = CARDS[name]
    rank = len(_JUNK_RANKS)
    if policy == "junk_first":
        kinds = {
            "victory_only": facts.has(VICTORY) and not facts.has(TREASURE) and not facts.has(ACTION),
            "curse": facts.has(CURSE), "ruins": facts.has(RUINS), "shelter": facts.has(SHELTER),
            "copper": name == "copper",
        }
        rank = next((i for i, kind in enumerate(_JUNK_RANKS) if kinds[kind]), rank)
    return rank, facts.cost, name, card


def parse(decision: Decision, command: Decide) -> Answer:
    """The answer a `decide` command (its fields' types checked: `read_command`) gives to `decision`;
    IllegalCommand if it is not a legal one."""
    kind = decision["kind"]
    if kind in ("cards", "order"):
        value = command.get("cards") if kind == "cards" else command.get("order")
        if value is None:
            raise needs_card_numbers(kind)
        if len(set(value)) != len(value) or not set(value) <= set(decision["cards"]):
            raise IllegalCommand("not_offered", "pick only offered cards, each once")
        if kind == "order" and len(value) != len(decision["cards"]):
            raise IllegalCommand("bad_order", "put every one of the offered cards in order")
        if kind == "cards" and not decision["min"] <= len(value) <= decision["max"]:
            raise IllegalCommand(
                "bad_count", f"pick between {decision['min']} and {decision['max']} cards, not {len(value)}"
            )
        return list(value)
    text = command.get("name") if kind == "name" else command.get("choice")
    if text is None:
        raise needs_text(kind)
    if kind == "name" and text not in CARDS:
        raise IllegalCommand("no_such_card", f"there is no card {text!r}")
    if kind == "choice" and text not in decision["options"]:
        raise IllegalCommand("not_offered", f"{text!r} is not one of {', '.join(decision['options'])}")
    return text


def answers(state: State, decision: Decision) -> list[Decide]:
    """The decide commands to list for a decision: all when at most 64 (cards of one name in one place counting
    as one), else a representative set with the smallest and the largest selections."""
    kind = decision["kind"]
    if kind == "choice":
        return [{"type": "decide", "choice": o} for o in decision["options"]]
    if kind == "name":
        return [{"type": "decide", "name": n} for n in ALL_NAMES]
    if kind == "order":
        seen: dict[tuple[str, ...], list[int]] = {}
        for perm in permutations(decision["cards"]):
            seen.setdefault(tuple(state.names[c] for c in perm), list(perm))
        return [{"type": "decide", "order": p} for p in seen.values()]
    return [{"type": "decide", "cards": c} for c in _selections(state, decision)]


def _selections(state: State, decision: Decision) -> list[list[int]]:
    by_kind: dict[tuple[str, int, str], list[int]] = {}
    for card, kind in zip(decision["cards"], _kinds(state, decision["cards"]), strict=True):
        by_kind.setdefault(kind, []).append(card)
    groups = list(by_kind.values())
    lo, hi = decision["min"], decision["max"]
    found: list[list[int]] = []
    for size in range(lo, hi + 1):
        for counts in _multisets([len(g) for g in groups], size):
            found.append([c for g, n in zip(groups, counts, strict=True) for c in g[:n]])
            if len(found) >= MAX_LISTED - 1:
                largest = [c for g in groups for c in g][:hi]
                return found if len(found[-1]) == hi else [*found, largest]
    return found


def _kinds(state: State, cards: list[int]) -> list[tuple[str, int, str]]:
    """What makes each of `cards` interchangeable with another: its name and where it lies (a Death Cart in
    play is not one in the hand, an Estate in the discard pile not one in the hand). Where every name differs
    the places are not looked up."""
    names = [state.names[c] for c in cards]
    if len(set(names)) == len(names):
        return [(name, -1, "") for name in names]
    return [(name, *place) for name, place in zip(names, places(state, cards), strict=True)]


def places(state: State, cards: list[int]) -> list[tuple[int, str]]:
    """Where each of `cards` lies: (seat, zone) of a seat's zone, (-1, "trash"), or (-1, "") elsewhere."""
    found: dict[int, tuple[int, str]] = {c: (-1, "trash") for c in state.trash}
    for seat, zones in enumerate(state.zones):
        found.update((c, (seat, zone)) for zone, listed in zones.items() for c in listed)
    return [found.get(c, (-1, "")) for c in cards]


def _multisets(limits: list[int], total: int) -> Iterator[list[int]]:
    """Every way to take `total` items with at most `limits[i]` of kind i."""
    if not limits:
        if total == 0:
            yield []
        return
    rest = sum(limits[1:])
    for n in range(max(0, total - rest), min(limits[0], total) + 1):
        for tail in _multisets(limits[1:], total - n):
            yield [n, *tail]
