"""The push and webhook endpoints of the API and the settings page's forms: what they save, and bad input
refused with a 4xx `{code, message}` that writes nothing; the service worker at the site's root; the
player's data (erased with the account, in the export)."""

from __future__ import annotations

from typing import Any

import pytest

from accounts import personal_data
from alerts import push, vapid, webhooks
from alerts.models import PushSettings, PushSubscription, Webhook
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db
ENDPOINT = "https://push.example.org/send/abc"


def _nothing_written() -> bool:
    return not (PushSubscription.objects.exists() or PushSettings.objects.exists() or Webhook.objects.exists())


def test_push_settings_subscribe_and_unsubscribe(make_user: Any, api_client: Any, browser: Any) -> None:
    ada = make_user()
    api = api_client(ada)
    answer = api.get("/api/alerts/push")
    assert answer.status_code == 200
    assert answer.json() == {"public_key": vapid.keys().public_key, "kinds": ["turn", "reminder", "timeout", "started",
                                                                              "ended", "takeback"], "subscriptions": []}
    keys = browser().keys()
    answer = api.post("/api/alerts/push/subscriptions", {"endpoint": ENDPOINT, "keys": keys, "expirationTime": None},
                      format="json")
    assert answer.status_code == 201 and answer.json()["endpoint"] == ENDPOINT
    subscription = PushSubscription.objects.get()
    assert (subscription.user, subscription.p256dh, subscription.auth) == (ada, keys["p256dh"], keys["auth"])
    # The same browser again: the one subscription, its keys renewed.
    renewed = browser().keys()
    assert api.post("/api/alerts/push/subscriptions", {"endpoint": ENDPOINT, "keys": renewed}, format="json").status_code == 201
    assert PushSubscription.objects.get().p256dh == renewed["p256dh"]
    answer = api.patch("/api/alerts/push", {"kinds": ["turn", "chat"]}, format="json")
    assert answer.status_code == 200 and answer.json()["kinds"] == ["turn", "chat"]
    assert api.post("/api/alerts/push/unsubscribe", {"endpoint": ENDPOINT}, format="json").status_code == 204
    assert not PushSubscription.objects.exists()
    assert api.post("/api/alerts/push/unsubscribe", {"endpoint": ENDPOINT}, format="json").status_code == 404


def _bad_subscriptions(browser: Any) -> list[tuple[Any, str]]:
    good = browser().keys()
    return [
        ({"endpoint": "http://push.example.org/x", "keys": good}, "invalid_endpoint"),
        ({"endpoint": "https://127.0.0.1/x", "keys": good}, "address_not_allowed"),
        ({"endpoint": "https://[::1]/x", "keys": good}, "address_not_allowed"),
        ({"endpoint": "https://localhost/x", "keys": good}, "address_not_allowed"),
        ({"endpoint": ENDPOINT, "keys": {"p256dh": "abc", "auth": good["auth"]}}, "invalid_keys"),
        ({"endpoint": ENDPOINT, "keys": {"p256dh": vapid.b64url(b"\4" + bytes(64)), "auth": good["auth"]}}, "invalid_keys"),
        ({"endpoint": ENDPOINT, "keys": {"p256dh": good["p256dh"], "auth": vapid.b64url(bytes(8))}}, "invalid_keys"),
        ({"endpoint": ENDPOINT, "keys": good, "extra": 1}, "unknown_fields"),
        ({"endpoint": ENDPOINT}, "invalid"),
        (["not", "an", "object"], "invalid"),
    ]


def test_bad_subscriptions_are_refused_and_write_nothing(make_user: Any, api_client: Any, browser: Any) -> None:
    api = api_client(make_user())
    for body, code in _bad_subscriptions(browser):
        answer = api.post("/api/alerts/push/subscriptions", body, format="json")
        assert answer.status_code == 400, body
        assert answer.json()["code"] == code and answer.json()["message"], (body, answer.json())
    for body in ({"kinds": ["digest"]}, {"kinds": "turn"}, {"kinds": ["turn"], "more": True}, ["turn"]):
        answer = api.patch("/api/alerts/push", body, format="json")
        assert answer.status_code == 400 and {"code", "message"} <= set(answer.json())
    assert api.patch("/api/alerts/push", {}, format="json").json()["kinds"] == push.default_push_kinds()
    assert _nothing_written()


