"""End to end: a whole 2-player game played only by replying to the emails (numbers from each mail's list)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.models import Command, Game
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def choose(listed: list[tuple[str, str]], refused: bool, rng: random.Random) -> str:
    """A player who builds when they can and takes gold otherwise (random after a refusal), by number."""
    if not refused:
        for words in (("Build", "bauen"), ("Take 2 gold", "2 Gold nehmen")):
            for number, text in listed:
                if any(w in text for w in words):
                    return number
    return rng.choice(listed)[0]


def test_a_whole_game_played_by_replying_to_emails(table: dict[str, Any], settings: Any) -> None:
    # A whole game takes more replies per player than the per-sender hourly limit (tested on its own).
    settings.MAILIN_RATE_PER_HOUR = 10_000
    game = table["game"]
    rng = random.Random(7)
    replies = 0
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        user = table["seats"][game.awaiting[0]]
        mail = last_mail(user)
        listed = re.findall(r"^- (\d+)\. (.*)$", mail.body, re.MULTILINE)
        assert listed, mail.body
        number = choose(listed, refused="Refused" in mail.body or "Abgelehnt" in mail.body, rng=rng)
        style = rng.choice(["{n}\n\n{quote}", "{n}.\n-- \nsig", "({n})\n\nOn Mon, X <x@y> wrote:\n{quote}"])
        code, out = pipe(reply(mail, style.format(n=number, quote=quoted(mail))))
        assert code == 0, out
        replies += 1
        assert replies < 2000, "the game does not end:\n" + mail.body
        deliver()
    assert game.status == Game.Status.FINISHED
    commands = Command.objects.filter(game=game)
    assert commands.count() == replies and all(c.idempotency_key.startswith("mail:") for c in commands)
    ended = [m for m in deliver() + [last_mail(u, with_reply_to=False) for u in (table["ann"], table["ben"])]]
    assert any("over" in m.subject or "beendet" in m.subject for m in ended)
