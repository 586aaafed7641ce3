"""Where each app says what it holds of a person: what to erase when the account is deleted, what to put in
the player's data export, and whether the person was active lately (the cleanup of unverified accounts
spares them).

accounts sits below every app that keeps personal data (games, notifications, mailin, and chat, ratings or
push subscriptions to come), so it cannot import them: each one registers its part here from its
`AppConfig.ready` (`register`), as apps add settings sections. `accounts.deletion` and `accounts.export`
run every registered part; a part is a name and up to three functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import User


@dataclass(frozen=True)
class PersonalDataPart:
    """One app's share of a person's data.

    `erase(user)` removes or neutralises what the app keeps of the person (called inside the deletion's
    transaction, before the account row is emptied, so it may still read the address and name);
    `export(user)` returns JSON-ready data for the export, under `name`; `active_since(moment)` the ids of
    users who did something in the app after that moment."""

    name: str
    erase: Callable[[User], None] | None = None
    export: Callable[[User], Any] | None = None
    active_since: Callable[[datetime], Iterable[int]] | None = None


_PARTS: dict[str, PersonalDataPart] = {}


def register(part: PersonalDataPart) -> None:
    """Have `part` erased and exported with every account (registering a name again replaces it)."""
    _PARTS[part.name] = part


def parts() -> list[PersonalDataPart]:
    """The registered parts, in the order they were registered."""
    return list(_PARTS.values())


def erase_everywhere(user: User) -> None:
    """Run every part's `erase` for this user."""
    for part in parts():
        if part.erase is not None:
            part.erase(user)


def export_everywhere(user: User) -> dict[str, Any]:
    """Every part's export for this user, by part name."""
    return {part.name: part.export(user) for part in parts() if part.export is not None}


def active_since(moment: datetime) -> set[int]:
    """The ids of the users some app saw active after `moment`."""
    active: set[int] = set()
    for part in parts():
        if part.active_since is not None:
            active.update(part.active_since(moment))
    return active


@dataclass(frozen=True)
class Traces:
    """What names a person in text that others keep (another player's mail row, export or chat line): the
    address and the display name, each found case-blind, the name only as a whole word ("Ann" is not in
    "Annabel"). Read from the account before its row is emptied. A homonym in the same text is replaced
    too: the erasure errs on the side of the person."""

    address: str
    name: str

    @classmethod
    def of(cls, user: User) -> Traces:
        """The traces of this account as it stands (before the deletion empties it)."""
        return cls(user.email, user.display_name)

    def _pattern(self) -> re.Pattern[str] | None:
        words = [rf"(?<!\w){re.escape(text)}(?!\w)" for text in (self.address, self.name) if text]
        return re.compile("|".join(words), re.IGNORECASE) if words else None

    def in_text(self, text: str) -> bool:
        """Whether the text names the person."""
        pattern = self._pattern()
        return pattern is not None and pattern.search(text) is not None

    def replaced(self, value: Any, neutral: str) -> Any:
        """`value` (JSON-ready: text, numbers, lists, dicts) with every trace in its texts and keys replaced
        by `neutral` (the former player's name); a value naming nobody comes back equal."""
        pattern = self._pattern()
        if pattern is None:
            return value
        return _replace(value, pattern, neutral)


def _replace(value: Any, pattern: re.Pattern[str], neutral: str) -> Any:
    if isinstance(value, str):
        return pattern.sub(lambda _match: neutral, value)
    if isinstance(value, list | tuple):
        return [_replace(item, pattern, neutral) for item in value]
    if isinstance(value, dict):
        return {_replace(key, pattern, neutral): _replace(item, pattern, neutral) for key, item in value.items()}
    return value
