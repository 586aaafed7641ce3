"""The live streams' addresses (included by config.urls beside the pages of games)."""

from django.urls import path

from . import streams

urlpatterns = [
    path("games/<int:game_id>/live", streams.game_stream, name="game-live"),
    path("games/watch/<str:token>/live", streams.watch_stream, name="game-watch-live"),
    path("games/<int:game_id>/room/live", streams.room_stream, name="game-room-live"),
    path("live/lobby", streams.lobby_stream, name="lobby-live"),
    path("tournaments/<int:tournament_id>/live", streams.tournament_stream, name="tournament-live"),
]
