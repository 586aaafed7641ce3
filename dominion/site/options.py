"""The Dominion part of the new-game form: how the kingdom is chosen (at random from sets, a recommended set,
or 10 cards ticked one by one), the cards never drawn, and Shelters.

The choices come from `dominion.options` and the card data, limited to the piles the engine has; the engine
validates the options (`options.choose_kingdom`), and the hosting shows a refusal as a form error.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from dominion.cards import CARDS
from dominion.options import DEFAULT_SETS, KINGDOM_SIZE, RECOMMENDED, SETS, engine_has, playable_sets, set_of

from .kingdom_words import SET_NAMES, pile_set, recommended_name, set_name
from .words import card_name

MODES = ("random", "recommended", "chosen")
SHELTERS = {"rule": None, "always": True, "never": False}


def _pile_cost(pile: str) -> int:
    return 5 if pile == "knights" else CARDS[pile].cost


def _piles() -> list[str]:
    """Every kingdom pile the engine has, grouped by set (Dark Ages, the base game, its 1st edition's own)."""
    piles = {p for pool in SETS.values() for p in pool if engine_has(p)}
    order = list(SETS)
    return sorted(piles, key=lambda p: (order.index(set_of(p)), _pile_cost(p), card_name(p)))


def _pile_choices() -> list[tuple[str, str]]:
    """The piles with their name, cost and set, in the reader's language (computed as the form is built)."""
    return [(p, f"{card_name(p)} ({_pile_cost(p)}) · {pile_set(p)}") for p in _piles()]


def _recommended_choices() -> list[tuple[str, str]]:
    """The recommended sets the engine can set up, each with its cards."""
    return [
        (name, f"{recommended_name(name)}: {', '.join(sorted(map(card_name, piles)))}")
        for name, piles in RECOMMENDED.items() if all(map(engine_has, piles))
    ]


def _default_sets() -> list[str]:
    return [name for name in DEFAULT_SETS if name in playable_sets()]


def _ten_piles(piles: list[str]) -> None:
    """None ticked (drawn at random) or exactly ten: refused at the field, in the reader's language."""
    if len(piles) != KINGDOM_SIZE:
        raise ValidationError(ngettext(
            "You ticked %(count)s pile: tick exactly 10, or none for 10 drawn at random.",
            "You ticked %(count)s piles: tick exactly 10, or none for 10 drawn at random.", len(piles),
        ) % {"count": len(piles)}, code="kingdom_size")


def form_fields() -> dict[str, forms.Field]:
    """The Dominion fields of the new-game form (names are local; the hosting prefixes them)."""
    playable = playable_sets()
    fields: dict[str, forms.Field] = {
        "mode": forms.ChoiceField(
            label=_("Kingdom cards"), required=False, initial="random", widget=forms.RadioSelect,
            choices=[("random", _("10 drawn at random from the sets below")),
                     ("recommended", _("a recommended set")), ("chosen", _("the 10 cards ticked below"))],
        ),
        "recommended": forms.ChoiceField(
            # Radio buttons, not a drop-down: each set's cards are a long line that a phone's select would cut.
            label=_("Recommended set"), required=False, choices=_recommended_choices, widget=forms.RadioSelect,
            help_text=_("The rulebooks' recommended kingdoms."),
        ),
        "sets": forms.MultipleChoiceField(
            label=_("Draw from the sets"), required=False, initial=_default_sets(), widget=forms.CheckboxSelectMultiple,
            choices=[(name, gettext(SET_NAMES[name])) for name in playable],
            help_text=_("None ticked: the current printings."),
        ),
    }
    for name in playable:
        fields[f"at_least_{name}"] = forms.IntegerField(
            label=format_lazy(_("At least this many from {set}"), set=_(SET_NAMES[name])), required=False,
            min_value=0, max_value=KINGDOM_SIZE,
        )
    fields["ban"] = forms.MultipleChoiceField(
        label=_("Never draw these cards"), required=False, choices=_pile_choices, widget=forms.CheckboxSelectMultiple,
    )
    fields["kingdom"] = forms.MultipleChoiceField(
        label=_("Chosen kingdom cards"), choices=_pile_choices, required=False, widget=forms.CheckboxSelectMultiple,
        validators=[_ten_piles], help_text=_("Tick exactly 10 piles, or none for 10 drawn at random."),
    )
    fields["shelters"] = forms.ChoiceField(
        label=_("Shelters"), required=False, initial="rule", widget=forms.RadioSelect,
        choices=[("rule", _("as the rulebook says: always with a kingdom of Dark Ages only; in a mixed kingdom "
                            "if a kingdom pile drawn at random is from Dark Ages")),
                 ("always", _("always")), ("never", _("never: 3 Estates"))],
        help_text=_("Start with Hovel, Necropolis and Overgrown Estate instead of 3 Estates."),
    )
    return fields


def options_from_form(data: dict[str, Any]) -> dict[str, Any]:
    """The game options of the form's cleaned Dominion fields: only what differs from the defaults. Without
    a mode (a page of before the modes) ticked cards mean those cards, none a random kingdom."""
    mode = data.get("mode") or ("chosen" if data.get("kingdom") else "random")
    options: dict[str, Any] = {}
    if mode == "chosen":
        options["kingdom"] = sorted(data.get("kingdom") or [])
    elif mode == "recommended":
        options["recommended"] = data.get("recommended") or ""
    else:
        sets = [name for name in SETS if name in (data.get("sets") or [])]
        if sets and sets != _default_sets():
            options["sets"] = sets
        at_least = {name: data[f"at_least_{name}"] for name in SETS if data.get(f"at_least_{name}")}
        if at_least:
            options["at_least"] = at_least
        if data.get("ban"):
            options["ban"] = sorted(data["ban"])
    shelters = SHELTERS.get(data.get("shelters") or "rule")
    if shelters is not None:
        options["shelters"] = shelters
    return options


def describe_options(options: dict[str, Any]) -> list[str]:
    """A game's options in the reader's words (the kingdom, Shelters): what a player joins, told in the
    waiting room and on the invite page (the same labels as the new-game form)."""
    kingdom = sorted(options.get("kingdom") or [], key=card_name)
    recommended = options.get("recommended")
    if kingdom:
        lines = [f"{gettext('Kingdom cards')}: {', '.join(map(card_name, kingdom))}"]
    elif isinstance(recommended, str) and recommended in RECOMMENDED:
        names = ", ".join(sorted(map(card_name, RECOMMENDED[recommended])))
        lines = [gettext("Kingdom cards: the recommended set {name} ({cards})").format(
            name=recommended_name(recommended), cards=names)]
    else:
        lines = [f"{gettext('Kingdom cards')}: {gettext('10 drawn at random')}", *_draw_lines(options)]
    shelters = options.get("shelters")
    if shelters is True:
        lines.append(gettext("Start with Hovel, Necropolis and Overgrown Estate instead of 3 Estates."))
    elif shelters is False:
        lines.append(gettext("Start with 3 Estates, no Shelters."))
    else:
        lines.append(gettext("Start with Hovel, Necropolis and Overgrown Estate instead of 3 Estates with a kingdom "
                             "of Dark Ages only; in a mixed kingdom, if a kingdom pile drawn at random is from Dark "
                             "Ages (the rulebook's rule)."))
    return lines


def _draw_lines(options: dict[str, Any]) -> list[str]:
    """How a random kingdom is drawn: the sets, the least numbers of a set, the cards never drawn."""
    lines = [gettext("Drawn from: {sets}").format(sets=", ".join(map(set_name, options.get("sets") or _default_sets())))]
    for name, count in (options.get("at_least") or {}).items():
        lines.append(gettext("At least {count} from {set}").format(count=count, set=set_name(name)))
    if options.get("ban"):
        lines.append(gettext("Never drawn: {cards}").format(cards=", ".join(sorted(map(card_name, options["ban"])))))
    return lines
