"""Tournament services: the only code that writes tournaments, their logs and their links to games.

Every write that advances a tournament goes through `writing.advance` (the tournament's row locked, its
version checked, the events appended with the projection columns), so a beat task, a hook and a player's
request racing each other do each step once. See tournaments/README.md for the functions' signatures.

* `entry`: create_tournament, invite, join, leave, withdraw;
* `rounds`: start_now, cancel (the host's), `progress`, the one step that does what is due (start, results, time losses, maximum length,
  next round, end), and `create_table_game`;
* `recording`: the games' hook subscriber (a finished game's result into its link row);
* `due`: the beat task's body `advance_due`, `advance_tournament`, `settle_withdrawals`;
* `league`: create_league, join_league / leave_league (from the next season), the league's one write path `advance_league` and its step `progress_league`
  (a season's end, promotion and relegation, the next season's groups);
* `reading`: get_tournament, state_of, standings_of, games_of, rederive_round.
"""

from .due import advance_due, advance_tournament, settle_withdrawals
from .entry import active_ban, create_tournament, invite, join, leave, withdraw
from .league import advance_league, create_league, join_league, leave_league, progress_league
from .reading import games_of, get_tournament, rederive_round, standings_of, state_of
from .rounds import cancel, start_now
from .writing import advance

__all__ = [
    "active_ban", "advance", "advance_league", "create_league", "join_league", "leave_league", "progress_league", "cancel", "start_now", "advance_due", "advance_tournament", "create_tournament", "games_of",
    "get_tournament", "invite", "join", "leave", "rederive_round", "settle_withdrawals", "standings_of",
    "state_of", "withdraw",
]
