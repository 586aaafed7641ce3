from django.apps import AppConfig


class CalendarsConfig(AppConfig):
    """The calendar feeds: registers the games' deadlines as the first source of events, the settings
    page's part and what the app keeps of a person."""

    name = "calendars"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import personal_data as accounts_personal_data

        from . import game_deadlines, personal_data, settings_section, sources

        sources.deadline_sources.register(game_deadlines.awaited_moves, name="games")
        settings_section.add_section()
        accounts_personal_data.parts.register(personal_data.PART)
