from django.apps import AppConfig


class ChatConfig(AppConfig):
    """The chat of each game (its players' and its spectators'); adds its section to every game's table
    (`games.table_sections`), so that `games` imports nothing of it."""

    name = "chat"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import personal_data as accounts_personal_data
        from games import table_sections

        from . import personal_data
        from .section import chat_section

        table_sections.sections.register(chat_section, name="chat")
        accounts_personal_data.parts.register(personal_data.PART)
