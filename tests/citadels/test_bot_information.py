"""Bots decide from what their seat may see (issue 36): two states that differ only in what the deciding seat
cannot see (the other hands and museums, the deck's order, another player's drawn cards, the face-down and
the other players' unrevealed characters) get the same command from every bot of `RULES.bots`, each with
the same random source. The second state is made here, independently of `citadels.information`."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from citadels import RULES
from citadels.cards import BASE_PURPLE, CHARACTERS, DARK_CITY_PURPLE
from citadels.commands import COMMAND_TYPES
from citadels.engine import BOTS as UNINFORMED_BOTS
from citadels.information import seen_by
from citadels.legal import legal_commands
from citadels.state import DRAFT, OVER, TURNS, State
from rules_kit.seat_information import informed
from rules_kit.simulate import play
from tests.rules_kit.bot_information import differing_bots, shuffled_apart

DECISION_KINDS = COMMAND_TYPES - RULES.anytime_commands
"""Every kind of decision a Citadels bot meets: the command types (the draft's, the turn's, the powers',
the purple districts', the Graveyard's), from the rules' own table."""
MET: set[str] = set()


def options_for(rng: random.Random, players: int) -> dict[str, object]:
    """Random options: an edition, the Dark City's characters and districts."""
    options: dict[str, object] = {}
    if players >= 3 and rng.random() < 0.25:
        options["edition"] = "online"
    elif rng.random() < 0.3:
        options["edition"] = "2000"
    if players == 8 or rng.random() < 0.6:
        options["random_characters"] = True
    if rng.random() < 0.4:
        options["purple"] = sorted(set(BASE_PURPLE) | set(rng.sample(DARK_CITY_PURPLE, rng.randint(1, len(DARK_CITY_PURPLE)))))
    elif rng.random() < 0.5:
        options["dark_city_districts"] = rng.randint(0, len(DARK_CITY_PURPLE))
    return options


def moment(seed: int, players: int, steps: int) -> tuple[State, int]:
    """A game played by seeded random and heuristic bots for up to `steps` decisions, and the seat that must
    decide then."""
    rng = random.Random(seed)
    state = RULES.fold(RULES.setup(options_for(rng, players), players, rng))
    bots = [UNINFORMED_BOTS[rng.choice(["random", "heuristic"])] for _ in range(players)]
    for _ in range(steps):
        seats = RULES.awaiting(state)
        if len(RULES.awaiting(state)) == 0:
            break
        seat = seats[0]
        state = RULES.fold(RULES.decide(state, seat, bots[seat](state, seat, rng), rng), state)
    return state, (RULES.awaiting(state) or [-1])[0]


