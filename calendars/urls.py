"""URLs of the calendar feeds: the feed itself at the site's root, the address's API under /api/me/calendar."""

from django.urls import path

from . import api, views

web_urlpatterns = [
    # `token` names the parameter a secret: the log lines mask it (core.log_secrets).
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar-feed"),
]

api_urlpatterns = [
    path("me/calendar", api.CalendarFeedView.as_view(), name="api-me-calendar"),
]
