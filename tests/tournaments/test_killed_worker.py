"""A worker killed with SIGKILL in the middle of a tournament's step (its games half created, its row locked)
leaves nothing behind, and the next beat does the step exactly once: PostgreSQL rolls the dead connection's
transaction back and frees the row's lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from games.models import Game
from tests.core.servers import database_url
from tournaments import services, standings
from tournaments.models import Tournament, TournamentEvent, TournamentGame

from .driver import entrants

ROOT = Path(__file__).resolve().parents[2]

# The worker's body: the beat's step for one tournament, made to hang (and announce it) once it has created
# the round's first table game inside the step's transaction.
WORKER = """
import os, sys, time
import django
django.setup()
from tournaments import services
from tournaments.services import rounds
made = rounds.create_table_game
def hanging(*args):
    game = made(*args)
    print("inside", game.pk, flush=True)
    time.sleep(600)
    return game
rounds.create_table_game = hanging
services.advance_tournament(int(sys.argv[1]), skip_locked=False)
"""


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_inside_a_step_leaves_nothing_and_the_next_beat_does_it_once(make_user: Any) -> None:
    assert connection.vendor == "postgresql", "a killed connection's rollback and row lock are PostgreSQL's here (marked postgres)"
    tournament = services.create_tournament(
        make_user(), name="Killed", kind="citadels", format="swiss", table_size=4, rounds=2, max_players=8,
    )
    for player in entrants("easy", range(1, 9)):
        services.join(player, tournament.pk)
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "config.settings",
           "CONN_MAX_AGE": "0"}
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(tournament.pk)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        assert worker.stdout is not None
        line = worker.stdout.readline().decode()
        assert line.startswith("inside"), line + worker.stdout.read().decode()[-3000:]
        half_made = int(line.split()[1])
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(30)
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
    # The server notices the dead client and rolls its transaction back; until then the row stays locked.
    deadline = time.monotonic() + 30
    while services.advance_tournament(tournament.pk) == [] and time.monotonic() < deadline:
        time.sleep(0.2)
    services.advance_tournament(tournament.pk)  # once more: nothing is left to do
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert not Game.objects.filter(pk=half_made).exists()  # the dead step's game was rolled back
    types = list(TournamentEvent.objects.filter(tournament=tournament).values_list("type", flat=True))
    assert types.count(standings.STARTED) == 1 and types.count(standings.ROUND_PAIRED) == 1
    assert TournamentGame.objects.filter(tournament=tournament).count() == 2
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 2
