"""Deleting an account, read as a privacy probe would: after a player played, chatted, was mailed (mails sent
and mails still queued), took and left seats, offered a rematch, was named in another player's data export,
set up a webhook and a browser, signed in and had API tokens, the WHOLE database is dumped (every table of
every app, every column, read through the models and again as raw rows) and none of it holds the address,
the display name, nor any token issued to the player (session keys, API tokens, reply and unsubscribe
tokens). The name a copy held is now the neutral one ("Former player N")."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from django.apps import apps
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core import mail
from django.db import connection
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import deletion, export
from accounts.models import DataExport, User
from accounts.personal_data import Traces
from alerts.models import PushSubscription, Webhook
from chat import services as chat
from chat.models import Message
from games import services
from games.models import Game, Seat
from mailin.models import InboundMail
from mailin.services import receive
from notifications import delivery
from notifications.models import Kind, Outbox
from tests.games.helpers import play_random, started_game

pytestmark = pytest.mark.django_db

EMAIL = "zebulon.quist@example.org"
NAME = "Zebulon Quïst"  # a letter beyond ASCII: a JSON column may keep it escaped (SQLite: "\u00ef")


def _player(email: str, name: str) -> User:
    return User.objects.create_user(email=email, password="a-long-secret-pw-1", display_name=name,
                                    email_verified_at=timezone.now())


def _as_text(value: Any) -> str:
    """A cell as readable text: bytes decoded, JSON (stored or parsed) written out without escapes."""
    if isinstance(value, memoryview):
        value = value.tobytes()
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, default=str)
    text = str(value)
    if text[:1] in "[{\"":
        try:
            return text + " " + json.dumps(json.loads(text), ensure_ascii=False)
        except ValueError:
            pass
    return text


def _database_rows() -> Iterator[tuple[str, str]]:
    """Every row of every table as (table, text): through every model and all its columns, then every
    table the database has, read raw (tables without a model included)."""
    for model in apps.get_models(include_auto_created=True):
        columns = [field.attname for field in model._meta.concrete_fields]
        for row in model._base_manager.values_list(*columns):
            yield model._meta.db_table, " | ".join(_as_text(cell) for cell in row)
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                yield table, " | ".join(_as_text(cell) for cell in row)


def _found(needles: dict[str, str]) -> list[str]:
    """Which needles (label -> text) some row holds, case-blind, with the table."""
    wanted = {label: text.casefold() for label, text in needles.items() if text}
    return sorted({f"{table}: {label}" for table, row in _database_rows()
                   for label, text in wanted.items() if text in row.casefold()})


def _tokens_of(user: User) -> dict[str, str]:
    """Every token issued to the user that the database holds: API tokens, session keys, the reply and
    unsubscribe tokens of the mails written for them."""
    tokens = {f"api token {n}": t.key for n, t in enumerate(Token.objects.filter(user=user))}
    for session in Session.objects.all():
        if session.get_decoded().get("_auth_user_id") == str(user.pk):
            tokens[f"session {session.session_key[:6]}"] = session.session_key
    for row in Outbox.objects.filter(user=user):
        if row.reply_to:
            tokens[f"reply token #{row.pk}"] = row.reply_to.split("@")[0].split("+", 1)[1]
        if row.unsubscribe_url:
            tokens[f"unsubscribe token #{row.pk}"] = row.unsubscribe_url.rstrip("/").rsplit("/", 1)[1]
    return tokens


def _finished_two_player_game(first: User, second: User) -> Game:
    game = started_game([first, second])
    services.resign(second, game.pk)  # a 2-player game ends with a resignation
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def _reply_by_mail(victim: User) -> None:
    sent = [m for m in mail.outbox if m.to == [EMAIL] and m.reply_to]
    assert sent, "no mail to answer"
    answer = EmailMessage()
    answer["From"] = f'"{NAME}" <{EMAIL}>'
    answer["To"] = sent[-1].reply_to[0]
    answer["Subject"] = "Re: " + sent[-1].subject
    answer["Message-ID"] = "<reply-1@client.example>"
    answer.set_content(f"chat:\nsent by mail, {NAME}\n")
    assert receive(answer.as_bytes()).status != "ignored"


def _the_players_life(victim: User, ann: User, bob: User) -> Game:
    """Everything the victim does on the site before deleting the account; the running game."""
    running = started_game([ann, victim, bob], time_control={"decision_hours": 24})
    play_random(running, random.Random(5), max_commands=12)
    chat.post(victim, running.pk, f"Good luck, this is {NAME}")
    chat.post(ann, running.pk, "Thanks!")
    chat.set_mute(victim, bob.pk, True)
    chat.set_mute(ann, victim.pk, True)
    waiting = services.create_game(ann, "citadels", 4)
    services.join_game(victim, waiting.pk)  # a table mail to Ann names the victim
    services.leave_game(victim, waiting.pk)  # and another
    services.join_game(victim, services.create_game(bob, "citadels", 4).pk)
    finished = _finished_two_player_game(victim, ann)
    services.offer_rematch(victim, finished.pk)  # "Zebulon offers a rematch": a table mail to Ann
    delivery.deliver_pending(limit=500)  # some mails sent ...
    _reply_by_mail(victim)  # the victim answers one: a record of the mail in, its chat line, an answer mail
    chat.post(ann, running.pk, "Your move, friend")  # ... some still queued
    services.join_game(victim, services.create_game(ann, "citadels", 3).pk)  # queued: a table mail to Ann
    Webhook.objects.create(user=victim, url="https://hooks.example.net/zq", events=["turn"], secret="s" * 40)
    PushSubscription.objects.create(user=victim, endpoint="https://push.example.net/zq-endpoint",
                                    p256dh="k" * 87, auth="a" * 22, user_agent="Firefox")
    token = Token.objects.create(user=victim)
    LogEntry.objects.create(user=ann, content_type=ContentType.objects.get_for_model(Token), object_id=token.pk,
                            object_repr=str(token), action_flag=ADDITION, change_message="[]")
    Client().force_login(victim)  # a live session
    stale = SessionStore()
    stale["_auth_user_id"] = str(victim.pk)
    stale.set_expiry(-60)  # an expired one, not yet cleared
    stale.create()
    Session.objects.filter(session_key=stale.session_key).update(expire_date=timezone.now() - timedelta(days=1))
    export.build_export(ann.pk)  # Ann's export names the victim (her games' seats, the chat, the mails)
    export.build_export(victim.pk)
    return running


def test_nothing_of_a_deleted_player_is_left_in_any_table(settings: Any) -> None:
    settings.NOTIFICATIONS_TABLE_EMAILS = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MAILIN_DOMAIN = "play.example.org"
    victim = _player(EMAIL, NAME)
    ann, bob = _player("ann@example.org", "Ann Other"), _player("bob@example.org", "Bob Other")
    running = _the_players_life(victim, ann, bob)
    needles = {"address": EMAIL, "name": NAME, **_tokens_of(victim)}
    assert any(label.startswith("session") for label in needles)
    assert any(label.startswith("reply token") for label in needles)
    assert any(label.startswith("unsubscribe token") for label in needles)
    assert Outbox.objects.filter(kind=Kind.TABLE, user=ann, params__actor=NAME).exists()
    assert Outbox.objects.filter(kind=Kind.TABLE, user=ann, params__actor=NAME, status=Outbox.Status.PENDING).exists()
    assert InboundMail.objects.filter(sender=EMAIL).exists()
    assert Message.objects.filter(author=victim, text__startswith="sent by mail").exists()
    assert Outbox.objects.filter(user=victim, kind=Kind.ANSWER).exists()
    before = _found(needles)
    assert {"accounts_dataexport: name", "notifications_outbox: name", "django_session: " + next(
        label for label in needles if label.startswith("session"))} <= set(before)

    deletion.erase_account(User.objects.get(pk=victim.pk))

    left = _found(needles)
    assert left == [], "\n".join(left)
    # The copies now say "Former player N": Ann's table mails and her export.
    former = f"Former player {victim.pk}"
    actors = set(Outbox.objects.filter(kind=Kind.TABLE, user=ann).values_list("params__actor", flat=True))
    assert former in actors
    ann_export = json.dumps(DataExport.objects.get(user=ann).content, ensure_ascii=False)
    assert former in ann_export and "Ann Other" in ann_export
    assert Seat.objects.filter(game=running, user_id=victim.pk).exists()  # the game still names the seat's shell


def test_traces_replace_the_name_where_it_names_the_person_and_the_address_anywhere() -> None:
    traces = Traces(12, "zq@example.org", "King")
    data = {"seats": [{"index": 0, "user": 12, "display_name": "King"}, {"index": 1, "user": 5, "display_name": "Ann"}],
            "takeovers": [{"previous_user": 12, "previous_name": "king ", "user": 5, "name": "Ann"}],
            "view": {"character": "King", "rank": 12, "note": "mail ZQ@example.org"}, "King": 12}
    assert traces.replaced(data, "Former player 12") == {
        "seats": [{"index": 0, "user": 12, "display_name": "Former player 12"},
                  {"index": 1, "user": 5, "display_name": "Ann"}],
        "takeovers": [{"previous_user": 12, "previous_name": "Former player 12", "user": 5, "name": "Ann"}],
        "view": {"character": "King", "rank": 12, "note": "mail Former player 12"}, "King": 12}
    assert traces.replaced("Kingdom of the King, King!", "X", in_words=True) == "Kingdom of the X, X!"
    assert traces.replaced("nothing here", "X", in_words=True) == "nothing here"


def test_a_name_that_is_also_a_word_leaves_the_other_players_texts_alone(settings: Any) -> None:
    settings.NOTIFICATIONS_TABLE_EMAILS = True
    victim = _player("king@example.org", "King")  # also a character of the game
    ann, bob = _player("ann@example.org", "Ann Other"), _player("bob@example.org", "Bob Other")
    game = started_game([ann, victim, bob])
    play_random(game, random.Random(7), max_commands=30)
    waiting = services.create_game(ann, "citadels", 4)
    services.join_game(victim, waiting.pk)
    export.build_export(ann.pk)
    before = DataExport.objects.get(user=ann).content
    text = json.dumps(before)
    assert text.casefold().count("king") > text.count('"display_name": "King"')  # the character is in the export
    others = {row.pk: row.params for row in Outbox.objects.exclude(user=victim)}

    deletion.erase_account(User.objects.get(pk=victim.pk))

    former = f"Former player {victim.pk}"
    renamed = json.loads(json.dumps(before).replace('"display_name": "King"', f'"display_name": "{former}"'))
    assert DataExport.objects.get(user=ann).content == renamed != before
    after = {row.pk: row.params for row in Outbox.objects.exclude(user_id=victim.pk)}
    changed = {pk for pk in after if after[pk] != others.get(pk)}
    assert {after[pk]["actor"] for pk in changed} == {former}  # only the waiting room's notice
    assert all(after[pk] == {**others[pk], "actor": former} for pk in changed)
