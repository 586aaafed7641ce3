"""The site's URLs with the stats app's (until config/urls.py includes them): for the stats tests."""

from django.urls import include, path

from config.urls import urlpatterns as site
from stats.urls import api_urlpatterns, web_urlpatterns

urlpatterns = [path("api/", include((api_urlpatterns, "stats-api"))), *web_urlpatterns, *site]
