"""Game services: the only code that writes games, seats, commands, events and snapshots.

One module per concern, reached through this package (`from games import services`):

* `lifecycle`: create / join / leave / start a game (options and time control checked);
* `commands`: `execute`, a player's command exactly once (idempotency key, expected version, races), and
  `apply_command`, the one write path of every command under it (a player's, an emailed reply's, the
  service's for a passed deadline);
* `takeback`, `takeback_requests`: taking a move back (alone when the rules allow it, else with the others' consent);
* `reading`: game_detail / history / state_at, a game as a viewer may see it;
* `seat_reading`: one seat's reads for a client acting for it (an emailed reply): its choices now or at
  a version, the rules' refusal of a command, the command its idempotency key applied, its players' names;
* `story`: the history in chapters (rounds, turns) paged by rounds, and how far each reader has read it;
* `writing`: what the changing services share (the game's row and its lock, the random source, appending
  events with the projection columns).

Every refusal is a `core.errors.ServiceError` (code + message; the API maps its kind to the HTTP status).
The rules are reached only through the registry (`games.registry`).
"""

from __future__ import annotations

from ..deadlines.clock import DEFAULT_TIME_CONTROL
from .commands import Applied, CommandResult, apply_command, decide, execute, resign
from .lifecycle import (
    MAX_DECISION_HOURS,
    clean_time_control,
    create_game,
    fewest_players,
    host_of,
    join_game,
    leave_game,
    set_spectators,
    start_game,
)
from .reading import (
    find_game,
    game_detail,
    game_detail_by_id,
    get_game,
    history,
    list_games,
    may_see,
    resigned_seats,
    seat_of,
    state_at,
    takeovers_of,
)
from .rematch import (
    accept_rematch,
    decline_rematch,
    offer_rematch,
    rematch_for_player,
    rematch_of,
    rematch_players,
)
from .seat_reading import (
    SeatChoices,
    applied_command,
    choices_at,
    choices_now,
    player_names,
    refusal_of,
    service_moved_for,
)
from .story import chapters, last_read, mark_read, open_views, story
from .story import rounds as story_rounds
from .takeback_requests import (
    TakebackOutcome,
    answer_takeback,
    ask_takeback,
    open_takeback_request,
    request_as_dict,
    take_back,
    takeback_status,
)
from .takeover import games_with_wanted_seats, take_over_seat, wanted_seats
from .waiting_room import close_stale_open_games, recent_changes, room_mark
from .writing import PROJECTION_FIELDS, game_rng

__all__ = [
    "DEFAULT_TIME_CONTROL",
    "MAX_DECISION_HOURS",
    "PROJECTION_FIELDS",
    "Applied",
    "TakebackOutcome",
    "answer_takeback",
    "ask_takeback",
    "open_takeback_request",
    "request_as_dict",
    "takeback_status",
    "take_back",
    "CommandResult",
    "accept_rematch",
    "apply_command",
    "clean_time_control",
    "create_game",
    "decide",
    "decline_rematch",
    "execute",
    "fewest_players",
    "find_game",
    "game_detail",
    "game_detail_by_id",
    "game_rng",
    "get_game",
    "history",
    "chapters",
    "last_read",
    "mark_read",
    "open_views",
    "story_rounds",
    "story",
    "host_of",
    "join_game",
    "leave_game",
    "list_games",
    "resign",
    "resigned_seats",
    "may_see",
    "offer_rematch",
    "rematch_for_player",
    "rematch_of",
    "rematch_players",
    "seat_of",
    "set_spectators",
    "start_game",
    "state_at",
    "close_stale_open_games",
    "recent_changes",
    "room_mark",
    "take_over_seat",
    "takeovers_of",
    "wanted_seats",
    "games_with_wanted_seats",
    "SeatChoices",
    "applied_command",
    "choices_at",
    "choices_now",
    "player_names",
    "refusal_of",
    "service_moved_for",
]
