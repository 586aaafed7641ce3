"""Shapes of the alerts API (form only: what is allowed is `push`'s and `webhooks`')."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from accounts.serializers import StringField

from .models import PUSH_KINDS, WEBHOOK_EVENTS, Webhook

KIND_CHOICES = [(str(kind), str(kind.label)) for kind in PUSH_KINDS]
EVENT_CHOICES = [(str(kind), str(kind.label)) for kind in WEBHOOK_EVENTS]


class PushKindsSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=KIND_CHOICES), required=False,
                                  help_text="the kinds of notice pushed to your browsers (absent: unchanged)")


class PushSubscriptionOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    endpoint = serializers.CharField()
    user_agent = serializers.CharField()
    created_at = serializers.DateTimeField()


class PushSettingsSerializer(serializers.Serializer[Any]):
    public_key = serializers.CharField(help_text="the VAPID public key: PushManager.subscribe's applicationServerKey")
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=KIND_CHOICES))
    subscriptions = PushSubscriptionOutSerializer(many=True)


class PushKeysSerializer(serializers.Serializer[Any]):
    p256dh = StringField(max_length=120, help_text="the browser's P-256 public key, base64url")
    auth = StringField(max_length=60, help_text="the browser's 16-byte authentication secret, base64url")


class PushSubscribeSerializer(serializers.Serializer[Any]):
    """What the browser's `PushSubscription.toJSON()` gives."""

    refuse_unknown_fields = True
    endpoint = StringField(max_length=1000, help_text="the push service's https URL for this browser")
    keys = PushKeysSerializer()
    expirationTime = serializers.IntegerField(required=False, allow_null=True, help_text="ignored")  # noqa: N815
    user_agent = serializers.CharField(required=False, allow_blank=True, max_length=200,
                                       help_text="to tell your browsers apart in the settings")


class PushUnsubscribeSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True
    endpoint = StringField(max_length=1000)


class WebhookInSerializer(serializers.Serializer[Any]):
    refuse_unknown_fields = True
    url = StringField(max_length=500, help_text="https only; not an address of a private network")
    format = serializers.ChoiceField(choices=Webhook.Format.choices)
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_CHOICES), min_length=1)
    game = serializers.IntegerField(required=False, allow_null=True, min_value=1,
                                    help_text="a game you play: only its notices (none: all your games)")


class WebhookOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField()
    format = serializers.ChoiceField(choices=Webhook.Format.choices)
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_CHOICES))
    game = serializers.IntegerField(allow_null=True)
    secret = serializers.CharField(help_text="the key of each delivery's X-Signature-256 (HMAC-SHA256 of the body)")
    created_at = serializers.DateTimeField()


class WebhooksSerializer(serializers.Serializer[Any]):
    webhooks = WebhookOutSerializer(many=True)
