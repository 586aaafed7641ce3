"""The base game's cards in words: every decision their games ask has its own question in German and
English, every event its sentence, and every answer reads differently and is found again from its words
in an email reply."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from django.utils import translation

from dominion import RULES
from dominion.bots import heuristic_bot, random_bot
from dominion.cards import BASE_PILES
from dominion.site import event_words, words
from games.registry import get_kind
from mailin import choices
from notifications import email_choices
from tests.dominion.table import Table

DOMINION = get_kind("dominion")
DARK_AGES = ["beggar", "market_square", "urchin", "procession", "fortress", "band_of_misfits", "knights",
             "marauder", "cultist", "hermit"]


def _kingdoms() -> list[list[str]]:
    """Every base card in some kingdom, with Dark Ages cards that meet them."""
    base = list(BASE_PILES)
    return [base[i:i + 6] + DARK_AGES[i // 6 % 3 * 3: i // 6 % 3 * 3 + 4] for i in (0, 6, 12, 18, 24, 26)]


def _decisions(kingdom: list[str], seed: int) -> list[tuple[Any, int]]:
    """(state, seat) at every decision of a bot game (a random seat now and then, for odd corners)."""
    rng = random.Random(seed)
    state = RULES.fold(RULES.setup({"kingdom": kingdom}, 3, rng))
    history = []
    bots = [random_bot, random_bot, heuristic_bot]
    found = []
    while RULES.awaiting(state) and len(history) < 4000:
        seat = RULES.awaiting(state)[0]
        if state.pending:
            found.append((state, seat))
        events = RULES.decide(state, seat, bots[seat](state, seat, rng), rng)
        history += events
        state = RULES.fold(events, state)
    return found


def _staged() -> list[tuple[Any, int]]:
    """Decisions the bot games above may miss, set up by hand."""
    moat = Table("militia", "moat", hand=["militia", "copper", "copper", "copper", "copper"])
    moat.put(1, "hand", "moat")
    moat.play("militia")
    mine = Table("mine", hand=["mine", "copper", "silver", "copper", "copper"])
    mine.play("mine")
    mine.pick("copper")
    vassal = Table("vassal", "smithy", hand=["vassal", "copper", "copper", "copper", "copper"])
    vassal.put(0, "deck", "smithy")
    vassal.play("vassal")
    library = Table("library", "smithy", hand=["library", "copper", "copper", "copper", "copper"])
    library.put(0, "deck", "smithy")
    library.play("library")
    bureaucrat = Table("bureaucrat", hand=["bureaucrat", "copper", "copper", "copper", "copper"])
    bureaucrat.put(1, "hand", "estate", "duchy")
    bureaucrat.play("bureaucrat")
    return [(t.state, min(t.state.pending)) for t in (moat, mine, vassal, library, bureaucrat)]


NEW_PROMPTS = {"attack_moat", "gain_to_hand", "play_discarded", "set_aside", "spy_discard_or_back",
               "victory_onto_deck"}


def test_every_decision_of_the_base_cards_has_words_and_answers_read_apart() -> None:
    fallback = {"en": "choose", "de": "Wähle"}
    seen_prompts = set()
    found = [d for kingdom in _kingdoms() for seed in (1, 2, 3) for d in _decisions(kingdom, seed)]
    for state, seat in found[::2] + _staged():
        view, legal = RULES.view(state, seat), RULES.legal_commands(state, seat)
        seen_prompts.add(state.pending[seat]["prompt"])
        for language in ("en", "de"):
            with translation.override(language):
                question = words.prompt_text(state.pending[seat])
                assert not question.endswith(f": {fallback[language]}"), question
                said = [email_choices.describe_command(DOMINION, c, language, {}, view) for c in legal]
            assert len(set(said)) == len(said), said
        describe = partial(email_choices.describe_command, DOMINION, view=view)
        for command, line in zip(legal[:12], said[:12], strict=False):
            assert choices.match_line(line, legal, legal, describe, {}).command == command, line
    assert NEW_PROMPTS <= seen_prompts, NEW_PROMPTS - seen_prompts


def test_the_new_events_are_told_in_both_languages() -> None:
    moat = {"type": "reaction_revealed", "seat": 1, "card": 3, "name": "moat", "attack": "militia"}
    with translation.override("de"):
        assert event_words.describe_event(moat, {1: "Ben"}) == "Ben zeigt Burggraben vor und ist von Miliz nicht betroffen."
    with translation.override("en"):
        assert event_words.describe_event(moat, {1: "Ben"}) == "Ben revealed Moat: Militia does not affect them."
    for prompt in NEW_PROMPTS:
        with translation.override("de"):
            german = words.prompt_text({"card": "moat", "prompt": prompt})
        with translation.override("en"):
            english = words.prompt_text({"card": "moat", "prompt": prompt})
        assert german != english and "Burggraben" in german and "Moat" in english
