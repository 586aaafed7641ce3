"""Who reaches a feed: the token is the only credential; a renewed or ended address, a forged or another
site's token, a bot's or a deleted account answer 404 at once, alike. Calendar apps that poll get 304s
while nothing changed, and a rate limit past the scope's budget."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import signing
from django.utils.http import http_date

from accounts import deletion
from calendars import services, tokens
from calendars.models import CalendarFeed
from core.errors import ServiceError
from games.models import Game
from tests.calendars.conftest import feed_path

pytestmark = pytest.mark.django_db


def test_renewing_the_address_ends_the_old_one_at_once(awaited_and_not: Any, fetch: Any) -> None:
    awaited, _other = awaited_and_not
    old = feed_path(awaited)
    assert fetch(old).status_code == 200
    services.renew(awaited)
    new = feed_path(awaited)
    assert new != old
    assert fetch(old).status_code == 404
    assert b"VEVENT" in fetch(new).content


def test_an_ended_feed_answers_404_and_a_new_one_has_a_new_address(awaited_and_not: Any, fetch: Any) -> None:
    awaited, _other = awaited_and_not
    old = feed_path(awaited)
    assert services.end(awaited) is True
    assert fetch(old).status_code == 404
    assert services.end(awaited) is False
    assert feed_path(awaited) != old


def _path_of(token: str) -> str:
    return f"/calendar/{token}/deadlines.ics"


def test_a_forged_or_borrowed_token_shows_nothing(awaited_and_not: Any, fetch: Any) -> None:
    awaited, other = awaited_and_not
    services.renew(awaited)
    found = services.feed_of(awaited)
    assert found is not None
    theirs = CalendarFeed.objects.get(user=services.renew(other).user)
    forged = [
        f"{awaited.pk}.{found.key}.{'A' * 43}",  # the right key without the site's signature
        tokens.token_for(awaited.pk, theirs.key),  # signed, but another player's key
        tokens.token_for(other.pk, found.key),  # signed, their key under another id
        signing.Signer(salt="accounts.other", sep=".").sign(f"{awaited.pk}.{found.key}"),  # another link's salt
        "not-a-token", f"{awaited.pk}", "..", "x" * 300,
    ]
    for token in forged:
        answer = fetch(_path_of(token))
        assert answer.status_code == 404, token
        assert b"VCALENDAR" not in answer.content


@pytest.mark.parametrize("account", ["deleted", "deactivated", "bot"])
def test_no_feed_for_a_bot_or_a_gone_account(awaited_and_not: Any, fetch: Any, account: str,
                                             make_user: Any) -> None:
    awaited, _other = awaited_and_not
    path = feed_path(awaited)
    if account == "deleted":
        deletion.erase_account(awaited)
        assert not CalendarFeed.objects.filter(user=awaited).exists()  # the personal data part erased it
    elif account == "deactivated":
        awaited.is_active = False
        awaited.save(update_fields=["is_active"])
    else:
        type(awaited).objects.filter(pk=awaited.pk).update(bot_level="easy")
    assert fetch(path).status_code == 404
    awaited.refresh_from_db()
    with pytest.raises(ServiceError) as refused:
        services.renew(awaited)
    assert refused.value.code == "no_calendar_feed" and refused.value.status == 403


def test_an_unchanged_feed_answers_304_to_its_etag_and_its_date(awaited_and_not: Any, fetch: Any) -> None:
    awaited, _other = awaited_and_not
    path = feed_path(awaited)
    first = fetch(path)
    etag, modified = first["ETag"], first["Last-Modified"]
    assert etag.startswith('"') and etag.endswith('"')
    again = fetch(path, **{"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and "private" in again["Cache-Control"]
    assert fetch(path, **{"If-None-Match": f"W/{etag}"}).status_code == 304
    assert fetch(path, **{"If-Modified-Since": modified}).status_code == 304
    assert fetch(path, **{"If-None-Match": '"other"'}).status_code == 200
    assert fetch(path, **{"If-Modified-Since": http_date(0)}).status_code == 200
    assert fetch(path).content == first.content  # byte for byte: the stamp is the last change's


def test_a_changed_feed_has_a_new_etag(awaited_and_not: Any, fetch: Any, game_of_three: Game) -> None:
    awaited, _other = awaited_and_not
    path = feed_path(awaited)
    first = fetch(path)
    Game.objects.filter(pk=game_of_three.pk).update(status=Game.Status.FINISHED)
    changed = fetch(path, **{"If-None-Match": first["ETag"]})
    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]
    assert b"VEVENT" not in changed.content


def test_polling_past_the_budget_is_429_with_retry_after(awaited_and_not: Any, fetch: Any, settings: Any) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "calendar_feed": "3/hour"}}
    awaited, other = awaited_and_not
    path = feed_path(awaited)
    assert [fetch(path).status_code for _ in range(3)] == [200, 200, 200]
    refused = fetch(path)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert fetch(feed_path(other)).status_code == 200  # each feed has its own budget


def test_guessing_addresses_is_rate_limited_per_client(fetch: Any, settings: Any) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "calendar_feed": "2/hour"}}
    assert [fetch(_path_of(f"1.guess{n}.x")).status_code for n in range(3)] == [404, 404, 429]


def test_the_address_is_masked_in_the_logs(awaited_and_not: Any) -> None:
    from core import log_secrets

    path = feed_path(awaited_and_not[0])
    masked = log_secrets.mask(f'"GET {path} HTTP/1.1" 200')
    assert masked == '"GET /calendar/***/deadlines.ics HTTP/1.1" 200'


def test_the_feed_answers_get_and_head_only(awaited_and_not: Any) -> None:
    from django.test import Client

    path = feed_path(awaited_and_not[0])
    assert Client().post(path).status_code == 405
    assert Client().put(path).status_code == 405


def test_a_poll_costs_the_same_few_statements_for_many_games(make_user: Any, fetch: Any,
                                                             django_assert_max_num_queries: Any) -> None:
    from games.models import Seat
    from tests.games.helpers import started_game

    player = make_user("busy")
    for n in range(4):
        game = started_game([player, make_user(f"y{n}")], time_control={"decision_hours": 48})
        Game.objects.filter(pk=game.pk).update(awaiting=[Seat.objects.get(game=game, user=player).index])
    path = feed_path(player)
    fetch(path)
    with django_assert_max_num_queries(5):
        assert fetch(path).content.count(b"BEGIN:VEVENT") == 4
