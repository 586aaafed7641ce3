"""URLs: each app's pages and its part of the REST API under /api/, the admin, the API's schema and docs."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.urls import admin_urlpatterns as accounts_admin
from accounts.urls import api_urlpatterns as accounts_api
from accounts.urls import settings_urlpatterns as accounts_settings
from accounts.urls import web_urlpatterns as accounts_web
from alerts.urls import api_urlpatterns as alerts_api
from alerts.urls import web_urlpatterns as alerts_web
from calendars.urls import api_urlpatterns as calendars_api
from calendars.urls import web_urlpatterns as calendars_web
from chat.urls import api_urlpatterns as chat_api
from chat.urls import web_urlpatterns as chat_web
from core import api
from games.urls import api_urlpatterns as games_api
from games.urls import web_urlpatterns as games_web
from live.urls import urlpatterns as live_urls
from mailin.urls import web_urlpatterns as mailin_web
from notifications.urls import api_urlpatterns as notifications_api
from notifications.urls import web_urlpatterns as notifications_web
from operations.urls import web_urlpatterns as operations_web
from ratings.urls import api_urlpatterns as ratings_api
from ratings.urls import web_urlpatterns as ratings_web
from stats.urls import api_urlpatterns as stats_api
from stats.urls import web_urlpatterns as stats_web
from tournaments.urls import api_urlpatterns as tournaments_api
from tournaments.urls import web_urlpatterns as tournaments_web

api_patterns = (games_api + accounts_api + chat_api + notifications_api + alerts_api + ratings_api + calendars_api
               + tournaments_api + stats_api)

urlpatterns = [
    # The API first: Django tries the patterns in order, and the command path's requests (a GET and a POST per
    # move) would otherwise be matched against every page's pattern before their own (2 % of their CPU).
    path("api/", include((api_patterns, "api"))),
    *games_web,  # the lobby (the home page), a game's pages and forms, the rules
    *operations_web,  # the health probe, the metrics, the imprint and the privacy page
    *accounts_admin,  # the admin's sign-in, rate limited as the site's (before the admin's own)
    path("admin/", admin.site.urls),
    path("accounts/", include((accounts_web, "accounts"))),
    *accounts_settings,
    *live_urls,  # the pages' live streams (server-sent events)
    *chat_web,
    *notifications_web,
    *alerts_web,
    *ratings_web,
    *stats_web,  # a game's story in pictures, a player's numbers, the leaderboards
    *tournaments_web,  # the tournaments' list, form and pages
    *calendars_web,  # the players' calendar feeds (/calendar/<token>/deadlines.ics)
    *mailin_web,  # the mail provider's webhooks, when one is configured with its key
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file of its own: no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    re_path(r"^api/", api.api_not_found),  # after the schema and the docs: any other /api/ address is a JSON 404
]

handler400 = "core.api.error_400"
handler403 = "core.api.error_403"
handler404 = "core.api.error_404"
handler500 = "core.api.error_500"
