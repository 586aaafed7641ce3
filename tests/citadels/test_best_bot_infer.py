"""The best bot's replay of the draft (`citadels.best_infer`) and the draft it makes from it
(`citadels.best_pick`): the replay mirrors the heuristic bot's picks, finds the true holders from what the
seat may see, and the bot takes the character the known Assassin will not name."""

from __future__ import annotations

import random
from dataclasses import replace

from citadels.best_bot import best_bot, plain_bot
from citadels.best_infer import heuristic_pick, hypotheses, masked
from citadels.best_pick import dangers
from citadels.best_rollout import lookahead
from citadels.bots import heuristic_bot
from citadels.commands import Command
from citadels.engine import RULES
from citadels.information import seen_by
from citadels.legal import legal_commands
from citadels.simulate import play
from citadels.state import DRAFT, TURNS, Built, DraftStep, State

SIX = ("tavern", "temple", "watchtower", "manor", "market", "church")


def _crafted_draft() -> State:
    """4 players, the crown at seat 0, seat 1 to choose with a city of six: the heuristic seat 0 took the
    Assassin or the Warlord (both worth most against a city so close to complete), the other lies face down."""
    state = RULES.fold(RULES.setup({}, 4, random.Random(1)))
    players = list(state.players)
    players[0] = players[0]._replace(gold=2, city=())
    players[1] = players[1]._replace(gold=3, city=tuple(Built(d, 1) for d in SIX), hand=("castle", "docks"))
    return replace(
        state, players=tuple(players), crown=0, face_up=("thief", "magician"), face_down=("warlord",),
        draft_pile=("king", "bishop", "merchant", "architect"),
        draft_steps=tuple(DraftStep(s, "choose") for s in (1, 2, 3)), chosen=(("assassin",), (), (), ()),
    )


def test_the_replay_finds_both_drafts_that_hand_the_seat_its_cards() -> None:
    found = hypotheses(seen_by(_crafted_draft(), 1), 1)
    assert sorted((h.face_down, h.holders) for h in found) == [("assassin", {"warlord": 0}), ("warlord", {"assassin": 0})]


def test_the_known_assassin_names_only_the_heuristic_bots_favourites() -> None:
    state = _crafted_draft()
    assert dangers(state, 1, "king", {"assassin": 0}) == (0.25, 0.0)  # architect, merchant, king, warlord
    assert dangers(state, 1, "bishop", {"assassin": 0}) == (0.0, 0.0)
    assert dangers(state, 1, "king", {"warlord": 0}) == (0.0, 0.0)


def test_the_best_bot_takes_the_bishop_the_assassin_spares_and_the_warlord_cannot_touch() -> None:
    state = _crafted_draft()
    assert best_bot(seen_by(state, 1), 1, random.Random(0)) == {"type": "choose_character", "character": "bishop"}


def _moments(players: int, seed: int, options: dict[str, object]) -> list[tuple[State, int, Command]]:
    """Every decision of one game of informed heuristic bots, with the command taken."""
    moments: list[tuple[State, int, Command]] = []
    heuristic = RULES.bots["heuristic"]

    def spy(state: State, seat: int, rng: random.Random) -> Command:
        command = heuristic(state, seat, rng)
        moments.append((state, seat, command))
        return command

    play([spy] * players, random.Random(seed), options)
    return moments


def test_the_replayed_pick_is_the_heuristic_bots_when_its_hand_holds_a_new_district() -> None:
    checked = 0
    for seed in range(6):
        for state, seat, command in _moments(4 + seed % 4, seed, {"random_characters": True} if seed % 2 else {}):
            me = state.players[seat]
            if state.phase != DRAFT or command["type"] != "choose_character" or all(me.has(d) for d in me.hand):
                continue
            assert heuristic_pick(masked(seen_by(state, seat)), seat, list(state.draft_pile)) == command["character"]
            checked += 1
    assert checked > 100


def test_the_true_holders_are_among_the_hypotheses_from_what_the_seat_sees() -> None:
    decisions = replayed = true = 0
    for seed in range(8):
        for state, seat, _ in _moments(4 + seed % 4, 100 + seed, {}):
            if state.phase not in (DRAFT, TURNS):
                continue
            found = hypotheses(seen_by(state, seat), seat)
            truth = {c: s for s, cs in enumerate(state.chosen) for c in cs if s != seat}
            decisions += state.phase == DRAFT
            replayed += bool(found) and state.phase == DRAFT
            true += any(all(h.holders.get(c) == s for c, s in truth.items()) for h in found)
            assert len(found) <= len(state.rules.characters)
    assert replayed >= 0.9 * decisions
    assert true >= 0.95 * replayed


def test_the_assassin_names_a_character_a_replay_puts_in_a_rivals_hands() -> None:
    kills: list[tuple[State, int]] = []

    def watched(state: State, seat: int, rng: random.Random) -> Command:
        if any(c["type"] == "kill" for c in legal_commands(state, seat)):
            kills.append((state, seat))
        return RULES.bots["best"](state, seat, rng)

    for seed in range(12):
        play([watched, heuristic_bot, heuristic_bot, heuristic_bot], random.Random(seed))
    named = 0
    for state, seat in kills:
        seen = seen_by(state, seat)
        found = hypotheses(seen, seat)
        if found:
            command = best_bot(seen, seat, random.Random(0))
            assert command["type"] == "kill"
            assert any(h.holders.get(command["character"], seat) != seat for h in found)
            named += 1
    assert named >= 3


def test_the_lookahead_takes_the_character_that_surely_completes_the_city() -> None:
    """Seat 1 has seven districts, the gold for its eighth and a rival who took the Assassin (who names
    the King, the Merchant, the Architect or the Warlord) or the Warlord (who razes the leader's dearest):
    only the Bishop completes the city for sure, and the rollouts see it."""
    state = _crafted_draft()
    players = list(state.players)
    seven = (*SIX, "harbor")
    players[1] = players[1]._replace(gold=5, city=tuple(Built(d, 1) for d in seven), hand=("castle",))
    state = replace(state, players=tuple(players))
    seen = seen_by(state, 1)
    found = hypotheses(seen, 1)
    commands = [c for c in legal_commands(seen, 1) if c["type"] == "choose_character"]
    for seed in range(3):
        chosen = lookahead(seen, 1, commands, found, plain_bot, random.Random(seed))
        assert chosen == {"type": "choose_character", "character": "bishop"}


def test_the_lookahead_is_a_function_of_the_seats_information_and_the_rng() -> None:
    state = _crafted_draft()
    other = replace(state, deck=tuple(reversed(state.deck)), face_down=("assassin",), chosen=(("warlord",), (), (), ()))
    commands = [c for c in legal_commands(state, 1) if c["type"] == "choose_character"]
    picks = []
    for version in (state, other):
        seen = seen_by(version, 1)
        picks.append(lookahead(seen, 1, commands, hypotheses(seen, 1), plain_bot, random.Random(4)))
    assert picks[0] == picks[1]
