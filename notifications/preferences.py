"""How a player wants game emails: the mode (each, digest, none), per-kind opt-outs, and the signed
unsubscribe links that change them without a login."""

from __future__ import annotations

from typing import Any

from django.core import signing
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import ServiceError
from core.links import site_link

from .models import GAME_KINDS, Kind, Preference


def preference(user: User) -> Preference:
    """The user's preferences (defaults when never set: every email, nothing opted out)."""
    pref = Preference.objects.filter(user=user).first()
    return pref if pref is not None else Preference(user=user)


def update_preferences(user: User, mode: Any = None, opted_out: Any = None, chat: Any = None) -> Preference:
    """Change how the player gets game emails (`chat`: the chat messages each, in the digest or never)."""
    pref, _created = Preference.objects.get_or_create(user=user)
    if chat is not None:
        if chat not in Preference.ChatMode.values:
            raise ServiceError("invalid", "invalid_chat", _("chat is one of {choices}.").format(
                choices=", ".join(Preference.ChatMode.values)))
        pref.chat = chat
    if mode is not None:
        if mode not in Preference.Mode.values:
            raise ServiceError("invalid", "invalid_mode", _("mode is one of {choices}.").format(
                choices=", ".join(Preference.Mode.values)))
        pref.mode = mode
    if opted_out is not None:
        if not isinstance(opted_out, list) or any(k not in GAME_KINDS for k in opted_out):
            raise ServiceError("invalid", "invalid_opted_out", _("opted_out lists kinds among {choices}.").format(
                choices=", ".join(GAME_KINDS)))
        pref.opted_out = sorted(set(opted_out))
    # Only these: the row's other columns (the channels the alerts app keeps) are not this call's to write back.
    pref.save(update_fields=["mode", "chat", "opted_out", "updated_at"])
    return pref


UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def unsubscribe_token(user: User, kind: str) -> str:
    """A signed token naming the user and the kind of email: the unsubscribe link needs no login."""
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_url(user: User, kind: str) -> str:
    """The absolute unsubscribe link for one kind of email."""
    return site_link("notifications-unsubscribe", unsubscribe_token(user, kind))


# Kinds renamed since a link was mailed (signed, it names the kind as it was then): read as their new name.
RENAMED_KINDS = {"undo": Kind.TAKEBACK.value}  # issue 37: one name, takeback


def read_unsubscribe_token(token: str) -> tuple[User, str]:
    """The user and kind a token names; a forged or broken token is a 400."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        user = User.objects.get(pk=int(data["u"]))
        kind = RENAMED_KINDS.get(str(data["k"]), str(data["k"]))
    except (signing.BadSignature, User.DoesNotExist, KeyError, TypeError, ValueError):
        raise ServiceError("invalid", "invalid_token", _("This unsubscribe link is not valid.")) from None
    if kind != "all" and kind not in GAME_KINDS:
        raise ServiceError("invalid", "invalid_token", _("This unsubscribe link is not valid."))
    return user, kind


def unsubscribe(token: str, everything: bool = False) -> tuple[User, str]:
    """Opt out of the token's kind of email (or of all game email)."""
    user, kind = read_unsubscribe_token(token)
    if everything or kind == "all":
        update_preferences(user, mode=Preference.Mode.NONE)
        return user, "all"
    if kind == Kind.CHAT:
        update_preferences(user, chat=Preference.ChatMode.NEVER)
        return user, kind
    pref = preference(user)
    update_preferences(user, opted_out=sorted(set(pref.opted_out) | {kind}))
    return user, kind
