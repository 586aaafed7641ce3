// Live updates in place, for the pages that follow a stream (the game's table, the lobby, a waiting room):
// `LiveUpdate.listen` follows a stream of server-sent events; `LiveUpdate.updater` fetches a page again and
// changes only what differs in one region of it (`morph`), keeping the reader's place on the screen and the
// keyboard focus, and marks for a few seconds what reads differently. site.js (loaded after it) wires them.
(function () {
  "use strict";
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
      morph(region, fresh, added, region);
      after(fresh, own, added);
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
  function morph(old, fresh, added, region) {
    if (old.isEqualNode(fresh)) { return; }
    if (old !== region) { syncAttributes(old, fresh); }
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
      if (kept.nodeType === 1) { morph(kept, n, added, region); }
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
  // --- what a screen reader hears: the new lines, once ---------------------------------------------------
  // The keys (data-key) of the lines already told, per list: a line is told the first time it reaches the
  // page, never again when the page is drawn anew (a line keeps its key) nor when another script (the chat's
  // poll) put it there first.
  const told = new Set();
  function lineKey(line) {
    const list = line.closest("[data-keyed]");
    return (list ? (list.id || list.className) : "") + "/" + line.dataset.key;
  }
  // A line's words as a reader hears them: without its controls (a chat line's "Mute" button).
  function lineText(line) {
    const copy = line.cloneNode(true);
    copy.querySelectorAll("form, button, input, select, textarea, [aria-hidden=true]").forEach(function (e) { e.remove(); });
    return squash(copy.textContent);
  }
  // The texts of the lines in `lines` not told yet, matching `selector` (null: any), each told from now on;
  // a line marked data-own (the reader's own chat line) is taken as told without being heard.
  function untold(lines, selector) {
    const texts = [];
    lines.forEach(function (line) {
      if (!line.dataset || line.dataset.key === undefined || (selector && !line.matches(selector))) { return; }
      const key = lineKey(line);
      if (told.has(key)) { return; }
      told.add(key);
      if (line.hasAttribute("data-own")) { return; }
      const text = lineText(line);
      if (text) { texts.push(text); }
    });
    return texts;
  }
  // The lines the page opened with count as told (the reader reads them, they are no news).
  function rememberLines(region) {
    untold(Array.from(region.querySelectorAll("[data-keyed] > [data-key]")), null);
  }
  // Say `text` once through the polite live region `status` (role=status); an empty text says nothing. The
  // region is emptied first so that a message equal to the previous one is heard again.
  function announce(status, text) {
    if (!status || !text) { return; }
    status.textContent = "";
    setTimeout(function () { status.textContent = text; }, 50);
  }
  window.LiveUpdate = {listen: listen, updater: updater, inView: inView, untold: untold, announce: announce,
                       rememberLines: rememberLines};
})();
