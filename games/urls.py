"""URLs of games: the API (under /api/, included by config.urls) and the pages (the lobby, a game's table,
its forms, the watch links, the rules)."""

from django.urls import path

from . import api, lobby, move_forms, pages, player_forms, rules_pages, story_api

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
    path("games/<int:game_id>/take-back", api.TakebackView.as_view(), name="game-take-back"),
    path("games/<int:game_id>/take-back/answer", api.TakebackAnswerView.as_view(), name="game-take-back-answer"),
]

web_urlpatterns = [
    path("", lobby.home, name="home"),
    path("games/new/", lobby.new_game, name="game-new"),
    path("games/play-bots/", lobby.play_bots, name="game-play-bots"),
    path("games/invite/<str:token>/", pages.invite, name="game-invite"),
    path("games/watch/<str:token>/", pages.watch, name="game-watch"),
    path("games/watch/<str:token>/version", pages.watch_version, name="game-watch-version"),
    path("games/watch/<str:token>/history", pages.watch_history, name="game-watch-history"),
    path("rules/<str:kind_name>/", rules_pages.rules_index, name="rules-index"),
    path("rules/<str:kind_name>/<str:card_id>/", rules_pages.rules_card, name="rules-card"),
    path("games/<int:game_id>/", pages.game_page, name="game-page"),
    path("games/<int:game_id>/version", pages.game_version, name="game-version"),
    path("games/<int:game_id>/history", pages.game_history, name="game-history"),
    path("games/<int:game_id>/join", pages.join, name="game-join"),
    path("games/<int:game_id>/leave", pages.leave, name="game-leave"),
    path("games/<int:game_id>/start", pages.start, name="game-start"),
    path("games/<int:game_id>/spectators", pages.spectators, name="game-spectators"),
    path("games/<int:game_id>/back", pages.back_to_game, name="game-back"),
    path("games/<int:game_id>/move", move_forms.move, name="game-move"),
    path("games/<int:game_id>/take-back", player_forms.take_back, name="game-take-back"),
    path("games/<int:game_id>/take-back/answer", player_forms.take_back_answer, name="game-take-back-answer"),
    path("games/<int:game_id>/resign", player_forms.resign, name="game-resign"),
    path("games/<int:game_id>/rematch", player_forms.rematch, name="game-rematch"),
    path("games/<int:game_id>/take-over", player_forms.take_over, name="game-take-over"),
    path("games/<int:game_id>/rematch/accept", player_forms.rematch, {"answer": "accept"}, name="game-rematch-accept"),
    path("games/<int:game_id>/rematch/decline", player_forms.rematch, {"answer": "decline"}, name="game-rematch-decline"),
]
