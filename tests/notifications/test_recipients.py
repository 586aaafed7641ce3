"""The outbox writers' one statement for a game's seats gives what the ORM's select_related gives: seats in
order, their users, the preferences (or DoesNotExist, without another query) and the absent flags."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Seat, SeatPresence
from notifications.models import Preference
from notifications.recipients import seats_with_users
from tests.games.helpers import started_game


def _fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.mark.django_db
def test_seats_users_preferences_and_absence_as_the_orm_loads_them(make_user: Any) -> None:
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    Preference.objects.create(user=bob, mode=Preference.Mode.DIGEST, opted_out=["reminder"])
    game = started_game([ann, bob, cat])
    absent_seat = Seat.objects.get(game=game, user=cat).index
    SeatPresence.objects.create(game=game, seat=absent_seat, consecutive_timeouts=3, absent_since=timezone.now())
    presence = SeatPresence.objects.filter(game=OuterRef("game"), seat=OuterRef("index"), absent_since__isnull=False)
    expected = list(Seat.objects.filter(game=game, index__isnull=False)
                    .select_related("user", "user__notification_pref").annotate(absent=Exists(presence)))

    with CaptureQueriesContext(connection) as queries:
        seats = seats_with_users(game.pk)
        assert [_fields(s) for s in seats] == [_fields(s) for s in expected]
        assert [_fields(s.user) for s in seats] == [_fields(s.user) for s in expected]
        assert [s.absent for s in seats] == [s.absent for s in expected]  # type: ignore[attr-defined]
        assert [s.index for s in seats if s.absent] == [absent_seat]  # type: ignore[attr-defined]
        for seat in seats:
            if seat.user == bob:
                pref = seat.user.notification_pref  # type: ignore[attr-defined]
                assert _fields(pref) == _fields(Preference.objects.get(user=bob)) and pref.user is seat.user
            else:
                with pytest.raises(Preference.DoesNotExist):
                    seat.user.notification_pref  # type: ignore[attr-defined]  # noqa: B018
    assert len(queries.captured_queries) == 2  # ours, and the Preference.objects.get of the check
    assert seats_with_users(10**9) == []
