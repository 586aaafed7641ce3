"""The whole story on the game page (issue 20): the history in rounds and turns, the newest two rounds on
the table and the earlier ones on pages of their own, the lines new since the reader's last visit marked,
each viewer's own view of every page, the replay's steps by turn and by round and the open hands after
the end."""

from __future__ import annotations

import html
import importlib
import random
from typing import Any

import pytest
from django.utils import translation

from citadels import RULES
from citadels.site.story_words import hand_words
from citadels.site.words import character_name
from core.errors import ServiceError
from games import services
from games.models import Event, Game, HistoryRead
from games.page_access import watch_token
from games.registry import get_kind
from games.wording import history_lines
from tests.games.helpers import seat_users, started_game
from tests.games.story_helpers import in_round, lines_of, play_bots, round_titles

pytestmark = pytest.mark.django_db


@pytest.fixture
def citadels_in_round_4(make_user: Any) -> tuple[Game, dict[int, Any]]:
    """A 3-player Citadels game played by the bots into its fourth round."""
    game = started_game([make_user(f"p{i}", language="en") for i in range(3)])
    play_bots(game, in_round(4), random.Random(7))
    return game, seat_users(game)


def _expected_lines(game: Game, seat: int | None, names: dict[int, str], first: int, last: int) -> list[tuple[int, int, str]]:
    """The lines of events first..last as `seat` may see them, worded independently of the page."""
    site: Any = get_kind(game.kind).site_module
    events = services.history(game, None, after=first - 1, limit=last - first + 1)["events"]
    rows = Event.objects.filter(game=game, seq__gte=first, seq__lte=last).order_by("seq")
    seen = {row.seq: RULES.redact(RULES.decode(row.data), seat) for row in rows}
    for event in events:
        event["data"] = seen[event["seq"]]
    return [(line["seq"], line["last"], line["text"]) for line in history_lines(site, events, names)]


def test_the_table_shows_the_last_two_rounds_and_pages_the_earlier_ones(client: Any, citadels_in_round_4: Any) -> None:
    game, users = citadels_in_round_4
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert round_titles(page) == ["Round 3", "Round 4"]
    assert f'href="/games/{game.pk}/history?before=3"' in page
    # Each turn is titled by its character and player; the draft opens each round.
    assert "<h4" in page and "Choosing the characters" in page
    earlier = client.get(f"/games/{game.pk}/history?before=3")
    assert earlier.status_code == 200
    older = earlier.content.decode()
    assert round_titles(older) == ["Setup", "Round 1", "Round 2"]
    assert "?before=" not in older, "the first page of the story has no earlier one"
    # Together the pages tell every event once, in order, and nothing after the present.
    told = lines_of(older) + lines_of(page)
    assert [first for first, _last, _text in told] == sorted({first for first, _l, _t in told})
    assert told[0][0] == 1 and told[-1][1] == game.version
    fragment = client.get(f"/games/{game.pk}/history?before=3&fragment=1").content.decode()
    assert "<html" not in fragment and lines_of(fragment) == lines_of(older)


def test_every_history_page_tells_each_viewer_only_what_they_may_see(client: Any, make_user: Any,
                                                                    citadels_in_round_4: Any) -> None:
    game, users = citadels_in_round_4
    detail_names = {s: u.display_name for s, u in users.items()}
    for seat, user in [*users.items(), (None, make_user("onlooker"))]:
        client.force_login(user)
        names = dict(detail_names)
        if seat is not None:
            names[seat] = f"{names[seat]} (you)"
        for address in (f"/games/{game.pk}/", f"/games/{game.pk}/history?before=3"):
            shown = lines_of(client.get(address).content.decode())
            first, last = shown[0][0], shown[-1][1]
            expected = [(a, b, html.escape(t, quote=True)) for a, b, t in _expected_lines(game, seat, names, first, last)]
            assert [(a, b, t.split(" <span")[0]) for a, b, t in shown] == expected, (seat, address)
    # Concretely: the characters the others chose stay hidden from a player, the own one is named.
    client.force_login(users[1])
    text = client.get(f"/games/{game.pk}/history?before=3").content.decode()
    chosen_by_0 = [RULES.decode(e.data) for e in Event.objects.filter(game=game, type="character_chosen")
                   if RULES.decode(e.data).public["seat"] == 0]
    first = users[0].display_name
    assert chosen_by_0 and f"{first} chose a character." in text
    with translation.override("en"):
        secret = {f"{first} chose the {character_name(e.private[0]['character'])}." for e in chosen_by_0}
    assert not any(s in text for s in secret)


def test_the_lines_new_since_the_last_visit_are_marked_and_the_page_opens_on_the_first(
        client: Any, make_user: Any) -> None:
    users = [make_user(f"q{i}", language="en") for i in range(3)]
    game = started_game(users)
    client.force_login(users[0])
    first = client.get(f"/games/{game.pk}/").content.decode()
    assert "history-new" not in first and "first-new" not in first, "a first visit marks nothing"
    read = HistoryRead.objects.get(game=game, user=users[0]).version
    assert read == game.version
    play_bots(game, lambda g: g.version >= read + 12, random.Random(3))
    again = client.get(f"/games/{game.pk}/").content.decode()
    new = [line for line in lines_of(again) if line[1] > read]
    assert new and again.count('class="history-new"') == len(new)
    assert f'<li value="{new[0][0]}" data-key="{new[0][0]}-{new[0][1]}" id="first-new"' in again
    assert f'{len(new)} new lines since your last visit' in again and 'href="#first-new"' in again
    game.refresh_from_db()
    assert HistoryRead.objects.get(game=game, user=users[0]).version == game.version
    third = client.get(f"/games/{game.pk}/").content.decode()
    assert "history-new" not in third and "first-new" not in third
    # The page's own update in place reads the new lines but leaves marking them to the page.
    play_bots(game, lambda g: g.version >= read + 20, random.Random(3))
    live = client.get(f"/games/{game.pk}/", HTTP_X_LIVE_UPDATE="1").content.decode()
    assert "history-new" not in live and "since your last visit" not in live
    game.refresh_from_db()
    assert HistoryRead.objects.get(game=game, user=users[0]).version == game.version
    # A replay marks nothing and reads nothing; a guest's reading is not kept.
    client.get(f"/games/{game.pk}/?at=3")
    assert HistoryRead.objects.filter(game=game).count() == 1
    client.logout()
    assert "history-new" not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_new_lines_are_worded_in_german(client: Any, make_user: Any) -> None:
    users = [make_user(f"g{i}", language="de") for i in range(2)]
    game = started_game(users)
    client.force_login(users[0])
    client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    play_bots(game, lambda g: g.version >= 20, random.Random(5))
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Verlauf" in page and "Runde 1" in page and "Charakterwahl" in page
    assert "neue Zeilen seit deinem letzten Besuch" in page


