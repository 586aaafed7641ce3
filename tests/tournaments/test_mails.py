"""The tournaments' mails: "round started, your tables" (each table's game link, or a bye) and "tournament
ended, your place", in German and English, written to the outbox once per player (never to a bot), and
rendered from the tournament's log.

The listener (`notifications.tournament_mails.on_tournament_events`) is fed here with the events each step
appended, read from the log, as `tournaments.hooks.events_written` hands them over in the write path."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game
from notifications import tournament_letters, tournament_mails
from notifications.models import Kind, Outbox
from tournaments import mails, services
from tournaments.models import Tournament, TournamentEvent

from .driver import entrants, play

pytestmark = pytest.mark.django_db


def verified(make_user: Any, name: str, language: str = "en") -> Any:
    return make_user(name, email_verified_at=timezone.now(), language=language)


def step_events(tournament: Tournament, after: int) -> list[TournamentEvent]:
    """The events appended after version `after` (one step's, as the hook gets them)."""
    return list(TournamentEvent.objects.filter(tournament=tournament, seq__gt=after).order_by("seq"))


def rendered(row: Outbox) -> tuple[str, str]:
    """The row's subject and its words in one text (its opening, sections and links), as the reader reads them."""
    letter = tournament_letters.letter(row, row.user)
    lines = [*letter.intro, *(line for _title, lines in letter.sections for line in [_title, *lines]),
             *(f"{label}: {url}" for label, url in letter.links)]
    return letter.subject, "\n".join(lines)


def advance_and_mail(tournament: Tournament) -> None:
    before = tournament.version
    services.advance_due()
    tournament.refresh_from_db()
    tournament_mails.on_tournament_events(tournament, step_events(tournament, before))


def test_a_round_mail_tells_each_player_their_table_and_game_in_their_language(make_user: Any) -> None:
    host = make_user()
    ada, bea = verified(make_user, "Ada"), verified(make_user, "Bea", "de")
    bots = entrants("easy", [1])
    tournament = services.create_tournament(host, name="Herbst", kind="citadels", format="swiss", table_size=2,
                                            max_players=3, rounds=2)
    for player in [ada, bea, *bots]:
        services.join(player, tournament.pk)
    advance_and_mail(tournament)
    rows = list(Outbox.objects.filter(kind=Kind.TOURNAMENT).order_by("user_id"))
    assert {row.user_id for row in rows} <= {ada.pk, bea.pk}  # never a bot (who may have the bye)
    state = services.state_of(tournament)
    paired = {p for t in state.rounds[1].tables for p in t.players} | set(state.rounds[1].byes)
    assert {row.user_id for row in rows} == {ada.pk, bea.pk} & paired == {ada.pk, bea.pk}
    for row in rows:
        subject, text = rendered(row)
        user = ada if row.user_id == ada.pk else bea
        table = next((t for t in state.rounds[1].tables if user.pk in t.players), None)
        if row.language == "de":
            assert subject == "Herbst: Runde 1 hat begonnen"
        else:
            assert subject == "Herbst: round 1 has started"
        if table is not None:
            assert f"/games/{table.game}/" in text and f"#{table.game} " in text
        else:
            assert ("spielfrei" if row.language == "de" else "bye") in text  # the bye, in the reader's words
        assert f"/tournaments/{tournament.pk}/" in text
    # The same events again write nothing more (the dedupe key).
    tournament_mails.on_tournament_events(tournament, step_events(tournament, 0))
    assert Outbox.objects.filter(kind=Kind.TOURNAMENT).count() == len(rows)


def test_the_end_mail_tells_the_place(make_user: Any) -> None:
    host = make_user()
    players = [verified(make_user, f"R{n}") for n in range(2)]
    tournament = services.create_tournament(host, name="Duel", kind="citadels", format="round_robin", table_size=2,
                                            max_players=2)
    for player in players:
        services.join(player, tournament.pk)
    advance_and_mail(tournament)
    (game,) = Game.objects.filter(status=Game.Status.ACTIVE)
    play(game, random.Random(1))
    advance_and_mail(tournament)
    assert tournament.status == Tournament.Status.ENDED
    ended = list(Outbox.objects.filter(kind=Kind.TOURNAMENT, params__what=mails.ENDED).order_by("user_id"))
    assert [row.user_id for row in ended] == [p.pk for p in players]
    ranks = {row.player: row.rank for row in services.standings_of(tournament)}
    for row in ended:
        subject, text = rendered(row)
        assert subject == f"Duel has ended: you placed {ranks[row.user_id]}"
        assert "Final standings" in text and f"/tournaments/{tournament.pk}/" in text


def test_a_player_who_opted_out_gets_no_tournament_mail(make_user: Any) -> None:
    from notifications.models import Preference

    host, quiet, keen = make_user(), verified(make_user, "Quiet"), verified(make_user, "Keen")
    Preference.objects.create(user=quiet, opted_out=[Kind.TOURNAMENT])
    tournament = services.create_tournament(host, name="Pair", kind="citadels", format="swiss", table_size=2,
                                            max_players=2, rounds=1)
    services.join(quiet, tournament.pk)
    services.join(keen, tournament.pk)
    advance_and_mail(tournament)
    assert list(Outbox.objects.filter(kind=Kind.TOURNAMENT).values_list("user_id", flat=True)) == [keen.pk]
