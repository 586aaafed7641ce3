"""The main chart of a finished game as a PNG, for the game-ended mail: a valid PNG of the chart's size drawn
from the story's numbers, served to whoever may see the game or holds the signed link, a 404 otherwise."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from games.models import Game
from stats import png
from stats.png import HEIGHT, WIDTH, inline_image, main_chart, signed_png_url, story_png

from .helpers import finished_game, partly_played

pytestmark = pytest.mark.django_db


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.verify()  # a broken PNG raises here
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("kind, seed, title", [("citadels", 41, "Score by round"), ("dominion", 42, "Victory points by turn")])
def test_the_main_chart_is_a_png_of_the_storys_numbers(kind: str, seed: int, title: str, make_user: Any) -> None:
    game = finished_game([make_user("Anna"), make_user("Ben")], kind, seed=seed)
    chart = main_chart(game)
    assert chart is not None and chart["title"] == title and len(chart["series"]) == 2
    data = story_png(game)
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n")
    image = _image(data)
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    colours = {colour for _, colour in image.convert("RGB").getcolors(WIDTH * HEIGHT)}
    for n in range(2):  # each player's line is drawn in its colour
        hex_colour = png.PALETTE[n].lstrip("#")
        assert tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4)) in colours
    part = inline_image(game, "story@test")
    assert part is not None and part["Content-ID"] == "<story@test>" and part.get_content_type() == "image/png"


def test_served_to_who_may_see_the_game_and_a_404_otherwise(make_user: Any, client: Any) -> None:
    anna, ben, stranger = make_user("Anna"), make_user("Ben"), make_user("Stranger")
    listed = finished_game([anna, ben], "dominion", seed=43)
    answer = client.get(f"/games/{listed.pk}/story.png")  # a listed game: anybody, signed in or not
    assert answer.status_code == 200 and answer["Content-Type"] == "image/png"
    assert "max-age" in answer["Cache-Control"]
    assert _image(answer.content).size == (WIDTH, HEIGHT)

    hidden = finished_game([anna, ben], "dominion", seed=44)
    Game.objects.filter(pk=hidden.pk).update(listed=False)
    hidden.refresh_from_db()
    assert client.get(f"/games/{hidden.pk}/story.png").status_code == 404
    client.force_login(stranger)
    assert client.get(f"/games/{hidden.pk}/story.png").status_code == 404
    assert client.get(f"/games/{hidden.pk}/story.png?key=forged").status_code == 404
    assert client.get(signed_png_url(listed).replace(f"/{listed.pk}/", f"/{hidden.pk}/")).status_code == 404
    client.logout()
    signed = client.get(signed_png_url(hidden))  # the mail's link, without a session
    assert signed.status_code == 200 and _image(signed.content).format == "PNG"
    client.force_login(anna)
    assert client.get(f"/games/{hidden.pk}/story.png").status_code == 200

    running = partly_played([anna, ben], "dominion", seed=45, commands=30)
    assert client.get(f"/games/{running.pk}/story.png").status_code == 404  # not finished: no picture yet
    assert client.get(signed_png_url(running)).status_code == 404
    assert client.get("/games/999999/story.png").status_code == 404


def test_the_mails_picture_links_the_signed_png_and_tells_its_numbers(make_user: Any, client: Any,
                                                                      settings: Any) -> None:
    settings.SITE_URL = "https://play.example"
    anna, ben = make_user("Anna"), make_user("Ben")
    game = finished_game([anna, ben], "citadels", seed=46)
    Game.objects.filter(pk=game.pk).update(listed=False)
    picture = png.mail_picture(game)
    assert picture is not None and picture["src"].startswith(f"https://play.example/games/{game.pk}/story.png?key=")
    assert (picture["width"], picture["height"]) == (WIDTH, HEIGHT) and picture["alt"]
    title, lines = picture["section"]
    chart = main_chart(game)
    assert chart is not None and title == chart["title"] == "Score by round"
    for series, line in zip(chart["series"], lines, strict=True):  # each player's scores by round, in order
        name, cells = line.split(": ", 1)  # a cell: "14 (12 + 2)", the total, then districts and bonuses
        assert name == series["name"] and [cell.split()[0] for cell in cells.split(" · ")] == [str(v) for v in series["values"]]
    assert {line.split(":")[0] for line in lines} == {"Anna", "Ben"}
    assert client.get(picture["src"].removeprefix("https://play.example")).status_code == 200
