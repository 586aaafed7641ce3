"""URLs of the ratings app: the profile page and its API (under /api/)."""

from django.urls import path

from . import api, views

web_urlpatterns = [
    path("players/<int:user_id>/", views.profile_page, name="player-profile"),
]

api_urlpatterns = [
    path("players/me/privacy", api.PrivacyView.as_view(), name="player-privacy"),
    path("players/<int:user_id>/", api.ProfileView.as_view(), name="player-profile"),
]
