"""Draft wishes (`set_wishes`, citadels.wishes): set ahead by any seat, taken at once when its pick comes
(the first wished character among those handed to it), else asked as always; private to the seat; for the
picks of one draft; random games with random wishes stay legal and replay alike."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citadels import RULES
from citadels.bots import heuristic_bot, random_bot
from citadels.information import seen_by
from citadels.state import DRAFT, TURNS, State

from ..rules_kit.json_commands import decide_json
from .scenario import Table, order

# 4 players, order(): the Assassin and the Thief face up, the Magician face down; handed round from seat 0:
# king, bishop, merchant, architect, warlord.


def test_wishes_set_off_turn_take_the_first_wished_character_handed_when_the_pick_comes() -> None:
    table = Table(4, order(), order())
    table.do("set_wishes", by=2, characters=["king", "warlord", "merchant"])
    assert RULES.awaiting(table.state) == [0]
    table.draft("king")  # seat 0 takes the King; seat 1 picks next
    table.draft("bishop")  # seat 1's pick: seat 2's is taken at once, by its second wish
    assert table.state.chosen[2] == ("warlord",) and RULES.awaiting(table.state) == [3]
    chosen = [e for e in table.events if e.type == "character_chosen" and e.public["seat"] == 2]
    assert len(chosen) == 1 and chosen[0].private == {2: {"character": "warlord"}}
    assert table.state.wishes_of(2) == ()  # used up with the seat's last pick of this draft


def test_no_wished_character_handed_asks_as_always() -> None:
    table = Table(4, order(), order())
    table.do("set_wishes", by=1, characters=["magician", "assassin"])  # face down and face up: never handed
    table.draft("king")
    assert RULES.awaiting(table.state) == [1] and table.state.chosen[1] == ()
    assert table.view(1)["wishes"] == ["magician", "assassin"]
    table.draft("bishop")
    assert table.state.wishes_of(1) == ()


def test_wishes_set_while_the_pick_is_awaited_take_it_at_once() -> None:
    table = Table(4, order(), order())
    table.do("set_wishes", by=0, characters=["merchant"])
    assert table.state.chosen[0] == ("merchant",) and RULES.awaiting(table.state) == [1]


def test_wishes_of_every_seat_close_the_draft_and_call_the_first_character() -> None:
    table = Table(4, order(), order())
    for seat, wished in ((1, ["bishop"]), (2, ["architect"]), (3, ["warlord", "king"])):
        table.do("set_wishes", by=seat, characters=wished)
    table.draft("king")
    assert table.state.phase == TURNS and table.state.chosen == (("king",), ("bishop",), ("architect",), ("warlord",))
    assert table.state.wishes == ()


def test_wishes_set_after_the_seats_last_pick_are_for_the_next_round() -> None:
    table = Table(4, order(), order())
    table.draft("king")
    table.do("set_wishes", by=0, characters=["architect"])
    table.draft("bishop", "merchant", "warlord")
    assert table.state.phase == TURNS and table.view(0)["wishes"] == ["architect"]
    table.finish_round()
    assert table.state.phase == DRAFT and table.state.round == 2
    assert table.state.crown == 0  # the King's: taken at once as the new draft opens
    assert table.state.chosen[0] == ("architect",) and RULES.awaiting(table.state) == [1]
    assert table.state.wishes == ()


def test_two_player_draft_uses_the_wishes_for_each_choice_not_for_the_discards() -> None:
    table = Table(2, order())  # assassin face down; handed: thief, magician, king, bishop, merchant, architect, warlord
    table.do("set_wishes", by=1, characters=["king", "architect"])
    table.draft("thief")  # seat 0 keeps the Thief; seat 1's choice is taken: the King
    assert table.state.chosen[1] == ("king",) and table.state.draft_steps[0] == (1, "discard")
    table.draft("bishop")  # seat 1 discards; seat 0 chooses and discards
    table.draft("magician", "merchant")
    assert table.state.chosen[1] == ("king", "architect") and table.state.phase == TURNS


def test_a_wish_is_refused_by_the_games_characters_only() -> None:
    table = Table(4, order(), order())
    assert table.refuse("set_wishes", by=3, characters=["witch"]) == "not_a_character"
    assert table.refuse("set_wishes", by=3, characters=["king", "king"]) == "wished_twice"
    assert table.refuse("set_wishes", by=3, characters=[]) == "same_wishes"
    assert table.refuse("set_wishes", by=3, characters="king") == "malformed"
    # a character face up, face down or already taken is a wish like any other: nothing is told
    table.do("set_wishes", by=3, characters=["assassin", "magician"])


def test_wishes_are_the_seats_secret() -> None:
    table = Table(4, order(), order())
    events = table.do("set_wishes", by=2, characters=["warlord"])
    assert RULES.redact(events[0], 1) == {"type": "wishes_set", "seat": 2}
    assert RULES.redact(events[0], 2)["characters"] == ["warlord"]
    assert "wishes" not in table.view(1) and "wishes" not in table.view(None)
    assert table.view(2)["wishes"] == ["warlord"]
    assert seen_by(table.state, 1).wishes == () and seen_by(table.state, 2).wishes_of(2) == ("warlord",)
    assert "set_wishes" in RULES.anytime_commands and "set_wishes" not in {c["type"] for c in table.legal()}


def test_ask_me_clears_the_wishes() -> None:
    table = Table(4, order(), order())
    table.do("set_wishes", by=2, characters=["warlord"])
    table.do("set_wishes", by=2, characters=[])
    assert table.state.wishes == ()
    table.draft("king", "bishop")
    assert RULES.awaiting(table.state) == [2]


# --- random games with random wishes ------------------------------------------------------------------------


def _play(seed: int, players: int) -> tuple[State, list[object]]:
    rng = random.Random(seed)
    options: dict[str, object] = {"random_characters": True} if players == 8 or rng.random() < 0.4 else {}
    events = RULES.setup(options, players, rng)
    state = RULES.fold(events)
    for _ in range(4000):
        if not RULES.awaiting(state):
            break
        if rng.random() < 0.1:
            seat = rng.randrange(players)
            wished = rng.sample(state.rules.characters, rng.randint(0, 4))
            command: dict[str, object] = {"type": "set_wishes", "characters": wished}
            if tuple(wished) == state.wishes_of(seat):
                continue
        else:
            seat = RULES.awaiting(state)[0]
            bot = heuristic_bot if rng.random() < 0.7 else random_bot
            command = dict(bot(seen_by(state, seat), seat, rng))
        new = decide_json(RULES, state, seat, command, rng)
        state = RULES.fold(new, state)
        events += new
        if state.phase == DRAFT and state.draft_steps and state.draft_steps[0].action == "choose":
            step = state.draft_steps[0]
            assert not set(state.wishes_of(step.seat)) & set(state.draft_pile), "a wish handed was not taken"
    return state, events


@given(seed=st.integers(0, 2**32), players=st.integers(2, 8))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_with_random_wishes_stay_legal_and_replay_alike(seed: int, players: int) -> None:
    state, events = _play(seed, players)
    replayed = RULES.fold([RULES.decode(RULES.encode(e)) for e in events])  # type: ignore[arg-type]
    assert replayed == state
    assert RULES.load_state(RULES.dump_state(state)) == state
    for seat in range(players):
        assert RULES.view(state, seat).get("wishes", []) == list(state.wishes_of(seat))
        assert all(seen_by(state, seat).wishes_of(other) == () for other in range(players) if other != seat)


def test_at_seven_players_the_last_choosers_wish_weighs_the_face_down_card_too() -> None:
    table = Table(7, order())  # the Assassin face down; the other seven handed round from seat 0
    table.do("set_wishes", by=6, characters=["assassin"])
    table.draft("thief", "magician", "king", "bishop", "merchant", "architect")
    assert table.state.chosen[6] == ("assassin",) and table.state.phase == TURNS
    assert "warlord" in table.state.face_down
