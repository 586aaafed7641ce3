"""The new-game form's clock: a time per decision (as ever) or a time bank, its fields labelled, its values
checked by the service's one validator and its refusals shown at the field they are about, creating nothing."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from games.models import Game

from .test_site_pages import _form

pytestmark = pytest.mark.django_db

BANK = {"clock": "bank", "initial_hours": "72", "increment_hours": "24", "max_bank_hours": "168",
        "double_after_hours": "", "reminder_percent": "20"}


def _errors_at(page: str, field: str) -> list[str]:
    """The error messages shown in the field block of `field` (`field.html`: a div of class "field invalid")."""
    blocks = re.findall(r'<div class="field invalid">(.*?)</div>', page, re.S)
    return [html.unescape(message) for block in blocks if f'name="{field}"' in block
            for message in re.findall(r'<p class="error" role="alert">(.*?)</p>', block)]


def test_every_clock_field_has_a_label(client: Any, make_user: Any) -> None:
    client.force_login(make_user())
    page = client.get("/games/new/").content.decode()
    for name in ("initial_hours", "increment_hours", "max_bank_hours", "double_after_hours", "reminder_percent",
                 "decision_hours", "reminder_hours"):
        assert re.search(rf'<label for="id_{name}">[^<]+</label>', page), name
    assert "<legend>Clock</legend>" in page  # the radio buttons' group (field.html)
    assert re.search(r'value="move"[^>]*checked', page) and re.search(
        r'<label for="id_clock_1"><input[^>]*value="bank"[^>]*> a time bank for each player</label>', page)


def test_a_bank_game_is_created_with_the_time_control_the_host_chose(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    answer = client.post("/games/new/", _form(**{**BANK, "double_after_hours": "48", "decision_hours": "", "reminder_hours": ""}))
    assert answer.status_code == 302, _errors_at(answer.content.decode(), "clock")
    game = Game.objects.get(created_by=user)
    assert game.time_control == {"mode": "bank", "initial_hours": 72, "increment_hours": 24, "max_bank_hours": 168,
                                 "double_after_hours": 48, "reminder_percent": 20, "timeout_policy": "bot"}


def test_an_empty_most_takes_the_validators_default(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    answer = client.post("/games/new/", _form(**{**BANK, "initial_hours": "240", "max_bank_hours": ""}))
    assert answer.status_code == 302
    control = Game.objects.get(created_by=user).time_control
    assert control["max_bank_hours"] == 240 and control["double_after_hours"] is None


def test_a_time_per_decision_ignores_the_bank_fields(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    answer = client.post("/games/new/", _form(clock="move", initial_hours="0", max_bank_hours="x"))
    assert answer.status_code == 302
    assert Game.objects.get(created_by=user).time_control == {"decision_hours": 48, "reminder_hours": 12,
                                                              "timeout_policy": "bot"}


@pytest.mark.parametrize(("field", "value", "message"), [
    ("initial_hours", "0", "initial_hours must be a number of hours above 0 and up to 1440."),
    ("initial_hours", "", "This field is required."),
    ("increment_hours", "400", "increment_hours must be a number of hours from 0 to 336."),
    ("max_bank_hours", "48", "max_bank_hours must be a number of hours from initial_hours to 1440."),
    ("double_after_hours", "0", "double_after_hours is null (no double charge) or a number of hours above 0"),
    ("reminder_percent", "95", "reminder_percent is a whole number of percent from 0 (no reminder) to 90."),
    ("reminder_percent", "2.5", "Enter a whole number."),
])
def test_a_bad_bank_is_an_error_at_its_field_and_creates_nothing(
    client: Any, make_user: Any, field: str, value: str, message: str
) -> None:
    user = make_user()
    client.force_login(user)
    answer = client.post("/games/new/", _form(**{**BANK, field: value}))
    assert answer.status_code == 400
    errors = _errors_at(answer.content.decode(), field)
    assert errors and errors[0].startswith(message), errors
    assert not Game.objects.filter(created_by=user).exists()


def test_the_form_speaks_german(client: Any, make_user: Any) -> None:
    user = make_user(language="de")
    client.force_login(user)
    page = client.get("/games/new/").content.decode()
    assert "Zeitkonto zu Beginn, in Stunden" in page and "ein Zeitkonto für jeden Spieler" in page
    answer = client.post("/games/new/", _form(**{**BANK, "max_bank_hours": "48"}))
    assert answer.status_code == 400
    assert _errors_at(answer.content.decode(), "max_bank_hours") == [
        "max_bank_hours muss eine Zahl von Stunden von initial_hours bis 1440 sein."]
    assert not Game.objects.filter(created_by=user).exists()
