from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """The operator's pages: the health probe, the metrics, the imprint and the privacy page (no models)."""

    name = "operations"
