"""The deadline mail lists only the reader's own moves that the service made: real deadlines pass and are
enforced by the sweep, and the rendered mail (in the reader's language) tells each of the seat's moves
but no event about another player that the same commands set off (the next character called, the crown
going to its holder, the next player's turn), nor anything the reader may not see."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from accounts.local import language_of
from games import services, store
from games.deadlines import sweep
from games.models import Command, Event, Game
from notifications.models import Outbox
from notifications.rendering import render

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HEADERS = {"en": "== What was played for you ==", "de": "== Was für dich gespielt wurde =="}
YOU = {"en": "{name} (you)", "de": "{name} (du)"}


def started(users: list[Any], kind: str) -> Game:
    game = services.create_game(users[0], kind, len(users),
                                time_control={"decision_hours": 24, "reminder_hours": 4, "timeout_policy": "bot"})
    for user in users[1:]:
        services.join_game(user, game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def listed(text: str, language: str) -> list[str]:
    """The lines of the mail's section of what was played for the reader."""
    lines = text.split(HEADERS[language], 1)[1].strip().split("\n\n", 1)[0].splitlines()
    return [line.removeprefix("- ") for line in lines]


def others_in_window(game: Game, mail: Outbox) -> list[str]:
    """The types of the events in the mail's window that the seat's commands set off about another seat."""
    seqs = (mail.params["first_seq"], mail.params["upto"])
    commands = Command.objects.filter(game=game, seat=mail.seat, by_service=True, first_seq__lte=seqs[1],
                                      last_seq__gte=seqs[0])
    events = Event.objects.filter(game=game, command__in=commands, seq__gte=seqs[0], seq__lte=seqs[1])
    return [e.type for e in events if e.data["public"].get("seat", mail.seat) != mail.seat]


@pytest.mark.parametrize("kind, players", [("citadels", 4), ("dominion", 3)])
def test_the_deadline_mail_lists_only_the_readers_own_moves(verified_user: Any, kind: str, players: int) -> None:
    users = [verified_user(f"m{i}", language="de" if i % 2 else "en") for i in range(players)]
    with time_machine.travel(T0, tick=False):
        game = started(users, kind)
    for day in range(1, 13):
        with time_machine.travel(T0 + timedelta(days=day, hours=1), tick=False):
            sweep.enforce_due_deadlines()
    mails = list(Outbox.objects.filter(game=game, kind="timeout").order_by("pk"))
    assert len(mails) >= players
    crossed = 0
    for mail in mails:
        language = language_of(mail.user)
        rendered = render(mail).text
        name = YOU[language].format(name=mail.user.public_name)
        lines = listed(rendered, language)
        assert lines, rendered
        for line in lines:
            assert name in line, (line, rendered)  # the reader's own move, told as theirs
        others = others_in_window(game, mail)
        crossed += bool(others)
    assert crossed, "no enforcement set off an event about another seat: the test shows nothing"


def test_an_answer_the_log_reveals_later_is_told_by_its_command(verified_user: Any) -> None:
    """Militia asks both other players to discard down to 3 together: the first answer the service gives
    is written unseen (the log reveals the discards once both have answered), so no event tells that reader
    their move yet; the mail tells it by the command, in the reader's words (found by the random games of the
    test above, about one run in ten)."""
    from dominion import RULES

    users = [verified_user(f"a{i}", language="en") for i in range(3)]
    militia_first = ["militia", *["copper"] * 4, *["estate"] * 3, *["copper"] * 2]
    mixed = ["copper", "estate", "copper", "estate", "copper", "copper", "copper", "estate", "copper", "copper"]
    options = {"kingdom": ["village", "throne_room", "workshop", "cellar", "chapel", "moat", "militia", "remodel",
                           "council_room", "smithy"],
               "decks": [militia_first, mixed, mixed]}  # (a hand of one card kind discards itself)
    with time_machine.travel(T0, tick=False):
        game = services.create_game(users[0], "dominion", 3, options=options, trusted=True,
                                    time_control={"decision_hours": 24, "reminder_hours": 4, "timeout_policy": "bot"})
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
        game.refresh_from_db()
        first = next(s.user for s in game.seats.all() if s.index == 0)
        state = store.load_state(game)
        militia = next(card["id"] for card in RULES.view(state, 0)["hand"] if card["card"] == "militia")
        play = next(c for c in RULES.legal_commands(state, 0) if c.get("type") == "play" and c.get("card") == militia)
        services.execute(first, game.pk, dict(play), expected_version=game.version)
    game.refresh_from_db()
    assert sorted(game.awaiting) == [1, 2]  # both asked to discard down
    with time_machine.travel(T0 + timedelta(days=1, hours=1), tick=False):
        sweep.enforce_due_deadlines()
    mails = {mail.seat: render(mail).text for mail in Outbox.objects.filter(game=game, kind="timeout")}
    assert set(mails) == {1, 2}
    for seat, text in mails.items():
        lines = listed(text, "en")
        name = next(s.user for s in game.seats.all() if s.index == seat).public_name
        assert lines and all(f"{name} (you)" in line for line in lines), text
    untold = [text for text in mails.values() if any(": Discard " in line for line in listed(text, "en"))]
    assert untold, mails  # the first answer, told by its command ("a1 (you): Discard Copper, Estate ...")
