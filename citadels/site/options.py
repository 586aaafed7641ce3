"""The Citadels part of the new-game form: edition, characters, purple districts.

The fields are built from the card data (`citadels.cards`), so the characters and purple districts that
the engine knows appear here with no more work. Only choices that differ from the defaults become options;
the engine validates them (an option it refuses is shown as a form error by the hosting).
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from citadels.cards import BASE_CHARACTERS, BASE_DECK, CHARACTERS, DARK_CITY_PURPLE, DISTRICTS, Colour

from . import words

EDITIONS = [
    ("2012", _("2012 edition: the card not kept goes onto the discard pile; the King sees the face-down card")),
    ("2000", _("2000 edition: both drawn cards go into your hand, then you discard one")),
    ("online", _("The online site's rules: the card not kept goes under the deck")),
]


def _character_label(character_id: str) -> str:
    return f"{CHARACTERS[character_id].rank}. {words.character_name(character_id)}"


def _by_rank() -> list[tuple[int, list[str]]]:
    ordered = sorted(CHARACTERS.values(), key=lambda c: (c.rank, c.id))
    return [(rank, [c.id for c in group]) for rank, group in groupby(ordered, key=lambda c: c.rank)]


def _base_purple() -> list[str]:
    return sorted({d for d in BASE_DECK if DISTRICTS[d].colour == Colour.PURPLE})


class _LazyChoices:
    """Choices computed when the form renders, so the names follow the reader's language."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def __iter__(self) -> Any:
        return iter(self.make())


def form_fields() -> dict[str, forms.Field]:
    """The Citadels fields of the new-game form (names are local; the hosting prefixes them)."""
    fields: dict[str, forms.Field] = {
        "edition": forms.ChoiceField(
            # Radio buttons, not a select: a select shows one line, and these readings are cut off on a phone.
            label=_("Edition"), choices=EDITIONS, initial="2012", widget=forms.RadioSelect,
            help_text=_("The rulebooks differ in small ways; each reading is named in the rules."),
        ),
        "random_characters": forms.BooleanField(
            label=_("Random characters"), required=False,
            help_text=_("Deal one random character of each rank instead of the ones chosen below."),
        ),
    }
    for rank, ids in _by_rank():
        base = next((c for c in ids if c in BASE_CHARACTERS), "")
        fields[f"character_{rank}"] = forms.ChoiceField(
            label=_("Character of rank %(rank)s") % {"rank": rank},
            choices=_LazyChoices(lambda ids=ids, base=base: ([] if base else [("", "-")])
                                 + [(c, _character_label(c)) for c in ids]),
            # Ranks 1-8 are always played; rank 9 (no base character) is optional.
            initial=base, required=bool(base),
        )
    fields["purple"] = forms.MultipleChoiceField(
        label=_("Purple districts in the deck"),
        choices=_LazyChoices(lambda: [
            (d.id, f"{words.district_name(d.id)} ({d.cost})")
            for d in sorted(DISTRICTS.values(), key=lambda d: words.district_name(d.id))
            if d.colour == Colour.PURPLE
        ]),
        initial=_base_purple(), required=False, widget=forms.CheckboxSelectMultiple,
        help_text=_("The special districts shuffled into the deck."),
    )
    fields["dark_city_districts"] = forms.IntegerField(
        # The bounds of the card data, so that a count the engine could not deal is refused at the field,
        # in the reader's language (the engine's refusal names its option, in English).
        label=_("Dark City districts drawn at random"), required=False, min_value=0, max_value=len(DARK_CITY_PURPLE),
        help_text=_(
            "Leave empty to use the districts ticked above. A number shuffles that many random Dark City districts "
            "in with all the base game's purple ones; from 4 on, as many base ones leave the deck."
        ),
    )
    return fields


def options_from_form(data: dict[str, Any]) -> dict[str, Any]:
    """The game options of the form's cleaned Citadels fields: only what differs from the defaults."""
    options: dict[str, Any] = {}
    if data.get("edition") and data["edition"] != "2012":
        options["edition"] = data["edition"]
    if data.get("random_characters"):
        options["random_characters"] = True
    else:
        characters = [data[f"character_{rank}"] for rank, _ids in _by_rank() if data.get(f"character_{rank}")]
        if list(characters) != list(BASE_CHARACTERS):
            options["characters"] = characters
    purple = sorted(data.get("purple") or [])
    if data.get("dark_city_districts") is not None:
        options["dark_city_districts"] = int(data["dark_city_districts"])
    elif purple != _base_purple():
        options["purple"] = purple
    return options


def describe_options(options: dict[str, Any]) -> list[str]:
    """A game's options in the reader's words (edition, characters, purple districts): what a player joins,
    told in the waiting room and on the invite page (the same labels as the new-game form)."""
    editions = dict(EDITIONS)
    lines = [str(editions.get(options.get("edition", "2012"), editions["2012"]))]
    if options.get("random_characters"):
        lines.append(gettext("Random characters"))
    else:
        characters = list(options.get("characters") or BASE_CHARACTERS)
        lines.append(gettext("Characters: {names}.").format(names=words.card_line(characters, words.character_name)))
    if options.get("dark_city_districts") is not None:
        lines.append(f"{gettext('Dark City districts drawn at random')}: {options['dark_city_districts']}")
    else:
        purple = sorted(options.get("purple", _base_purple()), key=words.district_name)
        lines.append(f"{gettext('Purple districts in the deck')}: {words.card_line(purple)}")
    return lines
