"""Account emails: which ones accounts sends, and the one hook through which they are sent.

accounts decides that a mail goes out (a verification link, a sign-up attempt with a taken address, a reset
link); the app that owns the outbox (notifications) registers with `account_mail_requested` in its
`AppConfig.ready`, writes one outbox row in the caller's transaction, renders it at delivery from the
templates in `accounts/templates/accounts/email/` in the reader's language and sends it with the game mails
(the same lease, retries and dedupe). accounts sits below notifications and so does not import it: the
listeners (`core.registry.Listeners`) are the way up, and a system check (`check_account_mail_sender`) makes
sure someone listens.
"""

from __future__ import annotations

from typing import Any

from django.core import checks

from core.registry import Listeners

from .models import User, normalize_email

# The kinds of account email (also the outbox's kinds, and the names of their templates).
VERIFY = "verify"
SIGNUP_ATTEMPT = "signup_attempt"
PASSWORD_RESET = "password_reset"
DELETE_ACCOUNT = "delete_account"  # the link that confirms an account's deletion (accounts.deletion)
DATA_EXPORT = "data_export"  # the link to a player's data export (accounts.export)

# Called with the user, the kind (one of the above) and the occasion (what makes this mail one of a kind: a
# task's id, so that a task run twice writes one mail; "" for a new one each time).
account_mail_requested: Listeners[[User, str, str], None] = Listeners("account mail sender")


def send_account_mail(user: User, kind: str, occasion: str = "") -> None:
    """Have an account mail of `kind` sent to `user` (written now, sent after the caller's transaction
    commits, or at once when ACCOUNTS_ASYNC_MAIL is off)."""
    account_mail_requested(user, kind, occasion)


def mail_password_reset(email: str, occasion: str = "") -> None:
    """Have a reset link mailed if the address has an active account (the worker's half of a reset request,
    `services.request_password_reset`; `occasion`: the task's id, so that a task run twice mails once). The
    link is made when the mail is rendered, so no reset token is ever stored."""
    user = User.objects.filter(email=normalize_email(email), is_active=True, bot_level="").first()
    if user is not None:  # (a bot's account never signs in: no reset for it)
        send_account_mail(user, PASSWORD_RESET, occasion)


def check_account_mail_sender(**kwargs: Any) -> list[checks.CheckMessage]:
    """System check: some installed app sends the account mails (no listener: they would be lost)."""
    if len(account_mail_requested):
        return []
    return [checks.Error("No installed app sends account mails (accounts.mails.account_mail_requested has "
                         "no listener).", hint="Install the notifications app.", id="accounts.E001")]
