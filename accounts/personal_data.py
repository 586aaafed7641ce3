"""Where each app says what it holds of a person: what to erase when the account is deleted, what to put in
the player's data export, and whether the person was active lately (the cleanup of unverified accounts
spares them).

accounts sits below every app that keeps personal data (games, chat, notifications, alerts, mailin; ratings
to come), so it cannot import them: each one registers its part in `parts` (a `core.registry.Registry`, by
the part's name) from its `AppConfig.ready`, as apps add settings sections. `accounts.deletion` and
`accounts.export` run every registered part; a part is a name and up to three functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from core.registry import Registry

if TYPE_CHECKING:
    from .models import User


@dataclass(frozen=True)
class PersonalDataPart:
    """One app's share of a person's data.

    `erase(user)` removes or neutralises what the app keeps of the person (called inside the deletion's
    transaction, before the account row is emptied, so it may still read the address and name);
    `export(user)` returns JSON-ready data for the export, under `name`; `active_since(moment)` the ids of
    users who did something in the app after that moment. `export_in_words`: the export holds the person's
    own words (chat lines), where another deleted person's name is replaced as a word (`Traces`)."""

    name: str
    erase: Callable[[User], None] | None = None
    export: Callable[[User], Any] | None = None
    active_since: Callable[[datetime], Iterable[int]] | None = None
    export_in_words: bool = False


# Each app's part, erased and exported with every account, in the order registered (`parts.register(PART)`).
parts: Registry[PersonalDataPart] = Registry("personal data part", name_of=lambda part: part.name)


def erase_everywhere(user: User) -> None:
    """Run every part's `erase` for this user."""
    for part in parts:
        if part.erase is not None:
            part.erase(user)


def export_everywhere(user: User) -> dict[str, Any]:
    """Every part's export for this user, by part name."""
    return {part.name: part.export(user) for part in parts if part.export is not None}


def active_since(moment: datetime) -> set[int]:
    """The ids of the users some app saw active after `moment`."""
    active: set[int] = set()
    for part in parts:
        if part.active_since is not None:
            active.update(part.active_since(moment))
    return active


@dataclass(frozen=True)
class Traces:
    """What names a person in what others keep (another player's mail row, export or chat line): the address,
    found anywhere, case-blind, and the display name. In data (`replaced`) the name is replaced where it is
    a value of a record about the person: a text that is the name (case-blind) next to the person's id under
    a user's key (a seat's `{"user": 12, "display_name": ...}`, a takeover's `previous_user` and
    `previous_name`; `_names_a_user`), so that a
    name that is also a word ("King", "Gold") leaves the other texts alone. In the players' own words
    (`replaced(..., in_words=True)`: chat lines) the name is replaced wherever it stands as a whole word
    ("Ann" is not in "Annabel"); a homonym there is replaced too: the erasure errs on the person's side.
    Read from the account before its row is emptied."""

    pk: int
    address: str
    name: str

    @classmethod
    def of(cls, user: User) -> Traces:
        """The traces of this account as it stands (before the deletion empties it)."""
        return cls(user.pk, user.email, user.display_name)

    def _pattern(self, in_words: bool) -> re.Pattern[str] | None:
        texts = [re.escape(self.address)] if self.address else []
        if in_words and self.name:
            texts.append(rf"(?<!\w){re.escape(self.name)}(?!\w)")
        return re.compile("|".join(texts), re.IGNORECASE) if texts else None

    def is_name(self, text: Any) -> bool:
        """Whether `text` is the person's name (case-blind, blanks around it aside)."""
        return bool(self.name) and isinstance(text, str) and text.strip().casefold() == self.name.strip().casefold()

    def in_text(self, text: str) -> bool:
        """Whether the text holds the address or the name as a word."""
        pattern = self._pattern(in_words=True)
        return pattern is not None and pattern.search(text) is not None

    def replaced(self, value: Any, neutral: str, *, in_words: bool = False) -> Any:
        """`value` (JSON-ready: text, numbers, lists, dicts) with every trace replaced by `neutral` (the former
        player's name); a value naming nobody comes back equal."""
        return self._replace(value, self._pattern(in_words), neutral)

    def _replace(self, value: Any, pattern: re.Pattern[str] | None, neutral: str) -> Any:
        if isinstance(value, str):
            return pattern.sub(lambda _match: neutral, value) if pattern is not None else value
        if isinstance(value, list | tuple):
            return [self._replace(item, pattern, neutral) for item in value]
        if isinstance(value, dict):
            about = any(_names_a_user(key) and type(item) is int and item == self.pk for key, item in value.items())
            return {self._replace(key, pattern, neutral): neutral if about and self.is_name(item)
                    else self._replace(item, pattern, neutral) for key, item in value.items()}
        return value


def _names_a_user(key: Any) -> bool:
    """Whether a data key holds a user's id: `user`, `previous_user`, `user_id`, `author_id`, ..."""
    return isinstance(key, str) and (key == "user" or key.endswith(("_user", "user_id", "author_id")))
