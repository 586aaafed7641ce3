"""The operator's pages: the health probe, the metrics, the imprint and the privacy page."""

from django.urls import path

from operations import health, legal, metrics_view

web_urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("metrics", metrics_view.metrics, name="metrics"),
    path("privacy/", legal.privacy, name="privacy"),
    path("imprint/", legal.imprint, name="imprint"),
]
