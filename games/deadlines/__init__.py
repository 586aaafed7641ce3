"""Deadlines: when a seat is awaited the game records its deadline; a passed deadline is enforced once.

* `clock`: a decision's deadline and reminder time (paused by declared absences), kept on the game's row by
  a hook subscriber (`clock.on_events_appended`) in the transaction of every event batch.
* `absences`: players coming and going: declared vacations (which pause the clock) and seats the bot plays
  at once after too many timeouts in a row.
* `enforcement`: enforcing passed deadlines with the service's ordinary commands, many games in one bulk
  (`enforce_locked`) or one game (`enforce_deadline`, the task's body).
* `sweep`: the beat task's body, enforcing every passed deadline a batch of games at a time
  (`enforce_due_deadlines`).
* `reminders`: the reminder before a deadline, once per decision (`send_due_reminders`).

The deadline lives in the database (indexed `deadline_at`), never in a long Celery ETA. Here: what marks a
command as the service's, which every module and the emails ask.
"""

from __future__ import annotations

from ..models import SERVICE_KEY_PREFIX

# Idempotency keys of commands issued by the service for a seat start with this: the history and the
# emails mark those moves as "played for the absent player".
TIMEOUT_KEY_PREFIX = SERVICE_KEY_PREFIX


def is_timeout_key(key: str | None) -> bool:
    """Whether a command's idempotency key marks it as played by the service for an absent player."""
    return bool(key) and str(key).startswith(TIMEOUT_KEY_PREFIX)
