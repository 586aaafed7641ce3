"""Issue 37: deleting an account finds its sessions by an index (`SessionOwner`, filed by the session
store `accounts.sessions` as each signed-in session is saved), not by decoding every session; the other
players' sessions stay and still sign them in."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.contrib.sessions.backends.base import SessionBase
from django.contrib.sessions.models import Session
from django.test import Client

from accounts import deletion
from accounts.models import SessionOwner
from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def _signed_in(user: Any) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)
    return client, client.session.session_key


def test_deleting_one_account_decodes_no_session_and_keeps_the_others(make_user: Any, monkeypatch: Any) -> None:
    victim, ann = make_user("victim"), make_user("ann")
    _, first = _signed_in(victim)
    _, second = _signed_in(victim)
    ann_client, ann_key = _signed_in(ann)
    for _ in range(20):  # the anonymous sessions of other browsers
        anonymous = SessionStore()
        anonymous["seen"] = True
        anonymous.create()
    assert set(SessionOwner.objects.filter(user=victim).values_list("session_id", flat=True)) == {first, second}

    def no_decoding(self: Any, session_data: str) -> dict[str, Any]:
        raise AssertionError("a session was decoded")

    monkeypatch.setattr(SessionBase, "decode", no_decoding)
    deletion.erase_account(victim)
    monkeypatch.undo()

    assert not Session.objects.filter(session_key__in=[first, second]).exists()
    assert not SessionOwner.objects.filter(user_id=victim.pk).exists()
    assert Session.objects.filter(session_key=ann_key).exists() and Session.objects.count() == 21
    assert ann_client.get("/api/me").json()["email"] == ann.email  # Ann is still signed in


def test_a_session_with_a_new_key_is_filed_again_and_a_sign_out_takes_its_row(make_user: Any) -> None:
    """A key changed after the sign-in (`update_session_auth_hash` cycles it) is filed as it is saved; the
    old key's row goes with its session, as a signed-out session's does."""
    victim = make_user("victim")
    client, key = _signed_in(victim)
    session = SessionStore(key)
    session.cycle_key()
    assert session.session_key != key
    assert list(SessionOwner.objects.values_list("session_id", "user_id")) == [(session.session_key, victim.pk)]
    other, other_key = _signed_in(victim)
    other.post("/accounts/logout/")
    assert not Session.objects.filter(session_key=other_key).exists()
    assert not SessionOwner.objects.filter(session_id=other_key).exists()
    deletion.erase_account(victim)
    assert not Session.objects.filter(session_key=session.session_key).exists()


def test_the_migration_files_the_sessions_signed_in_before_it(make_user: Any) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    ann_key, bob_key = _signed_in(ann)[1], _signed_in(bob)[1]
    anonymous = SessionStore()
    anonymous.create()
    SessionOwner.objects.all().delete()
    migration = importlib.import_module("accounts.migrations.0006_session_owner")
    migration.file_signed_in_sessions(apps, None)
    assert set(SessionOwner.objects.values_list("session_id", "user_id")) == {(ann_key, ann.pk), (bob_key, bob.pk)}
