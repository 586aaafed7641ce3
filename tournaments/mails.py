"""What the tournaments' mails say and to whom: "a round started, your tables" (each table's game and its
link, or a bye) and "the tournament ended, your place". Bots get no mail.

`letters_for(tournament, events)` answers, for the events one step of the write path appended, the letters
to send (reader, what, a dedupe key's parts); `words(letter's params, reader)` what one says, in the
reader's language, read from the tournament's log (immutable: the same text whenever it is rendered). The
outbox's side (`notifications.tournament_mails`) writes and renders them: the tournaments import no mail
code (they stand below the notifications)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from accounts.local import language_of
from accounts.models import User
from core.links import site_link
from games.registry import kinds

from . import services, standings
from .models import Tournament, TournamentEvent

ROUND, ENDED = "round", "ended"


@dataclass(frozen=True)
class TournamentLetter:
    """One mail to write: its reader, what it tells (`params`: `what`, `tournament`, and the rounds or the
    log's length), and what makes it one of a kind (the dedupe key's parts)."""

    user: User
    params: dict[str, Any]
    key: tuple[object, ...]


@dataclass
class Words:
    """What a tournament mail says: subject, opening lines, titled sections, links (the outbox lays it out)."""

    subject: str
    intro: list[str]
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)


def letters_for(tournament: Tournament, events: list[TournamentEvent]) -> list[TournamentLetter]:
    """The letters these freshly appended events cause: one per player for the rounds paired in them (every
    round of a round robin at once: one mail), one per player when the tournament ended."""
    types = [event.type for event in events]
    rounds = sorted(int(e.data["round"]) for e in events if e.type == standings.ROUND_PAIRED)
    ended = standings.ENDED in types
    if not rounds and not ended:
        return []
    state = services.state_of(tournament)
    letters: list[TournamentLetter] = []
    if rounds:
        paired: set[int] = set()
        for number in rounds:
            round_ = state.rounds[number]
            paired |= {p for table in round_.tables for p in table.players} | set(round_.byes)
        for user in _readers(paired):
            letters.append(TournamentLetter(user, {"what": ROUND, "tournament": tournament.pk, "rounds": rounds},
                                            (tournament.pk, ROUND, rounds[0], user.pk)))
    if ended:
        for user in _readers(state.players):
            letters.append(TournamentLetter(user, {"what": ENDED, "tournament": tournament.pk},
                                            (tournament.pk, ENDED, user.pk)))
    return letters


def _readers(players: Any) -> list[User]:
    """The players (not bots, active accounts) by id, in id order, with their mail preferences."""
    users = User.objects.filter(pk__in=set(players), is_active=True).select_related("notification_pref")
    return [user for user in users.order_by("pk") if not user.is_bot]


def tournament_url(tournament_id: int) -> str:
    """The tournament's page."""
    return site_link("tournament-page", tournament_id)


def words(params: dict[str, Any], reader: User) -> Words:
    """The mail's words, in the reader's language, from the tournament's log."""
    tournament = Tournament.objects.get(pk=params["tournament"])
    state = services.state_of(tournament)
    with translation.override(language_of(reader)):
        if params.get("what") == ENDED:
            return _ended(tournament, state, reader)
        return _round(tournament, state, reader, [int(n) for n in params.get("rounds", [])])


def _names(state: standings.TournamentState) -> dict[int, str]:
    return {user.pk: user.public_name for user in User.objects.filter(pk__in=set(state.players))}


def _round(tournament: Tournament, state: standings.TournamentState, reader: User, rounds: list[int]) -> Words:
    names = _names(state)
    kind = kinds.get(tournament.kind)
    title = kind.title if kind is not None else tournament.kind
    lines: list[str] = []
    links: list[tuple[str, str]] = []
    for number in rounds:
        round_ = state.rounds[number]
        if reader.pk in round_.byes:
            lines.append(_("Round {round}: a bye ({points} points).").format(
                round=number, points=f"{state.scoring.bye():g}"))
        for index, table in enumerate(round_.tables):
            if reader.pk not in table.players or table.game is None:
                continue
            others = ", ".join(names.get(p, str(p)) for p in table.players if p != reader.pk)
            lines.append(_("Round {round}, table {table}: {title} #{game} with {others}").format(
                round=number, table=index + 1, title=title, game=table.game, others=others))
            links.append((_("Open {title} #{game}").format(title=title, game=table.game), site_link("game-page", table.game)))
    first = rounds[0]
    if len(rounds) == 1:
        subject = _("{name}: round {round} has started").format(name=tournament.name, round=first)
        intro = _("round {round} of the tournament {name} has started. Your tables:").format(round=first, name=tournament.name)
    else:
        subject = _("{name} has started: your games").format(name=tournament.name)
        intro = _("the tournament {name} has started; every round is played at once. Your tables:").format(
            name=tournament.name)
    return Words(subject, [intro], [(_("Your tables"), lines)],
                 links + [(_("Open the tournament"), tournament_url(tournament.pk))])


def _ended(tournament: Tournament, state: standings.TournamentState, reader: User) -> Words:
    names = _names(state)
    rows = standings.standings(state)
    mine = next((row for row in rows if row.player == reader.pk), None)
    subject = _("{name} has ended").format(name=tournament.name)
    if mine is not None:
        subject = _("{name} has ended: you placed {rank}").format(name=tournament.name, rank=mine.rank)
        intro = _("the tournament {name} has ended. You placed {rank} of {count} with {points} points.").format(
            name=tournament.name, rank=mine.rank, count=len(rows), points=f"{mine.points:g}")
    else:
        intro = _("the tournament {name} has ended.").format(name=tournament.name)
    table = [_("{rank}. {player}: {points} points").format(rank=row.rank, player=names.get(row.player, str(row.player)),
                                                          points=f"{row.points:g}") for row in rows[:10]]
    return Words(subject, [intro], [(_("Final standings"), table)],
                 [(_("Open the tournament"), tournament_url(tournament.pk))])
