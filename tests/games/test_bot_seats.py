"""Bot seats through the API: a host gives seats to bots; the bots move by the task, as the service, in
unrated games unless asked; no mail for the bots' moves; takebacks against bots; bad input refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from accounts.models import User
from games import store
from games.models import Command, Game, Seat, TakebackRequest
from games.registry import get_kind
from games.services import bots
from notifications.models import Outbox

from .helpers import db_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """The tasks sent after a commit run at once in this process (the bot's move)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


def create(client: Any, **body: Any) -> Any:
    return client.post("/api/games/", body, format="json")


def test_a_game_with_bots_starts_and_the_bots_move_by_the_task(
    make_user: Any, api_client: Any, eager_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    host = make_user()
    host.email_verified_at = host.date_joined
    host.save()
    client = api_client(host)
    with django_capture_on_commit_callbacks(execute=True):
        answer = create(client, kind="citadels", players=3, bots=[{"level": "strong"}, {"level": "easy"}])
    assert answer.status_code == 201, answer.json()
    game = Game.objects.get(pk=answer.json()["id"])
    assert game.status == Game.Status.ACTIVE and game.rated is False and game.with_bots
    seats = {seat.index: seat.user for seat in Seat.objects.filter(game=game).select_related("user")}
    bot_seats = {index for index, user in seats.items() if user.is_bot}
    assert sorted(user.bot_level for user in seats.values() if user.is_bot) == ["easy", "strong"]
    assert all(not user.has_usable_password() and user.email_verified_at is None
               for user in seats.values() if user.is_bot)
    human = next(index for index in seats if index not in bot_seats)
    # The bots have played until the game waits for the human (the tasks ran after each commit).
    assert game.awaiting == [human]
    bot_commands = Command.objects.filter(game=game, seat__in=bot_seats)
    human_seat_commands = Command.objects.filter(game=game, seat=human)
    for _ in range(400):  # the human plays its first legal command each time; the bots answer by themselves
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert game.awaiting == [human]
        legal = get_kind("citadels").rules.legal_commands(store.load_state(game), human)
        with django_capture_on_commit_callbacks(execute=True):
            moved = client.post(f"/api/games/{game.pk}/commands", {"command": legal[0]}, format="json")
        assert moved.status_code == 201, moved.json()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert bot_commands.exists() and not bot_commands.filter(by_service=False).exists()
    assert not human_seat_commands.filter(by_service=True).exists()
    # No mail for the bots' moves (turn, end) to the player alone with them; none to the bots at all.
    bot_moves = set(bot_commands.values_list("last_seq", flat=True))
    mailed = Outbox.objects.filter(game=game)
    assert not mailed.filter(user__bot_level__gt="").exists()
    assert not mailed.filter(version__in=bot_moves).exists()
    # Unrated: nobody's rating changed, the places are kept.
    from ratings.models import Rating, Result

    assert Result.objects.filter(game=game).count() == 3 and not Rating.objects.exists()


def test_a_task_twice_or_late_plays_nothing(make_user: Any, api_client: Any) -> None:
    client = api_client(make_user())
    answer = create(client, kind="dominion", players=2, bots=[{"level": "easy"}])
    game = Game.objects.get(pk=answer.json()["id"])
    bot_seat = next(iter(bots.bot_users(game)))
    if bot_seat not in game.awaiting:  # the human starts: the bot's turn is not now, nothing is played
        assert bots.play_bot_turn(game.pk, game.version) == 0
        return
    version = game.version
    assert bots.play_bot_turn(game.pk, version) == 1
    assert bots.play_bot_turn(game.pk, version) == 0  # the same task again: the game moved on
    assert Command.objects.filter(game=game, by_service=True).count() == 1


def test_rated_when_the_host_asks_and_the_bots_get_their_own_rating(
    make_user: Any, api_client: Any, eager_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    from ratings.models import Rating

    client = api_client(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        answer = create(client, kind="citadels", players=2, bots=[{"level": "strong"}], rated=True)
    game = Game.objects.get(pk=answer.json()["id"])
    assert game.rated is True
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/api/games/{game.pk}/resign", format="json")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    bot = next(iter(bots.bot_users(game).values()))
    assert Rating.objects.filter(user=bot, kind="citadels").exists()
    profile = client.get(f"/api/players/{bot.pk}/").json()
    assert profile["bot"] is True and profile["reliability"] is None
    assert [row["kind"] for row in profile["ratings"]] == ["citadels"]


def test_takeback_against_bots(
    make_user: Any, api_client: Any, eager_tasks: None, django_capture_on_commit_callbacks: Any,
    monkeypatch: Any,
) -> None:
    client = api_client(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        answer = create(client, kind="citadels", players=3, bots=[{"level": "strong"}, {"level": "strong"}])
    game = Game.objects.get(pk=answer.json()["id"])
    human = game.awaiting[0]
    rules = get_kind("citadels").rules
    for _ in range(30):  # the player's moves until one is followed by a bot's
        game.refresh_from_db()
        before = game.version
        with django_capture_on_commit_callbacks(execute=True):
            legal = rules.legal_commands(store.load_state(game), human)
            moved = client.post(f"/api/games/{game.pk}/commands", {"command": legal[0]}, format="json")
            assert moved.status_code == 201
        game.refresh_from_db()
        if Command.objects.filter(game=game, first_seq__gt=before, by_service=True).exists():
            break
    assert Command.objects.filter(game=game, first_seq__gt=before, by_service=True).exists()
    assert game.awaiting == [human]
    # The bots' moves revealed something (the draft hands the characters on, a call shows one): no request.
    refused = client.post(f"/api/games/{game.pk}/take-back")
    assert refused.status_code == 409 and refused.json()["code"] == "bots_never_consent"
    assert not TakebackRequest.objects.exists()
    # Had nothing hidden been shown to the player, the bots' moves are taken back with theirs, at once.
    monkeypatch.setattr(rules, "reveals", lambda event, seat: False)
    taken = client.post(f"/api/games/{game.pk}/take-back")
    assert taken.status_code == 201, taken.json()
    game.refresh_from_db()
    assert game.awaiting == [human]
    assert store.load_state(game, use_cache=False) == store.load_state(game, at=before, use_cache=False)


@pytest.mark.parametrize("body, code", [
    ({"players": 3, "bots": [{"level": "genius"}]}, "invalid"),
    ({"players": 3, "bots": [{"level": "easy"}, {"level": "easy"}, {"level": "easy"}]}, "too_many_bots"),
    ({"players": 3, "bots": [{"level": "easy", "name": "x"}]}, "invalid"),
    ({"players": 3, "bots": "strong"}, "invalid"),
    ({"players": 2, "bots": [{"level": "easy"}], "rated": "yes"}, "invalid"),
])
def test_bad_bots_are_refused_and_nothing_is_stored(make_user: Any, api_client: Any, body: dict[str, Any],
                                                      code: str) -> None:
    client = api_client(make_user())
    before = db_snapshot()
    answer = create(client, kind="citadels", **body)
    assert 400 <= answer.status_code < 500
    assert answer.json()["code"] == code and answer.json()["message"]
    assert db_snapshot() == before


def test_the_schema_documents_bots(api_client: Any, make_user: Any) -> None:
    schema = api_client(make_user()).get("/api/schema/?format=json")
    if schema.status_code != 200:
        schema = api_client(make_user()).get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    text = schema.content.decode()
    assert '"bots"' in text and "strong" in text


def test_play_now_against_bots_from_the_lobby(make_user: Any, client: Any) -> None:
    user = make_user()
    client.force_login(user)
    lobby = client.get("/")
    assert lobby.status_code == 200 and 'id="play-bots"' in lobby.content.decode()
    answer = client.post("/games/play-bots/", {"kind": "citadels", "bots": 2, "level": "strong"})
    assert answer.status_code == 302
    game = Game.objects.get(created_by=user)
    assert game.status == Game.Status.ACTIVE and game.players == 3 and not game.rated and not game.listed
    assert sorted(u.bot_level for u in bots.bot_users(game).values()) == ["strong", "strong"]
    too_many = client.post("/games/play-bots/", {"kind": "dominion", "bots": 7, "level": "easy"})
    assert too_many.status_code == 400 and Game.objects.count() == 1


def test_the_new_game_form_gives_seats_to_bots(make_user: Any, client: Any) -> None:
    user = make_user()
    client.force_login(user)
    page = client.get("/games/new/")
    assert 'name="bot_1"' in page.content.decode()
    form = {"kind": "dominion", "players": 3, "decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot",
            "listed": "on", "rated": "on", "close_after_days": 14, "bot_1": "easy"}
    answer = client.post("/games/new/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game = Game.objects.get(created_by=user)
    assert game.status == Game.Status.OPEN and not game.rated  # one seat still waits for a player
    assert [u.bot_level for u in User.objects.filter(seats__game=game).exclude(bot_level="")] == ["easy"]


def test_a_rematch_keeps_the_bot_seats_and_starts_at_once(
    make_user: Any, api_client: Any, eager_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    client = api_client(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        answer = create(client, kind="dominion", players=2, bots=[{"level": "easy"}])
        game = Game.objects.get(pk=answer.json()["id"])
        client.post(f"/api/games/{game.pk}/resign", format="json")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED  # two players: the resignation ends it
    with django_capture_on_commit_callbacks(execute=True):
        offered = client.post(f"/api/games/{game.pk}/rematch", format="json")
    assert offered.status_code in (200, 201), offered.json()
    new = Game.objects.exclude(pk=game.pk).get()
    assert new.status == Game.Status.ACTIVE and new.with_bots and new.rated == game.rated
    assert [u.bot_level for u in bots.bot_users(new).values()] == ["easy"]
