"""The tournaments' pages: the list by status, the new-tournament form (its errors and the services'
refusals shown as form errors), the sign-up buttons (a refusal shown on the page with its 4xx), the host's
invitation, and a running tournament's standings, crosstable and rounds with links to their games."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.models import Game
from tournaments import services
from tournaments.forms import NewTournamentForm
from tournaments.models import Tournament, TournamentInvitation

from .driver import play

pytestmark = pytest.mark.django_db

FORM: dict[str, Any] = {
    "name": "Spring Swiss", "kind": "citadels", "format": "swiss", "table_size": "2", "rounds": "2",
    "max_players": "4", "clock": "move", "decision_hours": "48", "reminder_hours": "12", "entry": "open",
    "withdrawal_policy": "forfeit", "ban_days": "0",
}


def form_data(**changes: Any) -> dict[str, Any]:
    """The form's fields as posted: FORM, the chosen game's options at their defaults, and the changes."""
    form = NewTournamentForm()
    kind = changes.get("kind", FORM["kind"])
    options = {name: form[name].value() for name in form.kind_fields[kind]}
    return {**FORM, **{k: v for k, v in options.items() if v is not None}, **changes}


def swiss(host: Any, **overrides: Any) -> Tournament:
    settings: dict[str, Any] = {"name": "Page Swiss", "kind": "citadels", "format": "swiss", "table_size": 2,
                                "max_players": 4, "rounds": 2}
    return services.create_tournament(host, **{**settings, **overrides})


def test_the_form_has_a_label_for_every_field_and_creates_the_tournament(client: Any, make_user: Any) -> None:
    host = make_user()
    client.force_login(host)
    page = client.get("/tournaments/new/")
    assert page.status_code == 200
    html = page.content.decode()
    for field_id in re.findall(r'<(?:input|select|textarea)[^>]*\bid="(id_[^"]+)"', html):
        assert f'for="{field_id}"' in html, f"no label for {field_id}"
    answer = client.post("/tournaments/new/", form_data(points="3, 0", max_game_days="30"))
    tournament = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{tournament.pk}/"
    assert tournament.created_by == host and tournament.rounds == 2 and tournament.max_game_days == 30
    assert tournament.points == {"2": [3.0, 0.0]} and tournament.time_control["decision_hours"] == 48


def test_a_time_bank_in_hours_becomes_the_games_time_control(client: Any, make_user: Any) -> None:
    client.force_login(make_user())
    answer = client.post("/tournaments/new/", form_data(clock="bank", initial_hours="72", increment_hours="24",
                                                        max_bank_hours="168", double_after_hours="240",
                                                        reminder_percent="10"))
    assert answer.status_code == 302
    control = Tournament.objects.get().time_control
    assert control["mode"] == "bank" and control["initial_hours"] == 72 and control["increment_hours"] == 24
    assert control["max_bank_hours"] == 168 and control["double_after_hours"] == 240
    refused = client.post("/tournaments/new/", form_data(clock="bank", initial_hours="120", increment_hours="24",
                                                         max_bank_hours="48", reminder_percent="10"))
    assert refused.status_code == 400 and "max_bank_hours" in refused.context["form"].errors
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize(("changes", "field", "text"), [
    ({"rounds": ""}, "rounds", "A Swiss needs its number of rounds."),
    ({"points": "6, 4"}, "points", "Give one number for each of the 3 places."),
    ({"reminder_hours": "48"}, "reminder_hours", "The reminder must come before the deadline."),
])
def test_form_errors_are_shown_at_their_fields(client: Any, make_user: Any, changes: dict[str, str], field: str,
                                               text: str) -> None:
    client.force_login(make_user())
    answer = client.post("/tournaments/new/", form_data(table_size="3", **changes))
    assert answer.status_code == 400 and not Tournament.objects.exists()
    assert text in answer.content.decode() and field in answer.context["form"].errors


def test_a_refusal_of_the_services_is_the_forms_error(client: Any, make_user: Any) -> None:
    client.force_login(make_user())
    answer = client.post("/tournaments/new/", form_data(kind="dominion", table_size="7"))
    assert answer.status_code == 400 and not Tournament.objects.exists()
    assert "Dominion is played by 2 to 6 players." in answer.context["form"].non_field_errors()
    assert 'class="error-summary" role="alert"' in answer.content.decode()


def test_signed_out_the_form_sends_to_sign_in(client: Any) -> None:
    assert client.get("/tournaments/new/").status_code == 302


def test_the_list_shows_each_status_in_its_section(client: Any, make_user: Any) -> None:
    host = make_user()
    open_one, cancelled = swiss(host, name="Open cup"), swiss(host, name="Quiet cup")
    Tournament.objects.filter(pk=cancelled.pk).update(status=Tournament.Status.CANCELLED)
    html = client.get("/tournaments/").content.decode()
    signup, finished = html.index('id="open-title"'), html.index('id="finished-title"')
    assert signup < html.index(f'href="/tournaments/{open_one.pk}/"') < html.index('id="running-title"')
    assert finished < html.index(f'href="/tournaments/{cancelled.pk}/"')
    assert '<th scope="col">' in html and "<caption" in html


def test_join_and_leave_from_the_page(client: Any, make_user: Any) -> None:
    host, player = make_user(), make_user("Ada")
    tournament = swiss(host)
    client.force_login(player)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Enter the tournament" in page and "Nobody has entered yet." in page
    answer = client.post(f"/tournaments/{tournament.pk}/join", follow=True)
    html = answer.content.decode()
    assert "You have entered the tournament." in html and "<li>Ada</li>" in html and "Leave the tournament" in html
    again = client.post(f"/tournaments/{tournament.pk}/join")
    assert again.status_code == 409 and "You have entered this tournament already." in again.content.decode()
    assert client.post(f"/tournaments/{tournament.pk}/leave", follow=True).status_code == 200
    tournament.refresh_from_db()
    assert tournament.players_count == 0


def test_a_refused_entry_is_shown_on_the_page_with_its_status(client: Any, make_user: Any) -> None:
    tournament = swiss(make_user(), entry="invitation")
    client.force_login(make_user())
    answer = client.post(f"/tournaments/{tournament.pk}/join")
    assert answer.status_code == 403
    assert re.search(r'role="alert"><p class="error">This tournament is by invitation only.</p>', answer.content.decode())
    assert client.get("/tournaments/99999/").status_code == 404


def test_the_host_invites_by_name(client: Any, make_user: Any) -> None:
    host, guest = make_user(), make_user("Grace")
    tournament = swiss(host, entry="invitation")
    client.force_login(host)
    assert "Invite a player by name" in client.get(f"/tournaments/{tournament.pk}/").content.decode()
    unknown = client.post(f"/tournaments/{tournament.pk}/invite", {"name": "Nobody at all"})
    assert unknown.status_code == 400 and "There is no player of that name." in unknown.content.decode()
    assert client.post(f"/tournaments/{tournament.pk}/invite", {"name": "grace"}).status_code == 302
    assert TournamentInvitation.objects.filter(tournament=tournament, user=guest).exists()
    client.force_login(guest)  # not the host: the refusal at the field, with its 403
    refused = client.post(f"/tournaments/{tournament.pk}/invite", {"name": "grace"})
    assert refused.status_code == 403 and "Only the tournament&#x27;s host can invite players." in refused.content.decode()


def test_a_running_tournament_shows_standings_crosstable_and_each_tables_game(client: Any, make_user: Any) -> None:
    host = make_user()
    players = [make_user(f"P{n}") for n in range(4)]
    tournament = swiss(host)
    for player in players:
        services.join(player, tournament.pk)
    services.advance_due()
    games = list(Game.objects.filter(status=Game.Status.ACTIVE))
    assert len(games) == 2
    play(games[0], random.Random(3))
    services.advance_due()
    client.force_login(players[0])
    html = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    for game in games:
        assert f'href="/games/{game.pk}/"' in html
    assert "Standings: points, then Buchholz, then Sonneborn-Berger" in html
    assert '<th scope="col">Buchholz</th>' in html and '<th scope="row">P0' in html
    assert "Withdraw from the tournament" in html and "Round 1" in html
    assert html.count("place 1, 2 points") == 2  # the finished table's winner: in the crosstable and its round
    assert "The pairings&#x27; seed" in html or "The pairings' seed" in html


def test_the_page_speaks_german_to_a_german_reader(client: Any, make_user: Any) -> None:
    tournament = swiss(make_user(), entry="invitation")
    client.force_login(make_user("Lena", language="de"))
    html = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Zum Turnier anmelden" in html and "Noch niemand ist angemeldet." in html and "Anmeldung endet" in html
    refused = client.post(f"/tournaments/{tournament.pk}/join")
    assert refused.status_code == 403 and "Deine Teilnahme" in refused.content.decode()
    listing = client.get("/tournaments/").content.decode()
    assert "Zur Anmeldung offen" in listing and "Ein neues Turnier eröffnen" in listing
