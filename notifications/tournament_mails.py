"""The tournaments' mails in the outbox: the listener of `tournaments.hooks.events_written` writes one row per
letter of `tournaments.mails.letters_for` (inside the tournament's write transaction, as the games' mails
are written with their events); `tournament_letters.letter` lays a row out when it is sent. Kind
`tournament`: a player may opt out of it like any game mail."""

from __future__ import annotations

from tournaments import mails
from tournaments.models import Tournament, TournamentEvent

from .models import Kind
from .outbox import Mail, dedupe_key, enqueue


def on_tournament_events(tournament: Tournament, events: list[TournamentEvent]) -> None:
    """Write the outbox rows of the letters these tournament events cause (a round paired, the end)."""
    letters = mails.letters_for(tournament, events)
    if letters:
        enqueue(Mail(Kind.TOURNAMENT, letter.user, None, dedupe_key(Kind.TOURNAMENT, *letter.key),
                     params=letter.params) for letter in letters)
