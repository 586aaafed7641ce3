"""A deleted player's chat lines: their text is erased, the lines stay under "Former player N" and say
"message removed" (in the reader's language) on the API, the game's page, the chat's poll and the mails, so
that the other players' conversation keeps its shape; the privacy page says so in German and English."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts import deletion
from accounts.models import User
from chat import services as chat
from chat.models import Message
from notifications import delivery
from notifications.models import Kind, Outbox
from tests.games.helpers import play_random, seat_users, started_game

pytestmark = pytest.mark.django_db

SECRET = "meet me at the old mill"


@pytest.fixture
def table(make_user: Any) -> dict[str, Any]:
    ann = make_user("Ann", email_verified_at=timezone.now())
    zeb = make_user("Zebulon", email_verified_at=timezone.now())
    ben = make_user("Ben", email_verified_at=timezone.now(), language=User.Language.GERMAN)
    game = started_game([ann, zeb, ben])
    chat.post(ann, game.pk, "Hello all")
    chat.post(zeb, game.pk, SECRET)
    chat.post(ben, game.pk, "Zebulon, that sounds like a plan")
    chat.post(zeb, game.pk, "second line of mine")
    return {"ann": ann, "zeb": zeb, "ben": ben, "game": game}


def _delete(user: User) -> None:
    deletion.erase_account(User.objects.get(pk=user.pk))


def test_the_lines_stay_and_say_message_removed_on_the_api(api_client: Any, table: dict[str, Any]) -> None:
    game, zeb = table["game"], table["zeb"]
    _delete(zeb)
    assert SECRET not in " ".join(Message.objects.values_list("text", flat=True))
    english = api_client(table["ann"]).get(f"/api/games/{game.pk}/chat", HTTP_ACCEPT_LANGUAGE="en").json()
    lines = [(m["seq"], m["author"]["display_name"], m["text"], m["removed"]) for m in english["messages"]]
    assert lines == [
        (1, "Ann", "Hello all", False),
        (2, f"Former player {zeb.pk}", "message removed", True),
        (3, "Ben", f"Former player {zeb.pk}, that sounds like a plan", False),  # the others' words name no one
        (4, f"Former player {zeb.pk}", "message removed", True),
    ]
    german = api_client(table["ben"]).get(f"/api/games/{game.pk}/chat", HTTP_ACCEPT_LANGUAGE="de").json()
    assert [(m["author"]["display_name"], m["text"]) for m in german["messages"] if m["removed"]] == [
        (f"Ehemaliger Spieler {zeb.pk}", "Nachricht entfernt")] * 2


def test_the_page_and_its_poll_show_the_removed_lines_without_a_mute_button(table: dict[str, Any]) -> None:
    game, zeb = table["game"], table["zeb"]
    _delete(zeb)
    browser = Client()
    browser.force_login(table["ann"])
    html = browser.get(f"/games/{game.pk}/").content.decode()
    section = html.split('id="chat"', 1)[1].split("</section>", 1)[0]
    assert section.count("message removed") == 2 and SECRET not in section and "Hello all" in section
    assert f"Former player {zeb.pk}" in section and "Mute Ben" in section
    assert f"Mute Former player {zeb.pk}" not in section  # nobody left to mute
    polled = browser.get(f"/games/{game.pk}/chat/messages?after=1").json()
    assert "message removed" in str(polled) and SECRET not in str(polled)
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(table["ben"])
    assert "Nachricht entfernt" in german.get(f"/games/{game.pk}/").content.decode()


def test_the_mails_tell_a_removed_line_and_send_none_about_it(table: dict[str, Any], settings: Any) -> None:
    game, zeb, ann = table["game"], table["zeb"], table["ann"]
    from notifications.models import Preference

    Preference.objects.update_or_create(user=ann, defaults={"chat": Preference.ChatMode.EACH})
    chat.post(zeb, game.pk, "one more, " + SECRET)  # a message mail to Ann, queued
    queued = Outbox.objects.filter(kind=Kind.CHAT, user=ann, status=Outbox.Status.PENDING)
    assert queued.exists()
    users = seat_users(game)
    before = Outbox.objects.filter(kind=Kind.TURN, user=ann).count()
    play_random(game, random.Random(2), max_commands=60)  # Ann's turn comes: "since your last turn ..."
    assert Outbox.objects.filter(kind=Kind.TURN, user=ann).count() > before, users
    _delete(zeb)
    assert not queued.exists()  # the mail of an erased line is not sent
    mail.outbox.clear()
    delivery.deliver_pending(limit=500)
    told = "\n".join(m.subject + "\n" + m.body for m in mail.outbox if ann.email in m.to)
    assert SECRET not in told and "Zebulon" not in told
    assert f"Former player {zeb.pk} wrote: message removed" in told
    german = "\n".join(m.subject + "\n" + m.body for m in mail.outbox if table["ben"].email in m.to)
    assert f"Ehemaliger Spieler {zeb.pk}" in german and "Former player" not in german  # each reader's language


def test_the_privacy_page_says_so_in_both_languages(client: Client) -> None:
    english = client.get("/privacy/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the text of every message you wrote is erased" in english and "“message removed”" in english
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/privacy/").content.decode()
    assert "wird der Text jeder Nachricht gelöscht" in german and "„Nachricht entfernt“" in german
