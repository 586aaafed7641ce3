"""REST endpoints of the leagues: list, create, a league's detail (its seasons' groups, who went up and
down), join and leave (from the next season). Thin views over `tournaments.services.league`; a refusal is
the service's `ServiceError`, answered by `core.api.exception_handler` as `{code, message}` with its 4xx."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from accounts.models import User
from core.api import validated_body
from core.errors import ServiceError
from games.api import GamePages
from games.api_fields import KindField, OptionsField, StrictIntegerField, TimeControlField
from games.registry import default_kind

from . import league_detail, services
from .models import League, Tournament
from .serializers import TournamentPersonSerializer
from .services import entry as limits
from .services import league as leagues


class LeagueCreateSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True

    name = serializers.CharField(max_length=120, help_text="1 to 120 characters")
    kind = KindField(max_length=32, default=default_kind, help_text="the game every table plays")
    players = serializers.ListField(
        child=StrictIntegerField(min_value=1), min_length=2, max_length=limits.MAX_PLAYERS,
        help_text="the ids of the league's players (two different at least); seeded into tiers by rating")
    group_size = StrictIntegerField(min_value=2, max_value=limits.MAX_PLAYERS,
                                    help_text="players per group (from the table size to the number of players)")
    promote = StrictIntegerField(required=False, default=1, min_value=0, max_value=limits.MAX_PLAYERS,
                                 help_text="the best of each group go up a tier after a season")
    relegate = StrictIntegerField(required=False, default=1, min_value=0, max_value=limits.MAX_PLAYERS,
                                  help_text="the last of each group go down a tier (promote + relegate <= group_size)")
    seasons = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1,
                                 max_value=leagues.MAX_SEASONS, help_text="the league ends after so many (null: never)")
    table_size = StrictIntegerField(required=False, default=2, min_value=2, max_value=8,
                                    help_text="players per table (the game's range)")
    options = OptionsField(required=False, default=dict, help_text="the game's options, as a new game takes them")
    time_control = TimeControlField(required=False, default=dict,
                                    help_text="each game's time control, as a new game takes it")
    max_game_days = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=limits.MAX_GAME_DAYS,
        help_text="a game still running so many days after its start counts as a draw for its group")
    withdrawal_policy = serializers.ChoiceField(
        choices=Tournament.Policy.values, default=Tournament.Policy.FORFEIT,
        help_text="a withdrawal or a loss on time: `forfeit` the rest of the games, or a `bot` plays them")


class LeagueSummarySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField(help_text="`running` or `ended`")
    current_season = serializers.IntegerField()
    planned_seasons = serializers.IntegerField(allow_null=True, help_text="the league ends after so many (null: never)")
    group_size = serializers.IntegerField()
    host = TournamentPersonSerializer()
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    url = serializers.URLField(help_text="the league's page")


class LeagueLeaderSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player = TournamentPersonSerializer()
    points = serializers.FloatField()


class LeagueGroupSerializer(serializers.Serializer[Any]):
    tier = serializers.IntegerField(help_text="1 is the top tier")
    group = serializers.IntegerField(help_text="1, 2, ... within the tier")
    tournament = serializers.IntegerField(allow_null=True, help_text="the group's round robin (null: a lone player's)")
    url = serializers.URLField(allow_null=True, help_text="the tournament's page")
    status = serializers.CharField(allow_null=True, help_text="the tournament's status")
    players = TournamentPersonSerializer(many=True)
    leaders = LeagueLeaderSerializer(many=True, help_text="the top lines of the group's standings")


class LeagueSeasonSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField()
    groups = LeagueGroupSerializer(many=True)
    ended = serializers.BooleanField()
    promoted = TournamentPersonSerializer(many=True, help_text="after the season's end: who went up a tier")
    relegated = TournamentPersonSerializer(many=True, help_text="after the season's end: who went down a tier")
    leaving = TournamentPersonSerializer(many=True, help_text="who left the league at the season's end")
    newcomers = TournamentPersonSerializer(many=True, help_text="who came in for the next season")


class LeagueViewerSerializer(serializers.Serializer[Any]):
    member = serializers.BooleanField(help_text="in the league now (or from the next season)")
    host = serializers.BooleanField()


class LeagueDetailSerializer(LeagueSummarySerializer):
    version = serializers.IntegerField(help_text="the number of events in the league's log")
    settings = serializers.DictField(help_text="what the host set (the create body's fields)")
    players = TournamentPersonSerializer(many=True, help_text="the players now, with who asked in, without who asked out")
    seasons = LeagueSeasonSerializer(many=True)
    you = LeagueViewerSerializer()


def players_of(ids: list[int]) -> list[User]:
    """The active users of these ids in the order given; 404 user_not_found for any other."""
    users = User.objects.filter(is_active=True).in_bulk(ids)
    for pk in ids:
        if pk not in users:
            raise ServiceError("not_found", "user_not_found", gettext("There is no player {id}.").format(id=pk))
    return [users[pk] for pk in ids]


class LeagueListView(generics.ListAPIView):  # type: ignore[type-arg]
    """List leagues, newest first, or open a new one (you are its host)."""

    pagination_class = GamePages
    serializer_class = LeagueSummarySerializer

    def get_queryset(self) -> QuerySet[Any]:
        return League.objects.select_related("created_by")

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        assert page is not None  # the cursor pagination always pages
        return self.get_paginated_response([league_detail.summary(league) for league in page])

    @extend_schema(request=LeagueCreateSerializer, responses={201: LeagueDetailSerializer}, description=(
        "Open a league of these players and start its first season: tiers of groups by rating, each group a "
        "round robin; after each season the best `promote` of a group go up a tier, the last `relegate` down."))
    def post(self, request: Request) -> Response:
        data = validated_body(LeagueCreateSerializer, request.data)
        user = request_user(request)
        data["players"] = players_of(data["players"])
        league = services.create_league(user, **data)
        return Response(league_detail.detail(league_detail.get_league(league.pk), user), status=status.HTTP_201_CREATED)


class LeagueDetailView(APIView):
    """The league: its settings, players, and each season's groups with their tournaments."""

    @extend_schema(responses={200: LeagueDetailSerializer})
    def get(self, request: Request, league_id: int) -> Response:
        return Response(league_detail.detail(league_detail.get_league(league_id), request_user(request)))


class _LeagueAction(APIView):
    service: Any = staticmethod(services.join_league)

    @extend_schema(request=None, responses={200: LeagueDetailSerializer})
    def post(self, request: Request, league_id: int) -> Response:
        user = request_user(request)
        type(self).service(user, league_id)
        return Response(league_detail.detail(league_detail.get_league(league_id), user))


class LeagueJoinView(_LeagueAction):
    """Ask into the running league: you start in its bottom tier next season."""

    service = staticmethod(services.join_league)


class LeagueLeaveView(_LeagueAction):
    """Leave the league at the end of the current season (your games there are played out)."""

    service = staticmethod(services.leave_league)
