"""What a newcomer tripped over on a first walk through the site, each checked in the browser:

the verification link opened signed out (the player's language, a way on), "Saved." after a change of
language, a game page opened from an email while signed out (a way to sign in), a start with fewer players
than the options need (the same number as the waiting room, a way back to the game) and a mistyped replay
step (German, a way back to the game).
"""

from __future__ import annotations

from typing import Any

import pytest

from accounts import services as accounts
from games import services
from tests.games.helpers import started_game

from .axe import assert_accessible
from .conftest import hold_live_updates

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-secret-pw-1"  # what tests/conftest.py's make_user gives every user
NINE = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "artist"]


def test_the_verification_link_opened_signed_out_speaks_the_players_language_and_leads_on(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    fritz = make_user("Fritz", language="de")
    page = page_for(None)  # an English browser, not signed in
    link = accounts.verification_link(fritz)
    page.goto(live_server.url + "/" + link.split("://", 1)[1].split("/", 1)[1])
    page.get_by_role("heading", name="Adresse bestätigt").wait_for()
    assert page.locator("html").get_attribute("lang") == "de"
    assert_accessible(page, "address confirmed")
    page.locator("main").get_by_role("link", name="Anmelden").click()
    assert "/accounts/login/" in page.url

    signed_in = page_for(fritz)
    signed_in.goto(live_server.url + "/" + link.split("://", 1)[1].split("/", 1)[1])
    signed_in.locator("main").get_by_role("link", name="Deine Partien").click()
    assert signed_in.url == live_server.url + "/"


def test_saved_speaks_the_newly_chosen_language(make_user: Any, page_for: Any, live_server: Any) -> None:
    page = page_for(make_user("Greta", language="de"))
    page.goto(live_server.url + "/settings/")
    page.get_by_label("Sprache").select_option("en")
    page.get_by_role("button", name="Speichern").first.click()
    page.locator(".messages").wait_for()
    assert page.locator(".messages").inner_text().strip() == "Saved."
    assert page.get_by_role("heading", name="Settings").count() == 1


def test_a_game_page_opened_signed_out_offers_to_sign_in(make_user: Any, page_for: Any, live_server: Any) -> None:
    players = [make_user(), make_user()]
    game = started_game(players)
    page = page_for(None)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "Sign in to see your hand" in page.locator("main").inner_text()
    assert_accessible(page, "game page signed out")
    page.locator("main").get_by_role("link", name="Sign in").click()
    page.get_by_label("Email address").fill(players[1].email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Your hand and characters").wait_for()  # back at the table, as a player
    assert page.url == f"{live_server.url}/games/{game.pk}/"
    assert "Sign in to see your hand" not in page.locator("main").inner_text()


def test_a_start_short_of_players_says_how_many_and_leads_back_to_the_game(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    host = make_user("Hanna", language="de")
    game = services.create_game(host, "citadels", 6, options={"characters": NINE})
    guests = [make_user() for _ in range(3)]
    services.join_game(guests[0], game.pk)
    page = page_for(host)
    # The waiting room follows its seats live; held off here (as if offline), so that the page still shows
    # the start button after a guest left and the refusal is what the player sees.
    hold_live_updates(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "mindestens 4 Spieler" in page.locator("main").inner_text()  # what the waiting room promises
    assert page.get_by_role("button", name="Partie beginnen").count() == 0  # no start that can only be refused
    for guest in guests[1:]:
        services.join_game(guest, game.pk)
    page.reload()
    services.leave_game(guests[2], game.pk)  # after the page showed the button: the start is refused
    page.get_by_role("button", name="Partie beginnen").click()
    page.get_by_role("heading", name="Das ging leider nicht").wait_for()
    assert page.locator("main .error").inner_text() == "Zum Beginnen braucht es mindestens 4 Spieler."
    assert_accessible(page, "refused start")
    page.get_by_role("link", name="Zurück zur Partie").click()
    assert page.url == f"{live_server.url}/games/{game.pk}/"


def test_a_mistyped_replay_step_is_told_in_german_with_a_way_back(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    players = [make_user("Ida", language="de"), make_user()]
    game = started_game(players)
    page = page_for(players[0])
    answer = page.goto(f"{live_server.url}/games/{game.pk}/?at=drei")
    assert answer is not None and answer.status == 400
    assert page.locator("main .error").inner_text() == "at muss eine ganze Zahl sein."
    page.get_by_role("link", name="Zurück zur Partie").click()
    assert page.url == f"{live_server.url}/games/{game.pk}/"


def test_the_waiting_room_and_the_invite_tell_the_options_a_player_joins(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    from games.page_access import invite_token

    dark = ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat", "artist"]
    host = make_user("Jana", language="de")
    game = services.create_game(host, "citadels", 4, options={
        "edition": "online", "characters": dark, "purple": ["poor_house", "ball_room"]})
    page = page_for(host)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    options = page.locator("ul.options").inner_text()
    assert "Regeln der Online-Seite" in options
    assert "Charaktere: Hexe, Steuereintreiber, Beschwörer, Intrigant" in options and "Künstler" in options
    assert "Lila Bauwerke im Stapel: Armenhaus, Ballsaal" in options
    assert_accessible(page, "waiting room with options")

    kingdom = ["beggar", "squire", "hermit", "market_square", "armory", "death_cart", "marauder", "band_of_misfits",
               "knights", "rogue"]
    dominion = services.create_game(host, "dominion", 3, options={"kingdom": kingdom, "shelters": False})
    friend = page_for(make_user("Kim"))
    friend.goto(f"{live_server.url}/games/invite/{invite_token(dominion)}/")
    options = friend.locator("ul.options").inner_text()
    assert options.startswith("Kingdom cards: Armory, Band of Misfits, Beggar, Death Cart")
    assert "Hovel" not in options  # no Shelters in this game
    random_kingdom = services.create_game(host, "dominion", 3)
    friend.goto(f"{live_server.url}/games/{random_kingdom.pk}/")
    assert "Kingdom cards: 10 drawn at random" in friend.locator("ul.options").inner_text()
    assert "Start with Hovel, Necropolis and Overgrown Estate" in friend.locator("ul.options").inner_text()
