"""URLs: web pages, the admin, the REST API under /api/, its schema and docs."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import settings_page
from accounts.admin import admin_login
from accounts.urls import api_urlpatterns as accounts_api
from accounts.urls import web_urlpatterns as accounts_web
from alerts.urls import api_urlpatterns as alerts_api
from alerts.urls import web_urlpatterns as alerts_web
from chat.urls import api_urlpatterns as chat_api
from chat.urls import web_urlpatterns as chat_web
from core import api
from games import lobby, move_forms, pages, player_forms, rules_pages
from games.urls import api_urlpatterns as games_api
from live.urls import urlpatterns as live_urls
from mailin.views import webhook_urlpatterns
from notifications.urls import api_urlpatterns as notifications_api
from notifications.urls import web_urlpatterns as notifications_web
from operations import health, legal, metrics_view
from ratings.urls import api_urlpatterns as ratings_api
from ratings.urls import web_urlpatterns as ratings_web

api_patterns = games_api + accounts_api + chat_api + notifications_api + alerts_api + ratings_api

urlpatterns = [
    # The API first: Django tries the patterns in order, and the command path's requests (a GET and a POST per
    # move) would otherwise be matched against every page's pattern before their own (2 % of their CPU).
    path("api/", include((api_patterns, "api"))),
    path("", lobby.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("metrics", metrics_view.metrics, name="metrics"),
    path("privacy/", legal.privacy, name="privacy"),
    path("imprint/", legal.imprint, name="imprint"),
    path("admin/login/", admin_login),  # the admin's sign-in, rate limited as the site's
    path("admin/", admin.site.urls),
    path("accounts/", include((accounts_web, "accounts"))),
    path("settings/", settings_page.settings_page, name="settings"),
    path("games/new/", lobby.new_game, name="game-new"),
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
    path("games/<int:game_id>/undo", player_forms.undo, name="game-undo"),
    path("games/<int:game_id>/undo/answer", player_forms.undo_answer, name="game-undo-answer"),
    *live_urls,  # the pages' live streams (server-sent events)
    *chat_web,
    path("games/<int:game_id>/resign", player_forms.resign, name="game-resign"),
    path("games/<int:game_id>/rematch", player_forms.rematch, name="game-rematch"),
    path("games/<int:game_id>/take-over", player_forms.take_over, name="game-take-over"),
    path("games/<int:game_id>/rematch/accept", player_forms.rematch, {"answer": "accept"}, name="game-rematch-accept"),
    path("games/<int:game_id>/rematch/decline", player_forms.rematch, {"answer": "decline"}, name="game-rematch-decline"),
    *notifications_web,
    *alerts_web,
    *ratings_web,
    *webhook_urlpatterns(),  # the mail provider's webhooks, when one is configured with its key
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file of its own: no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    re_path(r"^api/", api.api_not_found),
]

handler400 = "core.api.error_400"
handler403 = "core.api.error_403"
handler404 = "core.api.error_404"
handler500 = "core.api.error_500"
