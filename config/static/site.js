// The site's only script: the game table's buttons and card choices (POST to the REST API; without the
// script they are forms that post to the page), live updates in place (server-sent events; the poll only
// as the fallback), the lobby's, copy.
(function () {
  "use strict";
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
  function showError(control, message) {
    const error = errorLine();
    if (!error) { return; }
    const place = control && control.closest("form, .buttons, ul, section");
    if (place && place.nextElementSibling !== error) { place.after(error); }
    error.textContent = message;
    if (error.scrollIntoView) { error.scrollIntoView({block: "nearest"}); }
  }
  function setEnabled(enabled) {
    root.querySelectorAll("button.cmd, form.card-choice button").forEach(function (b) { b.disabled = !enabled; });
  }
  async function send(command, control) {
    const error = errorLine();
    if (error) { error.textContent = ""; }
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
  // shows the question, a second press of the same button sends it.
  // Delegated: the buttons and forms are replaced when the table updates in place.
  root.addEventListener("click", function (event) {
    const button = event.target.closest("button.cmd");
    if (!button || !root.contains(button)) { return; }
    // The button also submits the page's move form (a page without this script); here it is sent in place.
    event.preventDefault();
    const questions = root.dataset.questions ? JSON.parse(root.dataset.questions) : {};
    const question = questions[button.dataset.command];
    if (question && button.dataset.asked !== "1") {
      root.querySelectorAll("button.cmd[data-asked]").forEach(function (b) { delete b.dataset.asked; });
      button.dataset.asked = "1";
      showError(button, question + " " + root.dataset.msgConfirm);
      return;
    }
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
    if (!picked.length && least > 0) { showError(form, root.dataset.msgSelect); return; }
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
  const refreshTable = updater(root, function () { return location.pathname; }, function (fresh, own) {
    ["version", "live", "questions", "msgConfirm"].forEach(function (name) {
      if (fresh.dataset[name] === undefined) { delete root.dataset[name]; } else { root.dataset[name] = fresh.dataset[name]; }
    });
    const status = document.getElementById("live-status");
    if (status && !own) { status.textContent = root.dataset.msgUpdated; }
  });
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

  // --- live updates in place ----------------------------------------------------------------------
  // `listen` follows a stream of server-sent events; `updater` fetches a page again and changes only what
  // differs in one region of it (`morph`), keeping the scroll position and the keyboard focus, and marks
  // the changes for a few seconds.
  function listen(url, onVersion, fallback) {
    if (!url || !window.EventSource) { if (fallback) { fallback(); } return; }
    const source = new EventSource(url, {withCredentials: true});
    let failures = 0;
    source.onopen = function () { failures = 0; };
    source.onmessage = function (event) {
      let notice = null;
      try { notice = JSON.parse(event.data); } catch (e) { return; /* not a notice */ }
      onVersion(notice);
    };
    source.onerror = function () {
      // EventSource reconnects by itself (with Last-Event-ID, and catches up); CLOSED means the stream was
      // refused (a WSGI server answers 204), and a stream that never opens (a proxy in the way) is given up.
      failures += 1;
      if (source.readyState === EventSource.CLOSED || failures >= 5) {
        source.close();
        if (fallback) { fallback(); }
      }
    };
    window.addEventListener("pagehide", function () { source.close(); });
  }
  function updater(region, address, after, reloadWhenGone) {
    let running = null;
    let again = false;
    async function run(own) {
      // X-Live-Update: the page marks what is new itself (the server marks only a visit's new lines).
      const answer = await fetch(address(), {credentials: "same-origin", headers: {"Accept": "text/html", "X-Live-Update": "1"}});
      if (!answer.ok) { return; }
      const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = doc.getElementById(region.id);
      if (!fresh) { if (reloadWhenGone) { location.reload(); } return; }
      const focused = document.activeElement;
      const anchors = viewAnchors(focused);
      const before = textsOf(region);
      const added = [];
      morph(region, fresh, added);
      after(fresh, own);
      if (doc.title) { document.title = doc.title; }
      // The tab's icon carries a badge when it is the viewer's turn (the fetched page says which icon).
      const icon = document.querySelector("link[rel=icon]"), freshIcon = doc.querySelector("link[rel=icon]");
      if (icon && freshIcon && icon.getAttribute("href") !== freshIcon.getAttribute("href")) {
        icon.setAttribute("href", freshIcon.getAttribute("href"));
      }
      if (focused && focused !== document.body && !document.contains(focused)) {
        const next = refocus(region, focused);
        // The successor stands where the focused control stood.
        if (next && anchors.length && anchors[0].element === focused) { anchors.unshift({element: next, top: anchors[0].top}); }
      }
      keepView(anchors);
      // Once more after the frame: the browser's own scroll anchoring may move the page after the change.
      if (window.requestAnimationFrame) { requestAnimationFrame(function () { keepView(anchors); }); }
      const changed = [];
      readChanges(region, before, added, changed);
      mark(changed, "live-changed");
      mark(added, "live-new");
    }
    return async function refresh(own) {
      if (running) { again = true; return running; }
      running = (async function () {
        do { again = false; try { await run(own); } catch (e) { /* the next notice tries again */ } } while (again);
        running = null;
      })();
      return running;
    };
  }
  function mark(elements, name) {
    elements.forEach(function (element) {
      element.classList.add(name);
      setTimeout(function () { element.classList.remove(name); }, 4000);
    });
  }
  // What makes two elements "the same one" between two renderings of a page: tag, id, first class, label.
  function signature(n) {
    if (n.nodeType !== 1) { return "#" + n.nodeType; }
    return [n.nodeName, n.id, n.classList[0] || "", n.getAttribute("aria-labelledby") || n.getAttribute("aria-label") || "",
            n.getAttribute("name") || ""].join("|");
  }
  // A <details> stays as open or shut as the reader left it (a control in it may have the focus).
  function syncAttributes(old, fresh) {
    const own = function (name) { return name === "class" || (name === "open" && old.nodeName === "DETAILS"); };
    Array.from(old.attributes).forEach(function (a) {
      if (!own(a.name) && !fresh.hasAttribute(a.name)) { old.removeAttribute(a.name); }
    });
    Array.from(fresh.attributes).forEach(function (a) {
      if (!own(a.name) && old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); }
    });
    const classes = Array.from(fresh.classList);
    const kept = Array.from(old.classList).filter(function (c) { return c.indexOf("live-") === 0; });
    if (old.className.replace(/\s*live-\S+/g, "").trim() !== fresh.className.trim()) {
      old.className = classes.concat(kept).join(" ");
    }
  }
  // Make `old` (in the page) like `fresh` (from the fetched page), touching only what differs: its children
  // are matched in order by signature (a section that appears or goes leaves the others in place).
  function morph(old, fresh, added) {
    if (old.isEqualNode(fresh)) { return; }
    const region = old === root || old === lobby;
    if (!region) { syncAttributes(old, fresh); }
    if (old.hasAttribute("data-live-keep")) { return; }
    if (fresh.hasAttribute("data-keyed")) { morphKeyed(old, fresh, added); return; }
    const olds = Array.from(old.childNodes);
    let i = 0;
    const freshes = Array.from(fresh.childNodes);
    freshes.forEach(function (n, at) {
      let j = -1;
      if (n.nodeType === 1) { j = counterpart(olds, i, n, freshes.slice(at + 1)); }
      else if (i < olds.length && olds[i].nodeType === n.nodeType) { j = i; }
      if (j < 0) {
        const made = document.importNode(n, true);
        old.insertBefore(made, i < olds.length ? olds[i] : null);
        if (made.nodeType === 1) { newLines(made, added); }
        return;
      }
      for (; i < j; i++) { if (!stays(olds[i])) { olds[i].remove(); } }
      const kept = olds[i++];
      if (kept.nodeType === 1) { morph(kept, n, added); }
      else if (kept.nodeValue !== n.nodeValue) { kept.nodeValue = n.nodeValue; }
    });
    for (; i < olds.length; i++) { if (!stays(olds[i])) { olds[i].remove(); } }
  }
  // The old child (from `i` on) that fresh child `n` updates: one equal to it (left untouched), else the first
  // of its signature, unless that one is equal to a later fresh child (then `n` is new and goes before it:
  // a list that gains a part at its head keeps its other parts, and what the reader focused in them).
  function counterpart(olds, i, n, later) {
    let first = -1;
    for (let k = i; k < olds.length; k++) {
      if (signature(olds[k]) !== signature(n)) { continue; }
      if (olds[k].isEqualNode(n)) { return k; }
      if (first < 0) { first = k; }
    }
    if (first >= 0 && later.some(function (m) { return m.nodeType === 1 && olds[first].isEqualNode(m); })) { return -1; }
    return first;
  }
  // The history's lines inside a part new to the page (a new turn or round) are new lines too; the mark of
  // the first line new since the last visit stays on the line the page opened with.
  function newLines(made, added) {
    made.querySelectorAll("[data-key]").forEach(function (line) {
      if (line.id === "first-new") { line.removeAttribute("id"); }
      added.push(line);
    });
  }
  // A part the reader may be reading stays when a newer page no longer shows it (a history round that
  // went out of the newest ones).
  function stays(n) { return n.nodeType === 1 && n.hasAttribute("data-live-stay"); }
  // Children with data-key (the history's lines, the chat's): the old ones stay where they are, the new ones
  // are added and marked, the gone ones removed. Only what moves is touched: a live region (the chat's
  // list) announces its new lines, not the whole list again.
  function morphKeyed(old, fresh, added) {
    const byKey = {};
    Array.from(old.children).forEach(function (child) { byKey[child.dataset.key] = child; });
    const children = Array.from(fresh.children).map(function (child) {
      const kept = child.dataset.key !== undefined && byKey[child.dataset.key];
      if (kept) { return kept; }
      const made = document.importNode(child, true);
      if (made.id === "first-new") { made.removeAttribute("id"); }
      if (child.dataset.key !== undefined) { added.push(made); }
      return made;
    });
    Array.from(old.childNodes).forEach(function (n) { if (children.indexOf(n) < 0) { n.remove(); } });
    children.forEach(function (child, i) {
      if (old.children[i] !== child) { old.insertBefore(child, old.children[i] || null); }
    });
  }
  // The focused control was replaced: focus its successor (same id, same command, same field and value).
  function refocus(region, gone) {
    let next = null;
    if (gone.id) { next = document.getElementById(gone.id); }
    if (!next && gone.dataset && gone.dataset.command) {
      next = Array.from(region.querySelectorAll("[data-command]")).find(function (e) { return e.dataset.command === gone.dataset.command; });
    }
    if (!next && gone.name) {
      next = Array.from(region.querySelectorAll("[name]")).find(function (e) { return e.name === gone.name && e.value === gone.value; });
    }
    if (!next) {
      next = Array.from(region.querySelectorAll(gone.tagName)).find(function (e) { return e.textContent === gone.textContent; });
    }
    if (next) { next.focus({preventScroll: true}); }
    return next;
  }
  // --- what the reader sees: the place they read, what changed ---------------------------------------
  function inView(e) {
    const r = e.getBoundingClientRect();
    return r.width + r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
  }
  // Where the reader is, with each element's top in the viewport: the focused element when it is in view,
  // then the first visible element, then ones further down (the first of them that survives the change is
  // the anchor: content that grows or shrinks above it must not move it).
  function viewAnchors(focused) {
    const anchors = [];
    const add = function (e) {
      if (!e || e === document.body || e === document.documentElement) { return; }
      if (/fixed|sticky/.test(getComputedStyle(e).position)) { return; }  // it stays put whatever moves
      if (anchors.some(function (a) { return a.element === e; })) { return; }
      anchors.push({element: e, top: e.getBoundingClientRect().top});
    };
    if (focused && focused !== document.body && inView(focused)) { add(focused); }
    [2, window.innerHeight / 4, window.innerHeight / 2].forEach(function (y) { add(firstAt(y)); });
    return anchors;
  }
  // The first element, deepest, that reaches below the viewport's line `y` (not a container that begins above).
  function firstAt(y) {
    let e = document.elementFromPoint(document.documentElement.clientWidth / 2, y);
    while (e && e.children.length) {
      const next = Array.from(e.children).find(function (c) { const r = c.getBoundingClientRect(); return r.height > 0 && r.bottom > y; });
      if (!next) { break; }
      e = next;
    }
    return e;
  }
  // Scroll so that the first anchor still on the page stands where it stood.
  function keepView(anchors) {
    const anchor = anchors.find(function (a) { return document.contains(a.element) && a.element.getClientRects().length; });
    if (!anchor) { return; }
    const shift = anchor.element.getBoundingClientRect().top - anchor.top;
    if (Math.abs(shift) >= 0.5) { window.scrollTo(window.scrollX, window.scrollY + shift); }
  }
  function squash(text) { return text.replace(/\s+/g, " ").trim(); }
  function ownText(e) {
    return squash(Array.from(e.childNodes, function (n) { return n.nodeType === 3 ? n.nodeValue : " "; }).join(""));
  }
  // The text of each element of a region (all of it, and its own text nodes'), before the region changes.
  function textsOf(region) {
    const texts = new WeakMap();
    region.querySelectorAll("*").forEach(function (e) { texts.set(e, {all: squash(e.textContent), own: ownText(e)}); });
    return texts;
  }
  // What reads differently, for the reader's eye: the innermost elements whose visible text changed (a new
  // element whole); a container only when its own words changed, a child of it went, or more than two of its
  // children changed (a list redrawn is one change). Not the history's new lines (marked new), not what the
  // reader does not see (hidden elements, attributes, field values), not the page's own lines (data-live-keep).
  function readChanges(element, before, added, out) {
    const differs = function (child) {
      const was = before.get(child);
      return was === undefined ? !!squash(child.textContent) : was.all !== squash(child.textContent);
    };
    const seen = function (child) {
      return added.indexOf(child) < 0 && !child.hasAttribute("data-live-keep") && !child.matches(".visually-hidden")
        && child.getClientRects().length > 0 && differs(child) && !!squash(child.textContent);
    };
    Array.from(element.children).filter(seen).forEach(function (child) {
      const was = before.get(child);
      if (was === undefined && !child.querySelector("[data-key]")) { out.push(child); return; }
      // (a child that went: no child of it reads differently, none is new, yet its text changed)
      const went = !Array.from(child.children).some(function (kid) { return added.indexOf(kid) >= 0 || differs(kid); });
      if (was !== undefined && (was.own !== ownText(child) || went || Array.from(child.children).filter(seen).length > 2)) {
        out.push(child);
      } else { readChanges(child, before, added, out); }
    });
  }
})();
