// The chat on a game's table: new messages by polling the chat's small endpoint (until the table's live
// updates carry them). Without this script the chat works all the same: the form posts, a reload shows.
(function () {
  "use strict";
  var section = document.getElementById("chat");
  if (!section || !section.dataset.pollUrl) { return; }
  var list = section.querySelector(".chat-messages");
  var empty = section.querySelector(".chat-empty");
  var every = parseInt(section.dataset.pollSeconds || "10", 10) * 1000;
  var busy = false;

  function poll() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(section.dataset.pollUrl + "?after=" + encodeURIComponent(section.dataset.last || "0"),
          {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && answer.html && answer.html.trim()) {
          list.insertAdjacentHTML("beforeend", answer.html);  // rendered and escaped by the server
          section.dataset.last = String(answer.last);
          if (empty) { empty.remove(); empty = null; }
        }
      })
      .catch(function () { /* the next poll tries again */ })
      .finally(function () { busy = false; });
  }
  window.setInterval(poll, every);
  document.addEventListener("visibilitychange", poll);
}());
