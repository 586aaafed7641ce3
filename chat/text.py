"""A chat message's text: what is accepted (plain text, at most MAX_MESSAGE_CHARS) and how it is shown
(escaped, with http and https links made clickable; nothing else becomes a link)."""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from accounts.models import is_text_character
from core.errors import ServiceError

from .models import MAX_MESSAGE_CHARS

# A link: http or https only, up to white space or a character that cannot be in a bare address.
_LINK = re.compile(r"https?://[^\s<>\"'`]+", re.IGNORECASE)
_TRAILING = ".,;:!?)]}"


def clean_text(text: object) -> str:
    """The message as it is stored (line ends made `\\n`, tabs spaces, outer blank space cut), or the 400
    that says why it is refused: empty, too long, or with a character the text rule of display names
    refuses too (`accounts.models.is_text_character`: a control or format character such as a bidi override
    or a zero-width space; only the line break is a message's own)."""
    if not isinstance(text, str):
        raise ServiceError("invalid", "invalid_text", _("The message must be text."))
    cleaned = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ").strip()
    if not cleaned:
        raise ServiceError("invalid", "empty_message", _("The message is empty."))
    if len(cleaned) > MAX_MESSAGE_CHARS:
        raise ServiceError("invalid", "message_too_long", _("A message has at most {limit} characters ({count} given).").format(
            limit=MAX_MESSAGE_CHARS, count=len(cleaned)))
    if not all(is_text_character(char, line_break=True) for char in cleaned):
        raise ServiceError("invalid", "invalid_text", _("The message contains characters that cannot be read."))
    return cleaned


def as_html(text: str) -> SafeString:
    """The text escaped, its http(s) links made clickable (opened without giving this page to the other
    site), its line breaks kept by the stylesheet (`white-space: pre-wrap`)."""
    parts: list[str] = []
    start = 0
    for found in _LINK.finditer(text):
        url = found.group(0)
        stripped = url.rstrip(_TRAILING)
        end = found.start() + len(stripped)
        parts.append(escape(text[start:found.start()]))
        parts.append(f'<a href="{escape(stripped)}" rel="nofollow noopener noreferrer" target="_blank">{escape(stripped)}</a>')
        start = end
    parts.append(escape(text[start:]))
    return mark_safe("".join(parts))  # noqa: S308 - every part above is escaped
