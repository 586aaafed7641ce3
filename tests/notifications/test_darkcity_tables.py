"""Random Dark City games at 8 seats (9 random characters, all 15 Dark City purples, each edition) played
through the services: every seat's page, every email and every event and command text, in German and
English, is told in words (no "?" placeholder, no raw type name) and names no card the reader may not know.

Each event's text is checked against its public text and the reader's own private part. The rest of a
page or an email (the table, the choices) may name only cards of the reader's own view or of the public
one: a card name found only in other seats' hands there is a leak.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.utils import translation

from citadels import RULES
from citadels.cards import DARK_CITY_PURPLE, DISTRICTS
from citadels.site import describe_command, describe_event
from games import services, store
from games.models import Event, Game
from notifications.models import Outbox
from notifications.rendering import render

from .helpers import seat_users, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ("de", "en")
FALLBACK = {"Something happened in the game.", "Im Spiel ist etwas geschehen."}
PLACEHOLDER = re.compile(r"(^|[\s(„“\"])\?($|[\s.,:;)“\"])")
_CARD_NAMES = {name for card in DISTRICTS.values() for name in (card.name_de, card.name_en)}
_NAME_PATTERN = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in sorted(_CARD_NAMES, key=len, reverse=True)))
PAGE_EVERY = 90  # commands between two renderings of every seat's page


def names_in(text: str) -> set[str]:
    """The district names (German or English) a text mentions."""
    return set(_NAME_PATTERN.findall(text))


def names_of(ids: Any) -> set[str]:
    """The German and English names of the district ids anywhere in a JSON value."""
    if isinstance(ids, str):
        card = DISTRICTS.get(ids)
        return {card.name_de, card.name_en} if card else set()
    if isinstance(ids, dict):
        ids = list(ids.values())
    if isinstance(ids, list | tuple):
        return set().union(*(names_of(i) for i in ids)) if ids else set()
    return set()


class _VisibleText(HTMLParser):
    """The text a reader sees, without scripts, the cards' ability texts (they name other cards) and the
    elements of the classes in `skip`."""

    def __init__(self, skip: set[str]) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping: list[str] = []
        self.skip = skip | {"text"}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if self.skipping or tag in ("script", "style") or classes & self.skip:
            self.skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str, skip: frozenset[str] = frozenset()) -> str:
    parser = _VisibleText(set(skip))
    parser.feed(html)
    return " ".join(parser.parts)


def without_history(email: str) -> str:
    """An email's text without its history section (its lines are the event texts, checked one by one)."""
    titles = {"== Since your last turn ==", "== Seit deinem letzten Zug =="}
    kept, skipping = [], False
    for line in email.splitlines():
        if line.startswith("== "):
            skipping = line in titles
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


def assert_in_words(text: str, raw_types: set[str], where: str) -> None:
    assert not PLACEHOLDER.search(text), (where, text)
    assert not FALLBACK & {text}, (where, text)
    for kind in raw_types:
        assert not re.search(rf"(?<![\w/]){kind}(?![\w/])", text), (where, kind, text)


def check_event(raw: dict[str, Any], seats: list[int], names: dict[int, str], raw_types: set[str]) -> None:
    """The event's words for every seat in both languages; no card name beyond its public text and the
    reader's own private part."""
    event = RULES.decode(raw)
    public = RULES.redact(event, None)
    for seat in seats:
        seen = RULES.redact(event, seat)
        own = names_of(raw.get("private", {}).get(str(seat), {}))
        for language in LANGUAGES:
            with translation.override(language):
                text = describe_event(seen, names)
                public_text = describe_event(public, names)
            assert_in_words(text, raw_types, f"event {raw['type']}")
            leaked = names_in(text) - names_in(public_text) - own
            assert not leaked, (raw, seat, text)


def hidden_from(state: Any, seat: int) -> set[str]:
    """Names of cards found only in other seats' hands: in neither the seat's own view nor the public one."""
    view = RULES.view(state, seat)
    known = names_of([view.get(k) for k in ("hand", "drawn", "seen_hand", "deck_cards", "museum", "discard")])
    known |= names_of([p["city"] for p in view["players"]])
    return names_of([p.hand for p in state.players if p.seat != seat]) - known


