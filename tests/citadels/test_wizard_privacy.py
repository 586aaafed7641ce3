"""The Wizard's look at a hand (seed 000, "Zauberer": "Der Zauberer darf sich die Handkarten eines Mitspielers
ansehen und eine davon nehmen") shows the Wizard's player that hand while he decides, and nobody else: not the
other seats, not spectators, not in views, events or legal commands. And it shows the cards, not the order the
target drew them in (the hand as a set of cards, sorted, as the Lighthouse shows the deck)."""

from __future__ import annotations

import json
from typing import Any

from citadels import RULES

from .scenario import Table, drafted, of_type
from .test_dark_characters import table5, with_

# Cards that lie nowhere else in these games (not in any hand, deck or city), so any trace of them is a leak.
SECRET_HAND = ["map_room", "dragon_gate", "great_wall"]


def wizard_looking(target_hand: list[str]) -> tuple[Table, Any]:
    """5 players, seat 0 the Wizard, who has just looked at seat 2's hand; the look's event."""
    table = drafted(["wizard", "bishop", "merchant", "architect", "warlord"], ("assassin", "thief"), "king",
                    players=5, characters=with_("wizard"))
    table.set(2, hand=target_hand)
    (looked,) = of_type(table.do("look_at_hand", seat=2), "hand_looked_at")
    return table, looked


def traces(data: Any) -> set[str]:
    """The secret cards named anywhere in `data` (a view, a redacted event, legal commands)."""
    text = json.dumps(data)
    return {card for card in SECRET_HAND if f'"{card}"' in text}


def test_only_the_wizards_player_sees_the_hand_while_he_decides() -> None:
    table, looked = wizard_looking(SECRET_HAND)
    assert table.view(0)["seen_hand"] == {"seat": 2, "cards": sorted(SECRET_HAND)}
    assert RULES.redact(looked, 0)["hand"] == sorted(SECRET_HAND)
    assert {c["district"] for c in table.legal(0)} == set(SECRET_HAND)
    for seat in (None, 1, 3, 4):
        assert not traces(table.view(seat)), seat
        assert not traces(RULES.redact(looked, seat)), seat
        assert not traces(RULES.legal_commands(table.state, seat) if seat is not None else [])
    assert table.view(None)["turn"]["looked_at"] == 2  # that he looked, and at whom, is public
    target = table.view(2)  # the target knows his own hand, but not that the Wizard's choice is open to him
    assert "seen_hand" not in target and sorted(target["hand"]) == sorted(SECRET_HAND)
    assert "hand" not in RULES.redact(looked, 2)


def test_the_taken_card_is_told_to_the_wizard_and_the_target_only_and_the_look_ends() -> None:
    table, _ = wizard_looking(SECRET_HAND)
    (taken,) = of_type(table.do("take_card", district="dragon_gate"), "card_taken")
    assert RULES.redact(taken, 0)["district"] == RULES.redact(taken, 2)["district"] == "dragon_gate"
    for seat in (None, 1, 3, 4):
        assert not traces(RULES.redact(taken, seat))
        assert not traces(table.view(seat))
    assert "seen_hand" not in table.view(0) and table.state.turn.seen == ()


def test_the_wizard_sees_the_cards_not_the_order_they_were_drawn_in() -> None:
    """A hand is kept in the order its cards came (the last one drawn last); the Wizard is shown the cards,
    sorted, so the look does not tell him which card his target took when."""
    drawn_order = ["great_wall", "map_room", "dragon_gate"]
    table, looked = wizard_looking(drawn_order)
    assert table.view(0)["seen_hand"]["cards"] == sorted(drawn_order)
    assert looked.private == {0: {"hand": sorted(drawn_order)}}


def test_a_bewitched_wizards_look_is_the_witchs_not_his_players() -> None:
    """The Witch plays the rest of the bewitched Wizard's turn (seed 000): she looks, and sees; the Wizard's
    own player, who only took his income, does not."""
    table = table5(with_("witch", "wizard"), ["witch", "thief", "wizard", "king", "bishop"],
                   ("merchant", "architect"), "artist")
    table.income()
    table.do("bewitch", character="wizard")
    table.end()  # the Thief
    table.income()  # the bewitched Wizard's player: income only; then the Witch plays on
    assert table.state.turn.witch and table.seat == 0
    table.set(3, hand=SECRET_HAND)
    (looked,) = of_type(table.do("look_at_hand", seat=3), "hand_looked_at")
    assert table.view(0)["seen_hand"]["cards"] == sorted(SECRET_HAND)
    for seat in (None, 1, 2, 4):
        assert not traces(table.view(seat)) and not traces(RULES.redact(looked, seat)), seat
