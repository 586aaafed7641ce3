"""The open record: which games it holds, what it leaves out, and that every game in it replays to its scores."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games import store
from games.models import Game
from games.registry import get_kind
from stats.consent import set_included
from stats.open_record import (
    ChecksumMismatch,
    anonymous_id,
    read_open_record,
    replayed_scores,
    write_open_record,
)
from tests.ratings.helpers import open_game

from .helpers import finished_game

pytestmark = pytest.mark.django_db(transaction=False)


def _record(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    written = write_open_record(tmp_path)
    return written.path, list(read_open_record(written.path))


def test_the_record_holds_the_finished_listed_games_and_replays_them_to_their_scores(make_user: Any, tmp_path: Path) -> None:
    alice, bruno, chloe, dora = (make_user(name) for name in ("Alice", "Bruno", "Chloe", "Dora"))
    citadels = finished_game([alice, bruno, chloe], "citadels", seed=1)
    dominion = finished_game([bruno, alice], "dominion", seed=2)
    unlisted = finished_game([alice, chloe], "dominion", seed=3)
    Game.objects.filter(pk=unlisted.pk).update(listed=False)  # (a private game: not in the record)
    set_included(dora, False)
    finished_game([dora, alice], "dominion", seed=4)  # a player opted out: not in the record
    open_game([alice, bruno], "dominion")  # running: not in the record

    path, records = _record(tmp_path)

    assert [r["game"] for r in records] == [anonymous_id("g", citadels.pk), anonymous_id("g", dominion.pk)]
    for record, game in zip(records, (citadels, dominion), strict=True):
        expected = list(get_kind(game.kind).rules.scores(store.load_state(game, use_snapshots=False, use_cache=False)))
        assert replayed_scores(record) == expected == [seat["score"] for seat in record["seats"]]
        assert len(record["events"]) == game.version
    # The same player has the same id in every game; nobody's name or address is in the file.
    ids = {r["kind"]: {s["seat"]: s["player"] for s in r["seats"]} for r in records}
    assert set(ids["citadels"].values()) >= set(ids["dominion"].values())
    text = gzip.decompress(path.read_bytes()).decode()
    for user in (alice, bruno, chloe):
        assert user.display_name not in text and user.email not in text
    assert str(citadels.pk) not in {r["game"] for r in records}


def test_every_hand_is_open_in_the_record(make_user: Any, tmp_path: Path) -> None:
    game = finished_game([make_user(), make_user()], "dominion", seed=5)
    _path, (record,) = _record(tmp_path)
    private_seats = {seat for entry in record["events"] for seat in entry["event"].get("private", {})}
    assert private_seats == {"0", "1"}
    assert record["players"] == game.players == 2


def test_a_record_whose_bytes_changed_is_refused(make_user: Any, tmp_path: Path) -> None:
    finished_game([make_user(), make_user()], "dominion", seed=6)
    written = write_open_record(tmp_path)
    assert written.checksum_path.read_text() == f"{written.sha256}  {written.path.name}\n"
    assert written.sha256 == hashlib.sha256(written.path.read_bytes()).hexdigest()
    written.path.write_bytes(gzip.compress(b'{"schema": 1}\n'))
    with pytest.raises(ChecksumMismatch):
        list(read_open_record(written.path))


def test_the_command_writes_the_same_bytes_twice(make_user: Any, tmp_path: Path) -> None:
    finished_game([make_user(), make_user()], "dominion", seed=7)
    call_command("dump_open_record", output=tmp_path / "a")
    call_command("dump_open_record", output=tmp_path / "b")
    first, second = (next((tmp_path / d).glob("*.jsonl.gz")) for d in "ab")
    assert first.read_bytes() == second.read_bytes()
    assert json.loads(gzip.decompress(first.read_bytes()).splitlines()[0])["schema"] == 1
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 1


def test_a_game_with_a_move_taken_back_replays_from_the_record(make_user: Any, tmp_path: Path) -> None:
    from games import services, store
    from tests.ratings.helpers import play_to_end

    users = [make_user(), make_user()]
    game = open_game(users, "dominion")
    seat = game.awaiting[0]
    player = next(u for u in users if services.seat_of(game, u) == seat)
    rules = get_kind("dominion").rules
    treasures = next(c for c in rules.legal_commands(store.load_state(game), seat) if c["type"] == "play_treasures")
    services.execute(player, game.pk, treasures)
    services.take_back(player, game.pk)
    play_to_end(game, seed=8)
    _path, (record,) = _record(tmp_path)
    assert "taken_back" in {entry["event"]["type"] for entry in record["events"]}
    expected = list(rules.scores(store.load_state(game, use_snapshots=False, use_cache=False)))
    assert replayed_scores(record) == [seat["score"] for seat in record["seats"]] == expected


def test_the_monthly_task_writes_the_record_where_the_settings_say(make_user: Any, tmp_path: Path, settings: Any) -> None:
    from config.celery import app
    from stats.tasks import write_open_record_task

    settings.STATS_OPEN_RECORD_DIR = str(tmp_path)
    finished_game([make_user(), make_user()], "dominion", seed=9)
    assert "stats.write_open_record" in app.tasks
    done = write_open_record_task()
    assert done["games"] == 1 and Path(done["path"]).parent == tmp_path
    assert len(list(read_open_record(Path(done["path"])))) == 1