def perturbed(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see rearranged: the same hand, museum and character counts, the same
    public facts, other cards in the other hands, another deck order, other face-down characters."""
    other = state.copy()
    turn = state.turn
    own_turn = turn is not None and turn.seat == seat
    looked_at = turn.seen_seat if turn is not None and own_turn and turn.seen else None
    searching = turn is not None and own_turn and turn.searching
    drawn_hidden = turn is not None and not own_turn and bool(turn.drawn)
    hiders = [p for p in state.players if p.seat not in (seat, looked_at)]
    pool = [d for p in hiders for d in p.hand + p.museum]
    pool += list(turn.drawn) if turn is not None and drawn_hidden else []
    pool += [] if searching else list(state.deck)
    cards = iter(shuffled_apart(pool, rng))
    players = list(state.players)
    for p in hiders:
        players[p.seat] = p._replace(hand=tuple(next(cards) for _ in p.hand), museum=tuple(next(cards) for _ in p.museum))
    if looked_at is not None:
        players[looked_at] = players[looked_at]._replace(hand=tuple(shuffled_apart(list(players[looked_at].hand), rng)))
    other.players = tuple(players)
    if other.turn is not None and turn is not None:
        if drawn_hidden:
            other.turn.drawn = tuple(next(cards) for _ in turn.drawn)
        if turn.seen and turn.seen_seat is not None and not own_turn and turn.seen_seat != seat:
            other.turn.seen = players[turn.seen_seat].hand
    other.deck = tuple(shuffled_apart(list(state.deck), rng)) if searching else tuple(cards)
    other.rules = state.rules._replace(deck=tuple(shuffled_apart(list(state.rules.deck), rng)))
    _swap_characters(state, seat, other, rng)
    return other


def _swap_characters(state: State, seat: int, other: State, rng: random.Random) -> None:
    """Deal the characters `seat` cannot place anew: the unrevealed ones of the others, the face-down ones
    (those the calls passed unrevealed stay face down: nobody holds them), the draft pile unless handed to it."""
    known = set(state.revealed) | ({(state.turn.seat, state.turn.character)} if state.turn else set())
    pile_shown = state.phase == DRAFT and state.draft_steps and state.draft_steps[0].seat == seat
    first_shown = (state.phase == DRAFT and seat == state.crown and state.rules.king_sees_face_down
                   and state.draft_steps and state.face_down)
    slots: list[tuple[str, int, int]] = [("face_down", 0, i) for i in range(1 if first_shown else 0, len(state.face_down))]
    if not pile_shown:
        slots += [("pile", 0, i) for i in range(len(state.draft_pile))]
    slots += [("chosen", s, i) for s, cs in enumerate(state.chosen) if s != seat
              for i, c in enumerate(cs) if (s, c) not in known]
    face_down, pile = list(state.face_down), list(state.draft_pile)
    chosen = [list(cs) for cs in state.chosen]
    lists = {"face_down": lambda s: face_down, "pile": lambda s: pile, "chosen": lambda s: chosen[s]}
    passed = {c for c in CHARACTERS if state.phase == TURNS and CHARACTERS[c].rank < state.called_rank
              and c != state.killed}
    free = [slot for slot in slots if lists[slot[0]](slot[1])[slot[2]] not in passed]
    for slot, character in zip(free, shuffled_apart([lists[k](s)[i] for k, s, i in free], rng), strict=True):
        lists[slot[0]](slot[1])[slot[2]] = character
    if pile_shown:
        pile = shuffled_apart(pile, rng)  # handed over, its order unseen
    other.face_down, other.draft_pile = tuple(face_down), tuple(pile)
    other.chosen = tuple(tuple(cs) for cs in chosen)


def check_moment(state: State, seat: int, k: int, bots: dict[str, object] | None = None) -> list[str]:
    """Perturb what `seat` cannot see; the two states must look the same to it; return the bots that told
    them apart (`RULES.bots` unless `bots` is given) and record the decision kinds met."""
    other = perturbed(state, seat, random.Random(k))
    assert RULES.view(other, seat) == RULES.view(state, seat), "the perturbation shows the seat something"
    assert legal_commands(other, seat) == legal_commands(state, seat)
    MET.update(c["type"] for c in legal_commands(state, seat))
    return differing_bots(bots or RULES.bots, state, other, seat, k) if other != state else []  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(RULES.min_players, RULES.max_players),
       steps=st.integers(0, 400), k=st.integers(0, 1000))
def test_every_bot_picks_the_same_command_whatever_its_seat_cannot_see(seed: int, players: int, steps: int, k: int) -> None:
    state, seat = moment(seed, players, steps)
    assume(seat >= 0)
    other = perturbed(state, seat, random.Random(k))
    assume(other != state)
    assert check_moment(state, seat, k) == []


def test_fixed_games_meet_every_decision_kind_and_every_bot_ignores_what_it_cannot_see() -> None:
    """Every decision of 60 seeded games (the Dark City's purple districts all in the deck in half of them):
    the informed bots answer the same to both states, and every command type of the rules was among the
    legal commands at some decision."""
    met: set[str] = set()
    for seed in range(60):
        rng = random.Random(seed)
        players = 2 + seed % 7
        options = options_for(rng, players)
        if seed % 2:
            options.pop("dark_city_districts", None)
            options["purple"] = sorted(set(BASE_PURPLE) | set(DARK_CITY_PURPLE))
        state = RULES.fold(RULES.setup(options, players, rng))
        while RULES.awaiting(state):
            seat = RULES.awaiting(state)[0]
            types = {c["type"] for c in legal_commands(state, seat)}
            if not types <= met or rng.random() < 0.05:
                assert check_moment(state, seat, seed) == [], (seed, types)
                met |= types
            bot = UNINFORMED_BOTS["heuristic" if rng.random() < 0.7 else "random"]
            state = RULES.fold(RULES.decide(state, seat, bot(state, seat, rng), rng), state)
    assert met == DECISION_KINDS, sorted(DECISION_KINDS - met)


def cheating_bot(state: State, seat: int, rng: random.Random) -> object:
    """A bot that reads what it may not: the next player's hand and the deck's top card choose its command."""
    commands = legal_commands(state, seat)
    peek = "".join(state.players[(seat + 1) % len(state.players)].hand) + "".join(state.deck[:1])
    return commands[sum(map(ord, peek)) % len(commands)]


def test_the_check_catches_a_bot_that_reads_hidden_cards_and_seen_by_stops_it() -> None:
    caught = 0
    for seed in range(20):
        state, seat = moment(seed, 2 + seed % 7, 30 + seed * 7)
        if seat < 0 or len(legal_commands(state, seat)) < 2:
            continue
        bots = {"cheater": cheating_bot, "informed cheater": informed(cheating_bot, seen_by)}
        told_apart = check_moment(state, seat, seed, bots)  # type: ignore[arg-type]
        assert "informed cheater" not in told_apart
        caught += "cheater" in told_apart
    assert caught >= 5


def test_informed_bots_play_legal_games_to_the_end() -> None:
    """40 seeded games of `RULES.bots` (each bot deciding on what its seat may know), 2 to 8 players, random
    options: every command is accepted and every game ends (300 such games were checked the same way)."""
    names = list(RULES.bots)
    for game in range(40):
        rng = random.Random(game)
        players = 2 + game % 7
        bots = [RULES.bots[names[(game + s) % len(names)]] for s in range(players)]
        state, _ = play(RULES, bots, rng, options_for(rng, players))
        assert state.phase == OVER and RULES.awaiting(state) == []
