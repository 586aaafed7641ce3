from django.apps import AppConfig
from django.utils.translation import gettext_lazy

from dominion import RULES
from games.registry import GameKind, kinds


class DominionSiteConfig(AppConfig):
    """Makes the Dominion table's templates, static files and translations (locale/) known to Django, and
    registers the game with the hosting (`games.registry.kinds`): its title, its rules and this site module."""

    name = "dominion.site"
    label = "dominion_site"

    def ready(self) -> None:
        kinds.register(GameKind("dominion", gettext_lazy("Dominion"), RULES, site=self.name))
