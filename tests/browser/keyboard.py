"""The keyboard alone, for the browser tests that play a page without the mouse (issue 40).

`tab_to(page, locator)` presses Tab (or Shift+Tab, whichever way the element lies from the focus) until the
locator's element has the focus, and holds every element it passes to the two rules of a keyboard user's
eye: the focus is visible (the element matches :focus-visible and draws an outline or a shadow) and it is not
covered (the element at the centre of its box is it or inside it). A radio button is reached as a keyboard
user reaches it: Tab stops once in its group, then the arrow keys move the check (and the focus) to it.
`press` is one key on the focused element.
"""

from __future__ import annotations

from typing import Any

# One round trip per key: what the focus is now, and whether a keyboard user can see it where it is.
_FOCUS_FACTS = """(target) => {
  const e = document.activeElement;
  if (!e || e === document.body) { return {body: true, target: false, before: false}; }
  const style = getComputedStyle(e);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  const shadow = style.boxShadow && style.boxShadow !== "none";
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight;
  const top = inside ? document.elementFromPoint(x, y) : null;
  const label = e.closest("label");
  const covered = !inside || !top || !(top === e || e.contains(top) || (label !== null && label.contains(top)));
  const what = (e.tagName + " " + (e.getAttribute("aria-label") || e.textContent || e.value || "")).replace(/\\s+/g, " ").trim();
  const group = e.type === "radio" && target.type === "radio" && e.name === target.name && e.form === target.form;
  return {body: false, target: e === target, group: group, radio: e.type === "radio", checked: !!e.checked, before: !!(target.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING),
          visible: e.matches(":focus-visible") && (outline || !!shadow), covered: covered, what: what.slice(0, 80)};
}"""


def _facts(page: Any, target: Any) -> dict[str, Any]:
    facts: dict[str, Any] = page.evaluate(_FOCUS_FACTS, target)
    return facts


def _check(facts: dict[str, Any], page: Any = None, target: Any = None) -> None:
    assert facts["visible"], f"no visible focus indicator on {facts['what']!r}"
    # A card's text that opened on the previous focus closes 0.6 s after it (site.css): a cover that goes
    # within a second is the page settling; one that stays fails.
    for _ in range(10 if page is not None and facts["covered"] else 0):
        page.wait_for_timeout(100)
        facts = _facts(page, target)
        if not facts["covered"]:
            break
    assert not facts["covered"], f"the focused {facts['what']!r} is covered or off the screen"


def _arrow_to(page: Any, radio: Any, limit: int = 60) -> int:
    """From a radio of `radio`'s group, ArrowDown until `radio` has the focus (and so is checked)."""
    for presses in range(1, limit + 1):
        page.keyboard.press("ArrowDown")
        facts = _facts(page, radio)
        _check(facts, page, radio)
        if facts["target"]:
            return presses
    raise AssertionError(f"the arrow keys do not reach the radio {facts['what']!r}")


def tab_to(page: Any, locator: Any, limit: int = 250) -> int:
    """Press Tab (Shift+Tab when the element lies before the focus) until `locator`'s one element is focused,
    checking each element the focus passes (see the module's docstring); a radio button is then checked too
    (by the arrow keys from where Tab enters its group). The number of presses. Fails when
    the element is not reached within `limit` presses (it is not in the tab order)."""
    target = locator.element_handle()
    try:
        facts = _facts(page, target)
        if facts["target"]:
            _check(facts)
            return 0
        key = "Shift+Tab" if facts["before"] else "Tab"
        for presses in range(1, limit + 1):
            page.keyboard.press(key)
            facts = _facts(page, target)
            if facts["body"]:
                continue  # the focus left the document's controls: the next press wraps round
            _check(facts, page, target)
            if facts["target"]:
                if facts["radio"] and not facts["checked"]:
                    page.keyboard.press("Space")  # Tab entered a group with none checked: Space checks it
                return presses
            if facts["group"]:
                return presses + _arrow_to(page, target)
        raise AssertionError(
            f"{locator} is not reached by {key} within {limit} presses (now on {facts.get('what')!r})"
        )
    finally:
        target.dispose()


def press(page: Any, key: str) -> None:
    """Press `key` ("Enter", "Space", "ArrowDown", ...) on the element that has the focus."""
    page.keyboard.press(key)