def test_a_bad_page_of_the_history_is_a_400_and_a_private_game_is_its_players_only(
        client: Any, make_user: Any, citadels_in_round_4: Any) -> None:
    game, users = citadels_in_round_4
    client.force_login(users[0])
    assert client.get(f"/games/{game.pk}/history?before=x").status_code == 400
    host, guest = make_user("r0"), make_user("r1")
    private = services.create_game(host, "citadels", 2, listed=False)
    services.join_game(guest, private.pk, invited=True)
    services.start_game(host, private.pk)
    client.force_login(make_user("stranger"))
    assert client.get(f"/games/{private.pk}/history?before=1").status_code == 404


def test_the_replay_steps_by_turn_and_by_round(client: Any, citadels_in_round_4: Any) -> None:
    game, users = citadels_in_round_4
    chapters = services.chapters(game)
    rounds = services.story_rounds(chapters)
    middle = chapters[len(chapters) // 2]
    step = middle["first"] + 1 if middle["last"] > middle["first"] else middle["first"]
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/?at={step}").content.decode()
    turn_index = chapters.index(middle)
    assert f'href="?at={chapters[turn_index - 1]["last"]}">Previous turn' in page
    assert f'href="?at={middle["last"]}">Next turn' in page
    in_round_ = next(r for r in rounds if r["first"] <= step <= r["last"])
    assert f'href="?at={in_round_["last"]}">Next round' in page
    assert "Every hand" not in page, "a running game's replay opens no hand"


def test_after_the_end_everyone_replays_with_every_hand_open(client: Any, make_user: Any) -> None:
    users = [make_user(f"e{i}", language="en") for i in range(2)]
    game = started_game(users)
    with pytest.raises(ServiceError):
        services.open_views(game, 5)
    play_bots(game, lambda g: False, random.Random(11))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    step = game.version // 2
    views = services.open_views(game, step)
    with translation.override("en"):
        hands = [hand_words(v) for v in views]
    assert any(hands)
    client.force_login(make_user("onlooker"))
    page = client.get(f"/games/{game.pk}/?at={step}").content.decode()
    assert "Every hand (the game has ended)" in page
    seated = seat_users(game)
    shown = page[page.index("Every hand"):page.index("</section>", page.index("Every hand"))]
    for seat, hand in enumerate(hands):
        assert f"<strong>{seated[seat].display_name}:</strong> {html.escape(', '.join(hand)) or '-'}" in shown, shown


def test_a_private_games_spectator_pages_its_history_by_the_watch_link(client: Any, make_user: Any) -> None:
    host, guest = make_user("w0"), make_user("w1")
    game = services.create_game(host, "citadels", 2, listed=False, spectators_allowed=True)
    services.join_game(guest, game.pk, invited=True)
    services.start_game(host, game.pk)
    play_bots(game, in_round(4), random.Random(9))
    token = watch_token(game)
    client.force_login(make_user("watcher"))
    table = client.get(f"/games/watch/{token}/").content.decode()
    assert f'href="/games/watch/{token}/history?before=3"' in table
    older = client.get(f"/games/watch/{token}/history?before=3")
    assert older.status_code == 200 and round_titles(older.content.decode()) == ["Setup", "Round 1", "Round 2"]
    # Each line as a spectator sees it: no character another player chose is named.
    assert " chose the " not in older.content.decode()
    assert client.get(f"/games/{game.pk}/history?before=3").status_code == 404, "by its id, a private game is its players'"
    assert client.get("/games/watch/forged/history?before=3").status_code == 404


def test_a_reader_away_for_rounds_finds_them_on_the_table_up_to_a_bound(client: Any, make_user: Any,
                                                                       monkeypatch: Any) -> None:
    story = importlib.import_module("games.services.story")  # the module (the package names its function `story`)
    users = [make_user(f"a{i}", language="en") for i in range(3)]
    game = started_game(users)
    for user in users[:2]:
        client.force_login(user)
        client.get(f"/games/{game.pk}/")
    client.force_login(users[0])
    play_bots(game, in_round(3), random.Random(4))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert round_titles(page) == ["Round 1", "Round 2", "Round 3"], "every round with a new line"
    assert page.index('id="first-new"') < page.index("Round 2")
    assert round_titles(client.get(f"/games/{game.pk}/").content.decode()) == ["Round 2", "Round 3"]
    monkeypatch.setattr(story, "MOST_NEW_ROUNDS", 3)
    play_bots(game, in_round(4), random.Random(4))
    client.force_login(users[1])  # read last at the start, when the game began
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert round_titles(page) == ["Round 2", "Round 3", "Round 4"]
    assert "first-new" in page
