"""Issue 35, the mailed links of the data rights, probed through HTTP: an export link and a deletion link
die with the account's sign-ins (a new password, a deactivation), as its tokens and sessions do; an export
link opens for its owner, signed in, and nobody else (another player: 404; signed out: sent to sign in)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts import deletion, export
from accounts.models import DataExport, User

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-pw-1"  # tests/conftest.py's make_user
NEW_PASSWORD = "n3w-pass-phrase-7"


def signed_in(user: User, password: str = PASSWORD) -> Client:
    """A browser session signed in through the site's sign-in form."""
    browser = Client(REMOTE_ADDR=f"192.0.2.{user.pk % 250 + 1}")
    assert browser.post("/accounts/login/", {"username": user.email, "password": password}).status_code == 302
    return browser


def _export_path(user: User) -> str:
    DataExport.objects.create(user=user, content={"account": {"email": user.email}})
    return export.export_link(user).removeprefix("http://testserver")


def _deletion_path(user: User) -> str:
    return deletion.deletion_link(user).removeprefix("http://testserver")


def _reset_password_by_mail(user: User) -> None:
    """The password reset through the emailed link, as the owner of the mailbox does it."""
    browser = Client()
    assert browser.post("/accounts/password-reset/", {"email": user.email}).status_code == 302
    link = re.search(r"http://\S+/accounts/reset/\S+", mail.outbox[-1].body)
    assert link, mail.outbox[-1].body
    form_page = browser.get(link.group(0).removeprefix("http://testserver"), follow=True)
    done = browser.post(form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done.url.endswith("/accounts/reset/done/")


def test_an_export_link_dies_with_the_sign_ins_on_a_password_reset(make_user: Any) -> None:
    owner = make_user("owner")
    path = _export_path(owner)
    assert signed_in(owner).get(path).status_code == 200
    _reset_password_by_mail(owner)
    # Even the owner, signed in again with the new password, holds a dead link: a new export makes a new one.
    after = signed_in(owner, NEW_PASSWORD).get(path)
    assert after.status_code == 400 and b"This link is not valid." in after.content
    assert signed_in(owner, NEW_PASSWORD).get(_export_path(User.objects.get(pk=owner.pk))).status_code == 200


def test_a_deletion_link_dies_with_the_sign_ins_on_a_password_reset(make_user: Any) -> None:
    owner = make_user("owner")
    path = _deletion_path(owner)
    token = path.rstrip("/").rsplit("/", 1)[1]
    assert Client().get(path).status_code == 200  # alive: the page asks once more
    _reset_password_by_mail(owner)
    page = Client().post(path)
    assert page.status_code == 400 and b"This link is not valid" in page.content
    api = APIClient().post("/api/accounts/delete/confirm", {"token": token}, format="json")
    assert api.status_code == 400 and api.json()["code"] == "invalid_link"
    assert User.objects.filter(pk=owner.pk, deleted_at__isnull=True).exists()


def test_a_deletion_link_dies_with_a_deactivation(make_user: Any) -> None:
    owner = make_user("owner")
    path = _deletion_path(owner)
    owner.is_active = False
    owner.save()  # the admin's "active" unticked: the sign-ins end
    owner.is_active = True
    owner.save()  # and ticked again: they stay ended, and so does the link
    assert Client().post(path).status_code == 400
    assert User.objects.filter(pk=owner.pk, deleted_at__isnull=True).exists()


def test_an_export_link_opens_for_its_owner_signed_in_and_nobody_else(make_user: Any) -> None:
    owner, other = make_user("owner"), make_user("other")
    path = _export_path(owner)
    stranger = signed_in(other).get(path)
    assert stranger.status_code == 404 and owner.email.encode() not in stranger.content
    signed_out = Client().get(path)
    assert signed_out.status_code == 302 and signed_out.url.startswith("/accounts/login/")
    assert "next=" in signed_out.url and owner.email.encode() not in signed_out.content
    mine = signed_in(owner).get(path)
    assert mine.status_code == 200 and mine.json()["account"]["email"] == owner.email
