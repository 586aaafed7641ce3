"""REST endpoints of games: thin views that check the request's shape and call games.services."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from core.api import validated_body, validated_query

from . import hooks, services
from .models import Seat
from .serializers import (
    CommandResultSerializer,
    CommandSerializer,
    GameCreateSerializer,
    GameDetailSerializer,
    GameListQuerySerializer,
    GameSummarySerializer,
    HistoryQuerySerializer,
    HistorySerializer,
    RematchSerializer,
    StateQuerySerializer,
    StateSerializer,
    TakebackAnswerSerializer,
    TakebackRequestSerializer,
    TakebackResultSerializer,
    TakebackStatusSerializer,
    TakeOverSerializer,
    WantedSeatsSerializer,
)

# What `services.execute` takes as a key: up to 128 printable characters, not the service's prefix in any case.
IDEMPOTENCY_KEY_SCHEMA: dict[str, Any] = {
    "type": "string", "maxLength": 128, "pattern": "^(?![Tt][Ii][Mm][Ee][Oo][Uu][Tt]:)[ -~]*$",
}


class GamePages(CursorPagination):
    """Newest first, a page at a time; `next` and `previous` are opaque cursor links."""

    ordering = "-id"
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Any) -> int:
        """The asked page size (at most `max_page_size`); one that is not a positive whole number is a 400."""
        value = request.query_params.get(self.page_size_query_param)
        if value is None:
            return self.page_size
        # isascii: str.isdigit also holds for "²", which int() refuses.
        if not (value.isascii() and value.isdigit()) or int(value) < 1:
            raise ValidationError({self.page_size_query_param: "A whole number from 1 on."})
        return min(int(value), self.max_page_size)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        """DRF's parameters, with the page size's bounds."""
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
                parameter["description"] = f"results per page, {self.page_size} by default, at most {self.max_page_size}"
        return parameters


class GameListView(generics.ListAPIView):  # type: ignore[type-arg]
    """List games (`?status=open`, `?mine=1`), a page at a time, or open a new one (the creator takes a seat)."""

    serializer_class = GameSummarySerializer
    pagination_class = GamePages

    def get_queryset(self) -> QuerySet[Any]:
        query = validated_query(GameListQuerySerializer, self.request.query_params,
                                also=(GamePages.cursor_query_param, GamePages.page_size_query_param))
        return services.list_games(
            request_user(self.request), query.get("status"), query["mine"], kind=query.get("kind"),
            pace=query.get("pace"),
        ).prefetch_related(Prefetch("seats", Seat.objects.select_related("user").order_by("joined_at", "id")))

    def get_serializer(self, *args: Any, **kwargs: Any) -> Any:
        """The serializer, with the page's players' figures (`hooks.player_facts`, one ask per kind)."""
        games = list(args[0]) if args and isinstance(args[0], list | tuple) else []
        users_by_kind: dict[str, set[int]] = {}
        for game in games:
            users_by_kind.setdefault(game.kind, set()).update(seat.user_id for seat in game.seats.all())
        facts = {(kind, user_id): found for kind, users in users_by_kind.items()
                 for user_id, found in hooks.player_facts(kind, sorted(users)).items()}
        kwargs["context"] = {**self.get_serializer_context(), "facts": facts}
        return self.get_serializer_class()(*args, **kwargs)

    @extend_schema(parameters=[GameListQuerySerializer], description=(
        "List games, newest first, a page at a time (`?status=open`: games to join; `?mine=1`: yours; "
        "`?kind=` and `?pace=` filter), each with its seated players' rating and reliability."))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=GameCreateSerializer, responses={201: GameDetailSerializer}, description=(
        "Open a new game; you take the first seat. Others `join` it (an unlisted game through its invite "
        "link on the site), then you `start` it."))
    def post(self, request: Request) -> Response:
        data = validated_body(GameCreateSerializer, request.data)
        user = request_user(request)
        game = services.create_game(user, **data)
        return Response(services.game_detail(game, user), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    """The game as the viewer may see it."""

    @extend_schema(responses={200: GameDetailSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        # game_detail has the serializer's shape already (a test holds them equal): no field-by-field copy.
        return Response(services.game_detail_by_id(game_id, request_user(request)))


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
        request=CommandSerializer,
        parameters=[OpenApiParameter(
            "Idempotency-Key", IDEMPOTENCY_KEY_SCHEMA, OpenApiParameter.HEADER,
            description=(
                "any unique string per move (e.g. a UUID), up to 128 printable characters, not beginning with "
                "`timeout:` (the service's own moves): a retry with the same key is applied once"
            ),
        )],
        responses={201: CommandResultSerializer},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(CommandSerializer, request.data)
        result = services.execute(
            request_user(request),
            game_id,
            data["command"],
            idempotency_key=request.headers.get("Idempotency-Key"),
            expected_version=data.get("expected_version"),
        )
        # The result has CommandResultSerializer's shape already (a test holds them equal).
        return Response(
            {"events": result.events, "version": result.version, "awaiting": result.awaiting},
            status=status.HTTP_201_CREATED,
        )


class ResignView(APIView):
    """Resign the game: the bot plays your seat from now on (a 2-player game ends, the other player wins)."""

    @extend_schema(request=None, responses={201: CommandResultSerializer}, description=(
        "Resign a running game (also `{\"type\": \"resign\"}` through `commands`, at any time). The bot "
        "plays your seat for good; a resigned seat cannot win; when one player is left, the game ends and "
        "that player wins. A finished game, a game you have no seat in, or a second resignation is refused."))
    def post(self, request: Request, game_id: int) -> Response:
        result = services.resign(request_user(request), game_id)
        return Response(
            {"events": result.events, "version": result.version, "awaiting": result.awaiting},
            status=status.HTTP_201_CREATED,
        )


def _rematch_answer(rematch: Any, status_code: int = status.HTTP_200_OK) -> Response:
    rematch.accepted = services.rematch_players(rematch)
    return Response(RematchSerializer(rematch).data, status=status_code)


class RematchView(APIView):
    """The rematch of a finished game: offer it (a player of that game), or read it."""

    @extend_schema(request=None, responses={201: RematchSerializer}, description=(
        "Offer the players of this finished game a new one with the same options (seats drawn anew). Each "
        "accepts or declines; it starts once all accepted. Only a player of the game may offer it."))
    def post(self, request: Request, game_id: int) -> Response:
        return _rematch_answer(services.offer_rematch(request_user(request), game_id), status.HTTP_201_CREATED)

    @extend_schema(responses={200: RematchSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        return _rematch_answer(services.rematch_for_player(request_user(request), game_id))


class RematchAcceptView(APIView):
    """Accept the rematch: take your seat in the new game (the last to accept starts it)."""

    @extend_schema(request=None, responses={200: RematchSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        return _rematch_answer(services.accept_rematch(request_user(request), game_id))


class RematchDeclineView(APIView):
    """Decline the rematch: the offer ends for everybody."""

    @extend_schema(request=None, responses={200: RematchSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        return _rematch_answer(services.decline_rematch(request_user(request), game_id))


class TakeOverView(APIView):
    """Take over a seat the lobby offers ("seat wanted"): its player let deadlines pass in a row."""

    @extend_schema(request=TakeOverSerializer, responses={200: GameDetailSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(TakeOverSerializer, request.data)
        user = request_user(request)
        services.take_over_seat(user, game_id, data["seat"])
        game = services.get_game(game_id, user)
        return Response(GameDetailSerializer(services.game_detail(game, user)).data)


class WantedSeatsView(APIView):
    """The running listed games with a seat offered to another player (you have no seat in them)."""

    @extend_schema(responses={200: WantedSeatsSerializer(many=True)})
    def get(self, request: Request) -> Response:
        found = services.games_with_wanted_seats(request_user(request))
        return Response([{"game": g.pk, "kind": g.kind, "seats": seats} for g, seats in found])


class EventsView(APIView):
    """The history as the viewer may see it (`?after=N`, `?limit=`)."""

    @extend_schema(parameters=[HistoryQuerySerializer], responses={200: HistorySerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(HistoryQuerySerializer, request.query_params)
        user = request_user(request)
        game = services.get_game(game_id, user)
        page = services.history(game, user, query["after"], query["limit"])
        page["next"] = None
        if page["next_after"] < page["version"]:
            params = request.query_params.copy()
            params["after"] = str(page["next_after"])
            page["next"] = request.build_absolute_uri(f"{request.path}?{params.urlencode()}")
        return Response(HistorySerializer(page).data)


class StateView(APIView):
    """The viewer's view right after event `at` (default: now): the replay."""

    @extend_schema(parameters=[StateQuerySerializer], responses={200: StateSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(StateQuerySerializer, request.query_params)
        user = request_user(request)
        game = services.get_game(game_id, user)
        return Response(services.state_at(game, user, query.get("at")))


class TakebackView(APIView):
    """Take back your last move: at once while nobody else has moved and nothing hidden was shown since
    (201), else by asking the other players (202, a request they accept or refuse)."""

    @extend_schema(responses={200: TakebackStatusSerializer}, description="What you may do about taking a move back now.")
    def get(self, request: Request, game_id: int) -> Response:
        user = request_user(request)
        game = services.get_game(game_id, user)
        return Response(TakebackStatusSerializer(services.takeback_status(game, services.seat_of(game, user))).data)

    @extend_schema(
        request=None,
        parameters=[OpenApiParameter(
            "Idempotency-Key", IDEMPOTENCY_KEY_SCHEMA, OpenApiParameter.HEADER,
            description="as for a command: a retry with the same key takes back once",
        )],
        responses={201: TakebackResultSerializer, 202: TakebackResultSerializer},
    )
    def post(self, request: Request, game_id: int) -> Response:
        outcome = services.take_back(request_user(request), game_id, request.headers.get("Idempotency-Key"))
        result = outcome.result
        body = {
            "taken_back": result is not None,
            "result": {"events": result.events, "version": result.version, "awaiting": result.awaiting} if result else None,
            "request": services.request_as_dict(outcome.request),
        }
        return Response(TakebackResultSerializer(body).data,
                        status=status.HTTP_201_CREATED if result else status.HTTP_202_ACCEPTED)


class TakebackAnswerView(APIView):
    """Accept or refuse another player's request to take a move back; the last acceptance takes it back."""

    @extend_schema(request=TakebackAnswerSerializer, responses={200: TakebackRequestSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(TakebackAnswerSerializer, request.data)
        answered = services.answer_takeback(request_user(request), game_id, data["accept"])
        return Response(TakebackRequestSerializer(services.request_as_dict(answered)).data)
