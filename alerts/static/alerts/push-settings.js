// The settings page's push part: subscribe this browser (the Push API with the site's VAPID key, the
// subscription sent to POST /api/alerts/push/subscriptions) or stop its pushes. Without the Push API the
// part says so; the list of browsers and the kinds are plain forms that work without this script.
"use strict";
(function () {
  const root = document.getElementById("push-browser");
  if (!root) { return; }
  const status = root.querySelector(".push-status");
  const on = root.querySelector("button.push-on");
  const off = root.querySelector("button.push-off");
  const say = function (text) { status.textContent = text; };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(root.dataset.msgUnsupported);
    return;
  }
  function applicationServerKey(text) {
    const padded = text + "=".repeat((4 - text.length % 4) % 4);
    const raw = atob(padded.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function csrf() { return root.querySelector("input[name=csrfmiddlewaretoken]").value; }
  async function post(url, body) {
    const answer = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf()}, body: JSON.stringify(body),
    });
    if (!answer.ok) {
      const error = await answer.json().catch(function () { return {}; });
      throw new Error(error.message || ("HTTP " + answer.status));
    }
  }
  async function show(registration) {
    const subscription = await registration.pushManager.getSubscription();
    on.hidden = Boolean(subscription);
    off.hidden = !subscription;
    say(subscription ? root.dataset.msgOn : root.dataset.msgOff);
  }
  navigator.serviceWorker.register("/sw.js", {scope: "/"}).then(function (registration) {
    on.addEventListener("click", async function () {
      try {
        if (await Notification.requestPermission() !== "granted") { say(root.dataset.msgDenied); return; }
        const subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: applicationServerKey(root.dataset.publicKey)});
        await post("/api/alerts/push/subscriptions", Object.assign(subscription.toJSON(), {user_agent: navigator.userAgent.slice(0, 200)}));
        location.reload();
      } catch (e) { say(root.dataset.msgFailed + " " + e.message); }
    });
    off.addEventListener("click", async function () {
      try {
        const subscription = await registration.pushManager.getSubscription();
        if (subscription) {
          await post("/api/alerts/push/unsubscribe", {endpoint: subscription.endpoint}).catch(function () {});
          await subscription.unsubscribe();
        }
        location.reload();
      } catch (e) { say(root.dataset.msgFailed + " " + e.message); }
    });
    return show(registration);
  }).catch(function () { say(root.dataset.msgUnsupported); });
})();
