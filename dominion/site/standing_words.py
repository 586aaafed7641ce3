"""The standing answers of Dominion on the site: the reactions' (`set_reaction`: always, never, ask) and the
preferences for what an Attack asks outside one's own turn (`set_preference`), in words, as the table's
rows of buttons, and read back from a line of an emailed reply ("moat: always", "discard: junk first",
"Burggraben: immer", "abwerfen: Müll zuerst").

A reply's line is a standing answer when it reads `<what>: <answer>`: `<what>` a reaction card's name (in
English or German) or a prompt's word, `<answer>` one of the answer's words. A line naming something else
before its colon is no standing answer (the reply reads it as a move).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from dominion.cards import CARDS
from dominion.commands import ASK, PREFERENCES, REACTIONS

PROMPTS: dict[str, str] = {
    "discard_down": gettext_noop("When an Attack makes me discard down (Militia, Urchin, Mercenary, Sir Michael)"),
    "victory_onto_deck": gettext_noop("When Bureaucrat makes me put a Victory card onto my deck"),
    "trash_revealed": gettext_noop("When Bandit or a Knight makes me trash one of my revealed cards"),
}
"""Each preference's prompt in words (the table's rows, the commands' descriptions)."""

POLICIES: dict[str, str] = {
    "junk_first": gettext_noop("junk first: Victory cards, Curses, Ruins, Shelters, Coppers, then the cheapest"),
    "cheapest_first": gettext_noop("the cheapest first"),
    ASK: gettext_noop("ask me each time"),
}

# The words a reply names a preference's prompt and a policy by, in English and German.
PROMPT_WORDS: dict[str, tuple[str, ...]] = {
    "discard_down": ("discard", "discard down", "militia", "abwerfen", "ablegen", "miliz"),
    "victory_onto_deck": ("bureaucrat", "victory onto deck", "buerokrat", "bürokrat"),
    "trash_revealed": ("trash revealed", "trash", "bandit", "knights", "entsorgen", "ritter"),
}
POLICY_WORDS: dict[str, tuple[str, ...]] = {
    "junk_first": ("junk first", "junk", "müll zuerst", "müll", "muell"),
    "cheapest_first": ("cheapest first", "cheapest", "billigste zuerst", "billigste", "billigstes", "günstigste"),
    ASK: ("ask", "ask me", "fragen", "frag mich", "frage mich", "nachfragen"),
}
REACTION_WORDS: dict[str, tuple[str, ...]] = {
    "always": ("always", "immer"),
    "never": ("never", "nie", "niemals"),
    ASK: POLICY_WORDS[ASK],
}


def preference_text(prompt: str, policy: str) -> str:
    """A preference in words, e.g. "When an Attack makes me discard down (...): the cheapest first"."""
    said_prompt = _(PROMPTS[prompt]) if prompt in PROMPTS else prompt
    said_policy = _(POLICIES[policy]) if policy in POLICIES else policy
    return _("{prompt}: {policy}").format(prompt=said_prompt, policy=said_policy)


def preference_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The viewer's standing preferences, one row per prompt an Attack of this kingdom may ask of it, with a
    button for each other policy."""
    kingdom = set(view.get("kingdom") or [])
    asked_by = {
        "discard_down": {"militia", "urchin", "knights"},  # Urchin's Mercenary; Sir Michael is a Knight
        "victory_onto_deck": {"bureaucrat"},
        "trash_revealed": {"bandit", "knights", "rogue"},
    }
    standing = view.get("standing") or {}
    rows = []
    for prompt, policies in PREFERENCES.items():
        if not kingdom & asked_by[prompt]:
            continue
        now = standing.get(prompt, ASK)
        commands = [{"type": "set_preference", "prompt": prompt, "policy": p} for p in (*policies, ASK) if p != now]
        rows.append({
            "name": _(PROMPTS[prompt]),
            "now": _(POLICIES[now]) if now in POLICIES else now,
            "buttons": [{"label": _(POLICIES[c["policy"]]), "json": json.dumps(c)} for c in commands],
        })
    return rows


# How a reply answers a decision of this kind ahead ("discard: junk first"), as the turn email tells it.
_HINTS: dict[str, str] = {
    "discard_down": gettext_noop('Reply "discard: junk first" or "discard: cheapest" to have this answered for you '
                                 "from now on."),
    "victory_onto_deck": gettext_noop('Reply "bureaucrat: cheapest" to have this answered for you from now on.'),
    "trash_revealed": gettext_noop('Reply "trash: cheapest" to have this answered for you from now on.'),
    "reaction": gettext_noop('Reply "{card}: always" or "{card}: never" to have this answered for you from now on.'),
}


def standing_hint(view: Mapping[str, Any], seat: int) -> str | None:
    """How a reply answers the decision asked of `seat` ahead, from now on (a reaction's, or a preference's
    asked outside the seat's own turn), in words; None for any other decision."""
    decision = view.get("decision") or {}
    reaction = decision.get("reaction")
    if isinstance(reaction, str):
        name = CARDS[reaction].de if _german() else CARDS[reaction].en
        return _(_HINTS["reaction"]).format(card=name)
    if decision.get("prompt") in PREFERENCES and view.get("current") != seat:
        return _(_HINTS[str(decision["prompt"])])
    return None


def _german() -> bool:
    return (get_language() or "en").startswith("de")


def _said(text: str) -> str:
    """Lower-case words separated by single spaces, without punctuation."""
    text = unicodedata.normalize("NFC", text).casefold()
    return " ".join(re.findall(r"[\w']+", text))


def _one_of(said: str, words: Mapping[str, tuple[str, ...]]) -> str | None:
    return next((key for key, listed in words.items() if said in listed), None)


def read_standing(line: str, view: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The standing-answer command a reply's line means (`<what>: <answer>`), or None for a line that is
    none. An answer not understood is kept as written: the rules refuse it with the answers there are."""
    what, colon, answer = line.partition(":")
    if not colon:
        return None
    what, answer = _said(what), _said(answer)
    reaction = next((r for r in REACTIONS if what in (r, _said(CARDS[r].en), _said(CARDS[r].de))), None)
    if reaction is not None:
        return {"type": "set_reaction", "card": reaction, "answer": _one_of(answer, REACTION_WORDS) or answer}
    prompt = _one_of(what, PROMPT_WORDS)
    if prompt is not None:
        return {"type": "set_preference", "prompt": prompt, "policy": _one_of(answer, POLICY_WORDS) or answer}
    return None
