"""`evolve(state, event) -> state`: the only way a state changes. Pure: it copies, never draws.

`apply` changes a state in place; the engine uses it on its private working copy while it decides, and
`evolve` and `fold` (`rules_kit.fold`) use it on a fresh copy (`clone`), so the three cannot differ.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast, get_args

from rules_kit.fold import Fold

from .events import (
    Bonus,
    Bought,
    Event,
    GameEnded,
    GameSetUp,
    GameSetUpSecret,
    Moved,
    MoveVerb,
    Phase,
    PlayedByName,
    PreferenceSet,
    Seat,
    SeatCount,
    Shown,
    StandingSet,
    TurnStarted,
    WaitingPrivate,
    WaitingSecret,
)
from .state import BUY_PHASE, OVER, State, clone, zone_list

Handler = Callable[[State, Event], None]

# Events that move cards from one zone to another; the verb is only for the history.
MOVES = frozenset(get_args(MoveVerb))


def _game_set_up(event: Event) -> State:
    public, secret = cast(GameSetUp, event.public), cast(GameSetUpSecret, event.secret)
    players = public["players"]
    return State(
        names=tuple(secret["names"]), players=players, kingdom=tuple(public["kingdom"]),
        shelters=public["shelters"], supply=tuple(public["supply"]), non_supply=tuple(public["non_supply"]),
        zones=[{k: list(v) for k, v in z.items()} for z in secret["zones"]],
        piles={k: list(v) for k, v in secret["piles"].items()},
        current=public["first"], turns=[0] * players, standing=[{} for _ in range(players)],
    )


def event_cards(event: Event) -> list[int]:
    """The card numbers an event moves, wherever the event keeps them (public, private or secret)."""
    for part in (event.public, event.secret, *event.private.values()):
        if "cards" in part:
            return cast(Shown, part)["cards"]
    raise ValueError(f"{event.type} names no cards")


def _move(state: State, event: Event) -> None:
    public = cast(Moved, event.public)
    if event.type == "played":
        _count_plays(state, public.get("names") or [])
    seat = public["seat"]
    cards = event_cards(event)
    source = zone_list(state, seat, public["from"])
    for card in cards:
        source.remove(card)  # ValueError when the card is not there: a corrupt log must not fold quietly
    target = zone_list(state, seat, public["to"])
    if public["to"] == "deck" or public["to"].startswith("pile:"):
        target[:0] = cards  # onto the top, listed top first
    else:
        target.extend(cards)


MERCHANT_COUNTS = ("merchant", "silver")


def _count_plays(state: State, names: list[str]) -> None:
    """Count this turn's plays of Merchants and Silvers (in games with Merchant only; a played card's name
    is always public)."""
    if "merchant" not in state.kingdom:
        return
    for name in names:
        if name in MERCHANT_COUNTS:
            state.turn_plays[name] = state.turn_plays.get(name, 0) + 1


def _played_by_name(state: State, event: Event) -> None:
    _count_plays(state, [cast(PlayedByName, event.public)["name"]])


def _shuffled(state: State, event: Event) -> None:
    zones = state.zones[cast(SeatCount, event.public)["seat"]]
    order = cast(Shown, event.secret)["cards"]
    if sorted(order) != sorted(zones["discard"]):
        raise ValueError("shuffled does not match the discard pile")
    zones["deck"].extend(order)
    zones["discard"].clear()


def _bonus(state: State, event: Event) -> None:
    public = cast(Bonus, event.public)
    state.actions += public.get("actions", 0)
    state.buys += public.get("buys", 0)
    state.coins += public.get("coins", 0)


def _turn_started(state: State, event: Event) -> None:
    public = cast(TurnStarted, event.public)
    seat = public["seat"]
    state.current, state.turn, state.phase = seat, public["turn"], "action"
    state.actions, state.buys, state.coins, state.bought = 1, 1, 0, 0
    state.turns[seat] += 1
    state.turn_plays = {}


def _phase(state: State, event: Event) -> None:
    state.phase = cast(Phase, event.public)["phase"]


def _bought(state: State, event: Event) -> None:
    state.phase = BUY_PHASE
    state.coins -= cast(Bought, event.public)["cost"]
    state.buys -= 1
    state.bought += 1


def _waiting(state: State, event: Event) -> None:
    secret = cast(WaitingSecret, event.secret)
    state.stack = list(secret["stack"])
    state.answers = {int(k): v for k, v in secret["answers"].items()}
    state.pending = {seat: cast(WaitingPrivate, part)["decision"] for seat, part in event.private.items()}


def _standing(state: State, event: Event) -> None:
    public = cast(StandingSet, event.public)
    answers = state.standing[public["seat"]]
    if public["answer"] == "ask":
        answers.pop(public["card"], None)
    else:
        answers[public["card"]] = public["answer"]


def _preference(state: State, event: Event) -> None:
    """A standing preference (kept beside the reactions' answers, keyed by its prompt: no prompt is a card)."""
    seat = cast(Seat, event.public)["seat"]
    private = cast(PreferenceSet, event.private[seat])
    answers = state.standing[seat]
    if private["policy"] == "ask":
        answers.pop(private["prompt"], None)
    else:
        answers[private["prompt"]] = private["policy"]


def _game_ended(state: State, event: Event) -> None:
    state.phase = OVER
    public = cast(GameEnded, event.public)
    state.scores = [s.copy() for s in public["scores"]]
    state.winners = list(public["winners"])


def _player_resigned(state: State, event: Event) -> None:
    state.resigned = sorted({*state.resigned, cast(Seat, event.public)["seat"]})


def _nothing(state: State, event: Event) -> None:
    """Events for the history only (a hand revealed, cards looked at, a card named, a choice made)."""


_HANDLERS: dict[str, Handler] = {
    **dict.fromkeys(MOVES, _move),
    "shuffled": _shuffled,
    "bonus": _bonus,
    "turn_started": _turn_started,
    "phase": _phase,
    "bought": _bought,
    "waiting": _waiting,
    "standing_set": _standing,
    "preference_set": _preference,
    "game_ended": _game_ended,
    "player_resigned": _player_resigned,
    "hand_revealed": _nothing,
    "looked_at": _nothing,
    "chose": _nothing,
    "turn_ended": _nothing,
    "played_again": _played_by_name,
    "played_from_supply": _played_by_name,
    "reaction_revealed": _nothing,
}


def _same(state: State) -> State:
    return state


FOLD: Fold[State, State] = Fold(_game_set_up, _HANDLERS, clone, _same)
evolve = FOLD.evolve
fold = FOLD.fold
apply = FOLD.apply
