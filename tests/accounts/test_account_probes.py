"""Probes of issue 17's account findings, each through the door the attacker used (HTTP via the test client):

* a password reset through the emailed link's pages, an operator's password change and a player's own change
  end the account's API tokens and its other sessions;
* /admin/login/ counts against the sign-in budget of the site's form;
* a password reset does the same work in the request for a known and an unknown address;
* display names are one line without control characters, in the API, the forms and the admin;
* the accounts API takes strings where it says string (`{"email": 0}` is a 400).
"""

from __future__ import annotations

import importlib
import re
from typing import Any
from unittest import mock

import pytest
from celery.app.task import Task
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-pw-1"  # tests/conftest.py's make_user
NEW_PASSWORD = "n3w-pass-phrase-7"


def token_client(user: User) -> APIClient:
    """An API client signed in with a token issued the way a player gets one."""
    client = APIClient()
    answer = client.post("/api/accounts/token", {"email": user.email, "password": PASSWORD}, format="json")
    assert answer.status_code == 200, answer.content
    client.credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    return client


def signed_in(user: User, password: str = PASSWORD) -> Client:
    """A browser session signed in through the site's sign-in form."""
    browser = Client(REMOTE_ADDR=f"192.0.2.{user.pk % 250 + 1}")
    assert browser.post("/accounts/login/", {"username": user.email, "password": password}).status_code == 302
    return browser


def session_works(browser: Client) -> bool:
    return browser.get("/settings/").status_code == 200


# --- Finding 2: a new password ends the other ways in ---------------------------------------------------


