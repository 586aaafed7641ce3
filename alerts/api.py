"""REST endpoints of browser push and webhooks (under /api/alerts/). Thin: they call `push` and `webhooks`."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.auth import request_user
from accounts.models import User
from core.api import validated_body
from core.errors import ServiceError

from . import push, webhooks
from .models import PushSubscription, Webhook
from .serializers import (
    PushKindsSerializer,
    PushSettingsSerializer,
    PushSubscribeSerializer,
    PushSubscriptionOutSerializer,
    PushUnsubscribeSerializer,
    WebhookInSerializer,
    WebhookOutSerializer,
    WebhooksSerializer,
)
from .vapid import keys


def _subscription_json(subscription: PushSubscription) -> dict[str, Any]:
    return {"id": subscription.pk, "endpoint": subscription.endpoint, "user_agent": subscription.user_agent,
            "created_at": subscription.created_at}


def _push_json(user: User) -> dict[str, Any]:
    return {"public_key": keys().public_key, "kinds": push.push_kinds(user),
            "subscriptions": [_subscription_json(s) for s in push.subscriptions(user)]}


def webhook_json(hook: Webhook) -> dict[str, Any]:
    """A webhook as the API and the settings page show it to its owner."""
    return {"id": hook.pk, "url": hook.url, "format": hook.format, "events": list(hook.events),
            "game": hook.game_id, "secret": hook.secret, "created_at": hook.created_at}


class PushView(APIView):
    """`GET` the VAPID public key, the kinds pushed and your subscribed browsers; `PATCH {kinds}`."""

    @extend_schema(responses={200: PushSettingsSerializer})
    def get(self, request: Request) -> Response:
        return Response(_push_json(request_user(request)))

    @extend_schema(request=PushKindsSerializer, responses={200: PushSettingsSerializer})
    def patch(self, request: Request) -> Response:
        data = validated_body(PushKindsSerializer, request.data)
        user = request_user(request)
        if "kinds" in data:
            push.set_push_kinds(user, data["kinds"])
        return Response(_push_json(user))


class PushSubscriptionsView(APIView):
    """`POST` a browser's push subscription (`PushSubscription.toJSON()`) to have notices pushed to it."""

    @extend_schema(request=PushSubscribeSerializer, responses={201: PushSubscriptionOutSerializer})
    def post(self, request: Request) -> Response:
        data = validated_body(PushSubscribeSerializer, request.data)
        subscription = push.subscribe(request_user(request), data["endpoint"], dict(data["keys"]),
                                      data.get("user_agent") or "")
        return Response(_subscription_json(subscription), status=status.HTTP_201_CREATED)


def _not_found() -> ServiceError:
    return ServiceError("not_found", "not_found", _("You have nothing with this number."))


class PushSubscriptionView(APIView):
    """`DELETE` one of your subscribed browsers."""

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, subscription_id: int) -> Response:
        if not push.unsubscribe(request_user(request), subscription_id=subscription_id):
            raise _not_found()
        return Response(status=status.HTTP_204_NO_CONTENT)


class PushUnsubscribeView(APIView):
    """`POST {endpoint}`: the browser that knows its subscription's endpoint stops its pushes."""

    @extend_schema(request=PushUnsubscribeSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        data = validated_body(PushUnsubscribeSerializer, request.data)
        if not push.unsubscribe(request_user(request), endpoint=data["endpoint"]):
            raise _not_found()
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhooksView(APIView):
    """`GET` your webhooks (with their secrets); `POST {url, format, events, game?}` adds one."""

    @extend_schema(responses={200: WebhooksSerializer})
    def get(self, request: Request) -> Response:
        return Response({"webhooks": [webhook_json(h) for h in webhooks.webhooks(request_user(request))]})

    @extend_schema(request=WebhookInSerializer, responses={201: WebhookOutSerializer})
    def post(self, request: Request) -> Response:
        data = validated_body(WebhookInSerializer, request.data)
        hook = webhooks.add_webhook(request_user(request), data["url"], data["format"], data["events"], data.get("game"))
        return Response(webhook_json(hook), status=status.HTTP_201_CREATED)


class WebhookView(APIView):
    """`DELETE` one of your webhooks."""

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, webhook_id: int) -> Response:
        if not webhooks.remove_webhook(request_user(request), webhook_id):
            raise _not_found()
        return Response(status=status.HTTP_204_NO_CONTENT)
