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
from games.selectors import PACES
from ratings.profiles import find_player

from .leaderboards import MOST_PAGES, leaderboard
from .player_numbers import player_numbers
from .story import story_numbers
from .tournament_board import tournament_leaderboard


class StoryNumbersQuerySerializer(serializers.Serializer[Any]):
    at = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1,
                                  help_text="the story up to this seq (a replay's step; past the end: the whole)")


class StoryNumbersSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    version = serializers.IntegerField(help_text="the story's last event")
    hands_open = serializers.BooleanField(help_text="the game has ended: every seat's part is in the numbers")
    numbers = serializers.JSONField(help_text="the game's own numbers: Citadels `rounds`, Dominion `turns`")


class GameStoryView(APIView):
    """A game's story in numbers, as you may see it (a running game: nothing its table hides from you)."""

    @extend_schema(parameters=[StoryNumbersQuerySerializer], responses={200: StoryNumbersSerializer})
    def get(self, request: Request, game_id: int) -> Response:
        query = validated_query(StoryNumbersQuerySerializer, request.query_params)
        user = request_user(request)
        game = services.get_game(game_id, user)
        upto = min(query["at"], game.version) if "at" in query else None  # past the end: the whole story
        if game.version == 0:
            raise ServiceError("conflict", "not_started", _("This game has not started yet."))
        found = story_numbers(game, user, upto)
        if found is None:
            raise ServiceError("not_found", "no_story", _("This game tells no story in numbers."))
        return Response(StoryNumbersSerializer(found).data)


class FavouriteSerializer(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="the character's or card's id")
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="rounds held (Citadels) or copies owned at the end (Dominion)")


class NumbersByPlayersSerializer(serializers.Serializer[Any]):
    players = serializers.IntegerField(help_text="the games of this many players")
    games = serializers.IntegerField(allow_null=True)
    wins = serializers.IntegerField(allow_null=True, help_text="first places, shared or not")
    average_place = serializers.FloatField(allow_null=True)
    moves_timed = serializers.IntegerField(allow_null=True)
    average_seconds_to_move = serializers.FloatField(allow_null=True)
    median_seconds_to_move = serializers.FloatField(allow_null=True)
    favourites = FavouriteSerializer(many=True, allow_null=True)


class RatingPointSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    rating = serializers.FloatField()


class HeadToHeadSerializer(serializers.Serializer[Any]):
    opponent = serializers.IntegerField(help_text="the opponent's user id")
    name = serializers.CharField()
    bot = serializers.BooleanField()
    games = serializers.IntegerField()
    ahead = serializers.IntegerField(help_text="games the player finished ahead of the opponent")
    behind = serializers.IntegerField()
    level = serializers.IntegerField(help_text="games of a shared place")


class PaceTimesSerializer(serializers.Serializer[Any]):
    pace = serializers.ChoiceField(choices=list(PACES), help_text="by the hours for a decision")
    moves_timed = serializers.IntegerField()
    average_seconds_to_move = serializers.FloatField()
    median_seconds_to_move = serializers.FloatField()


class KindNumbersSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField()
    groups = NumbersByPlayersSerializer(many=True, help_text="by the number of players")
    rating = serializers.FloatField(allow_null=True)
    rating_history = RatingPointSerializer(many=True, allow_null=True)
    head_to_head = HeadToHeadSerializer(many=True, allow_null=True)
    time_to_move_by_pace = PaceTimesSerializer(many=True, allow_null=True,
                                               help_text="the time to move in the fast, normal and slow games")


class PlayerNumbersSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    bot = serializers.BooleanField()
    hidden = serializers.ListField(child=serializers.CharField(),
                                   help_text="the parts the player keeps private: record, rating, time_to_move, games")
    kinds = KindNumbersSerializer(many=True)


class PlayerNumbersView(APIView):
    """A player's numbers by game kind and number of players, of the finished games you may see; what they
    keep private is null (and named in `hidden`)."""

    @extend_schema(responses={200: PlayerNumbersSerializer})
    def get(self, request: Request, user_id: int) -> Response:
        player = find_player(user_id)
        return Response(PlayerNumbersSerializer(player_numbers(player, request_user(request))).data)


class LeaderboardQuerySerializer(serializers.Serializer[Any]):
    page = serializers.IntegerField(required=False, min_value=1, max_value=MOST_PAGES,
                                    help_text="the page, 1 first (25 players a page)")


class LeaderboardEntrySerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    user = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.BooleanField()
    rating = serializers.FloatField(help_text="the shown rating, mu - 3 sigma")
    games = serializers.IntegerField(help_text="rated games")
    last_finished = serializers.DateTimeField(help_text="when the player last finished a game of this kind")


class LeaderboardSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField()
    least_games = serializers.IntegerField(help_text="rated games a player needs to be on it")
    active_days = serializers.IntegerField(help_text="a player on it finished a game of this kind within these days")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    count = serializers.IntegerField(help_text="players on the whole leaderboard")
    entries = LeaderboardEntrySerializer(many=True)


class TournamentWinsEntrySerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    user = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.BooleanField()
    wins = serializers.IntegerField(help_text="first places (shared ones too) in ended tournaments of this kind")
    tournaments = serializers.IntegerField(help_text="ended tournaments of this kind the player was in")
    last_win = serializers.DateTimeField(allow_null=True, help_text="when the last tournament the player won ended")


class TournamentWinsSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    count = serializers.IntegerField(help_text="players on the whole leaderboard")
    entries = TournamentWinsEntrySerializer(many=True)


class TournamentWinsView(APIView):
    """The leaderboard of a game kind by tournament wins: the players by their first places in its ended
    tournaments (a player who hides their record is not on it), 25 a page."""

    @extend_schema(parameters=[LeaderboardQuerySerializer], responses={200: TournamentWinsSerializer})
    def get(self, request: Request, kind: str) -> Response:
        query = validated_query(LeaderboardQuerySerializer, request.query_params)
        return Response(TournamentWinsSerializer(tournament_leaderboard(kind, query.get("page", 1))).data)


class LeaderboardView(APIView):
    """The leaderboard of a game kind: the players by rating, among those with enough rated games who played
    recently (a player who hides their rating is not on it), 25 a page."""

    @extend_schema(parameters=[LeaderboardQuerySerializer], responses={200: LeaderboardSerializer})
    def get(self, request: Request, kind: str) -> Response:
        query = validated_query(LeaderboardQuerySerializer, request.query_params)
        return Response(LeaderboardSerializer(leaderboard(kind, query.get("page", 1))).data)
