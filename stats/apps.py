from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Pictures and numbers of the games, folded from their logs: a game's story in charts, a player's numbers,
    the leaderboards and the open record; adds the open record's choice to the settings page."""

    name = "stats"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        from accounts import personal_data

        from . import personal_data as stats_personal_data
        from . import settings_section

        import_module(f"{self.name}.tasks")  # the monthly task, registered in every process
        settings_section.add_sections()
        personal_data.parts.register(stats_personal_data.PART)
