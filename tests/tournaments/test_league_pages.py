"""The leagues' pages: the list (linked from the tournaments' list), a league's page with each season's
groups, their tournaments' links and standings' leaders, who went up and down; the join / leave buttons
(a refusal shown as the form's error with its 4xx) and the new-league form."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tournaments import services
from tournaments.models import League, Tournament

from .driver import entrants
from .test_league_seasons import _finish_games

pytestmark = pytest.mark.django_db


def test_the_list_links_every_league_and_the_tournaments_list_links_the_list(make_user: Any, client: Any) -> None:
    league = services.create_league(make_user(), name="Autumn league", kind="citadels",
                                    players=[make_user(), make_user()], group_size=2)
    assert 'href="/leagues/"' in client.get("/tournaments/").content.decode()
    page = client.get("/leagues/").content.decode()
    assert f'href="/leagues/{league.pk}/"' in page and "Autumn league" in page and "<caption" in page


def test_a_league_in_its_second_season_shows_both_seasons_and_who_moved(make_user: Any, client: Any) -> None:
    players = entrants("easy", range(1, 9))
    ids = [p.pk for p in players]
    league = services.create_league(make_user(), name="Winter league", kind="citadels", players=players,
                                    group_size=4, seasons=3)
    strength = [ids[7], ids[0], ids[1], ids[2], ids[4], ids[5], ids[6], ids[3]]
    _finish_games(strength)
    services.advance_due()
    league.refresh_from_db()
    assert league.current_season == 2
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    for tournament in Tournament.objects.filter(league=league):
        assert f'href="/tournaments/{tournament.pk}/"' in page
    assert "Season 1" in page and "Season 2" in page and 'scope="col"' in page
    moves = re.search(r"Promoted</dt><dd>(.*?)</dd>\s*<dt>Relegated</dt><dd>(.*?)</dd>", page, re.S)
    assert moves is not None
    assert moves.group(1) == f'<ul class="names"><li>{players[7].public_name}</li></ul>'
    assert moves.group(2) == f'<ul class="names"><li>{players[3].public_name}</li></ul>'
    # The top of season 1's upper group: its winner first.
    season_one = page[page.index('id="season-1-title"'):]
    assert season_one.index(players[0].public_name) < season_one.index(players[1].public_name)
    # Each group's tournament page leads back to its league.
    group = Tournament.objects.filter(league=league, season=2).first()
    assert group is not None
    assert f'href="/leagues/{league.pk}/">The league, season 2</a>' in client.get(f"/tournaments/{group.pk}/").content.decode()


def test_join_and_leave_buttons_and_a_refusal_as_the_forms_error(make_user: Any, client: Any) -> None:
    league = services.create_league(make_user(), name="Spring league", kind="citadels",
                                    players=[make_user(), make_user()], group_size=2)
    client.force_login(make_user())
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert f'action="/leagues/{league.pk}/join"' in page and "csrfmiddlewaretoken" in page
    assert client.post(f"/leagues/{league.pk}/join").status_code == 302
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert f'action="/leagues/{league.pk}/leave"' in page
    refused = client.post(f"/leagues/{league.pk}/join")
    assert refused.status_code == 409 and "You are in this league already." in refused.content.decode()
    assert 'role="alert"' in refused.content.decode()
    assert client.post(f"/leagues/{league.pk}/leave").status_code == 302
    assert client.get("/leagues/999999/").status_code == 404


def test_the_new_league_form(make_user: Any, client: Any) -> None:
    host, first, second = make_user(), make_user("Ada"), make_user("Bea")
    client.force_login(host)
    form = {"name": "Form league", "kind": "citadels", "players": "Ada\nBea", "group_size": "2",
            "promote": "1", "relegate": "1", "seasons": "", "table_size": "2"}
    page = client.get("/leagues/new/").content.decode()
    assert '<label' in page and 'name="players"' in page
    bad = client.post("/leagues/new/", {**form, "players": "Ada\nNobody"})
    assert bad.status_code == 400 and not League.objects.exists()
    refused = client.post("/leagues/new/", {**form, "group_size": "3"})
    assert refused.status_code == 400 and "group_size" in refused.content.decode() and not League.objects.exists()
    done = client.post("/leagues/new/", form)
    league = League.objects.get()
    assert done.status_code == 302 and done["Location"] == f"/leagues/{league.pk}/"
    assert league.created_by == host and league.seasons is None
    assert {p for tier in services.league.season_of(league, 1)["tiers"] for g in tier for p in g} == {first.pk, second.pk}


def test_the_pages_speak_german_to_a_german_reader(make_user: Any, client: Any) -> None:
    member = make_user("Lena", language="de")
    league = services.create_league(make_user(), name="Liga", kind="citadels", players=[member, make_user()],
                                    group_size=2)
    client.force_login(member)
    html = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Saison 1" in html and "Stufe 1, Gruppe 1" in html and "Die Liga am Ende dieser Saison verlassen" in html
    client.post(f"/leagues/{league.pk}/leave")
    refused = client.post(f"/leagues/{league.pk}/leave")
    assert refused.status_code == 409 and "Du bist nicht in dieser Liga." in refused.content.decode()
    assert "Ligen: Saisons in Gruppen" in client.get("/tournaments/").content.decode()
    assert "Eine neue Liga beginnen" in client.get("/leagues/").content.decode()
