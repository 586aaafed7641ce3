"""The live streams' lean door (`live.asgi`): an allowed stream is served without Django's request machinery
(the same events as Django's door), anything refused or unusual is handed on to Django unchanged, the open
stream holds no database connection, ends when its browser goes, and stays small in memory."""

from __future__ import annotations

import asyncio
import gc
import json
import tracemalloc
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client

from games import services
from live import fanout
from tests.games.helpers import started_game

from .asgi_driver import Get, live_door
from .helpers import one_move, run

pytestmark = pytest.mark.django_db(transaction=True)


def _session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def _event(part: str) -> tuple[str, dict[str, Any]]:
    lines = dict(line.split(": ", 1) for line in part.splitlines())
    return lines.get("id", ""), json.loads(lines["data"])


def test_a_games_stream_is_served_past_django_and_ends_when_the_browser_goes(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    behind = game.version
    one_move(game)

    async def scenario() -> tuple[Any, ...]:
        door, django = live_door()
        get = Get(door, f"/games/{game.pk}/live", headers={"Last-Event-ID": str(behind)})
        status, headers = await get.head()
        caught_up = await get.parts(2)  # retry, then the current version at once
        await sync_to_async(one_move)(game)
        followed = await get.parts(1)
        watching = len(fanout.hub().watches.get(game.pk, ()))
        await get.hang_up()
        return status, headers, caught_up, followed, watching, len(fanout.hub().watches.get(game.pk, ())), django.paths

    status, headers, caught_up, followed, watching, after, handed_on = run(scenario)
    assert (status, headers["content-type"], headers["cache-control"]) == (200, "text/event-stream", "no-cache, no-transform")
    assert caught_up[0] == "retry: 2000"
    assert _event(caught_up[1]) == (str(game.version - 1), {"game": game.pk, "version": game.version - 1})
    assert _event(followed[0]) == (str(game.version), {"game": game.pk, "version": game.version})
    assert (watching, after) == (1, 0)  # the hub forgot the stream once its browser went
    assert handed_on == []  # Django never saw the request


def test_refusals_and_other_requests_go_on_to_django(make_user: Any) -> None:
    ann, ben, stranger = make_user(), make_user(), make_user()
    game = services.create_game(ann, players=2, listed=False)
    services.join_game(ben, game.pk, invited=True)
    services.start_game(ann, game.pk)
    requests = ((f"/games/{game.pk}/live", _session_cookie(stranger), "testserver"),
                (f"/games/{game.pk}/live", "", "testserver"),
                ("/live/lobby", "", "testserver"),
                (f"/games/{game.pk}/live", _session_cookie(ben), "evil.example"))

    async def scenario() -> tuple[list[Any], list[str]]:
        door, django = live_door()
        answers = []
        for path, cookie, host in requests:
            get = Get(door, path, headers={"Cookie": cookie} if cookie else {}, host=host)
            status, _headers = await get.head()
            body = await get.sent.get()
            answers.append((status, json.loads(body["body"])["code"] if status != 400 else None))
            await get.hang_up()
        return answers, django.paths

    answers, handed_on = run(scenario)
    assert answers == [(404, "game_not_found"), (404, "game_not_found"), (401, "not_signed_in"), (400, None)]
    assert handed_on == [f"/games/{game.pk}/live", f"/games/{game.pk}/live", "/live/lobby", f"/games/{game.pk}/live"]


def test_an_address_not_in_utf_8_goes_on_to_django(make_user: Any) -> None:
    """A query string of bytes that are no UTF-8: the door leaves it to Django (its 400), never a 500."""
    game = started_game([make_user(), make_user()])

    async def scenario() -> tuple[int, list[str]]:
        door, django = live_door()
        get = Get(door, f"/games/{game.pk}/live", query=b"since=\xff\xfe")
        status, _headers = await get.head()
        await get.hang_up()
        return status, django.paths

    status, handed_on = run(scenario)
    assert (status, handed_on) == (400, [f"/games/{game.pk}/live"])


def test_a_signed_in_players_stream_and_a_session_that_would_change(make_user: Any) -> None:
    """A player's session signs them in at the lean door (their lobby's stream is served there); a session
    whose password hash no longer matches would be flushed by `get_user`: Django answers it, the door
    changes nothing."""
    players = [make_user(), make_user()]
    game = started_game(players)
    cookie = _session_cookie(players[0])
    stale = _session_cookie(players[1])
    players[1].set_password("an-entirely-new-password-1")
    players[1].save()  # the session's auth hash is stale now

    async def scenario() -> tuple[Any, ...]:
        door, django = live_door()
        lobby = Get(door, "/live/lobby", query=f"since={game.version}", headers={"Cookie": cookie})
        status, _headers = await lobby.head()
        await lobby.parts(1)  # retry
        await sync_to_async(one_move)(game)
        parts = await lobby.parts(1)
        await lobby.hang_up()
        served_here = list(django.paths)
        key = stale.split("=", 1)[1]
        kept = await Session.objects.filter(session_key=key).aexists()
        refused = Get(door, "/live/lobby", headers={"Cookie": stale})
        stale_status, _headers = await refused.head()
        await refused.hang_up()
        left = await Session.objects.filter(session_key=key).aexists()
        return status, parts, served_here, kept, stale_status, django.paths, left

    status, parts, served_here, kept, stale_status, handed_on, left = run(scenario)
    assert status == 200 and served_here == []
    assert parts == [f"data: {json.dumps({'game': game.pk, 'version': game.version}, separators=(',', ':'))}"]
    # The stale session: handed on to Django, which flushed it and answered the lobby's 401.
    assert kept and (stale_status, handed_on, left) == (401, ["/live/lobby"], False)


@pytest.mark.postgres
def test_open_streams_hold_no_database_connection(make_user: Any) -> None:
    assert connection.vendor == "postgresql", "this test counts PostgreSQL's connections (marked postgres)"
    game = started_game([make_user(), make_user()])

    def backends() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
            return int(cursor.fetchone()[0])

    async def scenario() -> tuple[int, int]:
        door, _django = live_door()
        before = await sync_to_async(backends)()
        gets = [Get(door, f"/games/{game.pk}/live", query=f"since={game.version}") for _ in range(12)]
        for get in gets:
            await get.head()
            await get.parts(2)  # retry, then a keepalive: its version was read, its connection closed
        during = await sync_to_async(backends)()
        for get in gets:
            await get.hang_up()
        return before, during

    before, during = run(scenario)
    assert during - before <= 1  # at most the process's one listener, whatever the number of streams


def test_an_open_stream_is_small(make_user: Any, settings: Any) -> None:
    """The Python memory an open stream keeps at the lean door (its watch, generator, waiting task), traced
    with 200 streams open: a small fraction of the 50 KiB a stream may cost in all (uvicorn's connection,
    about 8 KiB, comes on top)."""
    settings.LIVE_KEEPALIVE_SECONDS = 60  # no keepalive while measuring
    game = started_game([make_user(), make_user()])
    count = 200

    async def scenario() -> float:
        door, _django = live_door()
        warm = Get(door, f"/games/{game.pk}/live", query=f"since={game.version}")
        await warm.head()
        await warm.parts(1)
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            gets = [Get(door, f"/games/{game.pk}/live", query=f"since={game.version}") for _ in range(count)]
            for get in gets:
                await get.head()
                await get.parts(1)
            await asyncio.sleep(0.2)
            for get in gets:  # what the test's driver itself holds is not the stream's
                while not get.sent.empty():
                    get.sent.get_nowait()
            gc.collect()
            per_stream = (tracemalloc.get_traced_memory()[0] - before) / count / 1024
        finally:
            tracemalloc.stop()
        for get in [warm, *gets]:
            await get.hang_up()
        return per_stream

    per_stream = run(scenario)
    assert per_stream < 20, f"{per_stream:.1f} KiB per open stream"


def test_a_session_key_of_nobody_is_anonymous(make_user: Any) -> None:
    """A cookie whose session is gone (expired, signed out elsewhere) reads as the anonymous viewer: a
    listed game's stream opens, and the door writes no session."""
    game = started_game([make_user(), make_user()])
    before = Session.objects.count()

    async def scenario() -> tuple[int, list[str]]:
        door, django = live_door()
        get = Get(door, f"/games/{game.pk}/live", headers={"Cookie": "sessionid=abcdefghijklmnopqrstuvwxyz012345"})
        status, _headers = await get.head()
        await get.hang_up()
        return status, django.paths

    assert run(scenario) == (200, [])
    assert Session.objects.count() == before
