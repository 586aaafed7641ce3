from django.apps import AppConfig


class DominionSiteConfig(AppConfig):
    """Makes the Dominion table's templates, static files and translations (locale/) known to Django."""

    name = "dominion.site"
    label = "dominion_site"
