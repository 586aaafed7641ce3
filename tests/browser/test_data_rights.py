"""The player's data rights in the browser: the settings link to the export and the deletion; a wrong
password is shown on the form; the mailed link asks once more and deletes; the privacy page and imprint are
linked from the footer. axe-core checks each page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import User

from .axe import assert_accessible

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-secret-pw-1"


def test_delete_an_account_from_the_settings(page_for: Any, live_server: Any) -> None:
    user = User.objects.create_user(email="quirin@example.org", password=PASSWORD, display_name="Quirin",
                                    email_verified_at=timezone.now())
    page = page_for(user)
    page.goto(live_server.url + "/settings/")
    page.get_by_role("heading", name="Your data").wait_for()
    assert_accessible(page, "settings with the data section")
    page.get_by_role("link", name="Delete my account").click()
    page.get_by_label("Your password").fill("not-my-password")
    page.get_by_role("button", name="Mail me the confirmation link").click()
    page.get_by_text("The password is wrong: nothing was deleted.").wait_for()
    assert_accessible(page, "delete account with errors")
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_role("button", name="Mail me the confirmation link").click()
    page.get_by_role("heading", name="Check your mail").wait_for()
    path = re.search(r"/accounts/delete/\S+/", mail.outbox[-1].body).group(0)  # type: ignore[union-attr]
    page.goto(live_server.url + path)
    assert_accessible(page, "delete account confirmation")
    page.get_by_role("button", name="Delete my account").click()
    page.get_by_role("heading", name="Account deleted").wait_for()
    assert User.objects.filter(pk=user.pk).count() == 0
    page.get_by_role("link", name="Privacy").click()
    page.get_by_role("heading", name="What we keep").wait_for()
    assert_accessible(page, "privacy page")
    page.get_by_role("link", name="Imprint").click()
    page.get_by_role("heading", name="Imprint").wait_for()
    # The form with the wrong password answered 400 (the browser logs that); nothing else went wrong.
    errors = [e for e in page.js_errors if "status of 400" not in e]  # type: ignore[attr-defined]
    assert not errors, errors
