// A tournament's page follows its stream (server-sent events, `data-live-url`): on each notice of a newer
// version (an entrant, a round paired, a result, the end) its region is fetched again and changed in place
// (LiveUpdate.updater keeps the reader's place and focus). Without a stream the page stays as it was drawn.
(function () {
  "use strict";
  const live = window.LiveUpdate;
  const region = document.getElementById("tournament");
  if (!live || !region || !region.dataset.liveUrl) { return; }
  const refresh = live.updater(region, function () { return location.pathname; }, function (fresh) {
    region.dataset.version = fresh.dataset.version;
    const status = document.getElementById("tournament-status");
    if (status) { status.textContent = region.dataset.msgUpdated; }
  });
  live.listen(region.dataset.liveUrl, function (notice) {
    if (String(notice.version) !== region.dataset.version) { refresh(false); }
  }, null);
})();
