"""Target size (WCAG 2.5.8, AA: at least 24 by 24 CSS px) of every control a page offers, measured in the browser.

A target is what a tap activates: the control's own box, or the <label> around it or tied to it when that
box is bigger (a tick box's label takes the tap as well). Measured: every visible focusable element (links,
buttons, fields, <summary>, elements with a tabindex of 0 or more). Not measured: what is not shown (no
box or a box of no area, hidden, inside a closed <details> or a visually hidden element) and, by WCAG's inline exception, a link
or link-like button standing in running text: an inline element whose parent holds text of its own beside
it (a text node with letters that is not inside the element), as a link in a sentence does. WCAG's other
exception (a small target with 24 px of free space around it) is not used: every control counts.
"""

from __future__ import annotations

from typing import Any

MINIMUM = 24.0

MEASURE = """(least) => {
  const focusable = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  const describe = (e) => {
    const name = (e.getAttribute("aria-label") || e.textContent || e.value || e.name || "").replace(/\\s+/g, " ").trim();
    return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ?
      "." + e.className.trim().split(/\\s+/).join(".") : "") + (name ? " '" + name.slice(0, 40) + "'" : "");
  };
  const inline = (e) => {
    if (!/^inline/.test(getComputedStyle(e).display) || !(e.matches("a, button.link"))) { return false; }
    const parent = e.parentElement;
    return !!parent && Array.from(parent.childNodes).some((n) => n.nodeType === 3 && /[\\p{L}\\p{N}]/u.test(n.nodeValue));
  };
  const found = [];
  let smallest = null;
  document.querySelectorAll(focusable).forEach((e) => {
    if (e.tabIndex < 0 || e.disabled) { return; }  // not in the tab order (a heading focused by script)
    if (!e.getClientRects().length || e.closest(".visually-hidden, [hidden], [aria-hidden=true]")) { return; }
    const style = getComputedStyle(e);
    if (style.visibility !== "visible") { return; }
    if (e.closest("details:not([open]) > :not(summary)")) { return; }
    // The control's box, or its label's when that one is big enough (a tick box's words take the tap too).
    const boxes = [e].concat(Array.from(e.labels || [])).map((x) => x.getBoundingClientRect());
    const own = boxes[0];
    if (own.width === 0 || own.height === 0 || (own.width <= 1 && own.height <= 1)) { return; }  // no area to tap
    const box = boxes.find((r) => r.width >= least - 0.05 && r.height >= least - 0.05) || own;
    if (inline(e)) { return; }
    const size = {what: describe(e), width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10};
    if (!smallest || Math.min(size.width, size.height) < Math.min(smallest.width, smallest.height)) { smallest = size; }
    if (box.width < least - 0.05 || box.height < least - 0.05) { found.push(size); }
  });
  return {small: found, smallest: smallest};
}"""


def small_targets(page: Any) -> dict[str, Any]:
    """{"small": the controls of the page below 24 x 24 px (what, width, height), "smallest": the smallest
    control measured}."""
    return dict(page.evaluate(MEASURE, MINIMUM))
