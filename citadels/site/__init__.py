"""The Citadels table on the web site and in emails: Django-facing, never imported by the rules.

The hosting (games/, notifications/) reaches this package only through the registry (`GameKind.site`):
the table template and the helper that fills it (`table`), the words for events, commands and cards in the
reader's language (`words`, through gettext; card names from `citadels.cards`), the engine's refusals by their
code (`refusals`), the table of a turn email (`email_sections`), and the new-game form's Citadels options
(`options`). `import citadels` loads none of it,
so the rules stay free of Django.
"""

from __future__ import annotations

from .email_sections import asked_between_turns, email_sections
from .event_words import describe_event
from .options import describe_options, form_fields, options_from_form
from .questions import describe_question
from .refusals import conceivable_commands, describe_refusal
from .rules_pages import rules_card, rules_index
from .story_words import describe_chapter, describe_events, hand_words
from .table import TABLE_TEMPLATE, card_selections, choice_order, table
from .wish_words import read_standing
from .words import card_line, describe_command

__all__ = [
    "TABLE_TEMPLATE",
    "asked_between_turns",
    "card_line",
    "card_selections",
    "choice_order",
    "describe_chapter",
    "conceivable_commands",
    "describe_command",
    "describe_events",
    "describe_event",
    "describe_options",
    "describe_question",
    "describe_refusal",
    "email_sections",
    "form_fields",
    "hand_words",
    "options_from_form",
    "read_standing",
    "rules_card",
    "rules_index",
    "table",
]
