"""Bad input to every endpoint of issue 21 (chat, mutes, the chat's switches, rematch, resign, take-over, the
waiting room): a 4xx with `{code, message}` and nothing written, not a message, a mute, a switch, a rematch,
a seat, a takeover, a seat change nor a mail."""

from __future__ import annotations

from typing import Any

import pytest

from chat import services as chat
from chat.models import Message, Mute, Reader, Room
from games import services
from games.models import Rematch, SeatChange, SeatTakeover
from notifications.models import Outbox
from tests.chat.test_chat_api import private_game
from tests.games.helpers import db_snapshot

from .test_rematch import finished
from .test_resign import started

pytestmark = pytest.mark.django_db


def everything() -> dict[str, Any]:
    """What a refused request must leave unchanged: the games' rows and logs, and what issue 21 added."""
    return {
        **db_snapshot(),
        "messages": list(Message.objects.values_list("id", "hidden")),
        "mutes": list(Mute.objects.values_list("user_id", "muted_id")),
        "rooms": list(Room.objects.values_list("game_id", "players_public", "last_seq")),
        "readers": list(Reader.objects.values_list("game_id", "user_id", "hide_spectators")),
        "rematches": list(Rematch.objects.values_list("id", "status")),
        "takeovers": SeatTakeover.objects.count(),
        "seat_changes": SeatChange.objects.count(),
        "outbox": Outbox.objects.count(),
    }


@pytest.fixture
def world(make_user: Any) -> dict[str, Any]:
    ann, bob, cid, eve = (make_user(n) for n in ("ann", "bob", "cid", "eve"))
    running = started([ann, bob], "citadels")
    chat.post(ann, running.pk, "hello")
    return {
        "ann": ann, "bob": bob, "cid": cid, "eve": eve, "running": running,
        "finished": finished([ann, bob, cid], "dominion"),
        "private": private_game(ann, bob),
        "open": services.create_game(ann, "citadels", 3),
        "full": private_game(cid, eve),
    }


# (who, method, address, body, status, code); `{running}` etc. name the world's games.
CASES = [
    ("ann", "post", "/api/games/{running}/chat", {"text": ""}, 400, None),
    ("ann", "post", "/api/games/{running}/chat", {"text": "x" * 2001}, 400, None),
    ("ann", "post", "/api/games/{running}/chat", {"text": "hi", "channel": "everybody"}, 400, None),
    ("eve", "post", "/api/games/{running}/chat", {"text": "hi", "channel": "players"}, 403, "not_a_player"),
    ("eve", "post", "/api/games/{private}/chat", {"text": "hi"}, 404, None),
    ("eve", "get", "/api/games/{private}/chat", None, 404, None),
    ("ann", "get", "/api/games/{running}/chat?after=x", None, 400, None),
    ("bob", "post", "/api/games/{running}/chat/settings", {"players_public": True}, 403, None),
    ("eve", "post", "/api/games/{running}/chat/settings", {"hide_spectators": True}, 403, None),
    ("ann", "put", "/api/chat/mutes/999999", None, 404, None),
    ("ann", "put", "/api/chat/mutes/{ann_id}", None, 400, None),
    ("ann", "post", "/api/games/{running}/rematch", None, 409, "game_not_finished"),
    ("eve", "post", "/api/games/{finished}/rematch", None, 403, "not_a_player"),
    ("bob", "post", "/api/games/{finished}/rematch/accept", None, 409, "no_rematch_offered"),
    ("bob", "post", "/api/games/{finished}/rematch/decline", None, 409, "no_rematch_offered"),
    ("bob", "get", "/api/games/{finished}/rematch", None, 404, "no_rematch"),
    ("eve", "post", "/api/games/{private}/rematch", None, 404, None),
    ("ann", "post", "/api/games/{finished}/resign", None, 409, None),
    ("eve", "post", "/api/games/{running}/resign", None, 403, None),
    ("ann", "post", "/api/games/{open}/resign", None, 409, None),
    ("eve", "post", "/api/games/{running}/take-over", {"seat": 0}, 409, None),
    ("eve", "post", "/api/games/{running}/take-over", {"seat": "x"}, 400, None),
    ("bob", "post", "/api/games/{full}/join", None, 404, None),  # a private game is a 404 to strangers
    ("eve", "post", "/api/games/{full}/join", None, 409, "game_not_open"),
    ("eve", "post", "/api/games/{open}/leave", None, 403, "not_a_player"),
    ("ann", "post", "/api/games/{open}/join", None, 409, "already_joined"),
]


@pytest.mark.parametrize(("who", "method", "address", "body", "status", "code"), CASES,
                         ids=[f"{c[1]} {c[2]} {c[4]}" for c in CASES])
def test_a_refusal_is_a_4xx_with_code_and_message_and_writes_nothing(
        world: dict[str, Any], api_client: Any, who: str, method: str, address: str, body: Any, status: int,
        code: str | None) -> None:
    names = {key: game.pk for key, game in world.items() if hasattr(game, "kind")}
    url = address.format(**names, ann_id=world["ann"].pk)
    before = everything()
    client = api_client(world[who])
    answer = getattr(client, method)(url, body, format="json") if body is not None else getattr(client, method)(url)
    assert answer.status_code == status, answer.content
    found = answer.json()
    assert isinstance(found.get("code"), str) and found["code"]
    assert isinstance(found.get("message"), str) and found["message"]
    if code is not None:
        assert found["code"] == code
    assert everything() == before
