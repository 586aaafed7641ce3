from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games app."""

    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
