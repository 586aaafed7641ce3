"""Private games (issue 17): to anybody without a seat they do not exist, in the API as on the pages, by id;
a stranger takes a seat only through the signed invite link, and watches (where the host allows spectators)
only through the signed watch link the host shares.

Everything goes through HTTP: the API with a token, the pages with a session."""

from __future__ import annotations

import re
from email.message import EmailMessage
from typing import Any

import pytest
from django.test import Client

from games import page_access, services
from games.models import Event, Game, Seat
from mailin import services as mailin
from notifications import reply_tokens as tokens
from tests.games.helpers import db_snapshot, seat_users

pytestmark = pytest.mark.django_db

CSRF_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def private_game(host: Any, *members: Any, started: bool = False, **kwargs: Any) -> Game:
    """A private Citadels game of the host (and members), open or started."""
    game = services.create_game(host, "citadels", max(3, len(members) + 1), listed=False, **kwargs)
    for member in members:
        services.join_game(member, game.pk, invited=True)
    if started:
        services.start_game(host, game.pk)
    game.refresh_from_db()
    return game


def missing_id() -> int:
    """An id no game has."""
    return (Game.objects.order_by("-id").values_list("id", flat=True).first() or 0) + 1000


def same_answer(answer: Any, game_id: int, missing: Any, absent_id: int) -> bool:
    """Whether two answers are the same but for the game's id where they name it (its address, "game N") and
    a session's per-answer CSRF mask: status, content type, redirect and body."""
    def normal(response: Any, number: int) -> tuple[Any, ...]:
        named = re.compile(rb"(/games/|game )%d(?!\d)" % number)
        body = named.sub(rb"\1<id>", CSRF_TOKEN.sub(b"", response.content))
        location = named.sub(rb"\1<id>", response.headers.get("Location", "").encode())
        return response.status_code, response.headers.get("Content-Type"), location, body
    return normal(answer, game_id) == normal(missing, absent_id)


def api_reads(game_id: int) -> list[str]:
    return [f"/api/games/{game_id}/", f"/api/games/{game_id}/events", f"/api/games/{game_id}/state",
            f"/api/games/{game_id}/state?at=1"]


def api_actions(game_id: int) -> list[tuple[str, dict[str, Any]]]:
    return [(f"/api/games/{game_id}/join", {}), (f"/api/games/{game_id}/leave", {}),
            (f"/api/games/{game_id}/start", {}),
            (f"/api/games/{game_id}/commands", {"command": {"type": "take_gold"}})]


def page_reads(game_id: int) -> list[str]:
    return [f"/games/{game_id}/", f"/games/{game_id}/?at=1", f"/games/{game_id}/version"]


def page_actions(game_id: int) -> list[str]:
    return [f"/games/{game_id}/join", f"/games/{game_id}/leave", f"/games/{game_id}/start",
            f"/games/{game_id}/back", f"/games/{game_id}/spectators"]


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("started", [False, True])
def test_a_stranger_does_not_find_a_private_game_in_any_list(make_user: Any, api_client: Any, started: bool) -> None:
    host, guest, stranger = make_user(), make_user(), make_user()
    game = private_game(host, guest, started=started)
    listed = services.create_game(make_user(), "citadels", 3)
    queries = ["", "?status=open", "?status=active", "?status=finished", "?mine=1", "?mine=0", "?page_size=200"]
    for query in queries:
        found = [g["id"] for g in api_client(stranger).get(f"/api/games/{query}").json()["results"]]
        assert game.pk not in found, query
    assert listed.pk in [g["id"] for g in api_client(stranger).get("/api/games/").json()["results"]]
    # The players find it, as before.
    for member in (host, guest):
        assert game.pk in [g["id"] for g in api_client(member).get("/api/games/?mine=1").json()["results"]]
        assert game.pk in [g["id"] for g in api_client(member).get("/api/games/").json()["results"]]


