"""The best bot: always legal (2-8 players, base game and Dark City), the same command for the same state and
rng, blind to what its seat may not see, and a few crafted decisions. Its strength is measured by
benchmarks/bots_citadels.py (thousands of games), not here."""

from __future__ import annotations

import random
from dataclasses import replace

from citadels.best_bot import best_bot
from citadels.bots import heuristic_bot
from citadels.commands import Command
from citadels.engine import BOTS
from citadels.legal import legal_commands
from citadels.simulate import play
from citadels.state import Built, State

DARK = {"random_characters": True, "dark_city_districts": 5}


def _checked(seen: list[tuple[State, int]]):  # type: ignore[no-untyped-def]
    def bot(state: State, seat: int, rng: random.Random) -> Command:
        command = best_bot(state, seat, rng)
        assert command in legal_commands(state, seat)
        seen.append((state, seat))
        return command
    return bot


def test_best_is_the_best_bot() -> None:
    assert BOTS["best"] is best_bot


def test_always_legal_at_every_table_base_and_dark_city() -> None:
    seen: list[tuple[State, int]] = []
    for seed in range(28):
        players = 2 + seed % 7
        options = DARK if seed % 2 or players == 8 else {}
        bots = [_checked(seen) if s % 2 == 0 else heuristic_bot for s in range(players)]
        state, _ = play(bots, random.Random(seed), options)
        assert state.phase == "over"
    assert len(seen) > 1000


def test_same_state_and_rng_give_the_same_command() -> None:
    seen: list[tuple[State, int]] = []
    play([_checked(seen), heuristic_bot, heuristic_bot, heuristic_bot], random.Random(3), DARK)
    for state, seat in seen[::5]:
        assert best_bot(state, seat, random.Random(7)) == best_bot(state, seat, random.Random(7))


def _hidden_shuffled(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` may not see rearranged: the other hands swapped among themselves' cards and
    the deck, the deck reshuffled (sizes kept)."""
    others = [p for p in state.players if p.seat != seat]
    pool = [d for p in others for d in p.hand] + list(state.deck)
    rng.shuffle(pool)
    players = list(state.players)
    for p in others:
        players[p.seat] = p._replace(hand=tuple(pool[:len(p.hand)]))
        pool = pool[len(p.hand):]
    return replace(state, players=tuple(players), deck=tuple(pool))


def test_the_command_does_not_depend_on_other_hands_or_the_deck() -> None:
    seen: list[tuple[State, int]] = []
    play([heuristic_bot, _checked(seen), heuristic_bot, heuristic_bot, heuristic_bot], random.Random(5))
    rng = random.Random(1)
    for state, seat in seen:
        if state.turn is not None and (state.turn.seen or state.turn.searching):
            continue  # the Wizard's look and the Lighthouse's search show the seat those cards
        assert best_bot(_hidden_shuffled(state, seat, rng), seat, random.Random(2)) == best_bot(state, seat, random.Random(2))


def _first(players: int, seed: int, wanted: str, characters: tuple[str, ...] = ()) -> tuple[State, int]:
    """The first state of a heuristic game where the awaited seat may send a `wanted` command (playing one
    of `characters`, if given)."""
    found: list[tuple[State, int]] = []

    def spy(state: State, seat: int, rng: random.Random) -> Command:
        playing = state.turn.character if state.turn is not None else None
        if not found and any(c["type"] == wanted for c in legal_commands(state, seat)) and (
            not characters or playing in characters
        ):
            found.append((state, seat))
        return heuristic_bot(state, seat, rng)

    play([spy] * players, random.Random(seed))
    assert found
    return found[0]


def test_the_assassin_kills_what_a_rival_about_to_finish_needs() -> None:
    for seed in range(40):
        state, seat = _first(4, seed, "kill")
        if "merchant" not in state.face_up:
            break
    rival = (seat + 1) % 4
    greens = ("tavern", "market", "trading_post", "docks", "harbor", "town_hall", "tavern")
    players = list(state.players)
    players[rival] = players[rival]._replace(city=tuple(Built(d, 1) for d in greens[:6]), gold=6)
    crafted = replace(state, players=tuple(players))
    assert best_bot(crafted, seat, random.Random(0)) == {"type": "kill", "character": "merchant"}


def test_income_is_cards_when_no_card_in_hand_can_be_built() -> None:
    state, seat = _first(4, 2, "draw_cards", ("king", "bishop", "merchant"))  # no power before the income
    me = state.players[seat]
    city = tuple(Built(d, 1) for d in ("tavern", "temple"))
    players = list(state.players)
    players[seat] = me._replace(hand=("tavern", "temple"), city=city, gold=3)
    crafted = replace(state, players=tuple(players))
    assert best_bot(crafted, seat, random.Random(0)) == {"type": "draw_cards"}
    players[seat] = me._replace(hand=("castle", "palace"), city=city, gold=1)
    assert best_bot(replace(state, players=tuple(players)), seat, random.Random(0)) == {"type": "take_gold"}
