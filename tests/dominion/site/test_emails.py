"""Dominion's emails: "your turn" when a turn starts or a decision is asked in another player's turn, never
after each of one's own commands; what happened since, in words, in German and English; numbered choices
that a reply by email can use."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import services, store
from notifications.models import Outbox
from notifications.rendering import render

from .conftest import stacked_game

pytestmark = pytest.mark.django_db


def _turn_mails(user: Any) -> list[Outbox]:
    return list(Outbox.objects.filter(user=user, kind="turn").order_by("id"))


def _play(user: Any, game: Any, command: dict[str, Any]) -> None:
    services.execute(user, game.pk, command)
    game.refresh_from_db()


def test_turn_emails_in_both_languages_and_never_after_ones_own_commands(verified: Any) -> None:
    anna, ben = verified("Anna", "de"), verified("Ben", "en")
    game, seats = stacked_game([anna, ben])
    first, second = seats[0], seats[1]
    assert game.awaiting == [0]
    assert len(_turn_mails(first)) == 1 and _turn_mails(second) == []  # the first turn's player only

    state = store.load_state(game)
    urchin = next(c for c in state.hand(0) if state.names[c] == "urchin")
    _play(first, game, {"type": "play", "card": urchin})
    # A decision asked of the other player in seat 0's turn: an email to them.
    assert game.awaiting == [1]
    asked = _turn_mails(second)
    assert len(asked) == 1
    german = second.language == "de"
    text = render(asked[0]).text
    # One line for the card and what it gave at once (the drawn card stays hidden from the other player).
    played = (f"{first.display_name} hat Gassenjunge ausgespielt: +1 Karte, " if german
              else f"{first.display_name} played Urchin: +1 card, +1 Action.")
    assert played in text, text
    choices = [line for line in text.splitlines() if re.match(r"- \d\. ", line)]
    wanted = ["Anwesen ablegen", "Kupfer ablegen"] if german else ["Discard Copper", "Discard Estate"]
    assert sorted(line.split(". ", 1)[1] for line in choices) == sorted(wanted), text
    assert ("Gassenjunge: Lege bis auf" if german else "Urchin: discard down to") in text

    state = store.load_state(game)
    estate = next(c for c in state.hand(1) if state.names[c] == "estate")
    _play(second, game, {"type": "decide", "cards": [estate]})
    assert game.awaiting == [0]
    mails = len(_turn_mails(first))
    # Seat 0 goes on with its turn: several commands, no email after any of them.
    _play(first, game, {"type": "play_treasures"})
    _play(first, game, {"type": "buy", "card": "silver"})
    assert len(_turn_mails(first)) == mails and game.awaiting == [0]
    _play(first, game, {"type": "end_turn"})
    # Seat 1's turn starts: one email, telling seat 0's turn in words, no hidden card named.
    assert game.awaiting == [1] and len(_turn_mails(first)) == mails
    turn = render(_turn_mails(second)[-1]).text
    bought = (f"{first.display_name} hat Silber für 3 Geld gekauft und genommen." if german
              else f"{first.display_name} bought and gained Silver for 3 coins.")
    assert bought in turn, turn
    assert ("Zug 2:" if german else "Turn 2:") in turn
    assert ("Der Vorrat" if german else "The Supply") in turn
    # The other player's mails are in their language.
    first_text = render(_turn_mails(first)[0]).text
    assert ("Gassenjunge ausspielen" if first.language == "de" else "Play Urchin") in first_text, first_text


def test_a_reply_by_email_plays_a_numbered_dominion_choice(verified: Any) -> None:
    from mailin import services as mailin

    anna, ben = verified("Anna", "en"), verified("Ben", "de")
    game, seats = stacked_game([anna, ben])
    mail = _turn_mails(seats[0])[0]
    lines = render(mail).text.splitlines()
    number = next(line.lstrip("- ").split(".")[0] for line in lines if line.strip().endswith(("Play Urchin", "Gassenjunge ausspielen")))
    outcome = mailin.play(seats[0], game, 0, game.version, [number], key="reply-1")
    assert outcome.status == "applied", outcome
    game.refresh_from_db()
    assert game.awaiting == [1]
    # Words work too, in either language: "Kupfer ablegen" / "discard copper".
    outcome = mailin.play(seats[1], game, 1, game.version, ["discard copper"], key="reply-2")
    assert outcome.status == "applied", outcome
