"""URLs of notifications: the web unsubscribe link and the API under /api/notifications/."""

from django.urls import path

from . import api, views

web_urlpatterns = [
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe, name="notifications-unsubscribe"),
]

api_urlpatterns = [
    path("notifications/preferences", api.PreferencesView.as_view(), name="notifications-preferences"),
    path("notifications/absences", api.AbsencesView.as_view(), name="notifications-absences"),
]
