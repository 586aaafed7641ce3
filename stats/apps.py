from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Pictures and numbers of the games, folded from their logs: a game's story in charts, a player's numbers,
    the leaderboards and the open record; adds the open record's choice to the settings page and the story to every game's table."""

    name = "stats"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from importlib import import_module

        from accounts import personal_data

        from . import personal_data as stats_personal_data
        from . import settings_section, table_section

        import_module(f"{self.name}.tasks")  # the monthly task, registered in every process
        settings_section.add_sections()
        table_section.add()  # the story in pictures on every game's table
        personal_data.parts.register(stats_personal_data.PART)
