"""`{{ game.kind|kind_title }}`: a game kind's title in the active language, from the registry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import template

from games.registry import kinds

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

register = template.Library()


@register.filter
def kind_title(kind: str) -> StrOrPromise:
    """The title of the game kind of this name (the name itself for a kind no longer registered)."""
    found = kinds.get(kind)
    return found.title if found is not None else kind
