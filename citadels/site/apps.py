from django.apps import AppConfig


class CitadelsSiteConfig(AppConfig):
    """Makes the Citadels table's templates and translations (locale/) known to Django."""

    name = "citadels.site"
    label = "citadels_site"
