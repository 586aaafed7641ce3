"""The feed's secret address: `<user id>.<key>.<signature>`, signed with the site's SECRET_KEY under a salt
of its own, so that neither the key stored in the database nor a token of another signed link makes one."""

from __future__ import annotations

from django.core import signing

_SIGNER = signing.Signer(salt="calendars.feed", sep=".")


def token_for(user_id: int, key: str) -> str:
    """The token of the feed address of this user and key (the same each time: the link can be shown again)."""
    return _SIGNER.sign(f"{user_id}.{key}")


def read_token(token: str) -> tuple[int, str] | None:
    """(user id, key) that the token was signed for, or None for a token the site did not sign."""
    try:
        value = _SIGNER.unsign(token)
    except signing.BadSignature:
        return None
    user_id, _sep, key = value.partition(".")
    if not user_id.isdigit() or not key:
        return None
    return int(user_id), key
