"""The stats app's API (under /api/stats/): a game's story in numbers, a player's numbers, the leaderboards."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from core.api import validated_query
from core.errors import ServiceError
from games import services

from .story import story_numbers


class StoryQuerySerializer(serializers.Serializer[Any]):
    at = serializers.IntegerField(required=False, min_value=1, help_text="the story up to this seq (a replay's step)")


class StorySerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    version = serializers.IntegerField(help_text="the story's last event")
    hands_open = serializers.BooleanField(help_text="the game has ended: every seat's part is in the numbers")
    numbers = serializers.JSONField(help_text="the game's own numbers: Citadels `rounds`, Dominion `turns`")


class GameStoryView(APIView):
    """A game's story in numbers, as you may see it (a running game: nothing its table hides from you)."""

    @extend_schema(parameters=[StoryQuerySerializer], responses={200: StorySerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(StoryQuerySerializer, request.query_params)
        user = request_user(request)
        game = services.get_game(game_id, user)
        upto = services.state_at(game, user, query["at"])["version"] if "at" in query else None
        if game.version == 0:
            raise ServiceError("conflict", "not_started", _("This game has not started yet."))
        found = story_numbers(game, user, upto)
        if found is None:
            raise ServiceError("not_found", "no_story", _("This game tells no story in numbers."))
        return Response(StorySerializer(found).data)
