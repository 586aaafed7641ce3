"""The alerts app's parts of the settings page (`accounts.settings_page`): browser push (this browser on or
off, the browsers subscribed, the kinds pushed) and webhooks (add one, see their secrets, remove one).
Added in `AlertsConfig.ready` through accounts' hook."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.settings_page import SettingsSection, sections

from . import push, webhooks
from .models import PUSH_KINDS, WEBHOOK_EVENTS, Webhook
from .vapid import keys


class PushForm(forms.Form):
    kinds = forms.MultipleChoiceField(
        label=gettext_lazy("Push these to my browsers"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(str(kind), kind.label) for kind in PUSH_KINDS],
        help_text=gettext_lazy("Beside the emails you chose above."),
    )


def _save_push(user: User, data: dict[str, Any]) -> None:
    push.set_push_kinds(user, list(data["kinds"]))


def _remove_browser(user: User, post: QueryDict) -> str:
    push.unsubscribe(user, subscription_id=post.get("subscription"))
    return _("The browser gets no more pushes.")


class WebhookForm(forms.Form):
    url = forms.CharField(label=gettext_lazy("Address (https)"), max_length=500,
                          widget=forms.URLInput(attrs={"placeholder": "https://"}))
    format = forms.ChoiceField(label=gettext_lazy("Format"), choices=Webhook.Format.choices, widget=forms.RadioSelect)
    events = forms.MultipleChoiceField(label=gettext_lazy("Tell it"), widget=forms.CheckboxSelectMultiple,
                                       choices=[(str(kind), kind.label) for kind in WEBHOOK_EVENTS])
    game = forms.IntegerField(label=gettext_lazy("Only the game number"), required=False, min_value=1,
                              max_value=2**63 - 1, help_text=gettext_lazy("Empty: all your games."))


def _save_webhook(user: User, data: dict[str, Any]) -> None:
    webhooks.add_webhook(user, data["url"], data["format"], list(data["events"]), data.get("game"))


def _remove_webhook(user: User, post: QueryDict) -> str:
    webhooks.remove_webhook(user, post.get("webhook"))
    return _("The webhook is removed.")


def _push_context(user: User, now: datetime) -> dict[str, Any]:
    return {"public_key": keys().public_key, "browsers": push.subscriptions(user)}


def _webhooks_context(user: User, now: datetime) -> dict[str, Any]:
    return {"webhooks": webhooks.webhooks(user)}


def add_sections() -> None:
    """Add the push and the webhook parts to the settings page (`AlertsConfig.ready`)."""
    sections.register(SettingsSection(
        part="push", template="alerts/settings_push.html", form_class=PushForm,
        initial=lambda user: {"kinds": push.push_kinds(user)}, save=_save_push, context=_push_context,
        actions={"push_remove": _remove_browser},
    ))
    sections.register(SettingsSection(
        part="webhook", template="alerts/settings_webhooks.html", form_class=WebhookForm,
        initial=lambda user: {"format": Webhook.Format.JSON, "events": [str(kind) for kind in WEBHOOK_EVENTS]},
        save=_save_webhook, context=_webhooks_context, actions={"webhook_remove": _remove_webhook},
    ))
