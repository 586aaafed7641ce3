"""Bots decide from what their seat may see (issue 36): two states that differ only in what the deciding seat
cannot see (the other hands, decks and discard piles below the top, the order of its own deck and discard
pile, the piles below their tops: the Knights', the Ruins') get the same command from every bot of
`RULES.bots`, each with the same random source. The second state is made here, independently of
`dominion.information`."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dominion import RULES
from dominion.commands import COMMAND_SHAPES
from dominion.engine import BOTS as UNINFORMED_BOTS
from dominion.information import seen_by
from dominion.legal import legal_commands
from dominion.options import SETS
from dominion.site.words import _PROMPTS as PROMPT_WORDS  # every prompt a decision may have, worded
from dominion.state import OVER, State, clone
from rules_kit.seat_information import informed
from rules_kit.simulate import play
from tests.rules_kit.bot_information import differing_bots, shuffled_apart

from .invariants import check_state

COMMAND_KINDS = frozenset(shape.type for shape in COMMAND_SHAPES) - RULES.anytime_commands
"""The commands a bot is asked for (the rules' table less the standing answers, which no one awaits)."""
DECISION_KINDS = frozenset({"cards", "choice", "name", "order"})
"""The kinds of a pending decision (`dominion.decisions`)."""
KINGDOM = sorted({pile for piles in SETS.values() for pile in piles})
FRAME_CARDS = ("card", "target", "top", "aside", "revealed", "stolen", "todo", "done", "urchin")


def moment(seed: int, players: int, steps: int) -> tuple[State, int]:
    """A game of a random kingdom of every set, played by seeded random and heuristic bots for up to `steps`
    decisions, and the seat that must decide then."""
    rng = random.Random(seed)
    options = {"kingdom": rng.sample(KINGDOM, 10)}
    state = RULES.fold(RULES.setup(options, players, rng))
    bots = [UNINFORMED_BOTS[rng.choice(["random", "heuristic", "heuristic"])] for _ in range(players)]
    for _ in range(steps):
        seats = RULES.awaiting(state)
        if not seats:
            break
        state = RULES.fold(RULES.decide(state, seats[0], bots[seats[0]](state, seats[0], rng), rng), state)
    return state, (RULES.awaiting(state) or [-1])[0]


def perturbed(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see rearranged: each other seat's hand, deck and discard pile below the
    top dealt anew from their cards (sizes kept), its own deck and discard pile below the top reordered,
    each pile below its top reordered; the cards its decision shows stay. What names a card by number on the
    stack or in another seat's decision follows the card's place."""
    other = clone(state)
    decision = state.pending.get(seat, {})
    shown = set(state.hand(seat)) | set(decision.get("cards", [])) | set(decision.get("seen", []))
    shown |= {zones["discard"][-1] for zones in state.zones if zones["discard"]}
    groups: list[list[tuple[list[int], int]]] = []
    for s, zones in enumerate(other.zones):
        below_top = [(zones["discard"], i) for i in range(len(zones["discard"]) - 1)]
        if s == seat:
            groups += [[(zones["deck"], i) for i in range(len(zones["deck"]))], below_top]
        else:
            groups.append([(zones[z], i) for z in ("hand", "deck") for i in range(len(zones[z]))] + below_top)
    groups += [[(pile, i) for i in range(1, len(pile))] for pile in other.piles.values()]
    moved: dict[int, int] = {}
    for group in groups:
        places = [(zone, i) for zone, i in group if zone[i] not in shown]
        cards = [zone[i] for zone, i in places]
        names = [state.names[c] for c in cards]
        new = shuffled_apart(cards, rng) if len(set(names)) > 1 else cards
        for (zone, i), card in zip(places, new, strict=True):
            moved[zone[i]] = card
            zone[i] = card

    def follow(value: Any) -> Any:
        if isinstance(value, list):
            return [follow(v) for v in value]
        if isinstance(value, dict):
            return {k: follow(v) for k, v in value.items()}
        return moved.get(value, value) if isinstance(value, int) and not isinstance(value, bool) else value

    other.stack = [{**f, **{k: follow(f[k]) for k in (*FRAME_CARDS, "ans") if k in f}} for f in state.stack]  # type: ignore[misc]
    other.pending = {s: {**d, **{k: follow(d[k]) for k in ("cards", "seen") if k in d}} for s, d in state.pending.items()}  # type: ignore[misc]
    other.answers = {s: follow(a) for s, a in state.answers.items()}
    return other


MET: set[str] = set()


def check_moment(state: State, seat: int, k: int, bots: dict[str, Any] | None = None) -> list[str]:
    """Perturb what `seat` cannot see; the two states must look the same to it; return the bots that told them
    apart (`RULES.bots` unless `bots` is given), and record the kinds of decision met."""
    other = perturbed(state, seat, random.Random(k))
    check_state(other)
    assert RULES.view(other, seat) == RULES.view(state, seat), "the perturbation shows the seat something"
    assert legal_commands(other, seat) == legal_commands(state, seat)
    MET.update(kinds_of(state, seat))
    return differing_bots(bots or RULES.bots, state, other, seat, k) if other != state else []


def kinds_of(state: State, seat: int) -> set[str]:
    """The decision kinds of this moment: the legal command types, a pending decision's kind and its
    card:prompt."""
    kinds = {c["type"] for c in legal_commands(state, seat)}
    decision = state.pending.get(seat)
    if decision is not None:
        kinds |= {decision["kind"], f"{decision['card']}:{decision['prompt']}"}
    return kinds


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(RULES.min_players, RULES.max_players),
       steps=st.integers(0, 600), k=st.integers(0, 1000))
def test_every_bot_picks_the_same_command_whatever_its_seat_cannot_see(seed: int, players: int, steps: int, k: int) -> None:
    state, seat = moment(seed, players, steps)
    assume(seat >= 0)
    assume(perturbed(state, seat, random.Random(k)) != state)
    assert check_moment(state, seat, k) == []


def test_fixed_games_meet_every_decision_kind_and_every_bot_ignores_what_it_cannot_see() -> None:
    """Seeded games whose kingdoms go through every kingdom pile of every set eight times, and two games of
    Cultist and Urchin fans: at each decision of a kind not met before (and at random others) the informed
    bots answer the same to both states; every command type, every kind of pending decision and every
    prompt the site has words for was met."""
    met: set[str] = set()
    rng = random.Random(36)
    piles = KINGDOM * 8
    rng.shuffle(piles)
    for game in range(len(piles) // 10):
        kingdom = sorted(set(piles[game * 10:game * 10 + 10]))
        kingdom += [p for p in KINGDOM if p not in kingdom][: 10 - len(kingdom)]
        players = 2 + game % 3
        state = RULES.fold(RULES.setup({"kingdom": kingdom}, players, rng))
        while RULES.awaiting(state):
            seat = RULES.awaiting(state)[0]
            kinds = kinds_of(state, seat)
            if not kinds <= met or rng.random() < 0.02:
                assert check_moment(state, seat, game) == [], (game, kinds)
                met |= kinds
            bot = UNINFORMED_BOTS["heuristic" if rng.random() < 0.6 else "random"]
            state = RULES.fold(RULES.decide(state, seat, bot(state, seat, rng), rng), state)
    for game in range(2):  # two Cultists in one hand, an Urchin's Mercenary: the rarest decisions
        state = RULES.fold(RULES.setup({"kingdom": FANS_KINGDOM}, 2, rng))
        while RULES.awaiting(state):
            seat = RULES.awaiting(state)[0]
            kinds = kinds_of(state, seat)
            if not kinds <= met:
                assert check_moment(state, seat, game) == [], (game, kinds)
                met |= kinds
            state = RULES.fold(RULES.decide(state, seat, cultist_fan(state, seat, rng), rng), state)
    assert COMMAND_KINDS | DECISION_KINDS <= met, sorted((COMMAND_KINDS | DECISION_KINDS) - met)
    prompts = {kind.split(":")[1] for kind in met if ":" in kind}
    assert set(PROMPT_WORDS) <= prompts, sorted(set(PROMPT_WORDS) - prompts)
    asking = {kind.split(":")[0] for kind in met if ":" in kind}
    print(f"{len([k for k in met if ':' in k])} card:prompt decisions met, of {len(asking)} cards")


FANS_KINGDOM = ["cultist", "urchin", "village", "festival", "market_square", "fortress", "workshop", "squire",
                "vagrant", "hermit"]


def cultist_fan(state: State, seat: int, rng: random.Random) -> Any:
    """The heuristic bot that buys Cultists and Urchins whenever it can and trashes an Urchin for a
    Mercenary."""
    commands = legal_commands(state, seat)
    for command in commands:
        if command["type"] == "buy" and command["card"] in ("cultist", "urchin") and rng.random() < 0.8:
            return command
    if state.pending and state.pending[seat]["prompt"] == "trash_for_mercenary":
        return {"type": "decide", "choice": "yes"}
    return UNINFORMED_BOTS["heuristic"](state, seat, rng)


def cheating_bot(state: State, seat: int, rng: random.Random) -> object:
    """A bot that reads what it may not: the next player's hand and its own deck's top card choose."""
    commands = legal_commands(state, seat)
    peek = [*state.hand((seat + 1) % state.players), *state.zones[seat]["deck"][:1]]
    return commands[sum(len(state.names[c]) for c in peek) % len(commands)]


def test_the_check_catches_a_bot_that_reads_hidden_cards_and_seen_by_stops_it() -> None:
    caught = 0
    for seed in range(12):
        state, seat = moment(seed, 2 + seed % 3, 20 + seed * 13)
        if seat < 0 or len(legal_commands(state, seat)) < 2:
            continue
        bots = {"cheater": cheating_bot, "informed cheater": informed(cheating_bot, seen_by)}
        told_apart = check_moment(state, seat, seed, bots)
        assert "informed cheater" not in told_apart
        caught += "cheater" in told_apart
    assert caught >= 3


def test_informed_bots_play_legal_games_to_the_end() -> None:
    """12 seeded games of `RULES.bots` (each bot deciding on what its seat may know), 2 to 4 players, kingdoms
    of every set: every command is accepted and every game ends (200 such games were checked the same way)."""
    names = list(RULES.bots)
    for game in range(12):
        rng = random.Random(game)
        players = 2 + game % 3
        bots = [RULES.bots[names[(game + s) % len(names)]] for s in range(players)]
        state, _ = play(RULES, bots, rng, {"kingdom": rng.sample(KINGDOM, 10)})
        assert state.phase == OVER and RULES.awaiting(state) == []
