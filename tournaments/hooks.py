"""What the tournaments tell the apps above them (the mails): a notice of the events a step of the one
write path appended, called inside that step's transaction (`services.writing.advance`), so that what a
listener writes (the outbox's rows) commits or rolls back with the events. The tournaments import none of
their listeners: an app above registers its function in its `AppConfig.ready()`."""

from __future__ import annotations

from core.registry import Listeners

from .models import Tournament, TournamentEvent

# events_written(tournament, events): the tournament as the step left it (projection columns written) and
# the events it appended, in order.
events_written: Listeners[[Tournament, list[TournamentEvent]], None] = Listeners("tournament events listener")