def test_a_reset_through_the_emailed_link_ends_every_token_and_session(make_user: Any) -> None:
    user = make_user("reset")
    api, other_device = token_client(user), signed_in(user)
    assert api.get("/api/me").status_code == 200 and session_works(other_device)

    browser = Client()
    assert browser.post("/accounts/password-reset/", {"email": user.email}).status_code == 302
    link = re.search(r"http://\S+/accounts/reset/\S+", mail.outbox[-1].body)
    assert link, mail.outbox[-1].body
    form_page = browser.get(link.group(0).removeprefix("http://testserver"), follow=True)
    assert form_page.status_code == 200 and b"new_password1" in form_page.content
    done = browser.post(form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done.url.endswith("/accounts/reset/done/")

    assert api.get("/api/me").status_code == 401
    assert not session_works(other_device)
    assert APIClient().post("/api/accounts/token", {"email": user.email, "password": NEW_PASSWORD},
                            format="json").status_code == 200


@pytest.mark.parametrize("usable", ["true", "false"])
def test_an_operator_setting_a_players_password_ends_the_players_tokens(usable: str, make_user: Any) -> None:
    player = make_user("player")
    operator = User.objects.create_superuser("root@example.org", PASSWORD, display_name="Root")
    api, players_browser = token_client(player), signed_in(player)
    admin = signed_in(operator)
    form = ({"usable_password": "true", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD} if usable == "true"
            else {"usable_password": "false", "unset-password": "1"})  # the admin's "Disable password-based…"
    answer = admin.post(f"/admin/accounts/user/{player.pk}/password/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    player.refresh_from_db()
    assert player.has_usable_password() == (usable == "true")
    assert api.get("/api/me").status_code == 401
    assert not session_works(players_browser)
    assert session_works(admin)  # the operator's own session is not the player's


def test_a_change_by_the_user_keeps_the_changing_session_and_ends_the_others(make_user: Any) -> None:
    operator = User.objects.create_superuser("staff@example.org", PASSWORD, display_name="Staff")
    api, here, elsewhere = token_client(operator), signed_in(operator), signed_in(operator)
    answer = here.post("/admin/password_change/", {"old_password": PASSWORD, "new_password1": NEW_PASSWORD,
                                                   "new_password2": NEW_PASSWORD})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert session_works(here)
    assert not session_works(elsewhere)
    assert api.get("/api/me").status_code == 401


def admin_sets_active(admin: Client, user: User, active: bool) -> None:
    form = {"email": user.email, "display_name": user.display_name, "language": "en", "time_zone": "UTC",
            "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00", **({"is_active": "on"} if active else {})}
    answer = admin.post(f"/admin/accounts/user/{user.pk}/change/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    user.refresh_from_db()
    assert user.is_active == active


def test_deactivating_an_account_ends_its_tokens_and_sessions_for_good(make_user: Any) -> None:
    """docs/security.md's way to cut off a leaked account: untick "active" in the admin. Ticking it again must not bring
    back what the leak gave (the old token, the old browser session); the owner signs in anew."""
    player = make_user("leaky")
    operator = User.objects.create_superuser("ops@example.org", PASSWORD, display_name="Ops")
    api, players_browser, admin = token_client(player), signed_in(player), signed_in(operator)
    admin_sets_active(admin, player, False)
    assert api.get("/api/me").status_code == 401 and not session_works(players_browser)
    admin_sets_active(admin, player, True)
    assert api.get("/api/me").status_code == 401
    assert not session_works(players_browser)
    assert session_works(admin)  # the operator's own session is not the player's
    fresh_api, fresh_browser = token_client(player), signed_in(player)
    assert fresh_api.get("/api/me").status_code == 200 and session_works(fresh_browser)


class QuickPBKDF2(PBKDF2PasswordHasher):
    """A preferred hasher other than the tests' MD5, cheap enough for a test."""

    iterations = 2


def test_a_hash_upgrade_at_sign_in_is_no_password_change(make_user: Any, settings: Any) -> None:
    """Django rewrites an outdated hash when the password is checked: that is no new password."""
    user = make_user("upgrade")
    api = token_client(user)
    settings.PASSWORD_HASHERS = [f"{__name__}.QuickPBKDF2", "django.contrib.auth.hashers.MD5PasswordHasher"]
    signed_in(user)
    user.refresh_from_db()
    assert user.password.startswith("pbkdf2_sha256$2$")
    assert api.get("/api/me").status_code == 200


# --- Finding 5: admin sign-in budget ---------------------------------------------------------------------


def test_admin_login_is_held_after_the_sign_in_budget(make_user: Any) -> None:
    operator = User.objects.create_superuser("boss@example.org", PASSWORD, display_name="Boss")
    attacker = Client(REMOTE_ADDR="198.51.100.66")
    statuses = [attacker.post("/admin/login/", {"username": operator.email, "password": f"guess-{n}"}).status_code
                for n in range(12)]
    assert statuses == [200] * 5 + [429] * 7  # THROTTLE_SIGN_IN: 5/min, as the site's sign-in form
    refused = attacker.post("/admin/login/", {"username": operator.email, "password": PASSWORD})
    assert refused.status_code == 429 and b"Too many attempts" in refused.content
    assert "_auth_user_id" not in attacker.session
    # One budget with the site's form: the account is held there too.
    assert Client(REMOTE_ADDR="203.0.113.5").post(
        "/accounts/login/", {"username": operator.email, "password": PASSWORD}).status_code == 429


# --- Finding 5: the reset tells nothing by its timing -----------------------------------------------------


def test_a_reset_does_the_same_work_for_a_known_and_an_unknown_address(
    make_user: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Not timed: the request publishes the same Celery task with the same kind of argument and sends the
    same SQL for an address with an account and one without, by the API and by the page."""
    settings.ACCOUNTS_ASYNC_MAIL = True
    known = make_user("known").email
    unknown = "nobody-here@example.org"
    work: dict[tuple[str, str], Any] = {}
    for door in ("api", "page"):
        for name, address in (("known", known), ("unknown", unknown)):
            with mock.patch.object(Task, "apply_async", autospec=True) as publish, \
                    django_capture_on_commit_callbacks(execute=True), \
                    CaptureQueriesContext(connection) as queries:
                if door == "api":
                    answer = APIClient().post("/api/accounts/password-reset", {"email": address}, format="json")
                    assert answer.status_code == 202
                else:
                    assert Client().post("/accounts/password-reset/", {"email": address}).status_code == 302
            published = [(call.args[0].name, call.args[1]) for call in publish.call_args_list]
            assert published == [("accounts.send_password_reset", (address,))]
            work[door, name] = [re.sub(r"'[^']*'", "?", query["sql"]) for query in queries.captured_queries]
        assert work[door, "known"] == work[door, "unknown"]
    assert mail.outbox == []


def reset_by_api(address: str, client_address: str) -> Any:
    return APIClient(REMOTE_ADDR=client_address).post("/api/accounts/password-reset", {"email": address},
                                                      format="json")


def test_resets_of_one_address_from_many_clients_are_held_alike_for_known_and_unknown(make_user: Any) -> None:
    """THROTTLE_PASSWORD_RESET (5/hour) per target address too, by the API as by the web form, in one count;
    the answers do not tell whether the address has an account, held or not."""
    known = make_user("flooded").email
    answers: dict[str, list[Any]] = {}
    for name, address in (("known", known), ("unknown", "nobody-here@example.org")):
        web = [Client(REMOTE_ADDR=f"203.0.113.{n}").post("/accounts/password-reset/", {"email": address})
               for n in range(2)]
        assert [answer.status_code for answer in web] == [302, 302]
        answers[name] = [reset_by_api(address.upper(), f"198.51.100.{n}") for n in range(5)]
        held_form = Client(REMOTE_ADDR="192.0.2.200").post("/accounts/password-reset/", {"email": address})
        assert held_form.status_code == 429
    assert len(mail.outbox) == 5 and {tuple(m.to) for m in mail.outbox} == {(known,)}
    for name in ("known", "unknown"):
        assert [answer.status_code for answer in answers[name]] == [202] * 3 + [429] * 2, name

    def shape(answer: Any) -> tuple[Any, ...]:
        return answer.status_code, re.sub(r"\d+", "N", answer.content.decode())
    assert [shape(a) for a in answers["known"]] == [shape(a) for a in answers["unknown"]]
    assert "Retry-After" in answers["known"][-1] and "Retry-After" in answers["unknown"][-1]
    # Another address is not held.
    assert reset_by_api("other@example.org", "198.51.100.1").status_code == 202


def test_the_reset_task_mails_a_known_address_only(make_user: Any) -> None:
    from accounts.tasks import send_password_reset

    user = make_user("worker")
    send_password_reset(user.email.upper())
    send_password_reset("nobody-here@example.org")
    assert [m.to for m in mail.outbox] == [[user.email]] and "/accounts/reset/" in mail.outbox[0].body


# --- Finding 5: display names -----------------------------------------------------------------------------

BAD_NAMES = ["Ada\nSubject: you won", "Ada\rBcc: all", "Ada\x00", "Ada\u202eevil", "Ada\u2028two", "Ada\u200b",
             "\t", "x" * 61]
# Names that look blank: joiners alone, Hangul fillers, the blank Braille pattern, combining marks with no base.
BLANK_NAMES = ["\u200d", "\u200c\u200d", "\u3164", "\u115f", "\uffa0", "\u2800", "\u3164 \u2800", "\u0301" * 60,
               "\u0301Ada"]
BAD_NAMES += BLANK_NAMES


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_api_refuses_a_bad_display_name(name: str, make_user: Any) -> None:
    answer = APIClient().post("/api/accounts/register", {"email": "new@example.org", "password": NEW_PASSWORD,
                                                         "display_name": name}, format="json")
    assert answer.status_code == 400
    body = answer.json()
    if body["code"] != "invalid_text":  # the API's parser refuses a NUL in any string before a serializer sees it
        assert body["code"] in {"invalid", "invalid_display_name"}
        assert "display_name" in body["message"] or "display name" in body["message"].lower()
    user = make_user("patched")
    patched = token_client(user).patch("/api/me", {"display_name": name}, format="json")
    assert patched.status_code == 400 and set(patched.json()) >= {"code", "message"}
    assert not User.objects.filter(email="new@example.org").exists()
    user.refresh_from_db()
    assert user.display_name == "patched"


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_forms_refuse_a_bad_display_name(name: str, make_user: Any) -> None:
    sign_up = Client().post("/accounts/register/", {"email": "new@example.org", "password": NEW_PASSWORD,
                                                    "display_name": name, "language": "en", "time_zone": "UTC"})
    assert sign_up.status_code == 400 and sign_up.context["form"].has_error("display_name")
    user = make_user("formed")
    settings_page = signed_in(user).post("/settings/", {"part": "profile", "display_name": name, "language": "en",
                                                        "time_zone": "UTC"})
    assert settings_page.status_code == 400 and settings_page.context["profile_form"].has_error("display_name")
    operator = User.objects.create_superuser("op@example.org", PASSWORD, display_name="Op")
    admin_form = signed_in(operator).post(f"/admin/accounts/user/{user.pk}/change/", {
        "email": user.email, "display_name": name, "language": "en", "time_zone": "UTC", "is_active": "on",
        "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"})
    assert admin_form.status_code == 200 and admin_form.context["adminform"].form.has_error("display_name")
    assert not User.objects.filter(email="new@example.org").exists()
    user.refresh_from_db()
    assert user.display_name == "formed"


def test_a_blank_looking_name_is_refused_in_german_and_english(make_user: Any) -> None:
    user = make_user("worded")
    api = token_client(user)
    for language, words in (("en", "visible letter"), ("de", "sichtbaren Buchstaben")):
        answer = api.patch("/api/me", {"display_name": "\u3164"}, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 400 and words in answer.json()["message"], answer.json()
        marked = api.patch("/api/me", {"display_name": "\u0301x"}, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert marked.status_code == 400 and ("combining" if language == "en" else "kombinierenden") in \
            marked.json()["message"], marked.json()


@pytest.mark.parametrize("name", ["  Ada  Lovelace ", "Zoë", "Ψ", "👩\u200d🚀 Ada", "محمد\u200cرضا", "x" * 60,
                                  "e\u0301" * 30, "\u3164Ada", "7", "☃"])
def test_good_display_names_pass_stripped(name: str, make_user: Any) -> None:
    user = make_user("good")
    answer = token_client(user).patch("/api/me", {"display_name": name}, format="json")
    assert answer.status_code == 200 and answer.json()["display_name"] == name.strip()


def test_the_data_migration_cleans_existing_names(make_user: Any) -> None:
    from django.apps import apps

    migration = importlib.import_module("accounts.migrations.0003_display_name_one_line")
    dirty = {make_user("a").pk: "Ada\r\n  Lovelace\u202e\x07", make_user("b").pk: "\n\t\u200b",
             make_user("c").pk: "Fine Name"}
    for pk, name in dirty.items():
        User.objects.filter(pk=pk).update(display_name=name)
    migration.clean_display_names(apps, None)
    assert [User.objects.get(pk=pk).display_name for pk in dirty] == ["Ada Lovelace", "Player", "Fine Name"]


# --- Finding 5: strict types ------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "body"), [
    ("/api/accounts/password-reset", {"email": 0}),
    ("/api/accounts/password-reset", {"email": ["a@example.org"]}),
    ("/api/accounts/token", {"email": 0, "password": "x"}),
    ("/api/accounts/token", {"email": "a@example.org", "password": 12345678}),
    ("/api/accounts/register", {"email": "a@example.org", "password": NEW_PASSWORD, "display_name": 7}),
    ("/api/accounts/verify", {"token": 1}),
    ("/api/accounts/password-reset/confirm", {"uid": 1, "token": "t", "password": NEW_PASSWORD}),
])
def test_a_number_where_a_string_belongs_is_a_400(path: str, body: dict[str, Any]) -> None:
    answer = APIClient().post(path, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid" and answer.json()["message"]
    assert mail.outbox == []


def test_patch_me_takes_strings_only(make_user: Any) -> None:
    answer = token_client(make_user("typed")).patch("/api/me", {"display_name": 12}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
