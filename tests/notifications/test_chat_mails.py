"""The chat in the mails: the message email and its preference (each, in the digest, never), the players'
messages in the turn emails and in the digest; spectators' messages, hidden and muted ones never mailed."""

from __future__ import annotations

from typing import Any

import pytest

from chat import services as chat
from chat.models import Message
from citadels import RULES
from games import services, store
from games.models import Game
from notifications import digests, preferences
from notifications.models import Kind, Outbox, Preference
from notifications.rendering import render

from .helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def trio(verified_user: Any) -> dict[str, Any]:
    ann, ben, cem = (verified_user(name, language="en") for name in ("Ann", "Ben", "Cem"))
    game = started_game([ann, ben, cem])
    return {"ann": ann, "ben": ben, "cem": cem, "game": game, "watcher": verified_user("Wanda", language="en")}


def chat_rows(user: Any) -> Any:
    return Outbox.objects.filter(user=user, kind=Kind.CHAT)


def test_a_message_mails_the_other_players_as_each_chose(trio: dict[str, Any]) -> None:
    ann, ben, cem, game = trio["ann"], trio["ben"], trio["cem"], trio["game"]
    preferences.update_preferences(ben, chat="each")
    preferences.update_preferences(cem, chat="never")
    chat.post(ann, game.pk, "Deal? I take the King.\nhttps://example.org/rules")
    row = chat_rows(ben).get()
    assert row.status == Outbox.Status.PENDING and row.reply_to
    mail = render(row)
    assert mail.subject.startswith(f"Ann in Citadels #{game.pk}: Deal? I take the King.")
    assert "Ann wrote in the chat of" in mail.text and "- Deal? I take the King." in mail.text
    assert "a line “chat:” (or an empty line)" in mail.text and "“chat:”" in mail.html
    assert not chat_rows(cem).exists() and not chat_rows(ann).exists()  # never; and not to the author


def test_the_default_holds_the_message_for_the_digest_which_tells_it(trio: dict[str, Any]) -> None:
    ann, ben, game = trio["ann"], trio["ben"], trio["game"]
    assert Preference.ChatMode.DIGEST == preferences.preference(ben).chat
    chat.post(ann, game.pk, "See you tomorrow")
    assert chat_rows(ben).get().status == Outbox.Status.HELD
    Outbox.objects.filter(user=ben).exclude(kind=Kind.CHAT).delete()
    assert digests.send_digests() >= 1
    digest = render(Outbox.objects.get(user=ben, kind=Kind.DIGEST)).text
    assert f"Citadels #{game.pk}" in digest and "Ann wrote: See you tomorrow" in digest


def test_spectators_muted_and_hidden_messages_are_not_mailed(trio: dict[str, Any]) -> None:
    ann, ben, game = trio["ann"], trio["ben"], trio["game"]
    preferences.update_preferences(ben, chat="each")
    chat.post(trio["watcher"], game.pk, "go go go")
    assert not chat_rows(ben).exists()
    chat.set_mute(ben, ann.pk, True)
    chat.post(ann, game.pk, "muted words")
    assert not chat_rows(ben).exists()
    chat.set_mute(ben, ann.pk, False)
    chat.post(ann, game.pk, "rude words")
    chat.hide_messages(Message.objects.filter(text="rude words"))
    mail = render(chat_rows(ben).get()).text
    assert "rude words" not in mail and "hidden by an operator" in mail


def _next_turn_row(game: Game, reader: Any) -> Outbox:
    """Play the least moves until `reader` gets a new turn mail; that row."""
    users = seat_users(game)
    before = set(Outbox.objects.filter(user=reader, kind=Kind.TURN).values_list("pk", flat=True))
    for _ in range(80):
        game.refresh_from_db()
        seat = game.awaiting[0]
        services.execute(users[seat], game.pk, RULES.legal_commands(store.load_state(game), seat)[0])
        new = Outbox.objects.filter(user=reader, kind=Kind.TURN).exclude(pk__in=before).first()
        if new is not None:
            return new
    raise AssertionError("no turn mail came")


def test_the_turn_mail_tells_what_the_others_said_since_the_last_one(trio: dict[str, Any]) -> None:
    game = trio["game"]
    users = seat_users(game)
    reader = users[game.awaiting[0]]
    others = [user for user in users.values() if user.pk != reader.pk]
    chat.post(others[0], game.pk, "I will build the Palace")
    chat.post(others[1], game.pk, "rude words")
    chat.post(reader, game.pk, "my own words")
    chat.hide_messages(Message.objects.filter(text="rude words"))
    row = _next_turn_row(game, reader)
    text = render(row).text
    since = text.split("== Since your last turn ==")[1].split("==")[0]
    assert f"- {others[0].display_name} wrote: I will build the Palace" in since
    assert "rude words" not in text and "my own words" not in text
    chat.post(others[0], game.pk, "second round talk")
    chat.set_mute(reader, others[1].pk, True)
    chat.post(others[1], game.pk, "muted words")
    later = render(_next_turn_row(game, reader)).text
    assert "second round talk" in later and "muted words" not in later
    assert "I will build the Palace" not in later  # told in the previous turn mail


def test_the_chat_preference_through_the_api_the_settings_and_the_unsubscribe_link(
        trio: dict[str, Any], api_client: Any, client: Any) -> None:
    ben = trio["ben"]
    answer = api_client(ben).patch("/api/notifications/preferences", {"chat": "each"}, format="json")
    assert answer.status_code == 200 and answer.json()["chat"] == "each"
    bad = api_client(ben).patch("/api/notifications/preferences", {"chat": "sometimes"}, format="json")
    assert bad.status_code == 400 and preferences.preference(ben).chat == "each"
    chat.post(trio["ann"], trio["game"].pk, "hello")
    path = "/" + chat_rows(ben).get().unsubscribe_url.split("://", 1)[1].split("/", 1)[1]
    assert client.post(path).status_code == 200
    assert preferences.preference(ben).chat == "never"
    assert preferences.preference(ben).opted_out == []
    client.force_login(ben)
    page = client.get("/settings/").content.decode()
    assert 'name="chat" value="never"' in page and "Chat messages" in page
    saved = client.post("/settings/", {"part": "email", "mode": "each", "chat": "digest"})
    assert saved.status_code in (200, 302)
    assert preferences.preference(ben).chat == "digest"
