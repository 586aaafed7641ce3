"""URLs of the tournaments and leagues: the API (under /api/, included by config.urls) and the pages."""

from django.urls import path

from . import api, league_api, league_pages, pages

api_urlpatterns = [
    path("tournaments/", api.TournamentListView.as_view(), name="tournament-list"),
    path("tournaments/<int:tournament_id>/", api.TournamentDetailView.as_view(), name="tournament-detail"),
    path("tournaments/<int:tournament_id>/join", api.JoinView.as_view(), name="tournament-join"),
    path("tournaments/<int:tournament_id>/leave", api.LeaveView.as_view(), name="tournament-leave"),
    path("tournaments/<int:tournament_id>/withdraw", api.WithdrawView.as_view(), name="tournament-withdraw"),
    path("tournaments/<int:tournament_id>/invite", api.InviteView.as_view(), name="tournament-invite"),
    path("leagues/", league_api.LeagueListView.as_view(), name="league-list"),
    path("leagues/<int:league_id>/", league_api.LeagueDetailView.as_view(), name="league-detail"),
    path("leagues/<int:league_id>/join", league_api.LeagueJoinView.as_view(), name="league-join"),
    path("leagues/<int:league_id>/leave", league_api.LeagueLeaveView.as_view(), name="league-leave"),
]

web_urlpatterns = [
    path("tournaments/", pages.tournament_list, name="tournament-list"),
    path("tournaments/new/", pages.new_tournament, name="tournament-new"),
    path("tournaments/<int:tournament_id>/", pages.tournament_page, name="tournament-page"),
    path("tournaments/<int:tournament_id>/join", pages.join, name="tournament-join"),
    path("tournaments/<int:tournament_id>/leave", pages.leave, name="tournament-leave"),
    path("tournaments/<int:tournament_id>/withdraw", pages.withdraw, name="tournament-withdraw"),
    path("tournaments/<int:tournament_id>/invite", pages.invite, name="tournament-invite"),
    path("leagues/", league_pages.league_list, name="league-list"),
    path("leagues/new/", league_pages.new_league, name="league-new"),
    path("leagues/<int:league_id>/", league_pages.league_page, name="league-page"),
    path("leagues/<int:league_id>/join", league_pages.join, name="league-join"),
    path("leagues/<int:league_id>/leave", league_pages.leave, name="league-leave"),
]