def check_pages(client: Any, game: Game, users: dict[int, Any], state: Any, raw_types: set[str]) -> int:
    """Every seat's page in both languages; returns how many hidden names the pages were checked against."""
    checked = 0
    for seat, user in users.items():
        client.force_login(user)
        hidden = hidden_from(state, seat)
        checked += len(hidden)
        for language in LANGUAGES:
            user.language = language
            user.save(update_fields=["language"])
            page = client.get(f"/games/{game.pk}/")
            assert page.status_code == 200
            html = page.content.decode()
            assert_in_words(visible_text(html), raw_types, f"page of seat {seat}")
            table = visible_text(html, frozenset({"history"}))
            assert not names_in(table) & hidden, (seat, names_in(table) & hidden)
    return checked


def play(game: Game, rng: random.Random, client: Any, raw_types: set[str]) -> tuple[dict[int, dict[int, set[str]]], int]:
    """Play at random to the end, checking every event, command and (now and then) every page; returns
    each seat's hidden names at each version (for the emails) and how many the pages were checked against."""
    users = seat_users(game)
    names = {seat: user.display_name for seat, user in users.items()}
    seats = sorted(users)
    hidden: dict[int, dict[int, set[str]]] = {}
    checked, commands, page_checks = 0, 0, 0
    while True:
        game.refresh_from_db()
        for row in Event.objects.filter(game=game, seq__gt=checked).order_by("seq"):
            check_event(row.data, seats, names, raw_types)
            checked = row.seq
        state = store.load_state(game, use_cache=False)
        hidden[game.version] = {seat: hidden_from(state, seat) for seat in seats}
        if commands % PAGE_EVERY == 0 or game.status != Game.Status.ACTIVE:
            page_checks += check_pages(client, game, users, state, raw_types)
        if game.status != Game.Status.ACTIVE:
            return hidden, page_checks
        seat = rng.choice(game.awaiting)
        legal = RULES.legal_commands(state, seat)
        for command in legal:
            for language in LANGUAGES:
                with translation.override(language):
                    assert_in_words(describe_command(command, names), raw_types, f"command {command}")
        services.execute(users[seat], game.pk, rng.choice(legal), idempotency_key=f"dc-{game.version}")
        commands += 1


RAW_TYPES = {
    "thank_your_excellency", "bewitch", "look_at_hand", "take_card", "give_crown", "navigate", "exchange", "adorn",
    "keep_from_deck", "search_deck", "decline_search", "deck_search_declined", "set_bell_tower", "use_museum",
    "use_armory", "character_bewitched", "witch_took_over",
    "hospital_turn", "turn_lost", "gold_paid", "hand_looked_at", "card_taken", "navigator_took",
    "districts_exchanged", "district_adorned", "museum_used", "armory_used", "bell_tower_set", "deck_searched",
    "deck_card_kept", "character_revealed", "district_built", "round_ended", "game_set_up", "bonus_gold",
    "cards_drawn", "crown_passed", "game_ended", "no_thanks", "poor_house", "throne_room", "take_gold",
    "draw_cards", "keep_card", "end_turn", "choose_character", "discard_character",
}


@pytest.mark.parametrize(("edition", "seed"), [("2012", 1), ("2000", 2), ("online", 3)])
def test_dark_city_tables_pages_and_emails_are_in_words_and_private(
    edition: str, seed: int, verified_user: Any, client: Any
) -> None:
    players = [verified_user(f"p{i}", language=LANGUAGES[i % 2]) for i in range(8)]
    options = {"random_characters": True, "purple": list(DARK_CITY_PURPLE), "edition": edition}
    game = started_game(players, options=options)
    hidden, page_checks = play(game, random.Random(seed), client, RAW_TYPES)
    assert game.status == Game.Status.FINISHED
    seen_types = set(Event.objects.filter(game=game).values_list("type", flat=True))
    assert len(seen_types) >= 20, seen_types  # a real Dark City game, not a stub
    # Every email, in the reader's language, in words and without a card the reader may not know.
    seat_of = {user.pk: seat for seat, user in seat_users(game).items()}
    rows = list(Outbox.objects.filter(game=game))
    assert {row.language for row in rows} == set(LANGUAGES)
    email_checks = 0
    for row in rows:
        assert_in_words(render(row).text, RAW_TYPES, f"email {row.dedupe_key}")
        version = int(row.dedupe_key.rsplit(":", 1)[-1]) if row.kind == "turn" else None
        if version in hidden:
            secret = hidden[version][seat_of[row.user_id]]
            email_checks += len(secret)
            found = names_in(without_history(render(row).text)) & secret
            assert not found, (row.dedupe_key, found)
    # The privacy checks had something to find: cards that only other seats' hands held.
    assert page_checks > 0 and email_checks > 0, (page_checks, email_checks)
