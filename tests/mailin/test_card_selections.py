"""Replies naming the cards of a selection (the page's checkbox forms), piped into `manage.py receive_mail`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone

from citadels import RULES as CITADELS
from dominion import RULES as DOMINION
from games import services, store
from games.models import Command, Game
from tests.citadels.scenario import FILLER_DECK, order
from tests.dominion.site.conftest import DECKS, stacked_game
from tests.games.helpers import seat_users
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply

pytestmark = pytest.mark.django_db

MAGICIAN_HAND = ["temple", "temple", "tavern", "market"]
STOREROOM_DECK = ["storeroom", "copper", "copper", "estate", "silver", "copper", "gold", "copper", "estate", "estate"]


@pytest.fixture
def players(make_user: Callable[..., Any]) -> list[Any]:
    """Ann reads English, Ben German; both verified (game mail goes to those only)."""
    return [make_user("ann", email_verified_at=timezone.now(), language="en"),
            make_user("ben", email_verified_at=timezone.now(), language="de")]


def answer_to(user: Any) -> str:
    mails = [m for m in deliver() if user.email in m.to]
    assert len(mails) == 1, [m.subject for m in mails]
    return str(mails[0].body)


def mail_commands(game: Game) -> list[dict[str, Any]]:
    return [c.command for c in Command.objects.filter(game=game, idempotency_key__startswith="mail:").order_by("first_seq")]


def magician_turn(users: list[Any]) -> tuple[Game, Any]:
    """A 2-player Citadels game (stacked: seat 0 holds Temple, Temple, Tavern, Market and the Assassin lies
    face down) played through the service until seat 0, the Magician, may redraw; the game and its player
    (Ann or Ben: the seats are drawn)."""
    deck = MAGICIAN_HAND + ["watchtower", "prison", "manor", "castle"] + list(FILLER_DECK)
    options = {"deck": deck, "character_orders": [order("assassin")]}
    game = services.create_game(users[0], "citadels", 2, options=options, trusted=True)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    seats = seat_users(game)
    ann_seat = 0
    for _step in range(60):
        game.refresh_from_db()
        seat = game.awaiting[0]
        legal = CITADELS.legal_commands(store.load_state(game), seat)
        if seat == ann_seat and any(c["type"] == "redraw" for c in legal):
            deliver()
            return game, seats[0]
        wanted = {"type": "choose_character", "character": "magician"}
        command = wanted if seat == ann_seat and wanted in legal else next(
            (c for c in legal if c["type"] in ("take_gold", "end_turn")),
            next(c for c in legal if "magician" not in c.values()))
        services.execute(seats[seat], game.pk, command)
    raise AssertionError("the Magician's turn never came")


def told(body: str, english: str, german: str) -> bool:
    return english in body or german in body


def test_the_magician_discards_two_of_four_named_cards(players: list[Any]) -> None:
    game, magician = magician_turn(players)
    turn = last_mail(magician)
    assert told(turn.body, "Or write the cards you choose, e.g. “Discard Temple, Tavern and draw as many”.",
                "Oder schreib die Karten deiner Wahl, z. B. „Tempel, Taverne abwerfen und ebenso viele ziehen“.")
    assert pipe(reply(turn, "Discard Temple and Market\n\n" + quoted(turn)))[0] == 0
    assert mail_commands(game) == [{"type": "redraw", "districts": ["temple", "market"]}]
    assert told(answer_to(magician), "Applied", "Ausgeführt")


def test_a_card_not_in_the_hand_is_refused_and_changes_nothing(players: list[Any]) -> None:
    game, magician = magician_turn(players)
    version = game.version
    assert pipe(reply(last_mail(magician), "discard Temple, Cathedral\n"))[0] == 0
    assert Game.objects.get(pk=game.pk).version == version and mail_commands(game) == []
    assert told(answer_to(magician), "“Cathedral” is not among the cards you can choose (Temple, Tavern, Market).",
                "„Cathedral“ ist keine der Karten, die du wählen kannst (Tempel, Taverne, Markt).")


def test_more_copies_than_the_hand_holds_are_refused(players: list[Any]) -> None:
    game, magician = magician_turn(players)
    version = game.version
    assert pipe(reply(last_mail(magician), "Tempel, Tempel, Tempel abwerfen\n"))[0] == 0
    assert Game.objects.get(pk=game.pk).version == version
    assert told(answer_to(magician), "You named Temple 3 times, but only 2 can be chosen.",
                "Du hast Tempel 3-mal genannt, wählbar sind aber nur 2.")


def storeroom_turn(users: list[Any]) -> tuple[Game, Any]:
    """A stacked Dominion game whose first player (Ann or Ben: the seats are drawn) holds Storeroom,
    Copper, Copper, Estate, Silver and has played the Storeroom by email (its first question: discard any
    number of cards to draw as many); the game and that player."""
    game, seats = stacked_game(users, decks=[STOREROOM_DECK, DECKS[1]])
    player = seats[game.awaiting[0]]
    deliver()
    assert pipe(reply(last_mail(player), "Lagerraum ausspielen\n"))[0] == 0
    deliver()  # the answer: the Storeroom played, the choices now (answered in the tests)
    game.refresh_from_db()
    return game, player


def hand_names(game: Game, seat: int) -> list[str]:
    game.refresh_from_db()
    state = store.load_state(game)
    return [state.names[c] for c in state.hand(seat)]


def test_storeroom_discards_three_named_cards_with_duplicates_in_german_then_in_english(players: list[Any]) -> None:
    """Dark Ages has no Chapel: the Storeroom's "discard any number" is the selection of any set of cards."""
    game, player = storeroom_turn(players)
    seat = game.awaiting[0]
    turn = last_mail(player)  # the answer to the reply that played the Storeroom
    assert told(turn.body, "Or write the cards you choose, e.g. “Discard Copper, Estate and draw as many”.",
                "Oder schreib die Karten deiner Wahl, z. B. „Kupfer, Anwesen ablegen und ebenso viele ziehen“.")
    assert pipe(reply(turn, "Kupfer, Kupfer und Anwesen ablegen\n\n" + quoted(turn)))[0] == 0
    first = mail_commands(game)[1]
    assert sorted(store.load_state(game).names[c] for c in first["cards"]) == ["copper", "copper", "estate"]
    assert told(answer_to(player), "Applied", "Ausgeführt")
    hand = hand_names(game, seat)  # Silver and the 3 cards drawn
    assert sorted(hand) == ["copper", "copper", "gold", "silver"], hand
    assert pipe(reply(last_mail(player), "discard Copper, Silver, Copper\n"))[0] == 0
    second = mail_commands(game)[2]
    state = store.load_state(game)
    assert sorted(state.names[c] for c in second["cards"]) == ["copper", "copper", "silver"]
    assert hand_names(game, seat) == ["gold"]


def test_too_many_cards_for_the_decision_are_refused_by_the_rules(players: list[Any]) -> None:
    """Seat 0 opens with an Urchin: the other player discards down to 4, exactly 1 card; naming 2 is
    refused by the rules, told in the answer, and nothing changes."""
    game, seats = stacked_game(players)
    opener = seats[game.awaiting[0]]
    state = store.load_state(game)
    urchin = next(c for c in DOMINION.legal_commands(state, game.awaiting[0])
                  if c["type"] == "play" and state.names[c["card"]] == "urchin")
    deliver()
    services.execute(opener, game.pk, urchin)
    deliver()
    game.refresh_from_db()
    other = seats[game.awaiting[0]]
    version = game.version
    assert pipe(reply(last_mail(other), "Copper, Estate\n"))[0] == 0
    assert Game.objects.get(pk=game.pk).version == version and mail_commands(game) == []
    body = answer_to(other)
    assert told(body, "- “Copper, Estate”: Choose as many cards as the decision asks for.",
                "- “Copper, Estate”: Wähle so viele Karten, wie die Entscheidung verlangt.")
