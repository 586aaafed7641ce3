"""The registry of game kinds. The hosting code knows a game's rules only as a `rules_kit.GameRules` (the
one rules interface: its bots and standings too) and its site only through the `Site` protocol below; a
second game (e.g. Dominion) is one more entry in `KINDS`, not a fork of the hosting code.

A kind names its rules package and its site by module name, the one lookup by string left: `games` imports
no game package (the import contract `games-hosts-no-game`), and the site is also a Django app (its
templates and locale/), listed by that name in INSTALLED_APPS and checked against it (`check_site_apps`).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from django.apps import apps
from django.core import checks
from django.utils.translation import gettext, gettext_lazy

from core.errors import ServiceError
from rules_kit import IllegalCommand
from rules_kit.engine import Bot, GameRules
from rules_kit.events import JsonObject

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class CardSelection:
    """A decision answered by choosing a set of cards (the table's checkbox form): the command's `type`,
    the `field` that takes the chosen cards, the cards on offer in their zone's order as (the value the
    command names a card by, the card's name in the active language), and how many may be chosen (the
    rules check the bounds; these only shape an example)."""

    type: str
    field: str
    cards: tuple[tuple[Any, str], ...]
    least: int = 0
    most: int | None = None

    def command(self, values: Iterable[Any]) -> dict[str, Any]:
        """The command choosing these cards (values as in `cards`)."""
        return {"type": self.type, self.field: list(values)}

    def example(self) -> dict[str, Any] | None:
        """A command to show as an example: two cards of different names where the bounds allow (the
        least number if more are needed); None when no card is on offer."""
        most = len(self.cards) if self.most is None else min(self.most, len(self.cards))
        count = min(max(self.least, 2), most)
        if count <= 0:
            return None
        firsts: dict[str, int] = {}
        for index, (_value, name) in enumerate(self.cards):
            firsts.setdefault(name, index)
        order = list(firsts.values()) + [i for i in range(len(self.cards)) if i not in firsts.values()]
        return self.command(self.cards[i][0] for i in order[:count])


class Site(Protocol):
    """What the web site and the emails need of a game (a Django-facing module beside its rules, e.g.
    `citadels.site`): its table, its words in the active language (events, commands, the engine's
    refusals by their code), its part of the new-game form."""

    TABLE_TEMPLATE: str

    def table(
        self, view: dict[str, Any] | None, seat: int | None, names: dict[int, str], legal: list[dict[str, Any]]
    ) -> dict[str, Any]: ...
    def describe_event(self, seen: dict[str, Any], names: dict[int, str]) -> str: ...
    def describe_events(self, seens: list[dict[str, Any]], names: dict[int, str]) -> list[tuple[int, int, str]]: ...
    def describe_chapter(self, chapter: dict[str, Any], names: dict[int, str]) -> tuple[str, str]: ...
    def hand_words(self, view: dict[str, Any]) -> list[str]: ...
    def describe_command(
        self, command: dict[str, Any], names: dict[int, str], view: dict[str, Any] | None = None
    ) -> str: ...
    def describe_refusal(
        self, code: str, message: str, reason: str = "", params: dict[str, Any] | None = None
    ) -> str: ...
    def describe_question(self, code: str, params: dict[str, Any]) -> str: ...
    def choice_order(self, legal: list[dict[str, Any]], view: dict[str, Any] | None) -> list[dict[str, Any]]: ...
    def conceivable_commands(self, view: dict[str, Any] | None, legal: list[dict[str, Any]]) -> list[dict[str, Any]]: ...
    def card_selections(self, view: dict[str, Any] | None, legal: list[dict[str, Any]]) -> list[CardSelection]: ...
    def email_sections(
        self, view: dict[str, Any], seat: int | None, names: dict[int, str]
    ) -> list[tuple[str, list[str]]]: ...
    def form_fields(self) -> dict[str, Any]: ...
    def options_from_form(self, data: dict[str, Any]) -> dict[str, Any]: ...
    def describe_options(self, options: dict[str, Any]) -> list[str]: ...
    def rules_index(self) -> list[dict[str, Any]]: ...
    def asked_between_turns(self, view: dict[str, Any], seat: int) -> str | None: ...
    def rules_card(self, card_id: str) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class GameKind:
    """One playable game: its rules object (loaded lazily), player range and the engine's error type."""

    name: str
    # The game's name as players read it, in the active language (lazy: its translation, e.g. a German
    # edition's own title, is in the game's site catalogue). Say `str(kind.title)` where a plain str is needed.
    title: StrOrPromise
    # The rules package, whose `RULES` is the game's `GameRules` (imported on first use: see the module's doc).
    module: str
    min_players: int
    max_players: int
    # Option keys that fix random outcomes (a stacked deck): allowed for tests and re-created physical
    # games only, never from a player through the API.
    fixed_order_options: frozenset[str] = field(default_factory=frozenset)
    # The Django-facing module of the game (its table, words and form fields; see `Site`); also an
    # installed app, for its templates and locale/.
    site: str = ""
    # The "minimal" timeout policy's preferred commands, first found first (else the first legal one).
    minimal_commands: tuple[str, ...] = ()
    # Command types any seat may send at any time, awaited or not (standing answers and other settings
    # that change no one's turn); they are not among the legal commands and never start a deadline.
    anytime_commands: frozenset[str] = field(default_factory=frozenset)

    @property
    def rules(self) -> GameRules[Any, JsonObject]:
        """The module's `RULES` object (every game's rules are a `rules_kit.GameRules`). The hosting knows
        no game's state type; a game's command type is a JSON object to it (a TypedDict is a dict when
        run), as it stores it."""
        rules: GameRules[Any, JsonObject] = importlib.import_module(self.module).RULES
        return rules

    @property
    def illegal_command(self) -> type[IllegalCommand]:
        """The rules' one error type (`rules_kit.IllegalCommand`: `code`, `message`, `reason`, `params`)."""
        return IllegalCommand

    def refused(self, refusal: IllegalCommand, code: str | None = None) -> ServiceError:
        """The service's error for this kind's rules refusing (raise it `from refusal`): the rules' code
        (or `code`) and message, worded by the kind's site when read (`ServiceError.reader_message`, by the
        rules' own code). A refusal with a `reason` (and `params`) answers with them too, for programs."""
        detail = {key: value for key, value in (("reason", refusal.reason), ("params", refusal.params)) if value}
        error = ServiceError("invalid", code or refusal.code, refusal.message, **detail)
        if self.site:
            error.wording = functools.partial(self._describe_refusal, refusal)
        return error

    def _describe_refusal(self, refusal: IllegalCommand) -> str:
        """The rules' refusal in the site's words, in the active language."""
        return self.site_module.describe_refusal(refusal.code, refusal.message, refusal.reason, dict(refusal.params))

    @property
    def timeout_bot(self) -> Bot[Any, JsonObject]:
        """The bot that plays for a seat whose player let a deadline pass, resigned or left (the rules'
        `stand_in_bot`): `(state, seat, rng) -> command`, one of the seat's legal commands."""
        return self.rules.stand_in_bot

    def places(self, state: Any) -> list[int]:
        """Each seat's place in the finished game of this state, by the rulebook (the rules' `standings`)."""
        return list(self.rules.standings(state))

    @property
    def site_module(self) -> Site:
        """The kind's `Site` module."""
        site: Site = importlib.import_module(self.site)
        return site

    def describe_command(
        self, command: dict[str, Any], names: dict[int, str], view: dict[str, Any] | None = None
    ) -> str:
        """One command in the site's words (in the active language), told with the sender's view (a command
        may name a thing by its number in the sender's hand; a site that needs no view ignores it)."""
        return self.site_module.describe_command(command, names, view)

    def choices_in_order(self, legal: list[dict[str, Any]], view: dict[str, Any] | None) -> list[dict[str, Any]]:
        """The legal commands in the order the game's table shows them (the site's `choice_order`): the
        emails number them so, and a reply by number is read back in the same order."""
        return list(self.site_module.choice_order(legal, view))

    def card_selections(self, view: dict[str, Any] | None, legal: list[dict[str, Any]]) -> list[CardSelection]:
        """The decisions open now that choose a set of cards (the site's `card_selections`, as its table's
        forms offer them), card names in the active language: a reply by email may name the cards."""
        return list(self.site_module.card_selections(view, legal))

    def fold(self, state: Any, datas: Iterable[dict[str, Any]]) -> Any:
        """The state after stored (encoded) events, from `state` (None: from the beginning): the rules' own
        fold of the decoded events, which copies the state once, not once per event. The service loads
        every game through this; `benchmarks/engine.py` measures it."""
        rules = self.rules
        return rules.fold(map(rules.decode, datas), state)


