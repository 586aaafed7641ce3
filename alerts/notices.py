"""The push and webhook rows of the outbox: for each notice the outbox writes (a `notifications.outbox.Mail`,
whatever the email preferences say), one push row per subscribed browser of its reader who wants that kind
pushed, and one webhook row per webhook of the reader that takes that event (of that game, for a webhook of
one game). Written with the email rows, in the notice's transaction; sent by the outbox's senders
(`push_sender`, `webhook_sender`), retried with its backoff. A row's dedupe key is its channel, its target
and the notice's own key, so a notice written twice is pushed and posted once; `params["notice"]` names
the notice's key (the digest leaves out a turn a push told)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from accounts.local import language_of
from notifications.models import Channel, Outbox
from notifications.outbox import Mail, message_id_for, preference_of

from .models import PUSH_KINDS, WEBHOOK_EVENTS, PushSettings, PushSubscription, Webhook, default_push_kinds


def _row(mail: Mail, channel: str, target: int, now: datetime) -> Outbox:
    key = f"{channel}:{target}:{mail.dedupe_key}"[:160]
    return Outbox(
        dedupe_key=key, kind=mail.kind, channel=channel, target=target, user=mail.user, game=mail.game,
        to_email="", language=language_of(mail.user), seat=mail.seat, version=mail.version,
        params={**mail.params, "notice": mail.dedupe_key}, message_id=message_id_for(key), unsubscribe_url="",
        status=Outbox.Status.PENDING, created_at=now,
        next_attempt_at=now,  # as an email: due at once, the outbox sweep sends it
    )


def rows_for(mails: list[Mail]) -> list[Outbox]:
    """The outbox's channel listener: the push and webhook rows these notices cause (for players who have
    neither, no statement: their preferences, loaded with them, say so; `alerts.channels`)."""
    notices = [mail for mail in mails if mail.kind in PUSH_KINDS and mail.user.is_active]
    channels = {mail.user.pk: preference_of(mail.user).channels for mail in notices}
    pushed = {user_id for user_id, has in channels.items() if Channel.PUSH in has}
    hooked = {user_id for user_id, has in channels.items() if Channel.WEBHOOK in has}
    if not (pushed or hooked):
        return []
    now = timezone.now()
    rows: list[Outbox] = []
    if pushed:
        browsers: dict[int, list[int]] = {}
        for user_id, subscription_id in PushSubscription.objects.filter(user_id__in=pushed).values_list("user_id", "pk"):
            browsers.setdefault(user_id, []).append(subscription_id)
        chosen = dict(PushSettings.objects.filter(user_id__in=pushed).values_list("user_id", "kinds"))
        for mail in notices:
            if mail.kind in chosen.get(mail.user.pk, default_push_kinds()):
                rows += [_row(mail, Channel.PUSH, target, now) for target in browsers.get(mail.user.pk, [])]
    events = [mail for mail in notices if mail.kind in WEBHOOK_EVENTS and mail.user.pk in hooked]
    if events:
        hooks = list(Webhook.objects.filter(user_id__in={mail.user.pk for mail in events}).values_list(
            "pk", "user_id", "game_id", "events"))
        for mail in events:
            game_id = mail.game.pk if mail.game is not None else None
            rows += [_row(mail, Channel.WEBHOOK, pk, now) for pk, user_id, hook_game, wanted in hooks
                     if user_id == mail.user.pk and mail.kind in wanted and hook_game in (None, game_id)]
    return rows
