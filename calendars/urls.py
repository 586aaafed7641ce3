"""URLs of the calendar feeds: the feed itself at the site's root, the address's API under /api/me/calendar."""

from django.urls import path

from . import api, views

web_urlpatterns = [
    # `token` names the parameter a secret: the log lines mask it (core.log_secrets), a whole segment so
    # that the mask ends where the token does. The name ends in .ics, which some calendar apps look for.
    path("calendar/<str:token>/deadlines.ics", views.calendar_feed, name="calendar-feed"),
]

api_urlpatterns = [
    path("me/calendar", api.CalendarFeedView.as_view(), name="api-me-calendar"),
]
