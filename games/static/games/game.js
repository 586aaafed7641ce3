// The game page's command buttons: each POSTs its command to the REST API, then the page reloads.
// A static file (no inline script) so that the Content-Security-Policy can forbid inline code.
(function () {
  "use strict";
  var panel = document.getElementById("commands");
  if (!panel) { return; }

  // crypto.randomUUID exists only on https and localhost pages; plain http elsewhere needs the fallback.
  function idempotencyKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
  }

  function setButtons(enabled) {
    document.querySelectorAll("button.cmd").forEach(function (b) { b.disabled = !enabled; });
  }

  document.querySelectorAll("button.cmd").forEach(function (button) {
    button.addEventListener("click", async function () {
      var error = document.getElementById("error");
      error.textContent = "";
      setButtons(false);
      try {
        var token = document.querySelector("input[name=csrfmiddlewaretoken]").value;
        var answer = await fetch("/api/games/" + panel.dataset.game + "/commands", {
          method: "POST", credentials: "same-origin",
          headers: {"Content-Type": "application/json", "X-CSRFToken": token, "Idempotency-Key": idempotencyKey()},
          body: JSON.stringify({command: JSON.parse(button.dataset.command),
                                expected_version: parseInt(panel.dataset.version, 10)}),
        });
        if (answer.ok) { location.reload(); return; }
        var body = await answer.json().catch(function () { return {}; });
        error.textContent = body.message || body.code || ("HTTP " + answer.status + " " + answer.statusText).trim();
        if (body.code === "version_conflict") {
          // The buttons belong to an older moment of the game: offer the fresh page instead.
          error.append(" ");
          var link = document.createElement("a");
          link.href = location.pathname;
          link.textContent = panel.dataset.reloadLabel;
          error.append(link);
        }
      } catch (e) {
        error.textContent = panel.dataset.unreachable;
      }
      setButtons(true);
    });
  });
})();
