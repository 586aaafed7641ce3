"""A deleted account's seat shows a neutral name, "Former player N", said in the reader's language (German
or English) on the game's API answer, its page and its mails; the stored row keeps the English one."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from accounts import deletion
from accounts.models import User, former_player_name, shown_name
from games import selectors
from notifications import letters
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def test_the_neutral_name_in_both_languages() -> None:
    with translation.override("de"):
        assert former_player_name(12) == "Ehemaliger Spieler 12"
        assert shown_name(12, None) == "Ehemaliger Spieler 12" and shown_name(12, "Ann") == "Ann"
    with translation.override("en"):
        assert former_player_name(12) == "Former player 12"


def test_a_deleted_players_seat_is_named_in_each_readers_language(make_user: Any, api_client: Any) -> None:
    english = make_user("Anna", email_verified_at=timezone.now())
    german = make_user("Bernd", email_verified_at=timezone.now(), language=User.Language.GERMAN)
    victim = make_user("Zebulon Quist", email_verified_at=timezone.now())
    game = started_game([english, german, victim])
    deletion.erase_account(User.objects.get(pk=victim.pk))
    shell = User.objects.get(pk=victim.pk)
    assert shell.display_name == f"Former player {victim.pk}"  # the row, for the admin

    names = {}
    for reader, language in ((english, "en"), (german, "de")):  # the API speaks the Accept-Language
        answer = api_client(reader).get(f"/api/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 200
        names[reader.pk] = {s["display_name"] for s in answer.json()["seats"]}
    assert names[english.pk] == {"Anna", "Bernd", f"Former player {victim.pk}"}
    assert names[german.pk] == {"Anna", "Bernd", f"Ehemaliger Spieler {victim.pk}"}

    page = Client()
    page.force_login(german)
    html = page.get(f"/games/{game.pk}/").content.decode()
    assert f"Ehemaliger Spieler {victim.pk}" in html and "Zebulon" not in html

    assert [name for _index, user_id, name in selectors.seat_names(game.pk) if user_id == victim.pk] == [None]
    users = seat_users(game)
    german_seat = next(index for index, user in users.items() if user.pk == german.pk)
    letter = letters.started(game, german_seat, users[german_seat], users)
    assert f"Ehemaliger Spieler {victim.pk}" in " ".join(letter.intro)
