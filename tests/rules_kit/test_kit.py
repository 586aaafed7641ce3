"""The glue both games share: the stored form of events with its versions, and the fold."""

from __future__ import annotations

import pytest

from rules_kit import Event, EventCodec, IllegalCommand
from rules_kit.events import encode, redact
from rules_kit.fold import Fold


def _rename(event: Event) -> Event:
    return Event(event.type, {"name": event.public["old_name"]}, event.private, event.secret, 2)


def _count(event: Event) -> Event:
    return Event(event.type, {**event.public, "count": 1}, event.private, event.secret, 3)


CODEC = EventCodec(3, {1: _rename, 2: _count})


def test_an_event_round_trips_and_each_seat_sees_the_public_part_and_its_own() -> None:
    event = CODEC.event("drew", {"seat": 1}, {1: {"cards": [4]}}, {"deck": [5]})
    assert CODEC.decode(encode(event)) == event
    assert redact(event, 1) == {"type": "drew", "seat": 1, "cards": [4]}
    assert redact(event, 0) == redact(event, None) == {"type": "drew", "seat": 1}


def test_older_versions_are_upcast_step_by_step() -> None:
    assert CODEC.decode({"type": "named", "public": {"old_name": "a"}}) == Event("named", {"name": "a", "count": 1}, {}, {}, 3)
    assert CODEC.decode({"type": "named", "v": 2, "public": {"name": "b"}}).public == {"name": "b", "count": 1}


@pytest.mark.parametrize("data", [
    {}, {"type": 1}, {"type": "x", "public": None}, {"type": "x", "v": "3"}, {"type": "x", "v": 4},
    {"type": "x", "v": 0}, {"type": "x", "private": {"zero": {}}}, {"type": "x", "private": {"0": 5}},
])
def test_anything_else_is_a_bad_event(data: dict) -> None:
    with pytest.raises(IllegalCommand) as refused:
        CODEC.decode(data)
    assert refused.value.code == "bad_event"


def test_a_codec_needs_an_upcaster_from_every_older_version() -> None:
    with pytest.raises(ValueError):
        EventCodec(3, {1: _rename})


COUNTER: Fold[tuple[int, ...], list[int]] = Fold(
    start=lambda event: (event.public["start"],),
    handlers={"added": lambda work, event: work.append(work[-1] + event.public["n"])},
    thaw=list,
    freeze=tuple,
)


def _added(n: int) -> Event:
    return CODEC.event("added", {"n": n})


def test_fold_and_evolve_agree_and_never_change_the_state_given() -> None:
    start = COUNTER.evolve(None, CODEC.event("game_set_up", {"start": 10}))
    history = [_added(1), _added(2)]
    folded = COUNTER.fold(history, start)
    assert folded == COUNTER.evolve(COUNTER.evolve(start, history[0]), history[1]) == (10, 11, 13)
    assert start == (10,)
    assert COUNTER.fold([CODEC.event("game_set_up", {"start": 0}), *history]) == (0, 1, 3)


@pytest.mark.parametrize("history, state", [
    ([], None),  # no state at all
    ([_added(1)], None),  # a game starts with game_set_up
    ([CODEC.event("game_set_up", {"start": 0})], (0,)),  # and only there
    ([CODEC.event("lost", {})], (0,)),  # an unknown type
])
def test_a_history_that_does_not_fit_is_refused(history: list[Event], state: tuple[int, ...] | None) -> None:
    with pytest.raises(ValueError):
        COUNTER.fold(history, state)
    if state is not None:
        with pytest.raises(ValueError):
            COUNTER.evolve(state, history[0])
