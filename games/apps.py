from importlib import import_module

from django.apps import AppConfig
from django.core import checks


class GamesConfig(AppConfig):
    """Games app: keeps each game's deadline columns right with every batch of events, and checks that
    some game is registered (each game's site app registers its kind: `registry.kinds`)."""

    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import hooks, registry, settings_section
        from .deadlines import clock

        # The Celery tasks, registered in every process (web ones too): the clock sends a deadline's task by
        # its registered name, since the task module sits above the clock.
        import_module(f"{self.name}.tasks")

        # First subscriber: the deadline columns are settled before any other app (the emails) reads them.
        hooks.subscribe(clock.on_events_appended)
        from .services import bots

        hooks.subscribe(bots.on_events_appended)  # a bot seat awaited: its move, by a task after the commit
        checks.register(registry.check_kinds)
        settings_section.add_section()
        # What games keeps of a person: erased with the account, given in the data export.
        from accounts import personal_data as accounts_personal_data

        from . import personal_data

        accounts_personal_data.parts.register(personal_data.PART)
