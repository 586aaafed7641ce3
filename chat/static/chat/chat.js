// The chat on a game's table. Sending posts the form in place (the page, its scroll and the focus in the field
// stay; the field is cleared; a refusal is told on the chat's alert line), then the table's script fetches
// the table ("chat:said"). New lines come with the table's live updates (site.js: the chat's notices on the
// live stream); only where the table is not live (an ended game) or its stream is refused ("live:fallback")
// this script polls the chat's small endpoint. Without this script the chat works all the same: the form
// posts, the page comes back.
(function () {
  "use strict";
  var section = document.getElementById("chat");
  if (!section) { return; }
  var table = document.getElementById("game");

  function errorLine() { return section.querySelector(".chat-error"); }
  // New lines are said once through the table's polite live region (live-update.js keeps which lines were
  // told, so the table's own update in place does not say them again; the reader's own line is not said).
  function announce(lines) {
    var live = window.LiveUpdate;
    if (!live || !live.untold) { return; }
    var texts = live.untold(lines, null);
    var prefix = table ? table.dataset.msgChat || "" : "";
    if (texts.length) {
      live.announce(document.getElementById("live-status"), texts.map(function (t) { return (prefix + " " + t).trim(); }).join(" "));
    }
  }
  // A refusal is told on the alert line, which then describes the field (aria-describedby) until the next send.
  function tell(field, message) {
    var line = errorLine();
    if (!line) { return; }
    line.textContent = message;
    if (field && line.id) { field.setAttribute("aria-describedby", line.id); field.setAttribute("aria-invalid", "true"); }
  }

  section.addEventListener("submit", function (event) {
    var form = event.target.closest("form.chat-form");
    if (!form || !window.fetch || !window.FormData) { return; }
    event.preventDefault();
    var field = form.querySelector("textarea[name=text]");
    var button = form.querySelector("button");
    var error = errorLine();
    if (error) { error.textContent = ""; }
    field.removeAttribute("aria-describedby");
    field.removeAttribute("aria-invalid");
    if (button) { button.disabled = true; }
    fetch(form.action, {method: "POST", body: new FormData(form), credentials: "same-origin",
                        headers: {"Accept": "application/json"}})
      .then(function (response) {
        // Signed out meanwhile: the post was sent on to the sign-in page, which the reader sees instead.
        if (response.redirected) { location.assign(response.url); return null; }
        return response.json().catch(function () { return {}; }).then(function (body) {
          if (response.ok) {
            field.value = "";
            document.dispatchEvent(new CustomEvent("chat:said"));
            poll();
            return;
          }
          tell(field, body.message || body.code || ("HTTP " + response.status));
        });
      })
      .catch(function () {
        tell(field, section.dataset.msgUnreachable || "");
      })
      .finally(function () {
        if (button) { button.disabled = false; }
        field.focus();
      });
  });

  var polling = false;
  var busy = false;
  function poll() {
    if (!polling || busy || document.hidden || !section.dataset.pollUrl) { return; }
    busy = true;
    var list = section.querySelector(".chat-messages");
    fetch(section.dataset.pollUrl + "?after=" + encodeURIComponent(section.dataset.last || "0"),
          {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && answer.html && answer.html.trim()) {
          var before = list.children.length;
          list.insertAdjacentHTML("beforeend", answer.html);  // rendered and escaped by the server
          announce(Array.prototype.slice.call(list.children, before));
          section.dataset.last = String(answer.last);
          var empty = section.querySelector(".chat-empty");
          if (empty) { empty.remove(); }
        }
      })
      .catch(function () { /* the next poll tries again */ })
      .finally(function () { busy = false; });
  }
  function startPolling() {
    if (polling || !section.dataset.pollUrl) { return; }
    polling = true;
    window.setInterval(poll, parseInt(section.dataset.pollSeconds || "10", 10) * 1000);
    document.addEventListener("visibilitychange", poll);
  }
  document.addEventListener("live:fallback", startPolling);
  if (!table || !table.dataset.live || !window.EventSource) { startPolling(); }
}());
