"""Where a player's deadlines come from: each app that gives players deadlines registers a source here (from
its `AppConfig.ready`), so that the feed imports none of them.

    from calendars.sources import Deadline, deadline_sources
    deadline_sources.register(my_source, name="tournaments")   # my_source(user) -> Iterable[Deadline]

calendars registers the games' own deadlines (`game_deadlines.awaited_moves`, as "games"); the tournaments
app adds its rounds' deadlines the same way. A source is called with the player's language active (its
texts are read in it) and must only read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from accounts.models import User
from core.registry import Registry


@dataclass(frozen=True)
class Deadline:
    """One deadline of a player, as one calendar event.

    `uid` names the deadline for good (a calendar app replaces the event of the same uid, and drops one no
    longer in the feed): the same thing and the same deadline keep it, a new deadline gets a new one. It
    is unique across every source: start it with the source's name ("game-12-..."). `sequence` grows when
    the same deadline changes; `url` is the page to act on; `reminder_at`, if before the deadline, gives
    the event an alarm then."""

    uid: str
    summary: str
    deadline_at: datetime
    url: str
    description: str = ""
    reminder_at: datetime | None = None
    sequence: int = 0


DeadlineSource = Callable[[User], Iterable[Deadline]]

# Each app's source of deadlines, by name, in the order registered.
deadline_sources: Registry[DeadlineSource] = Registry("calendar deadline source")


def deadlines_of(user: User) -> list[Deadline]:
    """Every registered source's deadlines of this player, the earliest first (then by uid: the order is
    the same on every read, so an unchanged feed is the same text)."""
    found = [deadline for source in deadline_sources for deadline in source(user)]
    return sorted(found, key=lambda deadline: (deadline.deadline_at, deadline.uid))
