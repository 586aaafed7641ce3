"""The whole story through the API: a game's history by rounds and turns (`GET /api/games/<id>/history`,
paged by rounds like the table's: the newest two, or `?before_round=R` for the earlier ones) and, once the
game has ended, every seat's view at a step (`GET /api/games/<id>/hands?at=N`: the replay with every hand
open). Every event is as the caller may see it (`services.story`)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from core.api import validated_query

from . import services
from .serializers import EventSerializer


class StoryQuerySerializer(serializers.Serializer[Any]):
    before_round = serializers.IntegerField(required=False, min_value=0,
                                            help_text="the rounds before this one (default: the newest two)")
    at = serializers.IntegerField(required=False, min_value=1, help_text="the story up to this seq (a replay's step)")


class ChapterSerializer(serializers.Serializer[Any]):
    chapter = serializers.JSONField(help_text="the game's chapter: `round`, `turn` and its public facts (e.g. `seat`)")
    first = serializers.IntegerField(help_text="the chapter's first event")
    last = serializers.IntegerField(help_text="the chapter's last event")
    events = EventSerializer(many=True, help_text="the chapter's events the caller may see")


class RoundSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(help_text="0: the setup")
    first = serializers.IntegerField()
    last = serializers.IntegerField()
    chapters = ChapterSerializer(many=True)


class StorySerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(help_text="the story's last event")
    earlier = serializers.IntegerField(allow_null=True, help_text="the `before_round` of the page before, or null")
    total_rounds = serializers.IntegerField()
    rounds = RoundSerializer(many=True)


class HandsQuerySerializer(serializers.Serializer[Any]):
    at = serializers.IntegerField(required=False, min_value=1, help_text="the step (default: the end)")


class HandsSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    views = serializers.ListField(child=serializers.JSONField(), help_text="each seat's view, by seat")


class StoryView(APIView):
    """The history by rounds and turns as the caller may see it: the newest two rounds, or the earlier ones
    (`?before_round=R`), up to `?at=N`."""

    @extend_schema(parameters=[StoryQuerySerializer], responses={200: StorySerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(StoryQuerySerializer, request.query_params)
        user = request_user(request)
        game = services.get_game(game_id, user)
        upto = services.state_at(game, user, query["at"])["version"] if "at" in query else None
        return Response(StorySerializer(services.story(game, user, upto=upto, before_round=query.get("before_round"))).data)


class HandsView(APIView):
    """Every seat's view at a step of a finished game (the replay with every hand open); 403 while it runs."""

    @extend_schema(parameters=[HandsQuerySerializer], responses={200: HandsSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(HandsQuerySerializer, request.query_params)
        game = services.get_game(game_id, request_user(request))
        at = query.get("at", game.version)
        views = services.open_views(game, at)
        return Response(HandsSerializer({"version": services.state_at(game, None, at)["version"], "views": views}).data)
