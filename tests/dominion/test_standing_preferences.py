"""Standing preferences for the prompts an Attack asks outside one's own turn (`set_preference`), and the
standing answers for reactions set while the reaction is asked: each answers at once, through the same
events as a player's own answer; random games with random standing answers stay legal and replay alike."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominion import RULES
from dominion.bots import random_bot
from dominion.commands import PREFERENCES, REACTIONS, read_command
from dominion.information import seen_by
from dominion.state import State

from ..rules_kit.json_commands import decide_json
from .invariants import check_state, check_waiting
from .table import Table

COPPERS = ["copper"] * 4


def _refusal(command: dict[str, object]) -> tuple[str, str]:
    from dominion import IllegalCommand

    with pytest.raises(IllegalCommand) as error:
        read_command(command)
    return error.value.code, error.value.reason


def test_set_preference_is_read_and_refused_by_its_fields() -> None:
    command = {"type": "set_preference", "prompt": "discard_down", "policy": "junk_first"}
    assert read_command(command) is command and RULES.normalize_command(command) == command
    assert _refusal({"type": "set_preference", "prompt": "buy", "policy": "ask"}) == ("not_a_preference", "")
    assert _refusal({"type": "set_preference", "prompt": "trash_revealed", "policy": "junk_first"}) == (
        "malformed", "needs_choice")
    assert "set_preference" in RULES.anytime_commands


def test_militia_discards_by_the_victims_stated_preference_at_once() -> None:
    t = Table("militia", players=3, hand=["militia", *COPPERS], shelters=False)
    t.clear(1, "hand")
    t.put(1, "hand", "gold", "estate", "curse", "silver", "copper")
    t.clear(2, "hand")
    t.put(2, "hand", "gold", "estate", "curse", "silver", "copper")
    t.do("set_preference", by=1, prompt="discard_down", policy="junk_first")
    t.do("set_preference", by=2, prompt="discard_down", policy="cheapest_first")
    events = t.play("militia")
    assert not t.state.pending
    assert sorted(t.hand(1)) == ["copper", "gold", "silver"]  # the Estate and the Curse went
    assert sorted(t.hand(2)) == ["estate", "gold", "silver"]  # cost 0 first: the Curse, then the Copper
    discards = [e for e in events if e.type == "discarded"]
    assert [e.public["seat"] for e in discards] == [1, 2]  # as if each had answered: the same events


def test_a_preference_set_while_the_discard_is_asked_answers_it_at_once() -> None:
    t = Table("militia", hand=["militia", *COPPERS], shelters=False)
    t.clear(1, "hand")
    t.put(1, "hand", "gold", "estate", "estate", "silver", "copper")
    t.play("militia")
    assert 1 in t.state.pending
    t.do("set_preference", by=1, prompt="discard_down", policy="junk_first")
    assert not t.state.pending and sorted(t.hand(1)) == ["copper", "gold", "silver"]
    assert t.state.standing[1] == {"discard_down": "junk_first"}


def test_ask_clears_the_preference_and_the_victim_is_asked_again() -> None:
    t = Table("militia", hand=["militia", *COPPERS], shelters=False)
    t.put(1, "hand", "estate")
    t.do("set_preference", by=1, prompt="discard_down", policy="junk_first")
    t.do("set_preference", by=1, prompt="discard_down", policy="ask")
    assert t.state.standing[1] == {}
    t.play("militia")
    assert 1 in t.state.pending


def test_bureaucrat_and_bandit_by_preference() -> None:
    t = Table("bureaucrat", hand=["bureaucrat", *COPPERS], shelters=False)
    t.clear(1, "hand")
    t.put(1, "hand", "duchy", "estate", "copper")
    t.do("set_preference", by=1, prompt="victory_onto_deck", policy="cheapest_first")
    t.play("bureaucrat")
    assert not t.state.pending and t.names(1, "deck")[0] == "estate"
    b = Table("bandit", hand=["bandit", *COPPERS])
    b.put(1, "deck", "gold", "silver")
    b.do("set_preference", by=1, prompt="trash_revealed", policy="cheapest_first")
    b.play("bandit")
    assert not b.state.pending and "silver" in b.trash() and "gold" in b.names(1, "discard")


def test_a_preference_never_answers_its_prompt_on_the_seats_own_turn() -> None:
    # Sir Michael's discard down is asked of the others only; Thief's trash is the attacker's own choice.
    t = Table("thief", hand=["thief", *COPPERS])
    t.put(1, "deck", "gold", "silver")
    t.do("set_preference", by=0, prompt="trash_revealed", policy="cheapest_first")
    t.play("thief")
    assert 0 in t.state.pending and t.state.pending[0]["prompt"] == "trash_revealed"


def test_a_preference_is_the_seats_own_secret() -> None:
    t = Table("militia", hand=["militia", *COPPERS])
    events = t.do("set_preference", by=1, prompt="discard_down", policy="junk_first")
    assert events[0].public == {"seat": 1}
    assert RULES.redact(events[0], 0) == {"type": "preference_set", "seat": 1}
    assert RULES.redact(events[0], 1)["policy"] == "junk_first"
    assert RULES.view(t.state, 1)["standing"] == {"discard_down": "junk_first"}
    assert "discard_down" not in (RULES.view(t.state, 0).get("standing") or {})
    assert seen_by(t.state, 0).standing[1] == {}
    assert not RULES.reveals(events[0], 1)  # a free takeback, as a reaction's standing answer


def test_moat_always_set_while_moat_is_asked_reveals_it_at_once() -> None:
    t = Table("militia", "moat", hand=["militia", *COPPERS])
    t.put(1, "hand", "moat")
    t.play("militia")
    assert t.state.pending[1]["reaction"] == "moat"
    t.do("set_reaction", by=1, card="moat", answer="always")
    assert not t.state.pending and len(t.hand(1)) == 6


# --- random games with random standing answers ------------------------------------------------------------

ATTACKERS = ["militia", "bureaucrat", "bandit", "moat", "beggar", "urchin", "junk_dealer", "knights", "market_square",
             "cultist", "witch", "village", "smithy", "cellar", "chapel", "rogue", "pillage", "hunting_grounds"]


def _random_standing(rng: random.Random) -> dict[str, str]:
    if rng.random() < 0.5:
        prompt = rng.choice(sorted(PREFERENCES))
        return {"type": "set_preference", "prompt": prompt, "policy": rng.choice([*PREFERENCES[prompt], "ask"])}
    return {"type": "set_reaction", "card": rng.choice(REACTIONS), "answer": rng.choice(["always", "never", "ask"])}


def _play(seed: int, players: int) -> tuple[State, list[object]]:
    rng = random.Random(seed)
    kingdom = sorted(rng.sample(ATTACKERS, 10))
    events = RULES.setup({"kingdom": kingdom}, players, rng)
    state = RULES.fold(events)
    for _ in range(3000):
        if not RULES.awaiting(state):
            break
        if rng.random() < 0.08:
            seat, command = rng.randrange(players), _random_standing(rng)
        else:
            seat = rng.choice(RULES.awaiting(state))
            command = random_bot(seen_by(state, seat), seat, rng)
        new = decide_json(RULES, state, seat, command, rng)
        state = RULES.fold(new, state)
        events += new
        check_state(state)
        check_waiting(state, random.Random(0))
    return state, events


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_with_random_standing_answers_stay_legal_and_replay_alike(seed: int, players: int) -> None:
    state, events = _play(seed, players)
    replayed = RULES.fold([RULES.decode(RULES.encode(e)) for e in events])  # type: ignore[arg-type]
    assert RULES.dump_state(replayed) == RULES.dump_state(state)
    for seat in range(players):
        view = RULES.view(state, seat)
        assert view.get("standing", {}) == state.standing[seat]
        for other in range(players):
            if other != seat:
                assert seen_by(state, seat).standing[other] == {}
