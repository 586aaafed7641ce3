// The site's script: the game table's buttons and card choices (POST to the REST API; without the script
// they are forms that post to the page), the new-game and time-zone forms, copy; and on the pages that load
// live-update.js before it (the table, the lobby, a waiting room), their live updates in place.
(function () {
  "use strict";
  const live = window.LiveUpdate || {listen: function () {}, updater: function () { return function () {}; },
                                     inView: function () { return true; }};
  const listen = live.listen, updater = live.updater, inView = live.inView;
  // crypto.randomUUID exists only on https and localhost pages; plain http elsewhere needs the fallback.
  function idempotencyKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      const field = document.getElementById(button.dataset.copy);
      field.select();
      if (navigator.clipboard) { navigator.clipboard.writeText(field.value).catch(function () {}); }
      button.textContent = button.dataset.copied;
    });
  });
  // The new-game form: only the chosen game's options (each kind's fieldset names its kind).
  const kindSelect = document.querySelector("select[data-kind-select]");
  if (kindSelect) {
    const players = document.getElementById("id_players");
    const counts = JSON.parse(kindSelect.dataset.players || "{}");
    const showChosenKind = function () {
      document.querySelectorAll("fieldset[data-kind]").forEach(function (fieldset) {
        fieldset.hidden = fieldset.dataset.kind !== kindSelect.value;
      });
      const range = counts[kindSelect.value];
      if (!players || !range) { return; }
      Array.from(players.options).forEach(function (option) {
        const n = Number(option.value);
        option.disabled = n < range[0] || n > range[1];
      });
      if (Number(players.value) > range[1]) { players.value = String(range[1]); }
    };
    kindSelect.addEventListener("change", showChosenKind);
    showChosenKind();
  }
  const lobby = document.getElementById("lobby");
  if (lobby && lobby.dataset.liveUrl) {
    // The lobby follows the player's games: on each notice its lists and its title are fetched again.
    const refreshLobby = updater(lobby, function () { return location.pathname; }, function () {
      const status = document.getElementById("lobby-status");
      if (status) { status.textContent = lobby.dataset.msgUpdated; }
    });
    listen(lobby.dataset.liveUrl, refreshLobby, null);
  }
  const room = document.getElementById("room");
  if (room && room.dataset.liveUrl) {
    // An open game's waiting room follows its seats taken and left; when the game starts (its page is the
    // table then), the page is loaded anew.
    const refreshRoom = updater(room, function () { return location.pathname; }, function () {
      const status = document.getElementById("room-status");
      if (status) { status.textContent = room.dataset.msgUpdated; }
    }, true);
    listen(room.dataset.liveUrl, function () { refreshRoom(false); }, null);
  }
  // Sign-up: the browser's time zone, when the list offers it (Europe/Berlin stays only as the fallback);
  // a form sent back with errors keeps what the player chose.
  document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
    let zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
    if (zone && !select.form.querySelector(".error-summary, .errorlist")
        && Array.from(select.options).some(function (o) { return o.value === zone; })) {
      select.value = zone;
    }
  });
  // A time-zone list (grouped by region, with each zone's offset) gets a filter box above it: the zones
  // whose region, city or offset contain what was typed stay, the first of them is chosen when the chosen
  // one is filtered out, and the number found is announced. Without the script the list works alone.
  document.querySelectorAll("select[data-zone-filter]").forEach(function (select) {
    const box = document.createElement("input");
    box.type = "search";
    box.id = select.id + "_filter";
    box.autocomplete = "off";
    box.className = "zone-filter";
    const label = document.createElement("label");
    label.htmlFor = box.id;
    label.textContent = select.dataset.filterLabel;
    label.className = "zone-filter-label";
    const found = document.createElement("small");
    found.className = "help";
    found.setAttribute("role", "status");
    select.before(label, box, found);
    const simple = function (text) { return text.toLowerCase().replace(/[_/]+/g, " ").replace(/\s+/g, " ").trim(); };
    box.addEventListener("input", function () {
      const wanted = simple(box.value);
      let count = 0, first = null;
      select.querySelectorAll("optgroup").forEach(function (group) {
        let shown = 0;
        group.querySelectorAll("option").forEach(function (option) {
          const match = !wanted || simple(group.label + " " + option.value + " " + option.textContent).indexOf(wanted) >= 0;
          option.hidden = !match;
          if (match) { shown += 1; count += 1; first = first || option; }
        });
        group.hidden = shown === 0;
      });
      if (first && select.selectedOptions.length && select.selectedOptions[0].hidden) { select.value = first.value; }
      found.textContent = wanted ? select.dataset.filterCount.replace("{count}", String(count)) : "";
    });
  });
  // A card's text opens below the card, to the left when it would run off the screen's right edge (the
  // wide desktop table has cards up to the edge); placed when it opens, by focus (a tap) or the pointer.
  function placeCardText(event) {
    const card = event.target instanceof Element ? event.target.closest(".card") : null;
    const text = card ? card.querySelector(".text") : null;
    if (!text) { return; }
    text.classList.remove("opens-left");
    if (text.getBoundingClientRect().right > document.documentElement.clientWidth) { text.classList.add("opens-left"); }
  }
  document.addEventListener("focusin", placeCardText);
  document.addEventListener("mouseover", placeCardText);
  const root = document.getElementById("game");
  if (!root) { return; }
  let busy = false;
  function errorLine() { return document.getElementById("error"); }

  // An error stands beside the control that caused it (after its form or its row of buttons), where the
  // eye is, and is brought into view; role="alert" announces it to screen readers wherever it stands.
  // The control (or form) is described by the error (aria-describedby) and, when the reader's choice is what
  // is wrong (`invalid`: a card choice sent empty), its fields are marked aria-invalid until the next send.
  function showError(control, message, invalid) {
    const error = errorLine();
    if (!error) { return; }
    clearError();
    const place = control && control.closest("form, .buttons, ul, section");
    if (place && place.nextElementSibling !== error) { place.after(error); }
    error.textContent = message;
    if (control) {
      const tied = [control].concat(invalid ? Array.from(control.querySelectorAll("input:not([type=hidden]), select")) : []);
      tied.forEach(function (e) {
        const ids = (e.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
        if (ids.indexOf(error.id) < 0) { e.setAttribute("aria-describedby", ids.concat([error.id]).join(" ")); }
        e.dataset.errorTied = "1";
        if (invalid && e !== control) { e.setAttribute("aria-invalid", "true"); }
      });
    }
    if (error.scrollIntoView) { error.scrollIntoView({block: "nearest"}); }
  }
  // The error line emptied, and no control described by it or marked invalid any more.
  function clearError() {
    const error = errorLine();
    if (error) { error.textContent = ""; }
    root.querySelectorAll("[data-error-tied]").forEach(function (e) {
      const ids = (e.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) { return id && id !== "error"; });
      if (ids.length) { e.setAttribute("aria-describedby", ids.join(" ")); } else { e.removeAttribute("aria-describedby"); }
      e.removeAttribute("aria-invalid");
      delete e.dataset.errorTied;
    });
  }
  function setEnabled(enabled) {
    root.querySelectorAll("button.cmd, form.card-choice button").forEach(function (b) { b.disabled = !enabled; });
  }
  async function send(command, control) {
    const error = errorLine();
    clearError();
    busy = true;
    setEnabled(false);
    try {
      const token = root.querySelector("input[name=csrfmiddlewaretoken]").value;
      const answer = await fetch("/api/games/" + root.dataset.game + "/commands", {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRFToken": token, "Idempotency-Key": idempotencyKey()},
        body: JSON.stringify({command: command, expected_version: Number(root.dataset.version)}),
      });
      if (answer.ok) {
        // One's own move answers like another's: the table is fetched and changed in place.
        busy = false;
        setEnabled(true);
        await refreshTable(true);
        return;
      }
      const body = await answer.json().catch(function () { return {}; });
      showError(control, body.message || body.code || ("HTTP " + answer.status + " " + answer.statusText).trim());
      if (body.code === "version_conflict") {
        // The buttons belong to an older moment of the game: offer the fresh page instead.
        error.append(" ");
        const link = document.createElement("a");
        link.href = location.pathname;
        link.textContent = root.dataset.msgReload;
        error.append(link);
      }
    } catch (e) {
      showError(control, root.dataset.msgUnreachable);
    }
    busy = false;
    setEnabled(true);
  }
  // A move the rules flag as wasteful (data-questions: command -> question) asks once: the first press
  // shows the question, a second press of the same command sends it. Delegated: the buttons and forms are
  // replaced when the table updates in place, so what was asked is kept here (the command and the version
  // it was asked at), not on the button: a table redrawn between the two presses does not ask again.
  let asked = null;
  root.addEventListener("click", function (event) {
    const button = event.target.closest("button.cmd");
    if (!button || !root.contains(button)) { return; }
    // The button also submits the page's move form (a page without this script); here it is sent in place.
    event.preventDefault();
    const questions = root.dataset.questions ? JSON.parse(root.dataset.questions) : {};
    const question = questions[button.dataset.command];
    const same = asked && asked.command === button.dataset.command && asked.version === root.dataset.version;
    if (question && !same) {
      asked = {command: button.dataset.command, version: root.dataset.version};
      showError(button, question + " " + root.dataset.msgConfirm);
      return;
    }
    asked = null;
    send(JSON.parse(button.dataset.command), button);
  });
  root.addEventListener("submit", function (event) {
    const form = event.target.closest("form.card-choice");
    if (!form) { return; }
    event.preventDefault();
    // Checked boxes and chosen options; data-numbers sends them as numbers; data-min="0" allows none
    // (the engine checks the bounds and its refusal is shown).
    let picked = Array.from(form.querySelectorAll("input:checked, option:checked"), function (input) { return input.value; });
    if (form.dataset.numbers) { picked = picked.map(Number); }
    const least = form.dataset.min === undefined ? 1 : Number(form.dataset.min);
    if (!picked.length && least > 0) { showError(form, root.dataset.msgSelect, true); return; }
    const command = {type: form.dataset.type};
    command[form.dataset.field] = form.dataset.multiple ? picked : picked[0];
    send(command, form);
  });
  // At the reader's turn the page opens on their choices (on a phone the history lies screens below them);
  // otherwise on the history's first line new since their last visit (unless the address names a place).
  // "Earlier rounds" puts the older rounds in place (without JavaScript: their page).
  const choices = root.querySelector("section.choices");
  const firstNew = document.getElementById("first-new");
  if (!location.hash && choices) {
    const control = choices.querySelector("button, input:not([type=hidden]), select") || choices;
    if (!inView(control)) { choices.scrollIntoView({block: "start"}); }
  } else if (firstNew && !location.hash && firstNew.scrollIntoView) { firstNew.scrollIntoView({block: "center"}); }
  root.addEventListener("click", async function (event) {
    const link = event.target.closest("a[data-history-earlier]");
    if (!link || !root.contains(link)) { return; }
    event.preventDefault();
    try {
      const answer = await fetch(link.href + (link.href.indexOf("?") < 0 ? "?" : "&") + "fragment=1",
                                 {credentials: "same-origin", headers: {"Accept": "text/html"}});
      if (!answer.ok) { location.href = link.href; return; }
      const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
      const place = link.closest("p") || link;
      const nodes = Array.from(doc.body.childNodes, function (n) { return document.importNode(n, true); });
      place.replaceWith.apply(place, nodes);
      const first = nodes.find(function (n) { return n.nodeType === 1 && n.matches("section"); });
      if (first) { const heading = first.querySelector("h3"); if (heading) { heading.tabIndex = -1; heading.focus(); } }
    } catch (e) { location.href = link.href; }
  });
  const refreshTable = updater(root, function () { return location.pathname; }, function (fresh, own, added) {
    const wasTurn = root.dataset.yourTurn === "1";
    ["version", "live", "questions", "msgConfirm", "yourTurn"].forEach(function (name) {
      if (fresh.dataset[name] === undefined) { delete root.dataset[name]; } else { root.dataset[name] = fresh.dataset[name]; }
    });
    live.announce(document.getElementById("live-status"), newsOf(added || [], own, !wasTurn && root.dataset.yourTurn === "1"));
  });
  // What a screen reader hears of an update, once (live-update.js keeps which lines were told): the history's
  // new lines (the reader's own move too, told once: its result), the chat's new lines (not the reader's
  // own), "your turn" when the turn came to the reader; another player's move with no line of history:
  // that the table is updated.
  function newsOf(added, own, turnCame) {
    const lines = live.untold ? live.untold(added, "ol.history > li") : [];
    const chat = live.untold ? live.untold(added, ".chat-messages > li") : [];
    const MOST = 8;
    let parts = lines.slice(0, MOST);
    if (lines.length > MOST) { parts.push(root.dataset.msgMore.replace("{count}", String(lines.length - MOST))); }
    if (!parts.length && !own) { parts.push(root.dataset.msgUpdated); }
    parts = parts.concat(chat.map(function (line) { return root.dataset.msgChat + " " + line; }));
    if (turnCame) { parts.push(root.dataset.msgYourTurn); }
    return parts.join(" ");
  }
  if (live.rememberLines) { live.rememberLines(root); }
  // The table's mark of its changes that are no move (the chat lines its viewer reads, the requests to take
  // a move back): a notice with a greater one fetches the page like a move, without "another player moved".
  function tableMark() {
    const mark = document.getElementById("live-mark");
    return mark ? Number(mark.dataset.mark || 0) : 0;
  }
  // The chat's script says a line was sent (it keeps the field and the focus): the table shows it at once.
  document.addEventListener("chat:said", function () { refreshTable(true); });
  // Live updates (not during a replay): pushed notices of new versions and of the table's other changes
  // (server-sent events); the poll of the version only when the browser has no EventSource or the stream is
  // refused (then the chat polls its lines itself: "live:fallback").
  if (root.dataset.live) {
    const since = root.dataset.version + (tableMark() ? "." + tableMark() : "");
    listen(root.dataset.liveUrl ? root.dataset.liveUrl + "?since=" + since : "", function (notice) {
      if (busy) { return; }
      if (String(notice.version) !== root.dataset.version) { refreshTable(false); }
      else if (Number(notice.table || 0) > tableMark()) { refreshTable(true); }
    }, function () {
      document.dispatchEvent(new CustomEvent("live:fallback"));
      setInterval(async function () {
        if (busy || document.hidden || !root.dataset.live) { return; }
        try {
          const answer = await fetch(root.dataset.versionUrl || "/games/" + root.dataset.game + "/version",
                                     {credentials: "same-origin"});
          const body = await answer.json();
          if (answer.ok && String(body.version) !== root.dataset.version) { refreshTable(false); }
        } catch (e) { /* offline for a moment: the next poll tries again */ }
      }, Number(root.dataset.poll || 3000));
    });
  }
})();
