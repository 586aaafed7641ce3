"""The waiting room live: a seat taken or left reaches the open waiting-room pages (the room's stream) and
the lobbies (theirs, and every lobby for a listed game) through the same fan-out as the moves; a private
room's stream answers a stranger as a missing game; the page carries its stream's address and mark."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.models import SeatChange
from live.marks import LOBBY_KEY, read_marks, room_key

from .helpers import read_events, run, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


async def _next_notice(stream: Any) -> dict[str, Any]:
    """The next event's data (keep-alive comments skipped while the listener subscribes)."""
    for _ in range(30):
        part = (await read_events(stream, 1))[-1]
        if part.startswith("data: ") or "\ndata: " in part:
            data = next(line for line in part.splitlines() if line.startswith("data: "))
            return dict(json.loads(data[len("data: "):]))
    raise AssertionError("no notice")


def test_a_seat_taken_then_left_reaches_the_open_waiting_room(make_user: Any) -> None:
    host, guest = make_user(), make_user()
    game = services.create_game(host, players=3)
    page = Client()
    page.force_login(host)
    html = page.get(f"/games/{game.pk}/").content.decode()
    mark = services.room_mark(game)
    assert f'data-live-url="/games/{game.pk}/room/live?since={mark}"' in html

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], list[str]]:
        stream = (await (await signed_in_client(host)).get(f"/games/{game.pk}/room/live?since={mark}")
                  ).streaming_content
        await read_events(stream, 2)  # retry, keep-alive: the stream has read where the room stands
        await sync_to_async(services.join_game)(guest, game.pk)
        taken = await _next_notice(stream)
        await sync_to_async(services.leave_game)(guest, game.pk)
        left = await _next_notice(stream)
        await stream.aclose()  # type: ignore[attr-defined]
        # A page drawn before the changes catches up at once when it connects (its mark is behind).
        late = (await (await signed_in_client(host)).get(f"/games/{game.pk}/room/live?since=0")).streaming_content
        caught_up = await read_events(late, 2)
        await late.aclose()  # type: ignore[attr-defined]
        return taken, left, caught_up

    taken, left, caught_up = run(scenario)
    changes = list(SeatChange.objects.filter(game=game).order_by("id").values_list("id", "what"))
    assert [what for _id, what in changes][-2:] == ["taken", "left"]
    assert taken == {"game": room_key(game.pk), "version": changes[-2][0]}
    assert left == {"game": room_key(game.pk), "version": changes[-1][0]}
    assert caught_up[0] == "retry: 2000" and caught_up[1].startswith("data: ")
    assert read_marks([game.pk, room_key(game.pk)]) == {game.pk: 0, room_key(game.pk): changes[-1][0]}


def test_the_start_reaches_the_waiting_room_and_strangers_get_no_private_room(make_user: Any) -> None:
    host, guest, stranger = make_user(), make_user(), make_user()
    game = services.create_game(host, players=2, listed=False)

    async def scenario() -> tuple[int, dict[str, Any]]:
        refused = await (await signed_in_client(stranger)).get(f"/games/{game.pk}/room/live")
        stream = (await (await signed_in_client(host)).get(f"/games/{game.pk}/room/live?since=0")).streaming_content
        await read_events(stream, 2)
        await sync_to_async(services.join_game)(guest, game.pk, invited=True)
        await _next_notice(stream)
        await sync_to_async(services.start_game)(host, game.pk)
        started = await _next_notice(stream)
        await stream.aclose()  # type: ignore[attr-defined]
        return refused.status_code, started

    refused, started = run(scenario)
    game.refresh_from_db()
    assert refused == 404
    assert started == {"game": game.pk, "version": game.version}


def test_a_seat_taken_in_a_listed_game_reaches_every_lobby(make_user: Any) -> None:
    onlooker, host, guest = make_user(), make_user(), make_user()
    listed = services.create_game(host, players=3)
    private = services.create_game(host, players=3, listed=False)

    async def scenario() -> tuple[dict[str, Any], list[str]]:
        stream = (await (await signed_in_client(onlooker)).get("/live/lobby?since=0")).streaming_content
        await read_events(stream, 2)
        await sync_to_async(services.join_game)(guest, private.pk, invited=True)  # not listed: no lobby hears it
        await sync_to_async(services.join_game)(guest, listed.pk)
        notice = await _next_notice(stream)
        await stream.aclose()  # type: ignore[attr-defined]
        return notice, []

    notice, _ = run(scenario)
    last = SeatChange.objects.filter(game=listed).latest("id")
    assert notice == {"game": LOBBY_KEY, "version": last.pk}
