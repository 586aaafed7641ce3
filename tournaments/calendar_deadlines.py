"""The tournaments' deadlines in a player's calendar feed (`calendars.sources`, registered as
"tournaments" by the app's `ready`): only reads.

* sign-up's end of each tournament the player entered that is still open for sign-up (when it has one);
* in a running tournament the player is still in, with a maximum game length: the end of that length of
  each of their running games of it (the game counts as a draw then), and in a Swiss with rounds to come,
  the latest start of the next round (when the last running game of the current round reaches it).

Uids: `tournament-<id>-...-player-<user id>@<site host>`, each naming its deadline for good (a new round
or game is a new uid).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlparse

from django.conf import settings
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from calendars.sources import Deadline
from core.links import site_link
from games.models import Game, Seat

from . import standings
from .models import Tournament, TournamentEvent, TournamentGame
from .services.writing import load_state


def tournament_deadlines(user: User) -> Iterator[Deadline]:
    """The player's tournament deadlines now (one statement for a player with none: the feed's polls stay
    cheap)."""
    entered = TournamentEvent.objects.filter(type=standings.JOINED, data__player=user.pk).values("tournament_id")
    mine = Seat.objects.filter(user=user, game__status=Game.Status.ACTIVE).values("game_id")
    playing = TournamentGame.objects.filter(game_id__in=mine, recorded=False).values("tournament_id")
    found = list(Tournament.objects.filter(
        Q(status=Tournament.Status.SIGNUP, signup_until__isnull=False, pk__in=entered)
        | Q(status=Tournament.Status.RUNNING, max_game_days__isnull=False, pk__in=playing)
    ).order_by("pk"))
    for tournament in found:
        state = load_state(tournament)
        if tournament.status == Tournament.Status.SIGNUP:
            if user.pk in state.entrants:  # (not left again)
                yield _signup_end(tournament, user)
        elif user.pk not in state.withdrawn:  # withdrawn: the bot plays them, or they are forfeited
            yield from _game_lengths(tournament, state, user, mine)


def _signup_end(tournament: Tournament, user: User) -> Deadline:
    assert tournament.signup_until is not None
    url = site_link("tournament-page", tournament.pk)
    return Deadline(
        uid=f"tournament-{tournament.pk}-signup-player-{user.pk}@{_uid_domain()}",
        summary=_("Sign-up closes: {name}").format(name=tournament.name),
        description=_("Sign-up for {name} closes at this time; the tournament starts then. {url}").format(
            name=tournament.name, url=url),
        deadline_at=tournament.signup_until, url=url,
    )


def _game_lengths(tournament: Tournament, state: standings.TournamentState, user: User, mine: Any) -> Iterator[Deadline]:
    """The maximum length of each of the player's running games of the tournament, and a Swiss's next round."""
    days = timedelta(days=tournament.max_game_days or 0)
    url = site_link("tournament-page", tournament.pk)
    links = TournamentGame.objects.filter(tournament=tournament, game_id__in=mine, recorded=False).select_related("game")
    for link in links.order_by("round", "table"):
        if link.game.started_at is None:
            continue
        yield Deadline(
            uid=f"tournament-{tournament.pk}-game-{link.game_id}-length-player-{user.pk}@{_uid_domain()}",
            summary=_("Game #{game} of {name}: maximum length").format(game=link.game_id, name=tournament.name),
            description=_("If game #{game} is still running at this time, {name} counts it as a draw. {url}").format(
                game=link.game_id, name=tournament.name, url=url),
            deadline_at=link.game.started_at + days, url=site_link("game-page", link.game_id),
        )
    next_round = _next_round_start(tournament, state)
    if next_round is not None:
        yield Deadline(
            uid=f"tournament-{tournament.pk}-round-{state.last_round + 1}-player-{user.pk}@{_uid_domain()}",
            summary=_("{name}: round {round} starts at the latest").format(
                name=tournament.name, round=state.last_round + 1),
            description=_("Round {round} of {name} starts once every game of round {current} is over, at "
                          "this time at the latest. {url}").format(
                round=state.last_round + 1, name=tournament.name, current=state.last_round, url=url),
            deadline_at=next_round, url=url,
        )


def _next_round_start(tournament: Tournament, state: standings.TournamentState) -> datetime | None:
    """A Swiss's next round's latest start: when the current round's last running game reaches the maximum
    length (None: no round to come, or no game of the round running)."""
    if tournament.format != Tournament.Format.SWISS or state.last_round >= tournament.rounds:
        return None
    started = TournamentGame.objects.filter(
        tournament=tournament, round=state.last_round, recorded=False, game__status=Game.Status.ACTIVE,
    ).values_list("game__started_at", flat=True)
    moments = [moment for moment in started if moment is not None]
    if not moments:
        return None
    return max(moments) + timedelta(days=tournament.max_game_days or 0)


def _uid_domain() -> str:
    """The site's host, as the games' uids end (RFC 5545 3.8.4.7)."""
    return urlparse(settings.SITE_URL).hostname or "localhost"
