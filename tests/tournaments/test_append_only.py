"""The tournaments' and the leagues' logs are append-only in the database itself (core/append_only.py): raw SQL
that would edit an event is refused, on PostgreSQL and on SQLite alike."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction

from tournaments import services
from tournaments.models import LeagueEvent, TournamentEvent

from .driver import entrants

pytestmark = pytest.mark.django_db


def _refused(table: str, id_column: str, row_id: int) -> None:
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET type = 'forged' WHERE {id_column} = %s", [row_id])


def test_raw_sql_cannot_edit_a_tournament_or_a_league_event(make_user: Any) -> None:
    league = services.create_league(make_user(), name="Raw", kind="citadels", players=entrants("easy", range(1, 5)),
                                    group_size=2, promote=1, relegate=1, seasons=1, table_size=2)
    tournament_event = TournamentEvent.objects.filter(tournament__league=league).first()
    league_event = LeagueEvent.objects.filter(league=league).first()
    assert tournament_event is not None and league_event is not None
    _refused("tournaments_tournamentevent", "tournament_id", tournament_event.tournament_id)
    _refused("tournaments_leagueevent", "league_id", league.pk)
    assert not TournamentEvent.objects.filter(type="forged").exists()
    assert not LeagueEvent.objects.filter(type="forged").exists()
