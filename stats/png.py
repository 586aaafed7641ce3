"""The main chart of a finished game's story (Citadels: the score by round; Dominion: the victory points by
turn) as a PNG, for the game-ended mail: mail clients show no SVG. Drawn with Pillow from the same numbers
and chart dict as the page's SVG (`stats.story`), each line told apart by its colour and its marker.

`story_png(game)` gives the bytes (cached by the game's id, version and language); `inline_image(game, cid)` a
MIME part to attach to a letter and show with `<img src="cid:...">`; `signed_png_url(game)` the path of
`/games/<id>/story.png` with a signature that lets a mail client without the reader's session fetch it."""

from __future__ import annotations

import io
from email.mime.image import MIMEImage
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import get_language
from PIL import Image, ImageDraw, ImageFont

from games.models import Game
from games.registry import get_kind

from .story import FINISHED_CACHE_SECONDS, finished_numbers, reader_names
from .svg import MARKERS, PALETTE

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 40, 86  # the plot's margins: title above, axis and legend below
FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SIGNING_SALT = "stats.story-png"


def _font(size: int) -> Any:
    try:
        return ImageFont.truetype(FONT_FILE, size)
    except OSError:  # no DejaVu on this machine: Pillow's own font (a FreeType build scales it too)
        return ImageFont.load_default(size)


def main_chart(game: Game) -> dict[str, Any] | None:
    """The first chart of a finished game's story, in the active language (None: no story, or not finished)."""
    story = get_kind(game.kind).story_module
    if story is None or game.status != Game.Status.FINISHED:
        return None
    charts = story.charts(finished_numbers(game), reader_names(game, None))
    lines = [chart for chart in charts if chart.get("type") == "lines"]
    return lines[0] if lines else None


def _marker(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, colour: str) -> None:
    r = 4
    if kind == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour)
    elif kind == "diamond":
        draw.polygon([(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)], fill=colour)
    elif kind == "triangle":
        draw.polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill=colour)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _step(top: float) -> int:
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if top / step <= 6:
            return step
    return 1000


def render(chart: dict[str, Any]) -> bytes:
    """A lines chart (`stats.svg`'s dict: title, x, x_title, y_title, series) as PNG bytes, WIDTH x HEIGHT."""
    image = Image.new("RGB", (WIDTH, HEIGHT), "white")
    draw = ImageDraw.Draw(image)
    font, small = _font(15), _font(12)
    draw.text((LEFT, 10), chart["title"], fill="#222", font=font)
    values = [v for s in chart["series"] for v in s["values"]]
    low, high = min(0, *values), max(1, *values)
    step = _step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    count = len(chart["x"])

    def to_x(i: int) -> float:
        return LEFT + (right - LEFT) * (i / (count - 1) if count > 1 else 0.5)

    def to_y(v: float) -> float:
        return float(bottom - (bottom - TOP) * (v - low) / (high - low))

    for value in range(int(low), int(high) + 1, step):
        draw.line((LEFT, to_y(value), right, to_y(value)), fill="#dddddd")
        draw.text((LEFT - 6, to_y(value)), str(value), fill="#333", font=small, anchor="rm")
    draw.line((LEFT, bottom, right, bottom), fill="#333333")
    every = max(1, -(-count // 12))
    for i, label in enumerate(chart["x"]):
        if i % every == 0 or (i == count - 1 and i % every > every // 2):  # the last, if not crowding its neighbour
            draw.text((to_x(i), bottom + 4), label, fill="#333", font=small, anchor="ma")
    draw.text(((LEFT + right) / 2, bottom + 20), chart["x_title"], fill="#333", font=small, anchor="ma")
    for n, series in enumerate(chart["series"]):
        colour, marker = PALETTE[n % len(PALETTE)], MARKERS[n % len(MARKERS)]
        points = [(to_x(i), to_y(v)) for i, v in enumerate(series["values"])]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3 if n == 0 else 2)
        for x, y in points[::every]:
            _marker(draw, marker, x, y, colour)
        legend_x, legend_y = LEFT + (n % 3) * ((WIDTH - LEFT) / 3), bottom + 42 + 18 * (n // 3)
        draw.line((legend_x, legend_y, legend_x + 18, legend_y), fill=colour, width=3)
        _marker(draw, marker, legend_x + 9, legend_y, colour)
        name = series["name"] if len(series["name"]) <= 22 else series["name"][:21] + "…"
        draw.text((legend_x + 24, legend_y), name, fill="#222", font=small, anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def story_png(game: Game) -> bytes | None:
    """The finished game's main chart as PNG bytes in the active language (None: nothing to draw)."""
    key = f"stats:story-png:{game.pk}:{game.version}:{get_language()}"
    found: bytes | None = cache.get(key)
    if found is None:
        chart = main_chart(game)
        if chart is None or not chart["x"]:
            return None
        found = render(chart)
        cache.set(key, found, FINISHED_CACHE_SECONDS)
    return found


def inline_image(game: Game, cid: str) -> MIMEImage | None:
    """The chart as a MIME part for a letter (`EmailMultiAlternatives.attach(part)`, the letter's multipart
    subtype "related"), shown in its HTML by `<img src="cid:{cid}">`; None: nothing to draw."""
    png = story_png(game)
    if png is None:
        return None
    part = MIMEImage(png, "png")
    part.add_header("Content-ID", f"<{cid}>")
    part.add_header("Content-Disposition", "inline", filename=f"game-{game.pk}.png")
    return part


def signed_png_url(game: Game) -> str:
    """The chart's path with a signature (no expiry: a finished game's chart never changes) that lets anybody
    holding the link see it, as a mail's reader without the site's session; prefix the site's address."""
    return f"{reverse('game-story-png', args=[game.pk])}?key={signing.dumps(game.pk, salt=SIGNING_SALT)}"


def signature_allows(game_id: int, key: str) -> bool:
    """Whether `key` is `signed_png_url`'s signature of this game."""
    try:
        return bool(signing.loads(key, salt=SIGNING_SALT) == game_id)
    except signing.BadSignature:
        return False


def mail_picture(game: Game) -> dict[str, Any] | None:
    """What the game-ended letter shows of the story, in the active language (None: nothing to draw): `src`
    (the signed PNG's full address, under SITE_URL), `alt`, `width`, `height`, and `section`, the same numbers
    as a letter's section (title, one line per player: their values along the chart) for the plain text and for
    readers who load no images."""
    chart = main_chart(game)
    if chart is None or not chart["x"]:
        return None
    rows = chart["table"]["rows"]
    lines = [f"{row['name']}: {' · '.join(row['cells'])}" for row in rows]
    return {"src": f"{settings.SITE_URL}{signed_png_url(game)}", "alt": chart["description"], "width": WIDTH,
            "height": HEIGHT, "section": (chart["title"], lines)}
