"""The server-sent event streams: who may open them (a private game's stream answers a stranger as a missing
game), the catch-up from Last-Event-ID, the events of new moves, the lobby's stream, and the WSGI fallback."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.test import Client

from games import services
from games.page_access import watch_token
from live import streams
from tests.games.helpers import started_game

from .helpers import one_move, read_events, run, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def _event(part: str) -> tuple[int, dict[str, Any]]:
    lines = dict(line.split(": ", 1) for line in part.splitlines())
    return int(lines["id"]), json.loads(lines["data"])


def test_a_private_games_stream_answers_a_stranger_as_a_missing_game(make_user: Any) -> None:
    players = [make_user(), make_user()]
    game = services.create_game(players[0], players=2, listed=False)
    services.join_game(players[1], game.pk, invited=True)
    services.start_game(players[0], game.pk)
    stranger = make_user()

    async def scenario() -> list[Any]:
        answers = []
        for user, game_id in ((stranger, game.pk), (stranger, 10**9), (None, game.pk), (None, 10**9)):
            response = await (await signed_in_client(user)).get(f"/games/{game_id}/live")
            answers.append((response.status_code, json.loads(response.content)["code"]))
        response = await (await signed_in_client(players[1])).get(f"/games/{game.pk}/live")
        answers.append((response.status_code, response["Content-Type"]))
        await response.streaming_content.aclose()  # type: ignore[union-attr]
        return answers

    stranger_private, stranger_missing, anonymous_private, anonymous_missing, player = run(scenario)
    assert stranger_private == stranger_missing == anonymous_private == anonymous_missing
    assert stranger_private[0] == 404
    assert player == (200, "text/event-stream")


def test_a_reconnect_catches_up_from_last_event_id_then_follows_the_moves(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    behind = game.version
    one_move(game)
    one_move(game)

    async def scenario() -> tuple[list[str], list[str], list[str]]:
        client = await signed_in_client()
        stream = (await client.get(f"/games/{game.pk}/live", headers={"Last-Event-ID": str(behind)})).streaming_content
        caught_up = await read_events(stream, 2)  # retry, then the current version at once
        await sync_to_async(one_move)(game)
        followed = await read_events(stream, 1)
        await stream.aclose()  # type: ignore[attr-defined]
        # A page that is up to date gets no event on connecting: a keep-alive comment only.
        current = (await client.get(f"/games/{game.pk}/live?since={game.version}")).streaming_content
        idle = await read_events(current, 2)
        await current.aclose()  # type: ignore[attr-defined]
        return caught_up, followed, idle

    caught_up, followed, idle = run(scenario)
    assert caught_up[0] == "retry: 2000"
    assert _event(caught_up[1]) == (game.version - 1, {"game": game.pk, "version": game.version - 1})
    assert _event(followed[0]) == (game.version, {"game": game.pk, "version": game.version})
    assert idle == ["retry: 2000", ": keepalive"]


def test_the_watch_links_stream_follows_the_watch_page(make_user: Any) -> None:
    players = [make_user(), make_user()]
    game = services.create_game(players[0], players=2, listed=False, spectators_allowed=True)
    services.join_game(players[1], game.pk, invited=True)
    services.start_game(players[0], game.pk)
    spectator = make_user()

    async def scenario() -> tuple[int, int, int]:
        client = await signed_in_client(spectator)
        good = await client.get(f"/games/watch/{watch_token(game)}/live")
        await good.streaming_content.aclose()  # type: ignore[union-attr]
        forged = await client.get("/games/watch/forged:token/live")
        signed_out = await (await signed_in_client()).get(f"/games/watch/{watch_token(game)}/live")
        return good.status_code, forged.status_code, signed_out.status_code

    assert run(scenario) == (200, 404, 401)


def test_the_lobby_stream_tells_of_the_players_games(make_user: Any) -> None:
    players = [make_user(), make_user()]
    game = started_game(players)
    other = started_game([make_user(), make_user()])

    async def scenario() -> tuple[int, list[str]]:
        signed_out = await (await signed_in_client()).get("/live/lobby")
        mark = game.version + 0  # the lobby's mark: the sum of its running games' versions (this one only)
        stream = (await (await signed_in_client(players[0])).get(f"/live/lobby?since={mark}")).streaming_content
        await read_events(stream, 1)  # retry
        await sync_to_async(one_move)(other)  # not this player's game: nothing
        await sync_to_async(one_move)(game)
        parts = await read_events(stream, 1)
        for _ in range(20):  # keep-alive comments until the notice (the listener subscribes meanwhile)
            if parts[-1] != ": keepalive":
                break
            parts = await read_events(stream, 1)
        await stream.aclose()  # type: ignore[attr-defined]
        return signed_out.status_code, parts

    signed_out, parts = run(scenario)
    assert signed_out == 401
    assert parts == [f"data: {json.dumps({'game': game.pk, 'version': game.version}, separators=(',', ':'))}"]


def test_under_wsgi_the_stream_answers_204_so_the_page_polls(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    assert Client().get(f"/games/{game.pk}/live").status_code == 204


@pytest.mark.parametrize("slots", [2, 5])
def test_pages_opening_together_read_the_database_a_few_at_a_time(slots: int, settings: Any) -> None:
    """Twelve pages open their streams at once, each request in a thread of its own as under uvicorn (a
    ThreadSensitiveContext each): at most LIVE_DATABASE_SLOTS of them read the database (each with a
    connection of its own) at the same time, and every one is answered."""
    settings.LIVE_DATABASE_SLOTS = slots
    reading, most = [0], [0]
    lock = threading.Lock()

    def read(page: int) -> int:
        with lock:
            reading[0] += 1
            most[0] = max(most[0], reading[0])
        time.sleep(0.1)  # long enough for the others to pile up behind the slots
        with lock:
            reading[0] -= 1
        return page

    async def scenario() -> list[int]:
        async def page(number: int) -> int:
            async with ThreadSensitiveContext():
                return await streams.closing(read)(number)

        return list(await asyncio.gather(*(page(number) for number in range(12))))

    # asyncio.run, not the helpers' run: under async_to_sync every thread-sensitive call would go to the one
    # outer thread, one at a time, whatever the slots.
    assert asyncio.run(scenario()) == list(range(12))
    assert 1 < most[0] <= slots  # in parallel (a thread each), but never more than the slots
