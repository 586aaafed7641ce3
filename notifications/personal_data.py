"""notifications' share of a person's data (registered with `accounts.personal_data` in the app's ready).

Erasing: the person's outbox rows (sent or not: each holds the address), their email settings, and, where
mails are kept as files (the embedded default's `core.mail_files` backend writes every mail into
EMAIL_FILE_PATH), every mail file sent to the address or naming the person. The other players' rows of the
person's games that name them (a waiting room's "Ann took a seat", "Ann offers a rematch": the row keeps the
actor's name, sent or still queued) name the former player instead, in the row's language; their queued
mails about the person's chat lines (whose text is erased) are not sent. Exporting: the email settings
and what was mailed to them (kind, game, when; not the texts, which are made from the games' logs).
"""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.mail.backends.filebased import EmailBackend
from django.utils import translation
from django.utils.module_loading import import_string

from accounts.models import former_player_name
from accounts.personal_data import PersonalDataPart, Traces
from chat.models import Message
from games.personal_data import games_of

from .models import Kind, Outbox, Preference

if TYPE_CHECKING:
    from accounts.models import User


def erase(user: User) -> None:
    """Delete the person's outbox rows and preferences, and the mail files that name them; the other
    players' rows that name them name the former player."""
    Outbox.objects.filter(user=user).delete()
    Outbox.objects.filter(to_email__iexact=user.email).delete()
    Preference.objects.filter(user=user).delete()
    # The person's chat lines lose their text (chat.personal_data): a message mail about one not sent yet
    # would tell nothing; it is not sent.
    said = list(Message.objects.filter(author=user).values_list("pk", flat=True))
    Outbox.objects.filter(kind=Kind.CHAT, status__in=[Outbox.Status.PENDING, Outbox.Status.HELD],
                          params__message__in=said).delete()
    rename_in_others_rows(user)
    remove_mail_files(user.email, user.display_name)


def rename_in_others_rows(user: User) -> int:
    """Replace the person's name and address in the `params` of the other players' rows of the person's
    games by the former player's name in each row's language; the number of rows changed. (A row's text
    is made when it is sent, from these params: a queued mail then tells of the former player.)"""
    traces, changed = Traces.of(user), 0
    rows = Outbox.objects.filter(game_id__in=games_of(user)).exclude(params={}).only("pk", "kind", "params", "language")
    for row in rows.iterator():
        with translation.override(row.language or None):
            neutral = former_player_name(user.pk)
        params = traces.replaced(row.params, neutral)
        if row.kind == Kind.TABLE and traces.is_name(params.get("actor")):  # the notice's actor, by name only
            params = {**params, "actor": neutral}
        if params != row.params:
            Outbox.objects.filter(pk=row.pk).update(params=params)
            changed += 1
    return changed


def _mail_files_folder() -> Path | None:
    """The folder the mail backend writes its files into, when it writes files."""
    backend = import_string(settings.EMAIL_BACKEND)
    if not (isinstance(backend, type) and issubclass(backend, EmailBackend)):
        return None
    folder = settings.EMAIL_FILE_PATH
    return Path(folder) if folder else None


def _mail_text(raw: bytes) -> str:
    """A mail file's headers and decoded text parts (names may stand encoded: quoted-printable, RFC 2047)."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    parts = [f"{name}: {value}" for name, value in message.items()]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            try:
                parts.append(str(part.get_content()))
            except (LookupError, ValueError):
                parts.append(part.get_payload(decode=True).decode("utf-8", "replace"))  # type: ignore[union-attr]
    return "\n".join(parts)


def remove_mail_files(address: str, name: str) -> int:
    """Delete the mail files that hold this address or this name as a word; the number deleted."""
    folder = _mail_files_folder()
    if folder is None or not folder.is_dir():
        return 0
    named = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)") if name else None
    removed = 0
    for path in folder.iterdir():
        if not path.is_file():
            continue
        raw = path.read_bytes()
        text = _mail_text(raw) + "\n" + raw.decode("utf-8", "replace")
        if address.casefold() in text.casefold() or (named is not None and named.search(text)):
            path.unlink(missing_ok=True)
            removed += 1
    return removed


def export(user: User) -> dict[str, Any]:
    """The person's email settings and the list of mails written for them."""
    pref = Preference.objects.filter(user=user).first()
    mails = [
        {"kind": row.kind, "game": row.game_id, "status": row.status, "created_at": row.created_at.isoformat(),
         "sent_at": row.sent_at.isoformat() if row.sent_at else None}
        for row in Outbox.objects.filter(user=user).order_by("id")
    ]
    return {
        "preferences": {"mode": pref.mode, "opted_out": pref.opted_out} if pref else None,
        "mails": mails,
    }


PART = PersonalDataPart(name="notifications", erase=erase, export=export)