KINDS: dict[str, GameKind] = {
    "citadels": GameKind(
        name="citadels",
        title=gettext_lazy("Citadels"),
        module="citadels",
        min_players=2,
        max_players=8,  # 8 needs 9 characters: the engine refuses what the options do not allow
        fixed_order_options=frozenset({"deck", "character_orders"}),
        site="citadels.site",
        # The thanks first: under a Ball Room any other first command loses the whole turn.
        minimal_commands=("thank_your_excellency", "take_gold", "decline_graveyard", "end_turn"),
    ),
    "dominion": GameKind(
        name="dominion",
        title=gettext_lazy("Dominion"),
        module="dominion",
        min_players=2,
        max_players=6,
        fixed_order_options=frozenset({"decks", "piles"}),
        site="dominion.site",
        # A missed turn ends at once (no card played, nothing bought); a missed decision takes the first
        # listed answer (the smallest selection, or the first option).
        minimal_commands=("end_turn",),
        anytime_commands=frozenset({"set_reaction"}),
    ),
}
DEFAULT_KIND = next(iter(KINDS))


def check_site_apps(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """System check (`manage.py check`, every start): each registered kind's site is an installed app
    (settings.INSTALLED_APPS lists them by name), else its table template and translations are missing."""
    return [
        checks.Error(
            f"The site app {kind.site!r} of game kind {kind.name!r} is not installed.",
            hint=f"Add {kind.site!r} to INSTALLED_APPS in config/settings.py.",
            obj=f"games.registry.KINDS[{kind.name!r}]",
            id="games.E001",
        )
        for kind in KINDS.values() if kind.site and not apps.is_installed(kind.site)
    ]


def get_kind(name: str) -> GameKind:
    """The registered game kind of this name, or a 400 for an unknown one."""
    try:
        return KINDS[name]
    except KeyError:
        known = ", ".join(sorted(KINDS))
        raise ServiceError("invalid", "unknown_kind", gettext("There is no game kind {name}; the kinds are {known}.").format(
            name=name, known=known)) from None
