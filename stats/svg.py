"""Charts drawn on the server as SVG, with no JavaScript: lines (a score by round), stacked areas (a deck's cards
over the turns) and a grid (who held which character each round). A chart is a plain dict, as a game's
`story_charts.charts` gives it (keys below); every text in it is escaped here.

* lines / stacked: `title`, `x` (the labels along the bottom), `x_title`, `y_title`, `series` (`name`,
  `values`, optionally `tone`: a colour family, e.g. "gold", "green", "blue", "purple", "red", "grey").
* grid: `title`, `x`, `x_title`, `rows` (`name`, `cells`: each `text`, `short` (what fits in a box),
  `tone`: a palette index or None).

The pictures scale with the page (a viewBox, `width="100%"`); each line also differs by its dash and marker,
not by its colour alone. The table beside each chart (`stats/story_charts.html`) says the same in words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH = 640
PLOT_HEIGHT = 240
LEFT, RIGHT, TOP, BOTTOM = 48, 14, 14, 40
LEGEND_ROW, LEGEND_PER_ROW = 20, 3
FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="14"'

# Okabe and Ito's colours, told apart with every kind of colour vision; then the dashes and markers.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D31")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 4", "1 2")
MARKERS = ("circle", "square", "diamond", "triangle")
TONES = {
    "gold": ("#E69F00", "#C98A00", "#F2C45A", "#A87300", "#F7DC9B"),
    "green": ("#009E73", "#5BC29C", "#00704F", "#A6DCC6", "#3E8E6F"),
    "blue": ("#0072B2", "#56B4E9", "#004D7A", "#9FD3F2", "#2F8BC4", "#1B5F8C", "#B7DDF5"),
    "purple": ("#CC79A7", "#8E4F78", "#E3B3CE"),
    "red": ("#D55E00", "#F0955A", "#9C4500"),
    "grey": ("#6E6E6E", "#A0A0A0", "#4A4A4A", "#C4C4C4"),
}


def _nice_step(top: float) -> int:
    """A round step for about five lines up to `top` (1, 2, 5, 10, 20, ...)."""
    raw = max(top / 5, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def _label_every(count: int, most: int = 12) -> int:
    return max(1, math.ceil(count / most))


def _x_positions(count: int) -> list[float]:
    inner = WIDTH - LEFT - RIGHT
    if count <= 1:
        return [LEFT + inner / 2]
    return [LEFT + inner * i / (count - 1) for i in range(count)]


def _frame(chart_id: str, height: int, title: str, description: str, body: Sequence[str]) -> SafeString:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
            f'aria-labelledby="{chart_id}-title {chart_id}-desc" class="story-picture" {FONT}>'
            f'<title id="{chart_id}-title">{escape(title)}</title><desc id="{chart_id}-desc">{escape(description)}</desc>'
            f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#fff"/>')
    return mark_safe(head + "".join(body) + "</svg>")  # noqa: S308 (every text above and in `body` is escaped)


def _axes(x: Sequence[str], x_title: str, y_title: str, top_value: float,
          low_value: float = 0) -> tuple[list[str], int, int, int]:
    """The grid lines, ticks and titles of a plot; the values at its top and its bottom (0, or below for a
    series that goes under it) and the plot's bottom y."""
    step = _nice_step(top_value - min(low_value, 0))
    top = step * max(1, math.ceil(top_value / step))
    low = step * math.floor(min(low_value, 0) / step)
    bottom = TOP + PLOT_HEIGHT
    parts = []
    for value in range(low, top + 1, step):
        y = bottom - PLOT_HEIGHT * (value - low) / (top - low)
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
                     f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#333">{value}</text>')
    every = _label_every(len(x))
    for i, (label, px) in enumerate(zip(x, _x_positions(len(x)), strict=True)):
        if i % every == 0 or i == len(x) - 1:
            parts.append(f'<text x="{px:.1f}" y="{bottom + 16}" text-anchor="middle" fill="#333">{escape(label)}</text>')
    parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{bottom}" y2="{bottom}" stroke="#333"/>')
    parts.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{bottom + 34}" text-anchor="middle" fill="#333">{escape(x_title)}</text>')
    parts.append(f'<text x="12" y="{TOP + PLOT_HEIGHT / 2:.1f}" text-anchor="middle" fill="#333" '
                 f'transform="rotate(-90 12 {TOP + PLOT_HEIGHT / 2:.1f})">{escape(y_title)}</text>')
    return parts, top, low, bottom


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y:.1f}L{x:.1f} {y + 5:.1f}L{x - 5:.1f} {y:.1f}Z" fill="{colour}"/>'
    if kind == "triangle":
        return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y + 4:.1f}L{x - 5:.1f} {y + 4:.1f}Z" fill="{colour}"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>'


