"""mailin's share of a person's data (registered with `accounts.personal_data` in the app's ready): the
records of the mails they sent in (each holds their address)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Q

from accounts.personal_data import PersonalDataPart

from .models import InboundMail

if TYPE_CHECKING:
    from accounts.models import User


def _theirs(user: User) -> Any:
    return InboundMail.objects.filter(Q(user=user) | Q(sender__iexact=user.email))


def erase(user: User) -> None:
    """Delete the records of the mails the person sent in."""
    _theirs(user).delete()


def export(user: User) -> list[dict[str, Any]]:
    """When the person's mails came in, for which game, and what became of them."""
    return [
        {"received_at": mail.received_at.isoformat(), "game": mail.game_id, "outcome": mail.outcome}
        for mail in _theirs(user).order_by("id")
    ]


PART = PersonalDataPart(name="mails_received", erase=erase, export=export)
