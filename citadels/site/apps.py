from django.apps import AppConfig
from django.utils.translation import gettext_lazy

from citadels import RULES
from games.registry import GameKind, kinds


class CitadelsSiteConfig(AppConfig):
    """Makes the Citadels table's templates and translations (locale/) known to Django, and registers the
    game with the hosting (`games.registry.kinds`): its title, its rules and this site module."""

    name = "citadels.site"
    label = "citadels_site"

    def ready(self) -> None:
        kinds.register(GameKind("citadels", gettext_lazy("Citadels"), RULES, site=self.name))