@pytest.mark.parametrize("spectators", [False, True])
@pytest.mark.parametrize("started", [False, True])
def test_a_stranger_reading_a_private_game_by_id_gets_the_404_of_a_missing_game(
    make_user: Any, api_client: Any, started: bool, spectators: bool
) -> None:
    """Spectators allowed or not: walking the ids finds no private game (the watch link is the way in)."""
    host, stranger = make_user(), make_user()
    game = private_game(host, make_user(), started=started, spectators_allowed=spectators)
    absent = missing_id()
    client = api_client(stranger)
    for path, missing_path in zip(api_reads(game.pk), api_reads(absent), strict=True):
        answer, missing = client.get(path), client.get(missing_path)
        assert answer.status_code == 404 and answer.json()["code"] == "game_not_found", (path, answer.content)
        assert same_answer(answer, game.pk, missing, absent), (answer.content, missing.content)
    # Its players read it as before.
    for path in api_reads(game.pk)[:2]:
        assert api_client(host).get(path).status_code == 200, path
    assert api_client(host).get(f"/api/games/{game.pk}/state").status_code == (200 if started else 409)


@pytest.mark.parametrize("started", [False, True])
def test_a_strangers_join_leave_start_and_commands_on_a_private_game_are_404s_that_change_nothing(
    make_user: Any, api_client: Any, started: bool
) -> None:
    host, stranger = make_user(), make_user()
    game = private_game(host, make_user(), started=started)
    absent = missing_id()
    before = db_snapshot()
    client = api_client(stranger)
    for (path, body), (missing_path, _) in zip(api_actions(game.pk), api_actions(absent), strict=True):
        answer = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
        missing = client.post(missing_path, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
        assert answer.status_code == 404, (path, answer.content)
        assert same_answer(answer, game.pk, missing, absent), (answer.content, missing.content)
    assert db_snapshot() == before


@pytest.mark.parametrize("spectators", [False, True])
@pytest.mark.parametrize("started", [False, True])
@pytest.mark.parametrize("signed", [False, True])
def test_a_strangers_pages_of_a_private_game_are_the_sites_404(
    make_user: Any, started: bool, signed: bool, spectators: bool
) -> None:
    host, stranger = make_user(), make_user()
    game = private_game(host, make_user(), started=started, spectators_allowed=spectators)
    absent = missing_id()
    client = signed_in(stranger) if signed else Client()
    for path, missing_path in zip(page_reads(game.pk), page_reads(absent), strict=True):
        answer, missing = client.get(path), client.get(missing_path)
        assert answer.status_code == 404, (path, answer.status_code)
        assert same_answer(answer, game.pk, missing, absent), path
    before = db_snapshot()
    for path, missing_path in zip(page_actions(game.pk), page_actions(absent), strict=True):
        answer, missing = client.post(path, {"allowed": "1"}), client.post(missing_path, {"allowed": "1"})
        assert same_answer(answer, game.pk, missing, absent), (path, answer.status_code)
        if signed:
            assert answer.status_code == 404, (path, answer.status_code)
    assert db_snapshot() == before
    # The host sees the waiting room or the table, and the replay, as before.
    host_client = signed_in(host)
    assert host_client.get(f"/games/{game.pk}/").status_code == 200
    if started:
        assert host_client.get(f"/games/{game.pk}/?at=1").status_code == 200


def test_the_invite_link_lets_a_stranger_into_the_waiting_room_and_a_seat(make_user: Any, api_client: Any) -> None:
    host, friend = make_user(), make_user()
    game = private_game(host)
    client = signed_in(friend)
    # Without the link: no such game, no seat.
    assert client.post(f"/games/{game.pk}/join").status_code == 404
    assert client.post(f"/games/{game.pk}/join", {"invite": "forged"}).status_code == 404
    other = services.create_game(host, "citadels", 3, listed=False)
    assert client.post(f"/games/{game.pk}/join", {"invite": page_access.invite_token(other)}).status_code == 404
    assert not Seat.objects.filter(game=game, user=friend).exists()
    # With it: the invitation, then the seat; then the waiting room and the API as a player.
    token = page_access.invite_token(game)
    invitation = client.get(f"/games/invite/{token}/")
    assert invitation.status_code == 200 and f'value="{token}"'.encode() in invitation.content
    joined = client.post(f"/games/{game.pk}/join", {"invite": token})
    assert joined.status_code == 302 and joined["Location"] == f"/games/{game.pk}/"
    assert Seat.objects.filter(game=game, user=friend).exists()
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert api_client(friend).get(f"/api/games/{game.pk}/").json()["joined"] is True


@pytest.mark.parametrize("spectators", [False, True])
def test_once_a_private_game_runs_its_invite_link_says_only_that(make_user: Any, spectators: bool) -> None:
    """Not the host's name, the seats, the pace nor the options, signed in or out; no seat, nothing to watch."""
    host, late = make_user("hostname"), make_user()
    game = private_game(host, make_user("seatname"), started=True, spectators_allowed=spectators,
                        time_control={"decision_hours": 31, "reminder_hours": 7, "timeout_policy": "bot"})
    token = page_access.invite_token(game)
    open_game = private_game(host)
    open_invitation = Client().get(f"/games/invite/{page_access.invite_token(open_game)}/", HTTP_ACCEPT_LANGUAGE="en")
    assert b"hostname" in open_invitation.content and b"Options" in open_invitation.content  # while it is open
    client = signed_in(late)
    for viewer in (client, Client()):
        invitation = viewer.get(f"/games/invite/{token}/", HTTP_ACCEPT_LANGUAGE="en")
        assert invitation.status_code == 200 and b"already started" in invitation.content
        main = invitation.content.split(b"<h1", 1)[-1].split(b"</main>", 1)[0]  # the page's own content
        for told in (b"hostname", b"seatname", b"31 hours", b"Options", b"seats taken", b"<form", b"<a "):
            assert told not in main, (told, main.decode()[:1500])
        assert f"#{game.pk}".encode() not in main and f"/games/{game.pk}/".encode() not in invitation.content
    refused = client.post(f"/games/{game.pk}/join", {"invite": token})
    assert refused.status_code == 409 and not Seat.objects.filter(game=game, user=late).exists()
    assert client.get(f"/games/{game.pk}/").status_code == 404
    # A player with the link goes to the game.
    assert signed_in(host).get(f"/games/invite/{token}/")["Location"] == f"/games/{game.pk}/"


def watch_link(content: bytes) -> str:
    """The watch link's path on the host's page."""
    found = re.search(rb'id="watch-link" type="text" readonly value="http://testserver(/games/watch/[^"]+/)"', content)
    assert found, content.decode()[-3000:]
    return found.group(1).decode()


def test_spectators_of_a_private_game_watch_through_the_hosts_watch_link_only(make_user: Any, api_client: Any) -> None:
    host, guest, watcher = make_user(), make_user(), make_user()
    h = api_client(host)
    created = h.post("/api/games/", {"players": 2, "listed": False, "spectators_allowed": True}, format="json")
    assert created.status_code == 201, created.content
    detail = created.json()
    assert detail["listed"] is False and detail["spectators_allowed"] is True
    game = Game.objects.get(pk=detail["id"])
    signed_in(guest).post(f"/games/{game.pk}/join", {"invite": page_access.invite_token(game)})
    host_page = signed_in(host)
    link = watch_link(host_page.get(f"/games/{game.pk}/").content)  # shown in the waiting room already
    watching = signed_in(watcher)
    early = watching.get(link, HTTP_ACCEPT_LANGUAGE="en")
    assert early.status_code == 409 and b"not started yet" in early.content
    assert h.post(f"/api/games/{game.pk}/start").status_code == 200
    game.refresh_from_db()
    assert watch_link(host_page.get(f"/games/{game.pk}/").content) == link
    # The link shows the table, the replay and the live version; the id shows nothing, in the API neither.
    table = watching.get(link)
    assert table.status_code == 200 and b'id="game"' in table.content
    assert f'data-version-url="{link}version"'.encode() in table.content
    assert watching.get(f"{link}?at=1").status_code == 200
    assert watching.get(f"{link}version").json() == {"version": game.version, "status": "active"}
    w = api_client(watcher)
    for path in api_reads(game.pk):
        assert w.get(path).status_code == 404, path
    assert watching.get(f"/games/{game.pk}/").status_code == 404
    move = w.post(f"/api/games/{game.pk}/commands", {"command": {"type": "take_gold"}}, format="json")
    assert move.status_code == 404
    # Signed out: the sign-in page first. A forged link, or the invite link's token, opens nothing.
    assert Client().get(link)["Location"].startswith("/accounts/login/")
    assert watching.get(link[:-3] + "xx/").status_code == 404
    assert watching.get(f"/games/watch/{page_access.invite_token(game)}/").status_code == 404
    # The players see it is on; only the host switches it (off closes the link, on opens the same again).
    guest_page = signed_in(guest)
    notice = b"Spectators may watch this game (with the link"
    assert notice in guest_page.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    assert b"watch-link" not in guest_page.get(f"/games/{game.pk}/").content
    assert guest_page.post(f"/games/{game.pk}/spectators", {"allowed": ""}).status_code == 403
    assert host_page.post(f"/games/{game.pk}/spectators", {"allowed": ""}).status_code == 302
    assert h.get(f"/api/games/{game.pk}/").json()["spectators_allowed"] is False
    assert watching.get(link).status_code == 404 and watching.get(f"{link}version").status_code == 404
    assert notice not in guest_page.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    assert b"watch-link" not in host_page.get(f"/games/{game.pk}/").content
    assert host_page.post(f"/games/{game.pk}/spectators", {"allowed": "1"}).status_code == 302
    assert watching.get(link).status_code == 200
    # A player who opens the link goes to the game's own page; a listed game has no switch.
    assert guest_page.get(link)["Location"] == f"/games/{game.pk}/"
    listed = services.create_game(host, "citadels", 3)
    assert b"/spectators" not in host_page.get(f"/games/{listed.pk}/").content
    assert host_page.post(f"/games/{listed.pk}/spectators", {"allowed": ""}).status_code == 409


def test_a_private_game_without_spectators_has_no_watch_link(make_user: Any) -> None:
    host, watcher = make_user(), make_user()
    game = private_game(host, make_user(), started=True)
    page = signed_in(host).get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content
    assert b"watch-link" not in page and b"Let spectators watch" in page
    assert signed_in(watcher).get(f"/games/watch/{page_access.watch_token(game)}/").status_code == 404


def test_a_private_game_has_no_spectators_unless_chosen_and_the_new_game_form_offers_the_choice(
    make_user: Any, api_client: Any
) -> None:
    host = make_user(language="de")
    created = api_client(host).post("/api/games/", {"players": 3, "listed": False}, format="json").json()
    assert created["spectators_allowed"] is False
    client = signed_in(host)
    form = client.get("/games/new/").content.decode()
    assert 'name="spectators_allowed"' in form and "Zuschauer" in form
    ranks = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    answer = client.post("/games/new/", {
        "kind": "citadels", "players": "3", "decision_hours": "48", "reminder_hours": "12", "timeout_policy": "bot",
        "citadels__edition": "2012", **{f"citadels__character_{i + 1}": c for i, c in enumerate(ranks)},
        "spectators_allowed": "on"})  # "listed" unticked: a private game
    assert answer.status_code == 302, re.findall(r'class="error.*', answer.content.decode())
    game = Game.objects.filter(created_by=host).latest("id")
    assert not game.listed and game.spectators_allowed


def test_a_reply_mail_from_a_stranger_to_a_private_game_plays_nothing(make_user: Any, settings: Any) -> None:
    settings.MAILIN_DOMAIN = "play.example.org"
    host, guest, stranger = make_user(), make_user(), make_user()
    game = private_game(host, guest, started=True)
    events = Event.objects.filter(game=game).count()
    message = EmailMessage()
    message["From"] = stranger.email
    message["To"] = tokens.reply_address(stranger.pk, game.pk, game.version)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = "<stranger@client.example>"
    message.set_content("1\n")
    assert mailin.receive(message.as_bytes()).status == "not_a_player"
    assert Event.objects.filter(game=game).count() == events
    assert set(seat_users(game).values()) == {host, guest}
