"""Where a player gets the feed's address: the settings page (copy it, revoke it and make a new one, turn
it off; POSTs with CSRF) and the API (`GET/POST/DELETE /api/me/calendar`, errors as JSON {code, message},
in the OpenAPI schema); the data export and the account's erasure cover the feed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from accounts.personal_data import erase_everywhere, export_everywhere
from calendars import services
from calendars.models import CalendarFeed

pytestmark = pytest.mark.django_db

FEED = re.compile(r"http://127\.0\.0\.1:8000(/calendar/[^\"<\s]+\.ics)")


def _csrf_client(user: Any) -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    page = client.get("/settings/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token
    return client, token.group(1)


def test_the_settings_page_makes_shows_renews_and_ends_the_link(make_user: Any, fetch: Any) -> None:
    user = make_user("ann")
    client, csrf = _csrf_client(user)
    page = client.get("/settings/").content.decode()
    assert "Make a calendar link" in page and not FEED.search(page)
    assert client.post("/settings/", {"part": "calendar_renew"}).status_code == 403  # no CSRF token
    assert not CalendarFeed.objects.filter(user=user).exists()
    answer = client.post("/settings/", {"part": "calendar_renew", "csrfmiddlewaretoken": csrf}, follow=True)
    shown = FEED.search(answer.content.decode())
    assert shown and "copy it into your calendar app" in answer.content.decode()
    first = shown.group(1)
    page = answer.content.decode()
    assert 'data-copy="calendar-link"' in page and "webcal://127.0.0.1:8000/calendar/" in page
    assert "Revoke and make a new link" in page
    assert fetch(first).status_code == 200
    answer = client.post("/settings/", {"part": "calendar_renew", "csrfmiddlewaretoken": csrf}, follow=True)
    renewed = FEED.search(answer.content.decode())
    assert renewed and renewed.group(1) != first and "the old one no longer works" in answer.content.decode()
    assert fetch(first).status_code == 404 and fetch(renewed.group(1)).status_code == 200
    answer = client.post("/settings/", {"part": "calendar_end", "csrfmiddlewaretoken": csrf}, follow=True)
    assert "turned off" in answer.content.decode() and not FEED.search(answer.content.decode())
    assert fetch(renewed.group(1)).status_code == 404


def test_the_settings_part_in_german(make_user: Any) -> None:
    user = make_user("bea", language="de")
    services.renew(user)
    client = Client()
    client.force_login(user)
    page = client.get("/settings/").content.decode()
    assert "Kalender" in page and "Widerrufen und neuen Link erstellen" in page and "Link kopieren" in page


def test_the_api_reads_makes_renews_and_ends_the_address(make_user: Any, api_client: Any, fetch: Any) -> None:
    user = make_user("cid")
    api = api_client(user)
    assert api.get("/api/me/calendar").json() == {"url": None, "webcal_url": None, "created_at": None}
    made = api.post("/api/me/calendar")
    assert made.status_code == 201
    url = made.json()["url"]
    assert url.startswith("http://127.0.0.1:8000/calendar/") and url.endswith(".ics")
    assert made.json()["webcal_url"] == "webcal://" + url.split("://", 1)[1]
    assert api.get("/api/me/calendar").json()["url"] == url  # the same address, shown again
    path = url.split("127.0.0.1:8000", 1)[1]
    assert fetch(path).status_code == 200
    renewed = api.post("/api/me/calendar").json()["url"]
    assert renewed != url and fetch(path).status_code == 404
    assert api.delete("/api/me/calendar").status_code == 204
    assert api.get("/api/me/calendar").json()["url"] is None
    assert fetch(renewed.split("127.0.0.1:8000", 1)[1]).status_code == 404


def test_the_api_refuses_without_a_sign_in_and_a_bot(make_user: Any, api_client: Any) -> None:
    answer = api_client().get("/api/me/calendar")
    assert answer.status_code == 401 and answer.json()["code"] == "not_authenticated"
    assert set(answer.json()) >= {"code", "message"}
    bot = make_user("bot")
    type(bot).objects.filter(pk=bot.pk).update(bot_level="easy")
    refused = api_client(bot).post("/api/me/calendar")
    assert refused.status_code == 403
    assert refused.json()["code"] == "no_calendar_feed" and refused.json()["message"]
    assert not CalendarFeed.objects.filter(user=bot).exists()


def test_the_schema_documents_the_calls(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = schema["paths"]["/api/me/calendar"]
    assert set(operations) >= {"get", "post", "delete"}
    assert "201" in operations["post"]["responses"]


def test_the_export_tells_of_the_feed_without_its_address_and_the_erasure_ends_it(make_user: Any) -> None:
    user = make_user("dora")
    assert export_everywhere(user)["calendars"] == {"feed": None}
    found = services.renew(user)
    exported = export_everywhere(user)["calendars"]
    assert exported["feed"]["created_at"] == found.created_at.isoformat()
    assert found.key not in repr(exported) and "/calendar/" not in repr(exported)
    erase_everywhere(user)
    assert not CalendarFeed.objects.filter(user=user).exists()
