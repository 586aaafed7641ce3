"""The web pages through Django's test client: forms show what was wrong, errors are friendly pages."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from citadels.cards import BASE_DECK, DISTRICTS
from games.models import Game

pytestmark = pytest.mark.django_db

BASE = {"kind": "citadels", "players": "4", "decision_hours": "48", "reminder_hours": "12", "timeout_policy": "bot",
        "listed": "on", "citadels__edition": "2012"}
RANKS = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def _form(**extra: str) -> dict[str, Any]:
    data: dict[str, Any] = dict(BASE)
    data.update({f"citadels__character_{i + 1}": c for i, c in enumerate(RANKS)})
    data["citadels__purple"] = sorted({d for d in BASE_DECK if DISTRICTS[d].colour == "purple"})  # as ticked
    data.update(extra)
    return data


def test_new_game_form_creates_a_game_and_refusals_are_form_errors(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    assert client.get("/games/new/").status_code == 200
    created = client.post("/games/new/", _form())
    assert created.status_code == 302 and Game.objects.filter(created_by=user).count() == 1
    # An option the engine refuses is a form error that shows the engine's reason; a bad time control too.
    refusals = {
        "2 players play with 8 characters": {"players": "2", "citadels__character_9": "artist"},
        "the Queen plays only with 5 or more players": {"citadels__character_9": "queen"},
        "less than or equal to 15": {"citadels__dark_city_districts": "16"},  # at the field
        "must come before the deadline": {"reminder_hours": "99"},
    }
    for message, extra in refusals.items():
        answer = client.post("/games/new/", _form(**extra))
        assert answer.status_code == 400 and b'class="error"' in answer.content, extra
        assert message in answer.content.decode(), extra
    assert Game.objects.filter(created_by=user).count() == 1


def test_bad_ids_and_foreign_actions_are_friendly_pages(client: Any, make_user: Any) -> None:
    from games import services

    owner, other = make_user(), make_user()
    game = services.create_game(owner, players=3, listed=False)
    for path in ("/games/424242/", "/games/x/", "/games/invite/nonsense/"):
        answer = client.get(path)
        assert answer.status_code == 404 and b"<header" in answer.content, path
    client.force_login(other)
    # A private game is no game to a stranger (tests/games/test_private_games.py); a listed one refuses.
    hidden = client.post(f"/games/{game.pk}/join")
    assert hidden.status_code == 404 and f"There is no game {game.pk}.".encode() in hidden.content
    assert client.post(f"/games/{game.pk}/start").status_code == 404
    listed = services.create_game(owner, players=3)
    assert client.post(f"/games/{listed.pk}/start").status_code == 403
    assert client.get("/api/games/424242/").json()["code"] == "game_not_found"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_draft_offers_the_characters_by_rank(client: Any, make_user: Any, language: str) -> None:
    from citadels.cards import CHARACTERS
    from tests.games.helpers import seat_users, started_game

    # Face up Bishop and Merchant, face down the Thief: the first chooser is handed the other five, which
    # the rules list by id (architect, assassin, king, ...), not in the order they are called.
    order = ["bishop", "merchant", "thief", "architect", "assassin", "king", "magician", "warlord"]
    game = started_game([make_user() for _ in range(4)], options={"character_orders": [order]}, trusted=True)
    chooser = seat_users(game)[game.awaiting[0]]
    chooser.language = language
    chooser.save(update_fields=["language"])
    client.force_login(chooser)
    page = client.get(f"/games/{game.pk}/").content.decode()
    buttons = [json.loads(html.unescape(c)) for c in re.findall(r'class="cmd" data-command="([^"]*)"', page)]
    offered = [c["character"] for c in buttons if c["type"] == "choose_character"]
    assert offered == ["assassin", "magician", "king", "architect", "warlord"]
    # The cards of the draft above the buttons too, by their rank.
    draft = page.split('<ul class="cards characters">', 1)[1].split("</ul>", 1)[0]
    # (the rank in words for the accessibility tree, the figure for the eye)
    ranks = [int(r) for r in re.findall(r'<span class="rank">.*?<span aria-hidden="true">(\d+)</span>', draft)]
    assert ranks == sorted(CHARACTERS[c].rank for c in offered)


@pytest.mark.parametrize(("options", "fewest"), [({}, 2), ({"characters": [*RANKS, "artist"]}, 4)])
def test_the_waiting_room_tells_how_many_players_these_options_need_to_start(
    client: Any, make_user: Any, options: dict[str, Any], fewest: int
) -> None:
    """A ninth character needs 4 players (3 only online): the host must not be told 2 and then refused."""
    from games import services

    host = make_user()
    game = services.create_game(host, players=5, options=options)
    client.force_login(host)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"You can start once at least {fewest} players are seated" in page
    for _ in range(fewest - 1):
        assert "Start the game" not in page  # no button that could only lead to a refusal
        services.join_game(make_user(), game.pk)
        page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Start the game" in page
    services.start_game(host, game.pk)  # that many are enough


def test_the_waiting_room_and_the_invite_tell_the_pace(client: Any, make_user: Any) -> None:
    from games import page_access, services

    host, guest = make_user(language="de"), make_user(language="en")
    game = services.create_game(host, players=3, time_control={"decision_hours": 48, "reminder_hours": 1,
                                                                 "timeout_policy": "minimal"}, listed=False)
    client.force_login(host)
    german = client.get(f"/games/{game.pk}/").content.decode()
    assert ("Tempo: 48 Stunden für jede Entscheidung, eine Erinnerung 1 Stunde vor der Frist; wenn eine Frist "
            "abläuft, wird der kleinste Zug gespielt.") in german
    client.force_login(guest)
    invite = client.get(f"/games/invite/{page_access.invite_token(game)}/").content.decode()
    assert ("Pace: 48 hours for each decision, a reminder 1 hour before the deadline; when a deadline passes, "
            "the least move is played.") in invite


def test_the_waiting_room_offers_no_invite_once_every_seat_is_taken(client: Any, make_user: Any) -> None:
    from games import services

    host = make_user()
    game = services.create_game(host, players=2)
    client.force_login(host)
    assert "Invite friends" in client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    services.join_game(make_user(), game.pk)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Invite friends" not in page and "Start the game" in page


def test_leaving_a_game_says_so(client: Any, make_user: Any) -> None:
    from games import services

    game = services.create_game(make_user(), players=3)
    guest = make_user(language="de")
    services.join_game(guest, game.pk)
    client.force_login(guest)
    page = client.post(f"/games/{game.pk}/leave", follow=True).content.decode()
    assert f"Du hast Ohne Furcht und Adel #{game.pk} verlassen." in page
