"""The draft wishes of Citadels on the site (`set_wishes`, citadels.wishes): in words, as the table's form,
and read back from a line of an emailed reply.

A reply's line `wish: assassin, thief` (German `Wunsch: Meuchler, Dieb`) sets the wishes, first first;
characters by their name in either language or by their number (rank) in this game; `wish: ask` (`Wunsch:
fragen`, "none", "keine") clears them. A line with another word before its colon is no wish.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from citadels.cards import CHARACTERS

from .words import character_name, wishes_text

FORM_PLACES = 3
"""The wishes the table's form offers (the API and a reply take up to 9)."""

SUBJECT_WORDS = frozenset({"wish", "wishes", "draft", "wunsch", "wünsche", "wuensche", "auswahl"})
ASK_WORDS = frozenset({"ask", "ask me", "none", "nothing", "no wish", "fragen", "frag mich", "frage mich", "keine",
                       "keiner", "nichts", "kein wunsch"})


def wish_form(view: Mapping[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The table's form for the viewer's wishes: its wishes now, and `FORM_PLACES` places, each a choice of
    the game's characters (or none), set to the wishes now. None for a spectator and a finished game."""
    if seat is None or view.get("phase") == "over":
        return None
    wished = list(view.get("wishes") or [])
    characters = sorted(view.get("characters") or [], key=lambda c: CHARACTERS[c].rank if c in CHARACTERS else 99)
    options = [(c, f"{CHARACTERS[c].rank}. {character_name(c)}" if c in CHARACTERS else c) for c in characters]
    places = [
        {"label": _("Wish {number}").format(number=index + 1), "options": options,
         "selected": wished[index] if index < len(wished) else ""}
        for index in range(FORM_PLACES)
    ]
    return {
        "now": wishes_text(wished),
        "places": places,
        "clear": json.dumps({"type": "set_wishes", "characters": []}) if wished else "",
    }


def _said(text: str) -> str:
    text = unicodedata.normalize("NFC", text).casefold()
    return " ".join(re.findall(r"[\w']+", text))


def _names(view: Mapping[str, Any] | None) -> dict[str, str]:
    """Each way a reply may name a character of this game (every character when the view does not list
    them): its id, English and German names, and its number."""
    listed = list((view or {}).get("characters") or CHARACTERS)
    names: dict[str, str] = {}
    for character in listed:
        card = CHARACTERS.get(character)
        if card is None:
            continue
        for said in (character, card.name_en, card.name_de):
            names[_said(said)] = character
        if (view or {}).get("characters"):
            names[str(card.rank)] = character
    return names


def read_standing(line: str, view: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The `set_wishes` command a reply's line means (`wish: <characters>`), or None for a line that is
    none. A name not understood is kept as written: the rules refuse it."""
    what, colon, rest = line.partition(":")
    if not colon or _said(what) not in SUBJECT_WORDS:
        return None
    if _said(rest) in ASK_WORDS:
        return {"type": "set_wishes", "characters": []}
    names = _names(view)
    wished: list[str] = []
    for part in (p for p in re.split(r"[,;/]|\bthen\b|\bdann\b", rest) if _said(p)):
        said = _said(part)
        if said in names:
            wished.append(names[said])
        else:  # "assassin thief": several names in one part
            wished += [names.get(word, word) for word in said.split()]
    return {"type": "set_wishes", "characters": wished}
