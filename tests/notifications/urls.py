"""The project's URLs plus the notifications and game-page routes (used until they are in config/urls.py)."""

from django.urls import include, path

from config.urls import handler400, handler403, handler404, handler500, urlpatterns as project  # noqa: F401
from games import pages
from notifications.urls import api_urlpatterns, web_urlpatterns

urlpatterns = [
    path("games/<int:game_id>/", pages.game_page, name="game-page"),
    path("games/<int:game_id>/back", pages.back_to_game, name="game-back"),
    path("api/", include((api_urlpatterns, "notifications-api"))),
    *web_urlpatterns,
    *project,
]
