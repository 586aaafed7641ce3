// The site's only script: the game table's buttons (POST to the REST API), card choices, live updates, copy.
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
  const root = document.getElementById("game");
  if (!root) { return; }
  const error = document.getElementById("error");
  let busy = false;

  // An error stands beside the control that caused it (after its form or its row of buttons), where the
  // eye is, and is brought into view; role="alert" announces it to screen readers wherever it stands.
  function showError(control, message) {
    const place = control && control.closest("form, .buttons, ul, section");
    if (place && place.nextElementSibling !== error) { place.after(error); }
    error.textContent = message;
    if (error.scrollIntoView) { error.scrollIntoView({block: "nearest"}); }
  }
  function setEnabled(enabled) {
    root.querySelectorAll("button.cmd, form.card-choice button").forEach(function (b) { b.disabled = !enabled; });
  }
  async function send(command, control) {
    error.textContent = "";
    busy = true;
    setEnabled(false);
    try {
      const token = root.querySelector("input[name=csrfmiddlewaretoken]").value;
      const answer = await fetch("/api/games/" + root.dataset.game + "/commands", {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRFToken": token, "Idempotency-Key": idempotencyKey()},
        body: JSON.stringify({command: command, expected_version: Number(root.dataset.version)}),
      });
      if (answer.ok) { location.replace(location.pathname); return; }
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
  root.querySelectorAll("button.cmd").forEach(function (button) {
    button.addEventListener("click", function () { send(JSON.parse(button.dataset.command), button); });
  });
  root.querySelectorAll("form.card-choice").forEach(function (form) {
    form.addEventListener("submit", function (event) {
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
  });
  // Live updates: when another player moved, the page is fetched again (not during a replay).
  if (root.dataset.live) {
    setInterval(async function () {
      if (busy || document.hidden) { return; }
      try {
        const answer = await fetch(root.dataset.versionUrl || "/games/" + root.dataset.game + "/version",
                                   {credentials: "same-origin"});
        const body = await answer.json();
        if (answer.ok && String(body.version) !== root.dataset.version) { location.replace(location.pathname); }
      } catch (e) { /* offline for a moment: the next poll tries again */ }
    }, Number(root.dataset.poll || 3000));
  }
})();
