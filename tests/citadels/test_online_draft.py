"""The online rules' first step of a round (seed 003, "Schritt 1: Charaktere entfernen"): the face-down card is
set aside before the face-up ones are turned up. How it meets the 3-player draft, `king_sees_face_down`,
`rejected_card` and the Emperor is ruled in docs/rulings.md ("The online rules' face-down card")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from citadels import RULES
from citadels.cards import BASE_CHARACTERS

from .scenario import Table, order

NINE_WITH_EMPEROR = ["assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord", "artist"]
SETUPS = 3200
# Three standard deviations of a share near 1/8 over 3200 set-ups are 0.018; the Hans im Glück order gives the
# King 1/5 at 3 players and 1/6 at 4 (0.04 and more away from 1/8), so this bound tells the two apart.
BOUND = 0.025


def face_down_shares(options: dict, players: int) -> Counter[str]:
    """How often each character is the round's face-down card, over SETUPS seeded set-ups."""
    counts = Counter(
        RULES.fold(RULES.setup(options, players, random.Random(seed))).face_down[0] for seed in range(SETUPS)
    )
    return Counter({character: count / SETUPS for character, count in counts.items()})


@pytest.mark.parametrize("players", [3, 4])
def test_online_face_down_card_is_set_aside_first_so_the_king_lies_there_one_time_in_eight(players: int) -> None:
    """Seed 003: "Aus dem Charakterdeck wird eine Karte gezogen und verdeckt beiseite gelegt, ohne sie
    anzusehen." Only then: "Je nach Spielerzahl ... werden 0-3 Charakterkarten offen ... beiseite gelegt ...
    Befindet sich unter den offen beiseite gelegten Charakterkarten der König ..., so wird die entsprechende
    Karte wieder untergemischt und durch eine andere ersetzt." The face-down card is drawn from all 8, so the
    King lies face down 1/8 of the time (turning up first gave him 1/5 at 3 players, 1/6 at 4)."""
    shares = face_down_shares({"edition": "online"}, players)
    assert abs(shares["king"] - 1 / 8) < BOUND, shares
    for character in BASE_CHARACTERS:  # any character alike
        assert abs(shares[character] - 1 / 8) < BOUND, shares


def test_online_emperor_lies_face_down_as_often_as_any_of_nine() -> None:
    """Seed 003 names the King and the "Intrigant" (the Emperor's German name) as never face up: the Emperor
    too is drawn face down from all 9 cards first (1/9; turned up first he had 1/6 at 4 players)."""
    shares = face_down_shares({"edition": "online", "characters": NINE_WITH_EMPEROR}, 4)
    assert abs(shares["emperor"] - 1 / 9) < BOUND, shares


@pytest.mark.parametrize("players", [3, 4, 5])
def test_online_face_up_cards_still_never_show_the_king_or_the_emperor(players: int) -> None:
    for seed in range(300):
        for characters in (list(BASE_CHARACTERS), NINE_WITH_EMPEROR):
            state = RULES.fold(RULES.setup({"edition": "online", "characters": characters}, players, random.Random(seed)))
            assert not {"king", "emperor"} & set(state.face_up)
            assert len(set(state.face_up) | set(state.face_down) | set(state.draft_pile)) == len(characters)


def test_the_hans_im_glueck_order_stays_with_its_editions_whatever_the_rejected_card() -> None:
    """The order of the first step belongs to the edition, not to `rejected_card` (seed 003's other reading):
    a 2012 game with `rejected_card: under_deck` turns up first, and the King lies face down 1/6 of the time at
    4 players, as before."""
    shares = face_down_shares({"rejected_card": "under_deck"}, 4)
    assert abs(shares["king"] - 1 / 6) < BOUND, shares


def test_online_game_with_king_sees_face_down_shows_the_crown_the_card_set_aside_first() -> None:
    """`king_sees_face_down` set in an online game: the crown's holder looks at the card set aside first (it may
    be the King himself); nobody else does."""
    seen = []
    for seed in range(200):
        events = RULES.setup({"edition": "online", "king_sees_face_down": True}, 4, random.Random(seed))
        state = RULES.fold(events)
        crown = state.crown
        assert RULES.view(state, crown)["face_down"] == state.face_down[0]
        assert all("face_down" not in RULES.view(state, s) for s in range(4) if s != crown)
        assert "face_down" not in RULES.view(state, None)
        seen.append(state.face_down[0])
    assert "king" in seen


def test_online_three_players_with_the_king_face_down_the_crown_stays() -> None:
    """3 players online: one character each, 3 face up, 1 face down, the last chooser's leftover face down too.
    With the King set aside face down nobody takes the crown: it stays with its holder."""
    table = Table(3, order("thief", "bishop", "merchant", "king"), edition="online")
    assert table.state.face_down == ("king",) and table.state.face_up == ("thief", "bishop", "merchant")
    crown = table.state.crown
    for _ in range(3):
        table.draft(table.legal()[0]["character"])
    table.finish_round()
    assert table.state.round == 2 and table.state.crown == crown
