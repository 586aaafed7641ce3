"""URLs of the stats app: its pages, and its API (under /api/, namespace "api")."""

from django.urls import path

from . import api, pages

web_urlpatterns = [
    path("games/<int:game_id>/story", pages.game_story_page, name="game-story"),
    path("games/<int:game_id>/story.png", pages.game_story_png, name="game-story-png"),
    path("players/<int:user_id>/numbers", pages.player_numbers_page, name="player-numbers"),
    path("leaderboards/", pages.leaderboards_page, name="leaderboards"),
    path("leaderboards/<str:kind>/", pages.leaderboard_page, name="leaderboard"),
]

api_urlpatterns = [
    path("stats/games/<int:game_id>/story", api.GameStoryView.as_view(), name="game-story"),
    path("stats/players/<int:user_id>/", api.PlayerNumbersView.as_view(), name="player-numbers"),
    path("stats/leaderboards/<str:kind>", api.LeaderboardView.as_view(), name="leaderboard"),
    path("stats/leaderboards/<str:kind>/tournament-wins", api.TournamentWinsView.as_view(), name="tournament-wins"),
]
