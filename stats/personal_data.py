"""The stats app's share of a person's data (registered with `accounts.personal_data`): their open record choice.
Erased with the account (a deleted account's games leave the record anyway: `consent.left_out`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from accounts.personal_data import PersonalDataPart

from .models import OpenRecordChoice

if TYPE_CHECKING:
    from accounts.models import User


def erase(user: User) -> None:
    """Forget the choice (the account's games stay out of the record for good: it is deleted)."""
    OpenRecordChoice.objects.filter(user=user).delete()


def export(user: User) -> dict[str, Any]:
    """The choice as the player made it (no row: the default, included)."""
    choice = OpenRecordChoice.objects.filter(user=user).first()
    return {"included_in_open_record": True if choice is None else choice.included}


PART = PersonalDataPart(name="stats", erase=erase, export=export)
