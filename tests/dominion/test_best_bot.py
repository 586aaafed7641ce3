"""The best bot and the baselines: always legal, deterministic, the baselines buy by their published lists, and
the best bot's kingdom plan and endgame rule (the strength figures are the benchmark's: benchmarks/bots_dominion.py)."""

from __future__ import annotations

import random

import pytest

from dominion import RULES
from dominion.baselines import BASELINES, big_money_ultimate, double_witch, gains_to_end, smithy_big_money
from dominion.best_bot import best_bot, plan_for
from dominion.bots import Bot
from dominion.engine import BOTS
from dominion.simulate import play
from dominion.state import BUY_PHASE, State, clone

KINGDOM = ["witch", "smithy", "cellar", "moat", "village", "workshop", "remodel", "market", "mine", "gardens"]


def test_best_is_the_best_bot_and_the_baselines_are_named_apart() -> None:
    assert BOTS["best"] is best_bot and "best" in RULES.bots  # RULES.bots may wrap it (the seat's view)
    assert set(BASELINES) == {"big_money_ultimate", "smithy_big_money", "double_witch"}
    assert not set(BASELINES) & set(RULES.bots)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_command_of_the_best_bot_and_the_baselines_is_legal(players: int) -> None:
    rng = random.Random(players)
    for game in range(4):
        seats = [best_bot, *random.Random(game).sample(list(BASELINES.values()) + [BOTS["heuristic"]], players - 1)]
        checked = [_checked(bot) for bot in seats]
        state, _ = play(checked, rng, mixed=True)
        assert state.winners


def _checked(bot: Bot) -> Bot:
    def checked(state: State, seat: int, rng: random.Random) -> dict[str, object]:
        command = bot(state, seat, rng)
        assert command in RULES.legal_commands(state, seat)
        return dict(command)

    return checked  # type: ignore[return-value]


def test_the_best_bot_is_deterministic_for_a_given_rng() -> None:
    first, history = play([best_bot, best_bot], random.Random(5), mixed=True)
    again, repeated = play([best_bot, best_bot], random.Random(5), mixed=True)
    assert [RULES.encode(e) for e in history] == [RULES.encode(e) for e in repeated]
    assert first.scores == again.scores


def _buying(coins: int, extra: dict[str, int] | None = None, kingdom: list[str] = KINGDOM) -> State:
    """The first seat at the start, in its buy phase with `coins`, its hand put away, owning `extra` cards more."""
    state = clone(RULES.fold(RULES.setup({"kingdom": kingdom}, 2, random.Random(0))))
    zones = state.zones[state.current]
    zones["discard"] += zones["hand"]
    zones["hand"] = []
    for pile, count in (extra or {}).items():
        for _ in range(count):
            zones["discard"].append(state.piles[pile].pop(0))
    state.phase, state.coins, state.buys = BUY_PHASE, coins, 1
    return state


def _buys(bot: Bot, state: State) -> str | None:
    command = bot(state, state.current, random.Random(0))
    return str(command["card"]) if command["type"] == "buy" else None


def test_big_money_ultimate_takes_provinces_only_with_more_than_18_coins_of_treasure() -> None:
    assert _buys(big_money_ultimate, _buying(8)) == "gold"
    assert _buys(big_money_ultimate, _buying(8, {"gold": 4})) == "province"  # $7 + $12 > $18
    assert _buys(big_money_ultimate, _buying(5)) == "silver"
    assert _buys(big_money_ultimate, _buying(2)) is None


def test_big_money_ultimate_greens_by_the_gains_left() -> None:
    late = _buying(5, {"province": 4})  # 4 of 8 Provinces left
    assert gains_to_end(late) == 4
    assert _buys(big_money_ultimate, late) == "duchy"
    assert _buys(big_money_ultimate, _buying(2, {"province": 6})) == "estate"


def test_smithy_big_money_takes_one_smithy_then_a_second_at_16_cards() -> None:
    assert _buys(smithy_big_money, _buying(4)) == "smithy"
    assert _buys(smithy_big_money, _buying(4, {"smithy": 1})) == "silver"
    assert _buys(smithy_big_money, _buying(4, {"smithy": 1, "silver": 5})) == "smithy"
    assert _buys(smithy_big_money, _buying(8)) == "province"


def test_double_witch_takes_two_witches_and_provinces_once_it_has_gold() -> None:
    assert _buys(double_witch, _buying(5)) == "witch"
    assert _buys(double_witch, _buying(6, {"witch": 1})) == "witch"
    assert _buys(double_witch, _buying(6, {"witch": 2})) == "gold"
    assert _buys(double_witch, _buying(8, {"witch": 2})) == "gold"
    assert _buys(double_witch, _buying(8, {"witch": 2, "gold": 1})) == "province"


def test_the_best_bot_plays_the_kingdoms_best_helper() -> None:
    plan = plan_for(tuple(KINGDOM))
    assert plan is not None and plan.card == "witch"
    assert plan_for(("cellar", "chapel", "village", "gardens")) is None
    assert _buys(best_bot, _buying(5)) == "witch"


def test_the_best_bot_does_not_take_the_last_province_while_it_would_lose() -> None:
    state = _buying(8, {"province": 6})
    seat_one = state.zones[1 - state.current]["discard"]
    seat_one += [state.piles["province"].pop(0), state.piles["duchy"].pop(0), state.piles["duchy"].pop(0)]
    assert len(state.piles["province"]) == 1
    assert _buys(best_bot, state) == "province"  # 36 + 3 Estates against 12: it wins
    behind = clone(state)
    mine = behind.zones[behind.current]
    mine["discard"] = [c for c in mine["discard"] if behind.names[c] != "province"]
    assert _buys(best_bot, behind) == "duchy"  # 3 + 6 against 12 would lose: a Duchy instead


def test_beside_its_witches_the_best_bot_takes_one_moat_before_silver() -> None:
    assert _buys(best_bot, _buying(3, {"witch": 2})) == "moat"  # KINGDOM holds Witch and Moat
    assert _buys(best_bot, _buying(3, {"witch": 2, "moat": 1})) == "silver"
    without_moat = [card for card in KINGDOM if card != "moat"] + ["chapel"]
    assert _buys(best_bot, _buying(3, {"witch": 2}, without_moat)) == "silver"


def test_in_a_witch_game_the_best_bot_takes_estates_earlier() -> None:
    assert _buys(best_bot, _buying(2, {"province": 4})) == "estate"  # 4 gains left, Witch in KINGDOM
    no_witch = [card for card in KINGDOM if card != "witch"] + ["chapel"]
    assert _buys(best_bot, _buying(2, {"province": 4}, no_witch)) is None
