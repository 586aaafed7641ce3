"""The chat through the API: posting and listing, privacy (players' chat, spectators' chat, private games,
hidden and muted messages), refusals that write nothing, the rate limit, the replay at a version."""

from __future__ import annotations

import random
from typing import Any

import pytest

from chat import services
from chat.models import Message, Mute, Room
from games import services as games
from games.models import Game
from tests.games.helpers import play_random, started_game

pytestmark = pytest.mark.django_db


def private_game(host: Any, *others: Any, **kwargs: Any) -> Game:
    """A started private game (the others join by its invite)."""
    game = games.create_game(host, "citadels", 1 + len(others), listed=False, **kwargs)
    for user in others:
        games.join_game(user, game.pk, invited=True)
    games.start_game(host, game.pk)
    game.refresh_from_db()
    return game


@pytest.fixture
def table(make_user: Any) -> dict[str, Any]:
    ann, ben = make_user("Ann"), make_user("Ben")
    game = started_game([ann, ben])
    return {"ann": ann, "ben": ben, "game": game, "watcher": make_user("Wanda"), "stranger": make_user("Sam")}


def say(api_client: Any, user: Any, game: Game, text: str, **extra: Any) -> Any:
    return api_client(user).post(f"/api/games/{game.pk}/chat", {"text": text, **extra}, format="json")


def texts(api_client: Any, user: Any, game: Game, query: str = "") -> list[str]:
    answer = api_client(user).get(f"/api/games/{game.pk}/chat{query}")
    assert answer.status_code == 200, answer.content
    return [m["text"] for m in answer.json()["messages"]]


