"""The engine's working context: a private copy of the state, the events it records, and the effect stack.

Card effects are small resumable step functions over *frames* (plain JSON dicts: `op`, `seat`, `card`,
`step` and whatever the effect keeps). A step may push frames (what happens next, innermost last) or ask
a decision; `run` pops and runs frames until a decision waits for a player or nothing is left. Because
the stack and the decisions are data, a game can pause between any two steps for days and resume from the
event log alone. Every primitive that changes the table emits an event and applies it at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Literal, Unpack, cast, overload

from . import decisions
from .cards import CARDS, Card
from .events import (
    CODEC,
    Bonus,
    Bought,
    Chose,
    Event,
    GameEnded,
    HandRevealed,
    LookedAt,
    Moved,
    MoveVerb,
    Phase,
    PlayedByName,
    PreferenceSet,
    ReactionRevealed,
    Seat,
    SeatCount,
    Shown,
    StandingSet,
    TurnStarted,
    Waiting,
    WaitingPrivate,
    WaitingSecret,
)
from .evolve import apply
from .state import PILE, Answer, Decision, Frame, FrameData, State, clone, zone_list

_PayloadPart = Mapping[str, object]
_new_event = cast(
    Callable[[str, _PayloadPart, Mapping[int, _PayloadPart] | None, _PayloadPart | None], Event], CODEC.event,
)
"""`CODEC.event` for the typed payloads (events.py's TypedDicts are the JSON dicts it stores as they are): one
cast here, none per event."""

Step = Callable[["Recorder", Frame, Answer], None]
"""A step function: `(recorder, frame, answer)`. Each module of effects exports its own by frame `op` (card ids
for card effects) in a table `STEPS`; `decide.STEPS` merges them, and the recorder runs a frame by its `op`
there."""


class Recorder:
    """One decision being worked out: the state as it becomes, and the events that make it so."""

    def __init__(self, state: State, rng: random.Random, steps: Mapping[str, Step]) -> None:
        """Work on a copy of `state`; `steps`: the step function of each frame `op` (`decide.STEPS`)."""
        self.steps = steps
        self.s = clone(state)
        self.rng = rng
        self.events: list[Event] = []
        self.stack: list[Frame] = list(state.stack)
        self.pending: dict[int, Decision] = dict(state.pending)
        self.answers: dict[int, Answer] = dict(state.answers)

    # --- recording -------------------------------------------------------------------------------------

    # Each event type with its payload (events.py), so that mypy checks every event the engine records.
    @overload
    def emit(self, type: MoveVerb, public: Moved, private: dict[int, Shown] | None = None,
             secret: Shown | None = None) -> None: ...
    @overload
    def emit(self, type: Literal["shuffled"], public: SeatCount, *, secret: Shown) -> None: ...
    @overload
    def emit(self, type: Literal["looked_at"], public: LookedAt, private: dict[int, Shown]) -> None: ...
    @overload
    def emit(self, type: Literal["waiting"], public: Waiting, private: dict[int, WaitingPrivate],
             secret: WaitingSecret) -> None: ...
    @overload
    def emit(self, type: Literal["bonus"], public: Bonus) -> None: ...
    @overload
    def emit(self, type: Literal["turn_started"], public: TurnStarted) -> None: ...
    @overload
    def emit(self, type: Literal["turn_ended", "player_resigned"], public: Seat) -> None: ...
    @overload
    def emit(self, type: Literal["phase"], public: Phase) -> None: ...
    @overload
    def emit(self, type: Literal["bought"], public: Bought) -> None: ...
    @overload
    def emit(self, type: Literal["standing_set"], public: StandingSet) -> None: ...
    @overload
    def emit(self, type: Literal["preference_set"], public: Seat, private: dict[int, PreferenceSet]) -> None: ...
    @overload
    def emit(self, type: Literal["game_ended"], public: GameEnded) -> None: ...
    @overload
    def emit(self, type: Literal["hand_revealed"], public: HandRevealed) -> None: ...
    @overload
    def emit(self, type: Literal["chose"], public: Chose) -> None: ...
    @overload
    def emit(self, type: Literal["played_again", "played_from_supply"], public: PlayedByName) -> None: ...
    @overload
    def emit(self, type: Literal["reaction_revealed"], public: ReactionRevealed) -> None: ...

    def emit(self, type: str, public: _PayloadPart, private: Mapping[int, _PayloadPart] | None = None,
             secret: _PayloadPart | None = None) -> None:
        """Record one event and apply it to the working state."""
        event = _new_event(type, public, private, secret)
        apply(self.s, event)
        self.events.append(event)

    def finish(self) -> None:
        """Record where the effects stand when the game pauses (only if that changed)."""
        s = self.s
        if (self.stack, self.pending, self.answers) == (s.stack, s.pending, s.answers):
            return
        waiting = sorted(seat for seat in self.pending if seat not in self.answers)
        asks = [decisions.summary(self.pending[seat]) for seat in waiting]
        self.emit(
            "waiting", {"seats": waiting, "asks": asks},
            {seat: {"decision": d} for seat, d in self.pending.items()},
            {"stack": list(self.stack), "answers": {str(k): v for k, v in self.answers.items()}},
        )

    # --- reading ---------------------------------------------------------------------------------------

    def name(self, card: int) -> str:
        """The card id ("copper") of a card number."""
        return self.s.names[card]

    def card(self, card: int) -> Card:
        """The card facts of a card number."""
        return CARDS[self.s.names[card]]

    def is_(self, card: int, kind: str) -> bool:
        """Whether a card number is of type `kind`."""
        return kind in CARDS[self.s.names[card]].types

    def cost(self, card: int) -> int:
        """A card number's cost."""
        return CARDS[self.s.names[card]].cost

    def zone(self, seat: int, zone: str) -> list[int]:
        """A seat's zone as it is now (read only)."""
        return self.s.zones[seat][zone]

    def names(self, cards: list[int]) -> list[str]:
        """The card ids of card numbers."""
        return [self.s.names[c] for c in cards]

    # --- moving cards ----------------------------------------------------------------------------------

    def move(self, seat: int, cards: list[int], source: str, target: str, verb: MoveVerb,
             seen: str = "public") -> list[int]:
        """Move those of `cards` still in `source` to `target` (the others were moved away before: "lose
        track"); `seen` is who learns which cards: "public", "owner" or "nobody". Returns the moved cards.
        Cards put onto a deck or a pile are listed top first."""
        here = zone_list(self.s, seat, source)
        moved = [c for c in cards if c in here]
        if not moved:
            return []
        public: Moved = {"seat": seat, "from": source, "to": target, "count": len(moved)}
        shown: Shown = {"cards": moved, "names": self.names(moved)}
        if seen == "public":
            self.emit(verb, {**public, **shown})
            return moved
        if target == "discard":
            public["top"] = self.name(moved[-1])
        if seen == "owner":
            self.emit(verb, public, {seat: shown})
        else:
            self.emit(verb, public, secret={"cards": moved})
        return moved

    def ensure(self, seat: int, count: int) -> None:
        """Shuffle the discard pile under the deck when the deck holds fewer than `count` cards."""
        zones = self.s.zones[seat]
        if len(zones["deck"]) < count and zones["discard"]:
            order = list(zones["discard"])
            self.rng.shuffle(order)
            self.emit("shuffled", {"seat": seat, "count": len(order)}, secret={"cards": order})

    def look(self, seat: int, count: int, card: str) -> list[int]:
        """Look at the top `count` cards of a deck for `card` (shuffling if needed): they stay there, and
        only the seat learns which they are (the others how many). Returns them, top first."""
        self.ensure(seat, count)
        top = list(self.zone(seat, "deck")[:count])
        if top:
            self.emit("looked_at", {"seat": seat, "card": card, "count": len(top)},
                      {seat: {"cards": top, "names": self.names(top)}})
        return top

    def draw(self, seat: int, count: int) -> list[int]:
        """Draw up to `count` cards (shuffling if needed); returns the drawn cards."""
        if count <= 0:
            return []
        self.ensure(seat, count)
        return self.move(seat, self.zone(seat, "deck")[:count], "deck", "hand", "drew", "owner")

    def reveal(self, seat: int, count: int) -> list[int]:
        """Reveal the top `count` cards of a deck, setting them aside face up."""
        self.ensure(seat, count)
        return self.move(seat, self.zone(seat, "deck")[:count], "deck", "set_aside", "revealed")

    def discard(self, seat: int, cards: list[int], source: str = "hand") -> list[int]:
        """Discard cards (face up) from a zone."""
        return self.move(seat, cards, source, "discard", "discarded")

    def plus(self, actions: int = 0, buys: int = 0, coins: int = 0) -> None:
        """+Actions, +Buys, +$ for the player whose turn it is (named in the event for the history's words;
        the fold does not read it, and older events lack it)."""
        bonus: Bonus = {"seat": self.s.current}
        if actions:
            bonus["actions"] = actions
        if buys:
            bonus["buys"] = buys
        if coins:
            bonus["coins"] = coins
        if len(bonus) > 1:
            self.emit("bonus", bonus)

    def gain(self, seat: int, pile: str, target: str = "discard") -> int | None:
        """Gain the top card of a pile (nothing if it is empty); runs the gain's triggers next."""
        top = self.s.top(pile)
        if top is None:
            return None
        self.gain_card(seat, top, PILE + pile, target)
        return top

    def gain_card(self, seat: int, card: int, source: str, target: str = "discard") -> None:
        """Gain one card from a pile or the trash; pushes what gaining it triggers."""
        if self.move(seat, [card], source, target, "gained"):
            self.push({"op": "gained", "seat": seat, "card": card, "step": 0})

    def trash(self, seat: int, cards: list[int], source: str) -> list[int]:
        """Trash cards of `seat` (each player trashes only their own); pushes the when-trashed effects
        and reactions, which resolve before whatever the caller pushed earlier."""
        moved = self.move(seat, cards, source, "trash", "trashed")
        if moved:
            self.push({"op": "trashed", "seat": seat, "todo": moved, "offer": True, "step": 0})
        return moved

    # --- flow ------------------------------------------------------------------------------------------

    def push(self, frame: Frame) -> None:
        """Push a frame to run after whatever is pushed later."""
        self.stack.append(frame)

    def then(self, f: Frame, step_: int, **data: Unpack[FrameData]) -> None:
        """Push the continuation of frame `f` at `step_` (with `data` changed)."""
        frame = f.copy()
        frame.pop("ans", None)
        frame.pop("joint", None)
        frame.update(cast(Frame, data))  # FrameData: some keys of a Frame
        frame["step"] = step_
        self.stack.append(frame)

    def ask(self, f: Frame, step_: int, decision: Decision, **data: Unpack[FrameData]) -> None:
        """Ask `decision` and continue `f` at `step_` with the answer; an answer the engine can give
        itself (the only legal one, a standing answer) is given at once."""
        self.then(f, step_, **data)
        answer = decisions.automatic(self.s, decision)
        if answer is not decisions.NONE:
            self.stack[-1]["ans"] = answer
        else:
            self.pending = {decision["seat"]: decision}

    def ask_each(self, f: Frame, step_: int, questions: list[Decision], **data: Unpack[FrameData]) -> None:
        """Ask several players at once (each decides alone); `f` continues at `step_` with a dict
        seat -> answer once all have answered."""
        joint: FrameData = {"joint": True, **data}
        self.then(f, step_, **joint)
        answers: dict[int, Answer] = {}
        waiting: dict[int, Decision] = {}
        for decision in questions:
            answer = decisions.automatic(self.s, decision)
            if answer is decisions.NONE:
                waiting[decision["seat"]] = decision
            else:
                answers[decision["seat"]] = answer
        if waiting:
            self.pending, self.answers = waiting, answers
        else:
            self.stack[-1]["ans"] = {str(k): v for k, v in answers.items()}

    def answer(self, seat: int, answer: Answer) -> None:
        """Take a player's answer to the decision asked of them."""
        if not self.stack[-1].get("joint"):
            self.pending = {}
            frame = self.stack.pop()
            self.steps[frame["op"]](self, frame, answer)
            return
        self.answers[seat] = answer
        if all(s in self.answers for s in self.pending):
            answers = {str(k): v for k, v in self.answers.items()}
            self.pending, self.answers = {}, {}
            frame = self.stack.pop()
            self.steps[frame["op"]](self, frame, answers)

    def run(self) -> None:
        """Run the effects until a decision waits or nothing is left."""
        while not self.pending and self.stack:
            frame = self.stack.pop()
            self.steps[frame["op"]](self, frame, frame.get("ans"))
