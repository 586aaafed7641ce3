"""URLs of the tournaments: the API (under /api/, included by config.urls) and the pages."""

from django.urls import path

from . import api, pages

api_urlpatterns = [
    path("tournaments/", api.TournamentListView.as_view(), name="tournament-list"),
    path("tournaments/<int:tournament_id>/", api.TournamentDetailView.as_view(), name="tournament-detail"),
    path("tournaments/<int:tournament_id>/join", api.JoinView.as_view(), name="tournament-join"),
    path("tournaments/<int:tournament_id>/leave", api.LeaveView.as_view(), name="tournament-leave"),
    path("tournaments/<int:tournament_id>/withdraw", api.WithdrawView.as_view(), name="tournament-withdraw"),
    path("tournaments/<int:tournament_id>/invite", api.InviteView.as_view(), name="tournament-invite"),
]

web_urlpatterns = [
    path("tournaments/", pages.tournament_list, name="tournament-list"),
    path("tournaments/new/", pages.new_tournament, name="tournament-new"),
    path("tournaments/<int:tournament_id>/", pages.tournament_page, name="tournament-page"),
    path("tournaments/<int:tournament_id>/join", pages.join, name="tournament-join"),
    path("tournaments/<int:tournament_id>/leave", pages.leave, name="tournament-leave"),
    path("tournaments/<int:tournament_id>/withdraw", pages.withdraw, name="tournament-withdraw"),
    path("tournaments/<int:tournament_id>/invite", pages.invite, name="tournament-invite"),
]
