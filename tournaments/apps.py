from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss and round robin for either game, each an append-only log of its own."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"
