"""The settings page's browser push control in Chromium: the service worker registers at the site's root,
turning notifications on sends the browser's subscription to the API (the browser's push service is
stood in for: a headless browser has none to reach), the page then lists the browser, and turning them
off removes it. The page stays accessible (axe)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from alerts.models import PushSubscription
from alerts.vapid import b64url

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ENDPOINT = "https://push.example.org/send/browser-test"

# PushManager as the page uses it, with a subscription kept in localStorage (it outlives the reload).
FAKE_PUSH = """
(() => {
  const KEYS = %s;
  const made = (endpoint) => ({
    endpoint, expirationTime: null,
    toJSON() { return {endpoint, expirationTime: null, keys: KEYS}; },
    async unsubscribe() { localStorage.removeItem("push-endpoint"); return true; },
  });
  PushManager.prototype.subscribe = async function (options) {
    if (!(options.applicationServerKey instanceof Uint8Array) || options.applicationServerKey.length !== 65) {
      throw new Error("the site's key is not a P-256 point");
    }
    localStorage.setItem("push-endpoint", %s);
    return made(localStorage.getItem("push-endpoint"));
  };
  PushManager.prototype.getSubscription = async function () {
    const endpoint = localStorage.getItem("push-endpoint");
    return endpoint ? made(endpoint) : null;
  };
})();
"""


def test_turning_browser_notifications_on_and_off(page_for: Any, live_server: Any, make_user: Any) -> None:
    ada = make_user("Ada")
    key = ec.generate_private_key(ec.SECP256R1())
    keys = {"p256dh": b64url(key.public_key().public_bytes(serialization.Encoding.X962,
                                                          serialization.PublicFormat.UncompressedPoint)),
            "auth": b64url(os.urandom(16))}
    page = page_for(ada)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.context.add_init_script(FAKE_PUSH % (json.dumps(keys), json.dumps(ENDPOINT)))
    page.goto(f"{live_server.url}/settings/")
    status = page.locator("#push-browser .push-status")
    page.wait_for_function("() => navigator.serviceWorker.getRegistration().then(r => Boolean(r))")
    scope = page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == f"{live_server.url}/"
    # The script says so once it has asked the browser for its subscription (until then the page shows its
    # words for a browser without JavaScript): waited for, not read at once.
    page.wait_for_function("() => !document.querySelector('#push-browser .push-status').textContent.includes('JavaScript')")
    assert status.inner_text() == "This browser gets no push notifications."
    assert_accessible(page, "the settings page with its push and webhook parts")

    page.get_by_role("button", name="Turn on notifications in this browser").click()
    page.wait_for_load_state()
    page.wait_for_function("() => document.querySelector('#push-browser .push-status').textContent.includes('gets push')")
    subscription = PushSubscription.objects.get()
    assert (subscription.user_id, subscription.endpoint, subscription.p256dh) == (ada.pk, ENDPOINT, keys["p256dh"])
    assert page.locator("ul.push-browsers li").count() == 1

    page.get_by_role("button", name="Turn off notifications in this browser").click()
    page.wait_for_load_state()
    page.wait_for_function("() => document.querySelector('#push-browser .push-status').textContent.includes('no push')")
    assert not PushSubscription.objects.exists()
    assert page.js_errors == []