def test_players_talk_in_order_and_read_after_n(api_client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    first = say(api_client, table["ann"], game, "Hello Ben")
    assert first.status_code == 201, first.content
    body = first.json()
    assert body["seq"] == 1 and body["channel"] == "players" and body["game_version"] == game.version
    assert body["author"]["display_name"] == "Ann"
    assert say(api_client, table["ben"], game, "  Hi Ann  \r\n").json()["text"] == "Hi Ann"
    assert texts(api_client, table["ben"], game) == ["Hello Ben", "Hi Ann"]
    page = api_client(table["ann"]).get(f"/api/games/{game.pk}/chat?after=1").json()
    assert [m["seq"] for m in page["messages"]] == [2] and page["last"] == 2
    assert api_client(table["ann"]).get(f"/api/games/{game.pk}/chat?after=2").json()["last"] == 2


def test_spectators_never_read_the_players_chat_unless_the_host_allows(api_client: Any, table: dict[str, Any]) -> None:
    game, watcher = table["game"], table["watcher"]
    say(api_client, table["ann"], game, "secret plan")
    spoken = say(api_client, watcher, game, "go Ann!")
    assert spoken.status_code == 201 and spoken.json()["channel"] == "spectators"
    assert texts(api_client, watcher, game) == ["go Ann!"]
    assert texts(api_client, table["ben"], game) == ["secret plan", "go Ann!"]
    # Only the host decides; Ben (not the host) is refused and nothing changes.
    refused = api_client(table["ben"]).post(f"/api/games/{game.pk}/chat/settings", {"players_public": True}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_the_host"
    assert not Room.objects.get(game=game).players_public
    allowed = api_client(table["ann"]).post(f"/api/games/{game.pk}/chat/settings", {"players_public": True}, format="json")
    assert allowed.status_code == 200
    assert texts(api_client, watcher, game) == ["secret plan", "go Ann!"]


def test_a_spectator_may_not_write_in_the_players_chat(api_client: Any, table: dict[str, Any]) -> None:
    answer = say(api_client, table["watcher"], table["game"], "let me in", channel="players")
    assert answer.status_code == 403 and answer.json()["code"] == "not_a_player"
    assert not Message.objects.exists()


def test_a_player_hides_the_spectators_chat(api_client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    say(api_client, table["watcher"], game, "boo")
    say(api_client, table["ann"], game, "ignore them")
    hidden = api_client(table["ben"]).post(f"/api/games/{game.pk}/chat/settings", {"hide_spectators": True}, format="json")
    assert hidden.status_code == 200 and hidden.json()["hide_spectators"] is True
    assert texts(api_client, table["ben"], game) == ["ignore them"]
    assert texts(api_client, table["ann"], game) == ["boo", "ignore them"]
    refused = api_client(table["watcher"]).post(f"/api/games/{game.pk}/chat/settings", {"hide_spectators": True},
                                                 format="json")
    assert refused.status_code == 403


def test_a_private_game_is_a_404_to_strangers_and_nothing_is_written(api_client: Any, make_user: Any) -> None:
    ann, ben, sam = make_user("Ann"), make_user("Ben"), make_user("Sam")
    game = private_game(ann, ben)
    say(api_client, ann, game, "just us")
    for answer in (api_client(sam).get(f"/api/games/{game.pk}/chat"), say(api_client, sam, game, "hello?"),
                   api_client(sam).post(f"/api/games/{game.pk}/chat/settings", {"hide_spectators": True}, format="json")):
        assert answer.status_code == 404 and answer.json()["code"] == "game_not_found", answer.content
    missing = api_client(sam).get("/api/games/999999/chat")
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
    assert list(Message.objects.values_list("text", flat=True)) == ["just us"]


@pytest.mark.parametrize(("text", "code", "status"), [
    ("", "invalid", 400),
    ("   \n  ", "empty_message", 400),
    ("x" * 2001, "invalid", 400),
    ("bell \x07", "invalid_text", 400),
    (12, "invalid", 400),
])
def test_bad_messages_are_refused_and_nothing_is_written(api_client: Any, table: dict[str, Any], text: Any,
                                                         code: str, status: int) -> None:
    answer = say(api_client, table["ann"], table["game"], text)
    assert answer.status_code == status and answer.json()["code"] == code, answer.content
    assert answer.json()["message"]
    assert not Message.objects.exists() and not Room.objects.exists()


def test_unknown_fields_and_channels_are_refused(api_client: Any, table: dict[str, Any]) -> None:
    assert say(api_client, table["ann"], table["game"], "hi", colour="red").json()["code"] == "unknown_fields"
    assert say(api_client, table["ann"], table["game"], "hi", channel="all").status_code == 400
    assert api_client(table["ann"]).get(f"/api/games/{table['game'].pk}/chat?after=-1").status_code == 400
    assert api_client().get(f"/api/games/{table['game'].pk}/chat").status_code == 401
    assert not Message.objects.exists()


def test_the_longest_message_is_taken(api_client: Any, table: dict[str, Any]) -> None:
    assert say(api_client, table["ann"], table["game"], "y" * 2000).status_code == 201


def test_rate_limit_per_player_is_a_429(api_client: Any, table: dict[str, Any], settings: Any) -> None:
    settings.CHAT_RATE_MESSAGES = 3
    game = table["game"]
    for n in range(3):
        assert say(api_client, table["ann"], game, f"m{n}").status_code == 201
    refused = say(api_client, table["ann"], game, "one too many")
    assert refused.status_code == 429
    assert refused.json()["code"] == "chat_rate_limited" and refused.json()["retry_after"] >= 1
    assert Message.objects.count() == 3
    assert say(api_client, table["ben"], game, "I may still talk").status_code == 201  # per player


def test_muted_players_are_hidden_for_the_muter_only(api_client: Any, table: dict[str, Any]) -> None:
    game, ann, ben = table["game"], table["ann"], table["ben"]
    say(api_client, ann, game, "from Ann")
    say(api_client, ben, game, "from Ben")
    muted = api_client(ann).put(f"/api/chat/mutes/{ben.pk}")
    assert muted.status_code == 200 and muted.json() == {"muted": [ben.pk]}
    assert texts(api_client, ann, game) == ["from Ann"]
    assert texts(api_client, ben, game) == ["from Ann", "from Ben"]
    assert api_client(ann).get("/api/chat/mutes").json() == {"muted": [ben.pk]}
    assert api_client(ann).delete(f"/api/chat/mutes/{ben.pk}").json() == {"muted": []}
    assert texts(api_client, ann, game) == ["from Ann", "from Ben"]
    assert api_client(ann).put(f"/api/chat/mutes/{ann.pk}").json()["code"] == "cannot_mute_self"
    assert api_client(ann).put("/api/chat/mutes/999999").status_code == 404
    assert not Mute.objects.exists()


def test_hidden_by_an_operator_is_gone_for_everybody(api_client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    say(api_client, table["ann"], game, "rude words")
    say(api_client, table["ben"], game, "kind words")
    assert services.hide_messages(Message.objects.filter(text="rude words")) == 1
    for user in (table["ann"], table["ben"], table["watcher"]):
        assert "rude words" not in texts(api_client, user, game)
    assert Message.objects.filter(text="rude words", hidden=True).exists()  # kept, not deleted


def test_replay_at_a_version_shows_what_was_said_by_then(api_client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    before = game.version
    say(api_client, table["ann"], game, "early")
    play_random(game, random.Random(3), max_commands=2)
    game.refresh_from_db()
    assert game.version > before
    say(api_client, table["ben"], game, "later")
    assert texts(api_client, table["ann"], game, f"?at={before}") == ["early"]
    assert texts(api_client, table["ann"], game, f"?at={game.version}") == ["early", "later"]
    too_late = api_client(table["ann"]).get(f"/api/games/{game.pk}/chat?at={game.version + 1}")
    assert too_late.status_code == 400 and too_late.json()["code"] == "invalid_version"


def test_the_chat_is_kept_apart_from_the_event_log(api_client: Any, table: dict[str, Any]) -> None:
    from games.models import Event

    game = table["game"]
    events, version = Event.objects.filter(game=game).count(), game.version
    assert say(api_client, table["ann"], game, "no event for this").status_code == 201
    game.refresh_from_db()
    assert Event.objects.filter(game=game).count() == events and game.version == version
