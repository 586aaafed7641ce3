"""Deadlines: when a seat is awaited the game records its deadline; a passed deadline is enforced once.

* `clock`: a decision's deadline and reminder time (paused by declared absences), kept on the game's row by
  a hook subscriber (`clock.on_events_appended`) in the transaction of every event batch.
* `bank`: a time bank per seat (time control `"mode": "bank"`: initial, increment, most, double charge),
  kept on the game's row as a projection (`Game.clock_banks`) by the clock's subscriber.
* `shown`: each seat's clock as the table, the lobby, the API and the mails show it (time left, bank).
* `absences`: players coming and going: declared vacations (which pause the clock) and seats the bot plays
  at once after too many timeouts in a row.
* `enforcement`: enforcing a passed deadline with the service's commands, through the one write path of
  every command (`games.services.apply_command`): on a game the caller locked (`enforce_locked`) or one
  game by id (`enforce_deadline`, the task's body).
* `sweep`: the beat task's body, enforcing every passed deadline a batch of games at a time
  (`enforce_due_deadlines`).
* `reminders`: the reminder before a deadline, once per decision (`send_due_reminders`).

The deadline lives in the database (indexed `deadline_at`), never in a long Celery ETA. Whether the service
played a command is its `Command.by_service` column.
"""
