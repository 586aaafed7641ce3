"""A player's name on a game's page as a link to their profile (`/players/<id>/`, ratings' `player-profile`).

`{% player_link seat name %}` links `name` (as the page already says it, e.g. "Anna (you)") to the profile of
the player in `seat`, read from the page's `detail.seats` (a `games.services.game_detail`);
`{% player_links seats names as shown %}` does so for a list (the "Waiting for" line), joined by commas. A
deleted account's name (its neutral "former player"), a seat without a player and a name outside a game's
page are written without a link: a deleted player has no profile. A profile is never wholly private (each
part is: `ratings.profiles`), so every active player's name links.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from accounts.models import User

register = template.Library()

_CACHE_KEY = "player_link.profiles"


def _profiles(context: template.Context) -> dict[int, str]:
    """Profile addresses by seat for the page's game, its accounts read once per template rendered."""
    cache = context.render_context
    if _CACHE_KEY not in cache:
        detail = context.get("detail") or {}
        seats = {s["index"]: s["user"] for s in detail.get("seats", []) if s.get("index") is not None and s.get("user")}
        active = set(User.objects.filter(pk__in=set(seats.values()), is_active=True, deleted_at__isnull=True)
                     .values_list("pk", flat=True))
        cache[_CACHE_KEY] = {seat: reverse("player-profile", args=[user]) for seat, user in seats.items() if user in active}
    profiles: dict[int, str] = cache[_CACHE_KEY]
    return profiles


@register.simple_tag(takes_context=True)
def player_link(context: template.Context, seat: Any, name: Any) -> SafeString:
    """`name` as a link to the profile of the player in `seat`; only the escaped name for a deleted one."""
    url = _profiles(context).get(seat) if isinstance(seat, int) else None
    if url is None:
        return conditional_escape(name)
    return format_html('<a class="player-link" href="{}">{}</a>', url, name)


@register.simple_tag(takes_context=True)
def player_links(context: template.Context, seats: Iterable[Any], names: Iterable[Any]) -> SafeString:
    """The names of `seats` (in the same order as `names`), each linked as `player_link` does, comma-joined."""
    return mark_safe(", ".join(player_link(context, seat, name) for seat, name in zip(seats, names, strict=False)))
