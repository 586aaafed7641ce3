// The service worker of browser push notifications (served at /sw.js, scope: the whole site).
// A push carries JSON {title, body, url, tag} (alerts/push_sender.py), encrypted for this browser; the
// browser decrypts it before this runs. A click opens (or focuses) the page it names, of this site only.
"use strict";

self.addEventListener("push", function (event) {
  let data = {};
  if (event.data) {
    try { data = event.data.json(); } catch (e) { data = {title: event.data.text()}; }
  }
  const options = {body: data.body || "", data: {url: data.url || "/"}, icon: "/static/favicon.svg"};
  if (data.tag) { options.tag = data.tag; options.renotify = true; }
  event.waitUntil(self.registration.showNotification(data.title || "Play by email", options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  let target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) { target = new URL("/", self.location.origin); }
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (windows) {
    for (const client of windows) {
      if (client.url === target.href && "focus" in client) { return client.focus(); }
    }
    return self.clients.openWindow(target.href);
  }));
});
