"""The game GET and the command answer are sent as the services build them (no serializer copy on the hot
path): their JSON must be exactly what the documented serializers would make of them."""

from __future__ import annotations

import random
from typing import Any

import pytest
import time_machine
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from citadels import RULES
from games import services, store
from games.serializers import CommandResultSerializer, GameDetailSerializer

from .helpers import seat_users, started_game


def _same_json(raw: Any, serializer: Any) -> None:
    assert JSONRenderer().render(raw) == JSONRenderer().render(serializer.data)


@pytest.mark.django_db
def test_game_detail_and_command_result_have_the_serializers_shape(make_user: Any, api_client: Any) -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    by_seat = seat_users(game)
    rng = random.Random(5)
    for _ in range(25):
        game.refresh_from_db()
        seat = game.awaiting[0]
        command = rng.choice(RULES.legal_commands(store.load_state(game), seat))
        result = services.execute(by_seat[seat], game.pk, command, idempotency_key=f"k{game.version}")
        answer = {"events": result.events, "version": result.version, "awaiting": result.awaiting}
        _same_json(answer, CommandResultSerializer(answer))
        for viewer in [*users, None]:
            detail = services.game_detail(game, viewer)
            _same_json(detail, GameDetailSerializer(detail))
    # One instant for both: the clocks' seconds left would differ across a second's tick.
    with time_machine.travel(timezone.now(), tick=False):
        response = api_client(by_seat[0]).get(f"/api/games/{game.pk}/")
        assert response.status_code == 200
        game.refresh_from_db()
        detail = services.game_detail(game, by_seat[0])
    assert response.content == JSONRenderer().render(GameDetailSerializer(detail).data)
