"""A running table's changes that are no new version travel the live stream like moves: a chat line (only
to the streams of the viewers who read its channel: a watcher hears nothing of the players' chat), a
request to take a move back and its answers (to the players); the event carries no text, only the version
and the table's mark (`id: V.T`), by every way of the fan-out (PostgreSQL NOTIFY, Redis, the poll). A
watch link's open stream ends when the host turns spectators away."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from chat import services as chat
from games import services
from games.models import TakebackRequest
from games.page_access import watch_token
from live import fanout, publish
from live.marks import PLAYERS_CHAT, SPECTATORS_CHAT, TAKEBACK, read_marks, side_key, table_keys
from tests.games.helpers import seat_users, started_game
from tests.games.test_takeback import play_until, send

from .helpers import next_versions, read_events, run, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def _private_game(make_user: Any) -> Any:
    ann, ben = make_user(), make_user()
    game = services.create_game(ann, players=2, listed=False, spectators_allowed=True)
    services.join_game(ben, game.pk, invited=True)
    services.start_game(ann, game.pk)
    game.refresh_from_db()
    return game, ann, ben


def _data(part: str) -> tuple[str, dict[str, Any]]:
    lines = dict(line.split(": ", 1) for line in part.splitlines())
    return lines.get("id", ""), json.loads(lines["data"])


class Reader:
    """Reads a stream in a task of its own into a queue: waiting for an event with a timeout never cancels
    the stream's generator (which would end the stream)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.parts: asyncio.Queue[str] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for chunk in self.stream:
            for part in chunk.decode().split("\n\n"):
                if part.strip():
                    await self.parts.put(part)
        await self.parts.put("<end>")

    async def event(self, timeout: float = 5.0) -> str:
        """The next event, keepalive comments skipped (TimeoutError after `timeout`)."""
        async with asyncio.timeout(timeout):
            while (part := await self.parts.get()).startswith((":", "retry")):
                pass
            return part

    async def quiet(self, seconds: float = 1.0) -> list[str]:
        """The events (no keepalives) within `seconds`."""
        got: list[str] = []
        try:
            while True:
                got.append(await self.event(seconds))
        except TimeoutError:
            return got

    async def close(self) -> None:
        self.task.cancel()
        try:
            await self.task
        except asyncio.CancelledError:
            pass
        await self.stream.aclose()


def test_chat_lines_reach_the_streams_of_the_viewers_who_read_their_channel(make_user: Any) -> None:
    game, ann, ben = _private_game(make_user)
    wanda = make_user()
    version = game.version

    async def scenario() -> tuple[list[str], list[str], list[str], list[str]]:
        players = Reader((await (await signed_in_client(ben)).get(f"/games/{game.pk}/live?since={version}")).streaming_content)
        watchers = Reader((await (await signed_in_client(wanda)).get(
            f"/games/watch/{watch_token(game)}/live?since={version}")).streaming_content)
        await asyncio.sleep(0.3)  # the listener subscribed
        await sync_to_async(chat.post)(ann, game.pk, "our secret plan")
        ben_heard = [await players.event()]
        wanda_heard = await watchers.quiet(1.0)  # the players' chat: not even that something was said
        await sync_to_async(chat.post)(wanda, game.pk, "Go Ben!", game=game)
        ben_heard.append(await players.event())
        wanda_saw = [await watchers.event()]
        await players.close()
        await watchers.close()
        return ben_heard, wanda_heard, wanda_saw, []

    ben_heard, wanda_heard, wanda_saw, _ = run(scenario)
    assert [_data(part) for part in ben_heard] == [
        (f"{version}.1", {"game": game.pk, "version": version, "table": 1}),
        (f"{version}.3", {"game": game.pk, "version": version, "table": 3}),  # players' 1 + spectators' 2
    ]
    assert wanda_heard == []
    assert [_data(part) for part in wanda_saw] == [(f"{version}.2", {"game": game.pk, "version": version, "table": 2})]
    assert "secret" not in "".join(ben_heard + wanda_saw)


def test_a_reconnect_catches_up_on_the_chat_lines_it_missed_and_not_on_those_it_has(make_user: Any) -> None:
    game, ann, ben = _private_game(make_user)
    chat.post(ann, game.pk, "one")
    chat.post(ann, game.pk, "two")
    version = game.version

    async def scenario() -> tuple[list[str], list[str]]:
        client = await signed_in_client(ben)
        behind = (await client.get(f"/games/{game.pk}/live", headers={"Last-Event-ID": f"{version}.1"})).streaming_content
        caught_up = await read_events(behind, 2)
        await behind.aclose()  # type: ignore[attr-defined]
        current = (await client.get(f"/games/{game.pk}/live?since={version}.2")).streaming_content
        idle = await read_events(current, 2)
        await current.aclose()  # type: ignore[attr-defined]
        return caught_up, idle

    caught_up, idle = run(scenario)
    assert _data(caught_up[1]) == (f"{version}.2", {"game": game.pk, "version": version, "table": 2})
    assert idle == ["retry: 2000", ": keepalive"]


