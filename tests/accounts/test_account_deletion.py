"""Deleting an account: the password asks, the mailed link confirms; afterwards nothing personal is left in
any table, the outbox or the mail files, the other players' game replays and goes on with the bot in the
deleted player's seat. A wrong password, an expired or forged link: a clear answer, nothing deleted."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.sessions.models import Session
from django.core import mail
from django.db.models import CharField, JSONField, TextField
from django.db.models.functions import Cast
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import deletion
from accounts.models import User
from citadels import RULES
from games import integrity, services, store
from games.deadlines.sweep import enforce_due_deadlines
from games.models import Absence, Command, Game, HistoryRead, Seat, SeatPresence
from notifications import delivery
from notifications.models import Outbox, Preference
from tests.games.helpers import db_snapshot, full_fold, seat_users, started_game

pytestmark = pytest.mark.django_db

EMAIL = "zebulon.quist@example.org"
NAME = "Zebulon Quist"
PASSWORD = "a-long-secret-pw-1"
LINK = re.compile(r"https?://[^/\s]+(/accounts/delete/[^/\s]+/)")


def _player(email: str, name: str) -> User:
    return User.objects.create_user(email=email, password=PASSWORD, display_name=name,
                                    email_verified_at=timezone.now())


def _where_found(*needles: str) -> list[str]:
    """Every table column (text or JSON) holding one of the needles, case-blind."""
    found = []
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if not isinstance(field, CharField | TextField | JSONField):
                continue
            for needle in needles:
                rows = model._default_manager.annotate(_as_text=Cast(field.name, TextField()))
                if rows.filter(_as_text__icontains=needle).exists():
                    found.append(f"{model._meta.db_table}.{field.column}: {needle}")
    return found


def _mail_files_holding(folder: Path, *needles: str) -> list[str]:
    from notifications.personal_data import _mail_text

    return [path.name for path in folder.iterdir()
            if any(n.casefold() in _mail_text(path.read_bytes()).casefold() for n in needles)]


def _deletion_link() -> str:
    match = LINK.search(mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1)


@pytest.fixture
def mail_files(settings: Any, tmp_path: Path) -> Path:
    settings.EMAIL_BACKEND = "core.mail_files.OneFilePerMailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    return tmp_path


def _play_until(game: Game, rng: random.Random, stop: Any, limit: int = 400) -> None:
    """Random legal moves of the seated players until `stop(game)` or the game ends."""
    users = seat_users(game)
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or stop(game):
            return
        seat = rng.choice(game.awaiting)
        state = store.load_state(game, use_cache=False)
        command = rng.choice(RULES.legal_commands(state, seat))
        services.execute(users[seat], game.pk, command, idempotency_key=f"rand-{game.version}")


def test_deletion_leaves_nothing_personal_and_the_game_goes_on(mail_files: Path, settings: Any) -> None:
    victim = _player(EMAIL, NAME)
    others = [_player(f"other{n}@example.org", f"Other {n}") for n in range(2)]
    game = started_game([victim, *others])
    open_game = services.create_game(victim, "citadels", 4)
    victim_seat = Seat.objects.get(game=game, user=victim).index
    _play_until(game, random.Random(3), lambda g: g.version > 20 and victim_seat not in g.awaiting)
    delivery.deliver_pending(limit=500)  # game mails to everyone, as files
    Preference.objects.create(user=victim, mode=Preference.Mode.EACH)
    Absence.objects.create(user=victim, starts_at=timezone.now() + timedelta(days=30),
                           ends_at=timezone.now() + timedelta(days=31))
    Token.objects.create(user=victim)
    browser = Client()
    browser.force_login(victim)
    browser.get(f"/games/{game.pk}/")  # how far the victim read the history is kept
    assert HistoryRead.objects.filter(user=victim).exists()
    assert _where_found(EMAIL, NAME) and _mail_files_holding(mail_files, EMAIL, NAME)

    # The password asks; the link confirms (a GET only asks again: mail scanners open links).
    assert browser.post("/accounts/delete/", {"password": PASSWORD}).status_code == 200
    delivery.deliver_pending(limit=50)
    link = re.search(r"https?://[^/\s]+(/accounts/delete/[^/\s]+/)",
                     "".join(p.read_text() for p in mail_files.iterdir()).replace("=\n", ""))
    assert link, "no deletion link mailed"
    assert browser.get(link.group(1)).status_code == 200
    assert User.objects.get(pk=victim.pk).deleted_at is None
    answer = browser.post(link.group(1))
    assert answer.status_code == 200 and "Account deleted" in answer.content.decode()

    # Nothing personal left: no table column, no outbox row, no mail file holds the address or the name.
    assert _where_found(EMAIL, NAME) == []
    assert _mail_files_holding(mail_files, EMAIL, NAME) == []
    shell = User.objects.get(pk=victim.pk)
    assert shell.display_name == f"Former player {victim.pk}" and not shell.is_active and not shell.has_usable_password()
    assert not Token.objects.filter(user=shell).exists() and not Outbox.objects.filter(user=shell).exists()
    assert not Absence.objects.filter(user=shell).exists() and not Preference.objects.filter(user=shell).exists()
    assert not HistoryRead.objects.filter(user=shell).exists()
    assert not [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(victim.pk)]
    assert browser.get("/settings/").status_code == 302  # signed out
    assert not Seat.objects.filter(game=open_game, user=shell).exists()
    assert Game.objects.get(pk=open_game.pk).status == Game.Status.ABANDONED

    # The running game replays for the others and goes on: the bot plays the seat at once.
    game.refresh_from_db()
    assert integrity.verify(game) == []
    assert full_fold(game) == store.load_state(game, use_cache=False)
    assert SeatPresence.objects.get(game=game, seat=victim_seat).absent_since is not None
    before = Command.objects.filter(game=game, seat=victim_seat, by_service=True).count()
    _play_until(game, random.Random(4), lambda g: victim_seat in g.awaiting)
    game.refresh_from_db()
    assert victim_seat in game.awaiting and game.deadline_at is not None and game.deadline_at <= timezone.now()
    enforce_due_deadlines(timezone.now() + timedelta(seconds=1))
    game.refresh_from_db()
    assert victim_seat not in game.awaiting or game.status != Game.Status.ACTIVE
    assert Command.objects.filter(game=game, seat=victim_seat, by_service=True).count() > before
    detail = services.game_detail(game, others[0])
    assert {s["display_name"] for s in detail["seats"]} == {f"Former player {victim.pk}", "Other 0", "Other 1"}
    assert _where_found(EMAIL, NAME) == []


def test_an_account_without_games_is_deleted_outright(client: Client) -> None:
    user = _player(EMAIL, NAME)
    client.force_login(user)
    client.post("/accounts/delete/", {"password": PASSWORD})
    assert client.post(_deletion_link()).status_code == 200
    assert not User.objects.filter(pk=user.pk).exists()
    assert _where_found(EMAIL, NAME) == []


def test_a_wrong_password_is_shown_and_deletes_nothing(client: Client) -> None:
    user = _player(EMAIL, NAME)
    game = started_game([user, _player("b@example.org", "B")])
    client.force_login(user)
    before, sent = db_snapshot(), len(mail.outbox)
    answer = client.post("/accounts/delete/", {"password": "not-the-password"})
    assert answer.status_code == 400
    assert "The password is wrong: nothing was deleted." in answer.content.decode()
    empty = client.post("/accounts/delete/", {"password": ""})
    assert empty.status_code == 400 and "This field is required." in empty.content.decode()
    assert db_snapshot() == before and len(mail.outbox) == sent
    assert User.objects.get(pk=user.pk).email == EMAIL and Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_an_expired_or_forged_link_deletes_nothing(client: Client, settings: Any) -> None:
    user = _player(EMAIL, NAME)
    client.force_login(user)
    client.post("/accounts/delete/", {"password": PASSWORD})
    link = _deletion_link()
    settings.ACCOUNTS_DELETE_LINK_MAX_AGE = -1  # every link is older than that
    expired = client.post(link)
    assert expired.status_code == 400 and "This link has expired: nothing was deleted." in expired.content.decode()
    forged = client.post(link[:-3] + "xx/")
    assert forged.status_code == 400 and "This link is not valid: nothing was deleted." in forged.content.decode()
    assert User.objects.get(pk=user.pk).email == EMAIL
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    assert "abgelaufen" in german.get(link).content.decode()


def test_the_api_asks_and_confirms(api_client: Any) -> None:
    user = _player(EMAIL, NAME)
    game = started_game([user, _player("b@example.org", "B")])
    api = api_client(user)
    wrong = api.post("/api/me/delete", {"password": "nope-nope-nope"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "wrong_password"
    assert api.post("/api/me/delete", {}, format="json").status_code == 400
    assert api.post("/api/me/delete", {"password": PASSWORD}, format="json").status_code == 202
    token = _deletion_link().rstrip("/").rsplit("/", 1)[1]
    bad = api_client().post("/api/accounts/delete/confirm", {"token": token + "x"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_link"
    assert User.objects.get(pk=user.pk).deleted_at is None
    done = api_client().post("/api/accounts/delete/confirm", {"token": token}, format="json")
    assert done.status_code == 200
    assert User.objects.get(pk=user.pk).deleted_at is not None
    again = api_client().post("/api/accounts/delete/confirm", {"token": token}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "invalid_link"
    assert integrity.verify(Game.objects.get(pk=game.pk)) == []


def test_the_link_is_mailed_in_the_players_language_with_the_privacy_links() -> None:
    user = _player(EMAIL, NAME)
    user.language = "de"
    user.save()
    deletion.request_deletion(user, PASSWORD)
    message = mail.outbox[-1]
    assert "Löschung" in message.subject
    assert "/privacy/" in message.body and "/imprint/" in message.body
