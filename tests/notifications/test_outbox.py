"""Outbox rows written with the events, preferences, rendering in both languages, delivery over real SMTP."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone, translation

from core.errors import ServiceError
from games.models import Game
from notifications import delivery, digests, outbox, preferences
from notifications.models import Outbox, Preference
from notifications.rendering import render

from .helpers import html_part, seat_users, started_game, text_part


def _players(verified_user: Any) -> list[Any]:
    return [
        verified_user("anna", language="de", time_zone="Europe/Berlin"),
        verified_user("ben", language="en", time_zone="America/New_York"),
        verified_user("carl", language="de"),
        verified_user("dora", language="en"),
    ]


def test_start_writes_started_and_turn_rows_in_each_language(verified_user: Any) -> None:
    users = _players(verified_user)
    game = started_game(users)
    rows = list(Outbox.objects.filter(game=game).order_by("id"))
    started = [r for r in rows if r.kind == "started"]
    turns = [r for r in rows if r.kind == "turn"]
    assert sorted(r.user_id for r in started) == sorted(u.pk for u in users)
    assert len(turns) == 1 and turns[0].user_id == seat_users(game)[game.awaiting[0]].pk
    for row in started:
        german = row.user.language == "de"
        assert row.language == row.user.language
        assert ("hat begonnen" in render(row).subject) == german
        assert ("has started" in render(row).subject) == (not german)
    turn = turns[0]
    assert f"/games/{game.pk}/" in render(turn).text and f"/games/{game.pk}/" in render(turn).html
    assert "/notifications/unsubscribe/" in render(turn).text
    # The deadline is in the reader's zone.
    zone = {"Europe/Berlin": "(CET)|(CEST)", "America/New_York": "(EST)|(EDT)", "UTC": r"\(UTC\)"}[turn.user.time_zone]
    assert re.search(zone, render(turn).text)


def test_turn_email_tells_history_hand_and_choices_with_card_names_in_the_language(verified_user: Any) -> None:
    from citadels import RULES
    from citadels.cards import CHARACTERS, DISTRICTS
    from games import services as games
    from games import store

    users = _players(verified_user)
    game = started_game(users)
    by_seat = seat_users(game)
    # Play the draft by the first legal command until a German player is asked again after others moved.
    for _ in range(12):
        game.refresh_from_db()
        seat = game.awaiting[0]
        state = store.load_state(game)
        games.execute(by_seat[seat], game.pk, RULES.legal_commands(state, seat)[0], idempotency_key=f"k{game.version}")
    rows = Outbox.objects.filter(game=game, kind="turn").select_related("user")
    german = [r for r in rows if r.language == "de"]
    english = [r for r in rows if r.language == "en"]
    assert german and english
    row = german[-1]
    game.refresh_from_db()
    assert "Seit deinem letzten Zug" in render(row).text and "Deine Hand" in render(row).text
    assert "Deine Möglichkeiten jetzt" in render(row).text
    # Card names are German in German mail and English in English mail.
    de_names = {c.name_de for c in CHARACTERS.values()} | {d.name_de for d in DISTRICTS.values()}
    en_only = {c.name_en for c in CHARACTERS.values()} - {c.name_de for c in CHARACTERS.values()}
    assert any(name in render(row).text for name in de_names)
    assert not any(f"Choose the {name}" in render(row).text for name in en_only)
    assert "Choose the" in render(english[-1]).text or "Your choices now" in render(english[-1]).text
    # The history is the reader's: other seats' picks are told without the (private) card.
    assert any("hat einen Charakter gewählt" in render(r).text for r in german)


def test_unverified_players_and_opted_out_kinds_get_nothing(verified_user: Any, make_user: Any) -> None:
    users = _players(verified_user)
    users[1].email_verified_at = None
    users[1].save()
    preferences.update_preferences(users[2], opted_out=["started"])
    preferences.update_preferences(users[3], mode="none")
    game = started_game(users)
    started = set(Outbox.objects.filter(game=game, kind="started").values_list("user_id", flat=True))
    assert started == {users[0].pk}


def test_bad_preferences_are_refused_in_the_readers_words(verified_user: Any) -> None:
    """The service's own checks (the API's serializer answers first, other callers reach these)."""
    user = verified_user("prefs@example.com")
    cases = (({"mode": "bogus"}, "invalid_mode", "mode ist eines von each, digest, none."),
             ({"opted_out": ["bogus"]}, "invalid_opted_out", "opted_out nennt Arten aus "))
    for kwargs, code, german in cases:
        with translation.override("de"), pytest.raises(ServiceError) as refused:
            preferences.update_preferences(user, **kwargs)
        assert refused.value.code == code and refused.value.message.startswith(german)
    assert preferences.preference(user).mode == Preference.Mode.EACH


def test_digest_holds_rows_and_sends_one_mail(verified_user: Any) -> None:
    users = _players(verified_user)
    preferences.update_preferences(users[0], mode="digest")
    game = started_game(users)
    held = Outbox.objects.filter(user=users[0], status=Outbox.Status.HELD)
    assert held.count() >= 1
    assert digests.send_digests() == 1
    digest = Outbox.objects.get(user=users[0], kind="digest")
    assert digest.status == Outbox.Status.PENDING and f"#{game.pk}" in render(digest).text
    assert not Outbox.objects.filter(user=users[0], status=Outbox.Status.HELD).exists()
    assert digests.send_digests() == 0


def test_preferences_api_and_bad_input(verified_user: Any, api_client: Any) -> None:
    user = verified_user("pat")
    client = api_client(user)
    assert client.get("/api/notifications/preferences").json() == {"mode": "each", "opted_out": [], "chat": "digest"}
    answer = client.patch("/api/notifications/preferences", {"mode": "digest", "opted_out": ["reminder"]}, format="json")
    assert answer.status_code == 200 and answer.json() == {"mode": "digest", "opted_out": ["reminder"], "chat": "digest"}
    bad = client.patch("/api/notifications/preferences", {"mode": "sometimes"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid" and "mode" in bad.json()["fields"]
    bad = client.patch("/api/notifications/preferences", {"opted_out": "turn"}, format="json")
    assert bad.status_code == 400
    assert Preference.objects.get(user=user).mode == "digest"
    assert api_client().get("/api/notifications/preferences").status_code in (401, 403)


def test_unsubscribe_link_needs_no_login_and_refuses_forgeries(verified_user: Any, client: Any) -> None:
    user = verified_user("quinn", language="de")
    url = preferences.unsubscribe_url(user, "turn")
    path = url.split("://", 1)[1].split("/", 1)[1]
    page = client.get("/" + path)
    assert page.status_code == 200 and "abbestellen" in page.content.decode().lower()
    assert preferences.preference(user).opted_out == []
    done = client.post("/" + path)
    assert done.status_code == 200
    assert preferences.preference(user).opted_out == ["turn"]
    # RFC 8058 one-click: a POST with that body, no session, no CSRF token.
    other = preferences.unsubscribe_url(user, "reminder").split("://", 1)[1].split("/", 1)[1]
    assert client.post("/" + other, {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert preferences.preference(user).opted_out == ["reminder", "turn"]
    forged = "/" + path.replace("/unsubscribe/", "/unsubscribe/x")
    assert client.get(forged).status_code == 400
    assert client.post(forged).status_code == 400
    everything = client.post("/" + path, {"all": "1"})
    assert everything.status_code == 200 and preferences.preference(user).mode == "none"


def test_delivery_over_real_smtp_carries_headers_both_parts_and_links(verified_user: Any, smtp_server: Any) -> None:
    users = _players(verified_user)
    game = started_game(users)
    rows = list(Outbox.objects.filter(game=game).order_by("id"))
    for row in rows:
        assert delivery.deliver(row.pk) == "sent"
        assert delivery.deliver(row.pk) == "skipped"  # sent already: never twice
    received = smtp_server.wait_for(len(rows))
    assert len(received) == len(rows)
    by_id = {m["Message-ID"]: m for m in received}
    for row in Outbox.objects.filter(game=game):
        assert row.status == Outbox.Status.SENT and row.attempts == 1
        message = by_id[row.message_id]
        assert message["To"] == row.to_email
        assert message["Subject"] == render(row).subject
        assert str(message["List-Unsubscribe"]).strip() == f"<{row.unsubscribe_url}>"
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert message.get_content_type() == "multipart/alternative"
        text, html = text_part(message), html_part(message)
        assert f"/games/{game.pk}/" in text and f'href="http://127.0.0.1:8000/games/{game.pk}/"' in html
        assert row.unsubscribe_url in text and row.unsubscribe_url.replace("&", "&amp;") in html
        assert ("Hallo" in text) == (row.language == "de")
        assert html.lstrip().lower().startswith("<!doctype html>") and f'lang="{row.language}"' in html


def test_smtp_failures_are_retried_with_backoff_then_delivered_once(verified_user: Any, smtp_server: Any) -> None:
    user = verified_user("rita")
    game = started_game([user, verified_user("sam")])
    row = Outbox.objects.filter(game=game, user=user, kind="started").get()
    smtp_server.fail_first = 2
    assert delivery.deliver(row.pk) == "retry"
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.attempts == 1 and "451" in row.last_error
    first_wait = row.next_attempt_at - timezone.now()
    assert timedelta(seconds=50) < first_wait <= timedelta(seconds=61)
    # Not due yet: the sweep leaves it alone.
    assert row.pk not in delivery.due_for_delivery(timezone.now()).values_list("pk", flat=True)
    assert delivery.deliver(row.pk) == "retry"
    row.refresh_from_db()
    assert timedelta(seconds=110) < row.next_attempt_at - timezone.now() <= timedelta(seconds=121)  # doubled
    assert row.pk in delivery.due_for_delivery(timezone.now() + timedelta(minutes=3)).values_list("pk", flat=True)
    assert delivery.deliver(row.pk) == "sent"
    assert [m["Message-ID"] for m in smtp_server.messages].count(row.message_id) == 1


def test_permanent_refusal_fails_the_row(verified_user: Any, smtp_server: Any, monkeypatch: Any) -> None:
    import smtplib

    game = started_game([verified_user("tom"), verified_user("uma")])
    row = Outbox.objects.filter(game=game).first()
    assert row is not None

    def refuse(self: Any, *args: Any, **kwargs: Any) -> int:
        raise smtplib.SMTPRecipientsRefused({row.to_email: (550, b"no such user")})

    monkeypatch.setattr("django.core.mail.message.EmailMessage.send", refuse)
    assert delivery.deliver(row.pk) == "failed"
    row.refresh_from_db()
    assert row.status == Outbox.Status.FAILED
    assert row.pk not in delivery.due_for_delivery(timezone.now() + timedelta(days=1)).values_list("pk", flat=True)


def test_the_same_dedupe_key_is_written_once(verified_user: Any) -> None:
    users = _players(verified_user)
    game = started_game(users)
    seat = game.awaiting[0]
    user = seat_users(game)[seat]
    before = Outbox.objects.count()
    outbox.reminder_notice(game, [seat], version=game.version)
    outbox.reminder_notice(game, [seat], version=game.version)
    assert Outbox.objects.count() == before + 1
    assert Outbox.objects.filter(kind="reminder", user=user).count() == 1
    assert Game.objects.get(pk=game.pk).status == "active"


def test_dedupe_keys_name_the_kind_game_seat_and_version(verified_user: Any) -> None:
    """The form of a key is a contract: migration 0004 reads it back, and a key written twice is one mail."""
    game = started_game(_players(verified_user))
    rows = list(Outbox.objects.filter(game=game))
    assert {r.dedupe_key for r in rows if r.kind == "started"} == {f"started:{game.pk}:{seat}" for seat in range(4)}
    assert [r.dedupe_key for r in rows if r.kind == "turn"] == [
        f"turn:{game.pk}:{r.seat}:{r.version}" for r in rows if r.kind == "turn"
    ]
    assert outbox.dedupe_key("digest", 7, 31) == "digest:7:31"


def test_english_game_mails_go_on_with_a_capital_after_the_greeting(verified_user: Any) -> None:
    game = started_game([verified_user("ben", language="en"), verified_user("dora", language="en")])
    rows = list(Outbox.objects.filter(game=game))
    assert {r.kind for r in rows} >= {"started", "turn"}
    for row in rows:
        greeting, first = render(row).text.split("\n\n")[:2]
        assert greeting.startswith("Hello ") and first[0].isupper(), render(row).text[:200]
