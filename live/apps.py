"""The live app: subscribes the after-commit notice to the appended events, the waiting rooms' changes, the
requests to take a move back and the chat's lines; adds the mark of the table's side changes to every table."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Live updates"

    def ready(self) -> None:
        from chat import hooks as chat_hooks
        from games import hooks
        from tournaments import hooks as tournament_hooks

        from . import publish, sections

        hooks.subscribe(publish.on_events_appended)
        hooks.on_seat_notice(publish.on_seat_notice)
        hooks.on_takeback_asked(publish.on_takeback_changed)
        hooks.on_takeback_answered(publish.on_takeback_changed)
        hooks.on_spectators_changed(publish.on_spectators_changed)
        chat_hooks.subscribe(publish.on_chat_message)
        tournament_hooks.events_written.register(publish.on_tournament_events)
        sections.add()