def test_a_takeback_request_and_its_refusal_reach_the_players_streams(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    seat = play_until(game, {"take_gold"}, random.Random(8))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    users = seat_users(game)
    game.refresh_from_db()
    version = game.version

    async def scenario() -> list[str]:
        stream = Reader((await (await signed_in_client(users[seat])).get(
            f"/games/{game.pk}/live?since={version}")).streaming_content)
        await asyncio.sleep(0.3)
        await sync_to_async(services.ask_takeback)(users[seat], game.pk)
        heard = [await stream.event()]
        await sync_to_async(services.answer_takeback)(users[1 - seat], game.pk, False)
        heard.append(await stream.event())
        await stream.close()
        return heard

    heard = run(scenario)
    assert [_data(part)[1] for part in heard] == [
        {"game": game.pk, "version": version, "table": 1},  # asked
        {"game": game.pk, "version": version, "table": 3},  # answered (1) and ended (1)
    ]
    assert TakebackRequest.objects.get(game=game).status == TakebackRequest.Status.REFUSED


def test_the_table_keys_of_a_player_a_watcher_and_a_watcher_of_a_public_chat(make_user: Any) -> None:
    game, ann, _ben = _private_game(make_user)
    wanda = make_user()
    spectators, players, takeback = (side_key(game.pk, SPECTATORS_CHAT), side_key(game.pk, PLAYERS_CHAT),
                                 side_key(game.pk, TAKEBACK))
    assert sorted(table_keys(game, ann)) == sorted([players, spectators, takeback])
    assert table_keys(game, wanda, watched=True) == [spectators]
    chat.set_players_public(ann, game.pk, True)
    assert sorted(table_keys(game, wanda, watched=True)) == sorted([players, spectators])
    chat.post(ann, game.pk, "hello")
    assert read_marks([players, spectators, takeback, game.pk]) == {players: 1, game.pk: game.version}


@pytest.mark.parametrize("how", [pytest.param("postgres", marks=pytest.mark.postgres), "redis", "poll"])
def test_a_chat_line_and_a_request_reach_the_listening_process(how: str, settings: Any, make_user: Any) -> None:
    settings.LIVE_FANOUT = how
    game = started_game([make_user(), make_user()])
    seat = play_until(game, {"take_gold"}, random.Random(8))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    users = seat_users(game)
    chat_key, takeback_key = side_key(game.pk, PLAYERS_CHAT), side_key(game.pk, TAKEBACK)

    async def scenario() -> tuple[dict[int, int], dict[int, int]]:
        hub = fanout.hub()
        watch = fanout.Watch([game.pk, chat_key, takeback_key])
        hub.add(watch)
        try:
            assert hub.listening is not None
            await asyncio.wait_for(hub.listening.wait(), 5)
            await next_versions(watch, timeout=0.3)  # the resync of the subscription
            await sync_to_async(chat.post)(users[0], game.pk, "hi")
            said = await next_versions(watch)
            await sync_to_async(services.ask_takeback)(users[seat], game.pk)
            asked = await next_versions(watch)
            return said, asked
        finally:
            hub.remove(watch)

    said, asked = run(scenario)
    assert said == {chat_key: 1}
    # The request's number arrives; the chat line's may come again beside it (a fan-out may repeat a key's
    # number: the streams send a number only once, `live.streams`), but nothing else and nothing newer.
    assert asked[takeback_key] == 1 and {**said, **asked} == {chat_key: 1, takeback_key: 1}


def test_the_poll_finds_a_chat_line_of_another_process(settings: Any, make_user: Any, monkeypatch: Any) -> None:
    settings.LIVE_FANOUT = "poll"
    monkeypatch.setattr(publish, "send", lambda key, number: None)
    game = started_game([make_user(), make_user()])
    key = side_key(game.pk, SPECTATORS_CHAT)
    spectator = make_user()

    async def scenario() -> dict[int, int]:
        hub = fanout.hub()
        watch = fanout.Watch([key])
        hub.add(watch)
        try:
            await next_versions(watch, timeout=0.3)
            await sync_to_async(chat.post)(spectator, game.pk, "nice move")
            return await next_versions(watch)
        finally:
            hub.remove(watch)

    assert run(scenario) == {key: 1}


def test_turning_spectators_away_ends_the_open_watch_streams(make_user: Any, settings: Any) -> None:
    settings.LIVE_KEEPALIVE_SECONDS = 30  # the switch's notice ends the stream, not a keepalive
    game, ann, _ben = _private_game(make_user)
    wanda = make_user()
    token = watch_token(game)

    async def scenario() -> tuple[int, list[str], float, int]:
        client = await signed_in_client(wanda)
        stream = Reader((await client.get(f"/games/watch/{token}/live?since={game.version}")).streaming_content)
        await asyncio.sleep(0.3)
        host = await signed_in_client(ann)
        switched = await host.post(f"/games/{game.pk}/spectators", {})  # the form's "No more spectators"
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            rest = [await stream.event(timeout=5)]
        except TimeoutError:
            rest = ["still open"]
        ended_after = loop.time() - started
        await stream.close()
        again = await client.get(f"/games/watch/{token}/live")
        return switched.status_code, rest, ended_after, again.status_code


    switched, rest, ended_after, again = run(scenario)
    assert switched == 302
    assert rest == ["<end>"] and ended_after < 3
    assert again == 404


def test_a_watch_stream_checks_its_link_on_each_keepalive(make_user: Any, settings: Any) -> None:
    """Spectators turned away without a notice (another process's write, a lost notice): the stream's next
    keepalive finds the link closed and ends the stream."""
    from games.models import Game

    settings.LIVE_KEEPALIVE_SECONDS = 0.3
    game, _ann, _ben = _private_game(make_user)
    wanda = make_user()

    async def scenario() -> list[str]:
        stream = Reader((await (await signed_in_client(wanda)).get(
            f"/games/watch/{watch_token(game)}/live?since={game.version}")).streaming_content)
        await asyncio.sleep(0.5)
        await sync_to_async(lambda: Game.objects.filter(pk=game.pk).update(spectators_allowed=False))()
        try:
            rest = [await stream.event(timeout=3)]
        except TimeoutError:
            rest = ["still open"]
        await stream.close()
        return rest

    assert run(scenario) == ["<end>"]
