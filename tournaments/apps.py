from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss and round robin for either game, each an append-only log of its own; the app
    subscribes to the games' hooks (a finished game of a tournament's table writes its result in the
    same transaction) and games know nothing of it."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        from calendars.sources import deadline_sources
        from games import hooks

        from . import calendar_deadlines
        from .services import recording

        import_module(f"{self.name}.tasks")  # the beat task, registered in every process
        hooks.subscribe(recording.on_events_appended)
        # The player's tournament deadlines in their calendar feed (calendars sits below the tournaments).
        deadline_sources.register(calendar_deadlines.tournament_deadlines, name="tournaments")
