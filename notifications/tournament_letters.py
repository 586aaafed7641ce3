"""A tournament mail laid out at delivery: `letter(row, reader)` turns `tournaments.mails.words` (read from the
tournament's log, in the row's language) into the `letters.Letter` the templates lay out. Apart from the
outbox's side (`tournament_mails`): the rendering imports this, and the outbox imports the rendering's sender,
so one module of both would close a circle."""

from __future__ import annotations

from accounts.models import User
from tournaments import mails

from .letters import Letter
from .models import Outbox


def letter(row: Outbox, reader: User) -> Letter:
    """What a tournament row's mail says, for the rendering (in the row's language, the reader's)."""
    said = mails.words(row.params or {}, reader)
    return Letter(subject=said.subject, intro=said.intro, sections=said.sections, links=said.links,
                  top_link=said.links[0] if said.links else None)
