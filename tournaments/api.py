"""REST endpoints of the tournaments: thin views that check the request's shape and call
`tournaments.services`; a refusal is the service's `ServiceError`, answered by `core.api.exception_handler`
as every API refusal (`{code, message}` with its 4xx status)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from accounts.models import User
from core.api import validated_body, validated_query
from core.errors import ServiceError
from games.api import GamePages

from . import detail, services
from .models import Tournament
from .serializers import (
    TournamentCreateSerializer,
    TournamentDetailSerializer,
    TournamentInviteSerializer,
    TournamentListQuerySerializer,
    TournamentSummarySerializer,
)


class TournamentPages(GamePages):
    """Newest first, a page at a time (as the games' list)."""


class TournamentListView(generics.ListAPIView):  # type: ignore[type-arg]
    """List tournaments (`?status=open|running|finished`), or open a new one (you are its host)."""

    pagination_class = TournamentPages
    serializer_class = TournamentSummarySerializer

    def get_queryset(self) -> QuerySet[Any]:
        query = validated_query(TournamentListQuerySerializer, self.request.query_params,
                                also=(TournamentPages.cursor_query_param, TournamentPages.page_size_query_param))
        tournaments = Tournament.objects.select_related("created_by")
        if query.get("status"):
            tournaments = tournaments.filter(status__in=detail.LISTED_STATUSES[query["status"]])
        return tournaments

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        assert page is not None  # the cursor pagination always pages
        return self.get_paginated_response([detail.summary(t) for t in page])

    @extend_schema(parameters=[TournamentListQuerySerializer], description=(
        "Tournaments, newest first, a page at a time: `?status=open` (sign-up open), `running`, `finished` "
        "(ended or called off)."))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentDetailSerializer}, description=(
        "Open a tournament for sign-up; you are its host (you play only if you join it). Sign-up ends at "
        "`signup_until` or when `max_players` joined; the service then starts it (with at least `min_players`) "
        "or calls it off."))
    def post(self, request: Request) -> Response:
        data = validated_body(TournamentCreateSerializer, request.data)
        user = request_user(request)
        tournament = services.create_tournament(user, **data)
        return Response(detail.detail(tournament, user), status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    """The tournament: its settings, entrants, standings with tiebreaks, crosstable and rounds."""

    @extend_schema(responses={200: TournamentDetailSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(detail.detail(services.get_tournament(tournament_id), request_user(request)))


class _EntryAction(APIView):
    service: Any = staticmethod(services.join)

    @extend_schema(request=None, responses={200: TournamentDetailSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = request_user(request)
        type(self).service(user, tournament_id)
        return Response(detail.detail(services.get_tournament(tournament_id), user))


class JoinView(_EntryAction):
    """Enter the tournament during its sign-up (its gates: invitation, rating, reliability, ban, room)."""

    service = staticmethod(services.join)


class LeaveView(_EntryAction):
    """Give up your entry before the start."""

    service = staticmethod(services.leave)


class WithdrawView(_EntryAction):
    """Withdraw from the running tournament, under its policy (forfeit or a bot) and its ban."""

    service = staticmethod(services.withdraw)


class InviteView(APIView):
    """The host invites a player (an invitation-only tournament admits only those invited)."""

    @extend_schema(request=TournamentInviteSerializer, responses={200: TournamentDetailSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        data = validated_body(TournamentInviteSerializer, request.data)
        host = request_user(request)
        guest = User.objects.filter(pk=data["user"], is_active=True).first()
        if guest is None:
            raise ServiceError("not_found", "user_not_found", gettext("There is no player {id}.").format(id=data["user"]))
        services.invite(host, tournament_id, guest)
        return Response(detail.detail(services.get_tournament(tournament_id), host))