def _legend(entries: Sequence[tuple[str, str, str, str | None]], top: float) -> list[str]:
    """Legend rows below the plot: (name, colour, dash, marker or None for a filled box)."""
    parts = []
    column = (WIDTH - LEFT) / LEGEND_PER_ROW
    for i, (name, colour, dash, marker) in enumerate(entries):
        x = LEFT + column * (i % LEGEND_PER_ROW)
        y = top + LEGEND_ROW * (i // LEGEND_PER_ROW) + 10
        if marker is None:
            parts.append(f'<rect x="{x:.1f}" y="{y - 6:.1f}" width="18" height="12" fill="{colour}"/>')
        else:
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(f'<line x1="{x:.1f}" x2="{x + 18:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{colour}" stroke-width="2.5"{dashed}/>'
                         + _marker(marker, x + 9, y, colour))
        short = name if len(name) <= 20 else name[:19] + "…"
        parts.append(f'<text x="{x + 24:.1f}" y="{y + 4:.1f}" fill="#222">{escape(short)}</text>')
    return parts


def _legend_height(count: int) -> int:
    return LEGEND_ROW * math.ceil(count / LEGEND_PER_ROW) + 8


def lines(chart_id: str, chart: dict[str, Any]) -> SafeString:
    """A line per series over the x labels."""
    series = chart["series"]
    values = [v for s in series for v in s["values"] if v is not None]
    parts, top, low, bottom = _axes(chart["x"], chart.get("x_title", ""), chart.get("y_title", ""), max(values + [1]),
                                    min(values + [0]))
    xs = _x_positions(len(chart["x"]))
    entries = []
    for i, line in enumerate(series):
        colour, dash, marker = PALETTE[i % len(PALETTE)], DASHES[i % len(DASHES)], MARKERS[i % len(MARKERS)]
        points = [(x, bottom - PLOT_HEIGHT * (v - low) / (top - low))
                  for x, v in zip(xs, line["values"], strict=False) if v is not None]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"{dashed}/>')
        if len(points) <= 30:
            parts.extend(_marker(marker, x, y, colour) for x, y in points)
        entries.append((str(line["name"]), colour, dash, marker))
    legend_top = bottom + 48
    parts.extend(_legend(entries, legend_top))
    return _frame(chart_id, int(legend_top + _legend_height(len(entries))), chart["title"], chart.get("description", ""), parts)


def _tone_colours(series: Sequence[dict[str, Any]]) -> list[str]:
    """A colour per series: the next shade of its tone, or of the palette."""
    used: dict[str, int] = {}
    colours = []
    for i, one in enumerate(series):
        tone = one.get("tone")
        if tone in TONES:
            shades = TONES[tone]
            colours.append(shades[used.get(tone, 0) % len(shades)])
            used[tone] = used.get(tone, 0) + 1
        else:
            colours.append(PALETTE[i % len(PALETTE)])
    return colours


def stacked(chart_id: str, chart: dict[str, Any]) -> SafeString:
    """Areas stacked bottom up, the first series lowest (a deck's cards by name over the turns)."""
    series = chart["series"]
    count = len(chart["x"])
    totals = [sum(s["values"][i] for s in series) for i in range(count)]
    parts, top, _low, bottom = _axes(chart["x"], chart.get("x_title", ""), chart.get("y_title", ""), max(totals + [1]))
    xs = _x_positions(count)
    below = [0.0] * count
    colours = _tone_colours(series)
    for one, colour in zip(series, colours, strict=True):
        above = [b + v for b, v in zip(below, one["values"], strict=True)]
        if count == 1:  # one turn: a bar
            height = PLOT_HEIGHT * (above[0] - below[0]) / top
            parts.append(f'<rect x="{xs[0] - 20:.1f}" y="{bottom - PLOT_HEIGHT * above[0] / top:.1f}" width="40" '
                         f'height="{height:.1f}" fill="{colour}"/>')
        else:
            upper = [f"{x:.1f},{bottom - PLOT_HEIGHT * v / top:.1f}" for x, v in zip(xs, above, strict=True)]
            lower = [f"{x:.1f},{bottom - PLOT_HEIGHT * v / top:.1f}" for x, v in zip(reversed(xs), reversed(below), strict=True)]
            parts.append(f'<polygon points="{" ".join(upper + lower)}" fill="{colour}" stroke="#fff" stroke-width="0.5"/>')
        below = above
    legend_top = bottom + 48
    parts.extend(_legend([(str(s["name"]), c, "", None) for s, c in zip(series, colours, strict=True)], legend_top))
    return _frame(chart_id, int(legend_top + _legend_height(len(series))), chart["title"], chart.get("description", ""), parts)


GRID_NAMES = 120  # the column of the players' names
GRID_ROW = 30


def grid(chart_id: str, chart: dict[str, Any]) -> SafeString:
    """A box per row and column (a player and a round), its short text in it, coloured by its tone."""
    columns, rows = chart["x"], chart["rows"]
    width = (WIDTH - GRID_NAMES - RIGHT) / max(len(columns), 1)
    parts = []
    every = _label_every(len(columns), 16)
    for j, label in enumerate(columns):
        if j % every == 0 or j == len(columns) - 1:
            parts.append(f'<text x="{GRID_NAMES + width * (j + 0.5):.1f}" y="{TOP + 10}" text-anchor="middle" '
                         f'fill="#333">{escape(label)}</text>')
    for i, row in enumerate(rows):
        y = TOP + 20 + GRID_ROW * i
        name = str(row["name"])
        parts.append(f'<text x="{GRID_NAMES - 8}" y="{y + GRID_ROW / 2 + 4:.1f}" text-anchor="end" fill="#222">'
                     f'{escape(name if len(name) <= 13 else name[:12] + "…")}</text>')
        for j, cell in enumerate(row["cells"]):
            tone = cell.get("tone")
            fill = "#eee" if tone is None else PALETTE[int(tone) % len(PALETTE)]
            ink = "#222" if tone is None or PALETTE[int(tone) % len(PALETTE)] in ("#E69F00", "#56B4E9") else "#fff"
            x = GRID_NAMES + width * j
            parts.append(f'<rect x="{x + 1:.1f}" y="{y + 1}" width="{width - 2:.1f}" height="{GRID_ROW - 2}" rx="3" fill="{fill}"/>'
                         f'<text x="{x + width / 2:.1f}" y="{y + GRID_ROW / 2 + 4:.1f}" text-anchor="middle" fill="{ink}">'
                         f'{escape(cell.get("short", ""))}</text>')
    height = TOP + 20 + GRID_ROW * len(rows) + 16
    parts.append(f'<text x="{(GRID_NAMES + WIDTH - RIGHT) / 2:.1f}" y="{height - 2}" text-anchor="middle" fill="#333">'
                 f'{escape(chart.get("x_title", ""))}</text>')
    return _frame(chart_id, int(height + 6), chart["title"], chart.get("description", ""), parts)


DRAWERS = {"lines": lines, "stacked": stacked, "grid": grid}


def draw(chart_id: str, chart: dict[str, Any]) -> SafeString:
    """The SVG of a chart, by its `type`."""
    return DRAWERS[chart["type"]](chart_id, chart)
