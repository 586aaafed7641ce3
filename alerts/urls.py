"""URLs of alerts: the service worker at the site's root, and the API under /api/alerts/."""

from django.urls import path

from . import api, views

web_urlpatterns = [
    # At the root: a service worker controls the pages under its own path only.
    path("sw.js", views.service_worker, name="service-worker"),
]

api_urlpatterns = [
    path("alerts/push", api.PushView.as_view(), name="alerts-push"),
    path("alerts/push/subscriptions", api.PushSubscriptionsView.as_view(), name="alerts-push-subscriptions"),
    path("alerts/push/subscriptions/<int:subscription_id>", api.PushSubscriptionView.as_view(),
         name="alerts-push-subscription"),
    path("alerts/push/unsubscribe", api.PushUnsubscribeView.as_view(), name="alerts-push-unsubscribe"),
    path("alerts/webhooks", api.WebhooksView.as_view(), name="alerts-webhooks"),
    path("alerts/webhooks/<int:webhook_id>", api.WebhookView.as_view(), name="alerts-webhook"),
]
