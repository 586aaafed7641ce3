"""`{{ message.text|chat_text }}`: a chat message escaped, with its http(s) links made clickable."""

from django import template
from django.utils.safestring import SafeString

from ..text import as_html

register = template.Library()


@register.filter
def chat_text(text: str) -> SafeString:
    """The message as HTML: escaped, http and https links clickable."""
    return as_html(text)
