"""API URLs of games, under /api/."""

from django.urls import path

from . import api, story_api

app_name = "games"

api_urlpatterns = [
    path("games/", api.GameListView.as_view(), name="game-list"),
    path("games/<int:game_id>/", api.GameDetailView.as_view(), name="game-detail"),
    path("games/<int:game_id>/join", api.JoinView.as_view(), name="game-join"),
    path("games/<int:game_id>/leave", api.LeaveView.as_view(), name="game-leave"),
    path("games/<int:game_id>/start", api.StartView.as_view(), name="game-start"),
    path("games/<int:game_id>/commands", api.CommandView.as_view(), name="game-commands"),
    path("games/<int:game_id>/resign", api.ResignView.as_view(), name="game-resign"),
    path("games/<int:game_id>/rematch", api.RematchView.as_view(), name="game-rematch"),
    path("games/<int:game_id>/rematch/accept", api.RematchAcceptView.as_view(), name="game-rematch-accept"),
    path("games/<int:game_id>/rematch/decline", api.RematchDeclineView.as_view(), name="game-rematch-decline"),
    path("games/<int:game_id>/take-over", api.TakeOverView.as_view(), name="game-take-over"),
    path("games/seats-wanted", api.WantedSeatsView.as_view(), name="game-seats-wanted"),
    path("games/<int:game_id>/events", api.EventsView.as_view(), name="game-events"),
    path("games/<int:game_id>/state", api.StateView.as_view(), name="game-state"),
    path("games/<int:game_id>/history", story_api.StoryView.as_view(), name="game-story"),
    path("games/<int:game_id>/hands", story_api.HandsView.as_view(), name="game-hands"),
    path("games/<int:game_id>/undo", api.UndoView.as_view(), name="game-undo"),
    path("games/<int:game_id>/undo/answer", api.UndoAnswerView.as_view(), name="game-undo-answer"),
]
