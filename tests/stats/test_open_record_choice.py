"""The open record's choice: on the settings page, in the person's data export, gone with the account."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.personal_data import erase_everywhere, export_everywhere
from stats.consent import is_included, left_out, set_included
from stats.models import OpenRecordChoice

pytestmark = pytest.mark.django_db


def test_the_settings_page_keeps_a_players_games_out_of_the_record(make_user: Any, client: Any) -> None:
    ada = make_user("Ada")
    client.force_login(ada)
    assert "The open record" in client.get("/settings/").content.decode()
    assert client.post("/settings/", {"part": "open_record"}).status_code == 302  # unticked
    assert not is_included(ada) and left_out([ada.pk]) == {ada.pk}
    assert client.post("/settings/", {"part": "open_record", "included": "on"}).status_code == 302
    assert is_included(ada) and left_out([ada.pk]) == set()


def test_the_choice_is_in_the_export_and_goes_with_the_account(make_user: Any) -> None:
    ada = make_user("Ada")
    assert export_everywhere(ada)["stats"] == {"included_in_open_record": True}
    set_included(ada, False)
    assert export_everywhere(ada)["stats"] == {"included_in_open_record": False}
    erase_everywhere(ada)
    assert not OpenRecordChoice.objects.filter(user=ada).exists()


def test_the_operators_predicate_leaves_out_whom_it_names(make_user: Any, settings: Any) -> None:
    ada, bea = make_user(), make_user()
    settings.STATS_OPEN_RECORD_EXCLUDED = "tests.stats.test_open_record_choice.odd_ids"
    assert left_out([ada.pk, bea.pk]) == {pk for pk in (ada.pk, bea.pk) if pk % 2}


def odd_ids(user_ids: set[int]) -> set[int]:
    """An operator's predicate for the test: the odd ids."""
    return {pk for pk in user_ids if pk % 2}
