"""Signed reply addresses: `play+<token>@<mail domain>`, one per recipient and decision.

The outbox writes them into the mails it sends (Reply-To); `mailin` reads them back from the replies.
They live here, below both, so that mailin points to notifications and never the other way.

The token names the user, the game and the version at which the choices were listed, the day it was
made, and an HMAC over all of that (Django's `salted_hmac` with the SECRET_KEY). It is not
`django.core.signing` because an address's local part holds at most 64 characters (RFC 5321) and some
mail systems change its case: so numbers in base 36, a MAC in lower-case base 32, about 40 characters.
"""

from __future__ import annotations

import base64
import hmac
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.utils import timezone
from django.utils.crypto import salted_hmac

SALT = "mailin.reply-address"  # its old home's name, kept: addresses already sent stay valid
EPOCH_DAY = 20000  # days since 1970 are counted from here, to keep the token short


@dataclass(frozen=True)
class ReplyToken:
    """What a reply address names: who may answer, in which game, to the choices of which version."""

    user_id: int
    game_id: int
    version: int
    day: int  # days since 1970 on which the address was made


class BadToken(Exception):
    """The address is not one of ours, is forged, or is too old."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "malformed", "forged" or "expired"


def _b36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if number == 0:
            return text


def _mac(body: str) -> str:
    digest = salted_hmac(SALT, body, algorithm="sha256").digest()
    return base64.b32encode(digest[:10]).decode().lower()


def _today(now: datetime | None = None) -> int:
    return int((now or timezone.now()).timestamp() // 86400)


def mail_domain() -> str:
    """The domain of reply addresses (the operator routes its mail to `manage.py receive_mail`)."""
    return str(settings.MAILIN_DOMAIN or "localhost")


def make_token(user_id: int, game_id: int, version: int, now: datetime | None = None) -> str:
    """The token of a reply address for this user's decision at this version of the game."""
    body = "-".join(_b36(n) for n in (user_id, game_id, version, max(_today(now) - EPOCH_DAY, 0)))
    return f"{body}-{_mac(body)}"


def reply_address(user_id: int, game_id: int, version: int, now: datetime | None = None) -> str:
    """`play+<token>@<domain>`: the Reply-To of a turn email or a reminder."""
    prefix = str(settings.MAILIN_LOCAL_PART)
    return f"{prefix}+{make_token(user_id, game_id, version, now)}@{mail_domain()}"


def read_token(token: str, now: datetime | None = None) -> ReplyToken:
    """The decision a token names; `BadToken` when it is malformed, forged or older than MAILIN_TOKEN_DAYS."""
    parts = token.strip().lower().split("-")
    if len(parts) != 5 or not token.isascii():  # ours are ASCII (and compare_digest takes no other str)
        raise BadToken("malformed")
    body, mac = "-".join(parts[:4]), parts[4]
    if not hmac.compare_digest(mac, _mac(body)):
        raise BadToken("forged")
    try:
        user_id, game_id, version, day = (int(part, 36) for part in parts[:4])
    except ValueError:
        raise BadToken("malformed") from None
    day += EPOCH_DAY
    if _today(now) - day > int(settings.MAILIN_TOKEN_DAYS):
        raise BadToken("expired")
    return ReplyToken(user_id, game_id, version, day)


def token_of_address(address: str) -> str | None:
    """The token in `play+<token>@domain` (any domain: the MTA already chose to give us the mail)."""
    local = address.strip().strip("<>").rsplit("@", 1)[0]
    prefix = str(settings.MAILIN_LOCAL_PART)
    if not local.lower().startswith(prefix.lower() + "+"):
        return None
    return local[len(prefix) + 1 :]