def test_webhooks_added_listed_and_removed(make_user: Any, api_client: Any) -> None:
    ada, bob = make_user(), make_user()
    game = started_game([ada, bob])
    api = api_client(ada)
    answer = api.post("/api/alerts/webhooks", {"url": "https://hooks.example.org/x", "format": "discord",
                                               "events": ["chat", "turn"], "game": game.pk}, format="json")
    assert answer.status_code == 201
    made = answer.json()
    assert made["events"] == ["turn", "chat"] and made["game"] == game.pk and len(made["secret"]) == 64
    assert api.get("/api/alerts/webhooks").json()["webhooks"] == [made]
    assert api_client(bob).get("/api/alerts/webhooks").json()["webhooks"] == []
    assert api_client(bob).delete(f"/api/alerts/webhooks/{made['id']}").status_code == 404  # not bob's
    assert api.delete(f"/api/alerts/webhooks/{made['id']}").status_code == 204
    assert not Webhook.objects.exists()
    assert api.delete("/api/alerts/webhooks/99999999999999999999").status_code == 404


@pytest.mark.parametrize(("body", "code"), [
    ({"url": "http://hooks.example.org/x", "format": "json", "events": ["turn"]}, "https_required"),
    ({"url": "https://10.0.0.1/x", "format": "json", "events": ["turn"]}, "address_not_allowed"),
    ({"url": "https://169.254.169.254/latest", "format": "json", "events": ["turn"]}, "address_not_allowed"),
    ({"url": "https://[::1]:8080/x", "format": "json", "events": ["turn"]}, "address_not_allowed"),
    ({"url": "not a url", "format": "json", "events": ["turn"]}, "invalid_url"),
    ({"url": "https://hooks.example.org/x", "format": "teams", "events": ["turn"]}, "invalid"),
    ({"url": "https://hooks.example.org/x", "format": "json", "events": []}, "invalid"),
    ({"url": "https://hooks.example.org/x", "format": "json", "events": ["digest"]}, "invalid"),
    ({"url": "https://hooks.example.org/x", "format": "json", "events": ["turn"], "game": 999999}, "unknown_game"),
    ({"url": "https://hooks.example.org/x", "format": "json", "events": ["turn"], "secret": "mine"}, "unknown_fields"),
])
def test_bad_webhooks_are_refused_and_write_nothing(make_user: Any, api_client: Any, body: Any, code: str) -> None:
    answer = api_client(make_user()).post("/api/alerts/webhooks", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code and answer.json()["message"]
    assert _nothing_written()


def test_a_game_the_player_does_not_play_is_refused(make_user: Any, api_client: Any) -> None:
    ada, bob, carl = make_user(), make_user(), make_user()
    game = started_game([ada, bob])
    answer = api_client(carl).post("/api/alerts/webhooks", {"url": "https://hooks.example.org/x", "format": "json",
                                                            "events": ["turn"], "game": game.pk}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "unknown_game" and _nothing_written()


def test_the_limit_of_webhooks(make_user: Any, settings: Any) -> None:
    from core.errors import ServiceError

    settings.ALERTS_MAX_WEBHOOKS = 2
    ada = make_user()
    for n in range(2):
        webhooks.add_webhook(ada, f"https://hooks.example.org/{n}", "json", ["turn"])
    with pytest.raises(ServiceError) as error:
        webhooks.add_webhook(ada, "https://hooks.example.org/3", "json", ["turn"])
    assert error.value.code == "too_many_webhooks" and Webhook.objects.count() == 2


def test_the_api_needs_a_signed_in_player(api_client: Any, db: None) -> None:
    for method, path in (("get", "/api/alerts/push"), ("post", "/api/alerts/webhooks"), ("get", "/api/alerts/webhooks")):
        answer = getattr(api_client(), method)(path, {}, format="json")
        assert answer.status_code in (401, 403) and "code" in answer.json()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_settings_page_sections(make_user: Any, client: Any, language: str) -> None:
    ada = make_user(language=language)
    client.force_login(ada)
    page = client.get("/settings/").content.decode()
    heading, turn_on = {"en": ("Browser notifications", "Turn on notifications in this browser"),
                        "de": ("Browser-Benachrichtigungen", "Benachrichtigungen in diesem Browser einschalten")}[language]
    assert heading in page and turn_on in page and "Webhooks" in page
    assert vapid.keys().public_key in page and "alerts/push-settings.js" in page

    answer = client.post("/settings/", {"part": "push", "kinds": ["turn", "chat"]})
    assert answer.status_code == 302 and push.push_kinds(ada) == ["turn", "chat"]
    answer = client.post("/settings/", {"part": "webhook", "url": "https://hooks.example.org/x", "format": "slack",
                                        "events": ["turn", "ended"]})
    assert answer.status_code == 302
    hook = Webhook.objects.get()
    assert (hook.format, hook.events, hook.game_id) == ("slack", ["turn", "ended"], None)
    assert hook.secret in client.get("/settings/").content.decode()  # its owner sees the secret
    assert client.post("/settings/", {"part": "webhook_remove", "webhook": hook.pk}).status_code == 302
    assert not Webhook.objects.exists()


@pytest.mark.parametrize(("data", "words"), [
    ({"url": "https://127.0.0.1/x", "format": "json", "events": ["turn"]},
     {"en": "may not be reached", "de": "nicht erreicht werden"}),
    ({"url": "http://hooks.example.org/x", "format": "json", "events": ["turn"]},
     {"en": "must start with https://", "de": "muss mit https:// beginnen"}),
    ({"url": "https://hooks.example.org/x", "format": "json", "events": []},
     {"en": "This field is required", "de": "Dieses Feld ist zwingend erforderlich"}),
])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_settings_page_refuses_bad_webhooks(make_user: Any, client: Any, data: Any, words: Any, language: str) -> None:
    client.force_login(make_user(language=language))
    answer = client.post("/settings/", {"part": "webhook", **data})
    assert answer.status_code == 400 and words[language] in answer.content.decode()
    assert _nothing_written()


def test_a_browser_is_removed_on_the_settings_page(make_user: Any, client: Any, browser: Any) -> None:
    ada, bob = make_user(), make_user()
    mine = push.subscribe(ada, ENDPOINT, browser().keys(), "Firefox")
    theirs = push.subscribe(bob, ENDPOINT + "2", browser().keys())
    client.force_login(ada)
    assert "Firefox" in client.get("/settings/").content.decode()
    client.post("/settings/", {"part": "push_remove", "subscription": theirs.pk})
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()  # not ada's to remove
    client.post("/settings/", {"part": "push_remove", "subscription": mine.pk})
    assert not PushSubscription.objects.filter(pk=mine.pk).exists()


def test_the_service_worker_is_served_at_the_root(client: Any, db: None) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/javascript")
    body = answer.content.decode()
    assert 'addEventListener("push"' in body and "showNotification" in body and "openWindow" in body


def test_personal_data_is_erased_and_exported(make_user: Any, browser: Any) -> None:
    ada, bob = make_user(), make_user()
    push.subscribe(ada, ENDPOINT, browser().keys(), "Firefox")
    push.set_push_kinds(ada, ["turn"])
    webhooks.add_webhook(ada, "https://hooks.example.org/x", "json", ["turn"])
    webhooks.add_webhook(bob, "https://hooks.example.org/y", "json", ["turn"])
    exported = personal_data.export_everywhere(ada)["alerts"]
    assert exported["push_subscriptions"][0]["endpoint"] == ENDPOINT and exported["push_kinds"] == ["turn"]
    assert [h["url"] for h in exported["webhooks"]] == ["https://hooks.example.org/x"]
    personal_data.erase_everywhere(ada)
    assert not PushSubscription.objects.exists() and not PushSettings.objects.exists()
    assert list(Webhook.objects.values_list("user", flat=True)) == [bob.pk]
