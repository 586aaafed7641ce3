from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Ratings, results and profiles: subscribes to the games' hooks (a game's end rates it, a missed
    deadline is recorded), fills the lobby's player figures and join check, adds the privacy settings."""

    name = "ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import hooks

        from . import lobby, rating, reliability, settings_section

        hooks.subscribe(rating.on_events_appended)
        hooks.on_timeout(reliability.on_timeout_played)
        hooks.on_join(lobby.check_join)
        hooks.provide_player_facts(lobby.player_facts)
        settings_section.add_sections()
