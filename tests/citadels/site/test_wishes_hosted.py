"""Citadels' draft wishes through the hosting: set ahead by the API (off-turn), the table's form (the page
without JavaScript posts the same command) and an emailed reply ("wish: king, 2", "Wunsch: Dieb"), each
through the one write path; taken at once when the seat's pick comes; shown to the seat only (its view,
its page, its events), refused without telling anything."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from citadels.site import describe_command, read_standing
from games import store
from tests.games.helpers import seat_users, started_game
from tests.mailin.conftest import deliver, last_mail, pipe, reply

pytestmark = pytest.mark.django_db


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _post(user: Any, game_id: int, command: dict[str, Any]) -> Any:
    return _client(user).post(f"/api/games/{game_id}/commands", {"command": command}, format="json",
                              HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)


def _game(make_user: Any, players: int = 4) -> tuple[Any, dict[int, Any]]:
    users = [make_user(f"p{i}", email_verified_at=timezone.now(), language="de" if i % 2 else "en")
             for i in range(players)]
    game = started_game(users)
    return game, seat_users(game)


def _later_seat(game: Any) -> int:
    """A seat that picks after the awaited one in this draft (and is not awaited now)."""
    state = store.load_state(game)
    return next(step.seat for step in state.draft_steps if step.seat != game.awaiting[0])


def test_wishes_set_off_turn_by_the_api_are_taken_at_once_and_seen_by_their_seat_only(make_user: Any) -> None:
    game, seats = _game(make_user)
    wisher = _later_seat(game)
    characters = list(store.load_state(game).rules.characters)
    answer = _post(seats[wisher], game.pk, {"type": "set_wishes", "characters": characters[::-1]})
    assert answer.status_code == 201, answer.json()
    own = _client(seats[wisher]).get(f"/api/games/{game.pk}/").json()
    assert own["view"]["wishes"] == characters[::-1] and own["legal_commands"] == []
    other = game.awaiting[0]
    assert "wishes" not in _client(seats[other]).get(f"/api/games/{game.pk}/").json()["view"]
    events = _client(seats[other]).get(f"/api/games/{game.pk}/events").json()
    told = [e for e in (events["events"] if isinstance(events, dict) else events) if e.get("type") == "wishes_set"]
    assert told and all("characters" not in e for e in told)
    # The others pick from their legal commands; the wisher is never asked: its pick is taken when it comes.
    while store.load_state(game).phase == "draft":
        assert wisher not in game.awaiting
        seat = game.awaiting[0]
        legal = _client(seats[seat]).get(f"/api/games/{game.pk}/").json()["legal_commands"]
        assert _post(seats[seat], game.pk, legal[0]).status_code == 201
        game.refresh_from_db()
    state = store.load_state(game)
    assert len(state.chosen[wisher]) == 1 and state.wishes == ()


def test_a_wish_for_no_character_of_this_game_is_refused_and_writes_nothing(make_user: Any) -> None:
    game, seats = _game(make_user, 3)
    version = game.version
    refused = _post(seats[1], game.pk, {"type": "set_wishes", "characters": ["dragon"]})
    assert refused.status_code == 400 and refused.json()["code"] == "not_a_character"
    refused = _post(seats[1], game.pk, {"type": "set_wishes", "characters": "king"})
    assert refused.status_code == 400 and refused.json()["code"] == "malformed"
    game.refresh_from_db()
    assert game.version == version


def test_the_table_offers_the_wishes_form_and_it_posts_them_off_turn(make_user: Any) -> None:
    game, seats = _game(make_user, 3)
    wisher = _later_seat(game)
    client = Client()
    client.force_login(seats[wisher])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-type="set_wishes"' in page and 'name="characters"' in page and 'id="moves"' in page
    form = {"expected_version": str(game.version), "choice_type": "set_wishes", "choice_field": "characters",
            "choice_input": "characters", "choice_multiple": "1", "choice_min": "0",
            "characters": ["warlord", "", "thief"]}
    sent = client.post(f"/games/{game.pk}/move", form)
    assert sent.status_code == 302, sent.content.decode()[:500]
    game.refresh_from_db()
    assert store.load_state(game).wishes_of(wisher) == ("warlord", "thief")  # the empty place left out
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "set the draft wishes" in page or "hat die Wünsche für die Charakterwahl gesetzt" in page
    client.force_login(seats[game.awaiting[0]] if game.awaiting[0] != wisher else seats[(wisher + 1) % 3])
    other = client.get(f"/games/{game.pk}/").content.decode()
    assert "Warlord: " not in other and "set the draft wishes" not in other
    assert "hat die Wünsche für die Charakterwahl gesetzt" not in other


def test_reply_words_in_both_languages() -> None:
    view = {"characters": ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]}
    assert read_standing("wish: assassin, thief", view) == {"type": "set_wishes", "characters": ["assassin", "thief"]}
    assert read_standing("Wunsch: Dieb, König", view) == {"type": "set_wishes", "characters": ["thief", "king"]}
    assert read_standing("wishes: 4 then 2", view) == {"type": "set_wishes", "characters": ["king", "thief"]}
    assert read_standing("Wünsche: fragen", view) == {"type": "set_wishes", "characters": []}
    assert read_standing("wish: dragon", view) == {"type": "set_wishes", "characters": ["dragon"]}  # refused by the rules
    assert read_standing("build: castle", view) is None and read_standing("king", view) is None
    with translation.override("en"):
        assert describe_command({"type": "set_wishes", "characters": ["king"]}, {}) == "Draft wishes: King"
    with translation.override("de"):
        assert describe_command({"type": "set_wishes", "characters": []}, {}) == (
            "Wünsche für die Charakterwahl: mich fragen, wenn ich wähle")


def test_a_reply_sets_wishes_off_turn_whatever_the_version(make_user: Any, settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MAILIN_DOMAIN = "play.example.org"
    game, seats = _game(make_user, 3)
    deliver()
    first = seats[game.awaiting[0]]
    mail = last_mail(first)
    assert '"wish: assassin, thief"' in mail.body or "„Wunsch: Meuchler, Dieb“" in mail.body  # the mail says how
    assert pipe(reply(mail, "1\n"))[0] == 0  # the pick the mail asked for
    game.refresh_from_db()
    assert first not in [seats[s] for s in game.awaiting]
    # Replying to the same (now stale) mail while not awaited: the wishes are taken, nothing else is.
    assert pipe(reply(mail, "Wunsch: Söldner, Dieb\n"))[0] == 0
    game.refresh_from_db()
    seat = next(s for s, u in seats.items() if u == first)
    state = store.load_state(game)
    assert state.wishes_of(seat) == ("warlord", "thief")  # for its second pick, still to come
    answers = [m for m in deliver() if first.email in m.to and m.extra_headers.get("In-Reply-To")]
    assert answers and ("Draft wishes: Warlord, Thief" in answers[-1].body
                        or "Wünsche für die Charakterwahl: Söldner, Dieb" in answers[-1].body)
    assert pipe(reply(mail, "wish: dragon\n"))[0] == 0
    refusal = [m for m in deliver() if first.email in m.to and m.extra_headers.get("In-Reply-To")][-1]
    assert "characters of this game" in refusal.body or "Charaktere dieses Spiels" in refusal.body
