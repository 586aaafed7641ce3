"""Choosing the kingdom on the new-game page and through the API: the modes (random from sets, a recommended
set, ten chosen cards), bans, Shelters; every bad choice a form error or a 400 and nothing written; the
table's and the email's label of each kingdom pile's set."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from dominion import RULES
from dominion.options import DARK_AGES, RECOMMENDED, playable_sets
from dominion.site import describe_options, describe_refusal, email_sections
from games import services, store
from games.models import Game
from tests.games.helpers import db_snapshot

from .conftest import stacked_game

pytestmark = pytest.mark.django_db

FORM = {"kind": "dominion", "players": "2", "decision_hours": "48", "reminder_hours": "12", "timeout_policy": "bot",
        "listed": "on", "dominion__shelters": "rule"}


def _created(client: Any, user: Any, **fields: Any) -> Game:
    answer = client.post("/games/new/", {**FORM, **{f"dominion__{k}": v for k, v in fields.items()}})
    assert answer.status_code == 302, answer.content.decode()[-3000:]
    game = Game.objects.filter(created_by=user).order_by("-id").first()
    assert game is not None
    return game


def _started(game: Game, make_user: Any) -> dict[str, Any]:
    """The kingdom and Shelters of the game once started."""
    services.join_game(make_user(), game.pk)
    services.start_game(game.created_by, game.pk)
    state = store.load_state(Game.objects.get(pk=game.pk))
    return {"kingdom": list(state.kingdom), "shelters": state.shelters}


@pytest.mark.parametrize(("language", "texts"), [
    ("en", ["a recommended set", "Grim Parade: ", "Draw from the sets", "At least this many from Dark Ages",
            "Never draw these cards", "Poor House (1) · Dark Ages", "as the rulebook says"]),
    ("de", ["ein empfohlener 10er-Satz", "Leichenzug: ", "Aus diesen Editionen ziehen",
            "Mindestens so viele aus Dark Ages", "Diese Karten nie ziehen", "Armenhaus (1) · Dark Ages",
            "wie in der Spielanleitung"]),
])
def test_the_new_game_page_offers_every_way_to_choose_the_kingdom(
    client: Any, make_user: Any, language: str, texts: list[str]
) -> None:
    client.force_login(make_user(language=language))
    page = client.get("/games/new/").content.decode()
    for name in ("mode", "recommended", "sets", "at_least_dark_ages", "ban", "kingdom", "shelters"):
        assert f'name="dominion__{name}"' in page, name
    for text in texts:
        assert text in page, text


def test_a_recommended_set_from_the_form_sets_up_exactly_that_kingdom(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    game = _created(client, user, mode="recommended", recommended="playing_chess_with_death")
    assert game.options == {"recommended": "playing_chess_with_death"}
    opening = _started(game, make_user)
    assert opening["kingdom"] == sorted(RECOMMENDED["playing_chess_with_death"]) and opening["shelters"] is True


def test_a_random_kingdom_from_the_form_honours_least_numbers_bans_and_shelters(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    banned = list(DARK_AGES[:20])
    game = _created(client, user, mode="random", sets=["dark_ages"], at_least_dark_ages="4", ban=banned,
                    shelters="never")
    # The sets are an option only where they differ from the form's default (the sets the engine has).
    sets = {"sets": ["dark_ages"]} if playable_sets() != ["dark_ages"] else {}
    assert game.options == {**sets, "at_least": {"dark_ages": 4}, "ban": sorted(banned), "shelters": False}
    opening = _started(game, make_user)
    assert not set(opening["kingdom"]) & set(banned) and opening["shelters"] is False
    always = _created(client, user, shelters="always")
    assert always.options == {"shelters": True}


def test_bad_choices_are_form_errors_in_the_readers_language_and_write_nothing(client: Any, make_user: Any) -> None:
    user = make_user(language="de")
    client.force_login(user)
    before = db_snapshot()
    too_many = client.post("/games/new/", {**FORM, "dominion__at_least_dark_ages": "11"})
    field = too_many.content.decode().split('name="dominion__at_least_dark_ages"', 1)[1].split('class="field', 1)[0]
    assert too_many.status_code == 400 and 'class="error"' in field
    banned = client.post("/games/new/", {**FORM, "dominion__sets": ["dark_ages"], "dominion__ban": list(DARK_AGES[:30])})
    assert banned.status_code == 400
    assert "nur 5 Königreichstapel bleiben zum Ziehen; 10 werden gebraucht." in banned.content.decode()
    chosen = client.post("/games/new/", {**FORM, "dominion__mode": "chosen"})
    assert chosen.status_code == 400 and "muss 10 verschiedene Königreichstapel nennen" in chosen.content.decode()
    unknown = client.post("/games/new/", {**FORM, "dominion__mode": "recommended", "dominion__recommended": "nope"})
    assert unknown.status_code == 400 and 'class="error"' in unknown.content.decode()
    assert db_snapshot() == before and not Game.objects.filter(created_by=user).exists()


@pytest.mark.parametrize(("options", "reason", "english"), [
    ({"recommended": "grim_parade", "kingdom": list(DARK_AGES[:10])}, "conflicting_options",
     "the kingdom is chosen by one of these options only: kingdom, recommended."),
    ({"recommended": "Leichenzug"}, "unknown_recommended", "recommended names no recommended set: Leichenzug."),
    ({"sets": ["intrigue"]}, "unknown_sets", "sets names sets there are not: intrigue."),
    ({"sets": []}, "no_sets", "sets must name at least one set."),
    ({"ban": "rats"}, "not_a_list", "ban must be a list of ids."),
    ({"sets": ["dark_ages"], "ban": list(DARK_AGES[:30])}, "too_few_piles", "only 5 kingdom piles are left to draw from; 10 are needed."),
    ({"at_least": {"dark_ages": -1}}, "at_least_format", "at_least gives each set a number from 0 to 10."),
    ({"sets": ["dark_ages"], "at_least": {"base_first_edition": 1}}, "at_least_not_chosen",
     "at_least names sets that are not drawn from: Base game, 1st edition."),
    ({"at_least": {"dark_ages": 6, "base_second_edition": 5}}, "at_least_total",
     "at_least asks for more than 10 cards in all."),
    ({"sets": ["dark_ages"], "ban": list(DARK_AGES[:25]), "at_least": {"dark_ages": 10}}, None, None),
    ({"sets": ["dark_ages"], "ban": list(DARK_AGES[:26]), "at_least": {"dark_ages": 9}}, "too_few_piles",
     "only 9 kingdom piles are left to draw from; 10 are needed."),
])
def test_bad_options_through_the_api_are_a_400_with_the_reason_and_write_nothing(
    make_user: Any, api_client: Any, options: dict[str, Any], reason: str | None, english: str | None
) -> None:
    client = api_client(make_user())
    before = db_snapshot()
    answer = client.post("/api/games/", {"kind": "dominion", "players": 2, "options": options}, format="json",
                         HTTP_ACCEPT_LANGUAGE="en")
    if reason is None:  # the boundary: exactly 10 left, all asked for
        assert answer.status_code == 201, answer.json()
        return
    body = answer.json()
    assert answer.status_code == 400 and body["code"] == "invalid_options" and body["reason"] == reason, body
    assert body["message"] == f"These options make no game: {english}"
    assert db_snapshot() == before


def test_a_set_in_a_refusal_is_named_in_the_readers_language() -> None:
    params = {"option": "at_least", "set": "base_first_edition", "count": 6, "left": 3}
    with translation.override("de"):
        told = describe_refusal("bad_options", "", "at_least_too_many", params)
    assert told == ("Mit diesen Optionen lässt sich keine Partie spielen: at_least verlangt 6 Karten aus "
                    "Basisspiel, 1. Edition, aber nur 3 davon können gezogen werden.")


def test_the_options_are_described_in_the_readers_words() -> None:
    with translation.override("de"):
        assert describe_options({"recommended": "grim_parade"})[0].startswith(
            "Königreichkarten: der empfohlene 10er-Satz Leichenzug (Festung, Jagdgründe,")
        lines = describe_options({"sets": ["dark_ages"], "at_least": {"dark_ages": 4}, "ban": ["rats"],
                                  "shelters": False})
    assert lines == ["Königreichkarten: 10 zufällig gezogen", "Gezogen aus: Dark Ages", "Mindestens 4 aus Dark Ages",
                     "Nie gezogen: Ratten", "Mit 3 Anwesen beginnen, ohne Unterschlüpfe."]
    with translation.override("en"):
        rule = describe_options({})
    assert rule[0] == "Kingdom cards: 10 drawn at random" and "the rulebook's rule" in rule[-1]


def test_the_table_and_the_email_show_each_kingdom_piles_set(client: Any, make_user: Any) -> None:
    game, seats = stacked_game([make_user("Anna", language="de"), make_user("Ben", language="de")])
    client.force_login(seats[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    supply = page.split('aria-label="Königreichkarten"', 1)[1].split("</ul>", 1)[0]
    assert supply.count('<small class="set">Dark Ages</small>') == 10
    assert 'class="set"' not in page.split('aria-label="Basiskarten"', 1)[1].split("</ul>", 1)[0]
    view = RULES.view(store.load_state(game), 0)
    with translation.override("en"):
        lines = dict(email_sections(view, 0, {0: "Anna", 1: "Ben"}))["The Supply"]
    assert "Sage (Dark Ages, cost 3): 10 left" in lines and "Province (cost 8): 8 left" in lines
