"""REST endpoints of games: thin views that check the request's shape and call games.services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import request_user
from config.api import validated_body

from . import services
from .serializers import (
    CommandRequestSerializer,
    CommandResultSerializer,
    GameCreateSerializer,
    GameDetailSerializer,
    GameSummarySerializer,
    HistorySerializer,
    StateSerializer,
)

MAX_PAGE = 200


class GameListView(APIView):
    """List games (`?status=open`, `?mine=1`) or open a new one (the creator takes a seat)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=["open", "active", "finished", "abandoned"]),
            OpenApiParameter("mine", bool),
        ],
        responses={200: GameSummarySerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        mine = request.query_params.get("mine", "").lower() in {"1", "true", "yes"}
        games = services.list_games(request_user(request), request.query_params.get("status"), mine)
        return Response(GameSummarySerializer(games[:MAX_PAGE], many=True).data)

    @extend_schema(request=GameCreateSerializer, responses={201: GameDetailSerializer})
    def post(self, request: Request) -> Response:
        data = validated_body(GameCreateSerializer, request.data)
        user = request_user(request)
        game = services.create_game(user, **data)
        return Response(services.game_detail(game, user), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    """The game as the viewer may see it."""

    @extend_schema(responses={200: GameDetailSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        game = services.get_game(game_id)
        return Response(GameDetailSerializer(services.game_detail(game, request_user(request))).data)


class _SeatAction(APIView):
    service: Any = staticmethod(services.join_game)

    @extend_schema(request=None, responses={200: GameDetailSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        user = request_user(request)
        game = type(self).service(user, game_id)
        game.refresh_from_db()
        return Response(GameDetailSerializer(services.game_detail(game, user)).data)


class JoinView(_SeatAction):
    """Take a free seat."""

    service = staticmethod(services.join_game)


class LeaveView(_SeatAction):
    """Give up your seat before the start."""

    service = staticmethod(services.leave_game)


class StartView(_SeatAction):
    """Start the game (the host only): random seating, then the opening events."""

    service = staticmethod(services.start_game)


class CommandView(APIView):
    """Send a command; `Idempotency-Key` makes a retry safe (same key: applied once, same answer)."""

    @extend_schema(
        request=CommandRequestSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={201: CommandResultSerializer},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(CommandRequestSerializer, request.data)
        result = services.execute(
            request_user(request),
            game_id,
            data["command"],
            idempotency_key=request.headers.get("Idempotency-Key"),
            expected_version=data.get("expected_version"),
        )
        body = CommandResultSerializer({"events": result.events, "version": result.version}).data
        return Response(body, status=status.HTTP_201_CREATED)


class EventsView(APIView):
    """The history as the viewer may see it (`?after=N`, `?limit=`)."""

    @extend_schema(
        parameters=[OpenApiParameter("after", int), OpenApiParameter("limit", int)],
        responses={200: HistorySerializer},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = services.get_game(game_id)
        params = request.query_params
        page = services.history(game, request_user(request), params.get("after"), params.get("limit"))
        return Response(HistorySerializer(page).data)


class StateView(APIView):
    """The viewer's view right after event `at` (default: now): the replay."""

    @extend_schema(parameters=[OpenApiParameter("at", int)], responses={200: StateSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        game = services.get_game(game_id)
        return Response(services.state_at(game, request_user(request), request.query_params.get("at")))
