"""The tournaments' mails in the outbox: the listener of `tournaments.hooks.events_written` writes one row per
letter of `tournaments.mails.letters_for` (inside the tournament's write transaction, as the games' mails
are written with their events), and `letter(row, reader)` lays out its words (`tournaments.mails.words`)
when the row is sent. Kind `tournament`: a player may opt out of it like any game mail."""

from __future__ import annotations

from accounts.models import User
from tournaments import mails
from tournaments.models import Tournament, TournamentEvent

from .letters import Letter
from .models import Kind, Outbox
from .outbox import Mail, dedupe_key, enqueue


def on_tournament_events(tournament: Tournament, events: list[TournamentEvent]) -> None:
    """Write the outbox rows of the letters these tournament events cause (a round paired, the end)."""
    letters = mails.letters_for(tournament, events)
    if letters:
        enqueue(Mail(Kind.TOURNAMENT, letter.user, None, dedupe_key(Kind.TOURNAMENT, *letter.key),
                     params=letter.params) for letter in letters)


def letter(row: Outbox, reader: User) -> Letter:
    """What a tournament row's mail says, for the rendering (in the row's language, the reader's)."""
    said = mails.words(row.params or {}, reader)
    return Letter(subject=said.subject, intro=said.intro, sections=said.sections, links=said.links,
                  top_link=said.links[0] if said.links else None)
