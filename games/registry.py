"""The registry of game kinds (`kinds`). The hosting code knows a game's rules only as a
`rules_kit.GameRules` (the one rules interface: its bots, standings, player range and timeout commands too)
and its site only through the `Site` protocol below; another game is one more entry, not a fork of the
hosting code.

Each game's site app (a Django app beside its rules package: its table, words, templates and locale/)
registers its kind in its `AppConfig.ready()`, handing over its title and its rules: `games` imports no
game package (the import contract `games-hosts-no-game`) and names none. The kinds are known once the apps
are ready: code that runs on import reads them lazily (a form's choices in its `__init__`).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext

from core.errors import ServiceError
from core.registry import Registry
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
    """What the web site and the emails need of a game (a Django-facing module beside its rules, the game's
    site app): its table, its words in the active language (events, commands, the engine's
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
    def read_standing(self, line: str, view: Mapping[str, Any] | None) -> dict[str, Any] | None: ...


class StoryCharts(Protocol):
    """A game's story in pictures (optional, `GameKind.story`): numbers read off the views of the states at the
    end of each round or turn (`SAMPLE_AT`), each sample `{"chapter": ..., "views": {"public": the
    spectator's view, "seats": {seat: that seat's view, for the seats the reader may see}}}`, and the
    charts of those numbers in the active language (`names`: the players' names by seat); a player's favourites
    in a finished game's numbers (the characters or cards they went for, by id, how often) and their words."""

    SAMPLE_AT: str

    def numbers(self, samples: list[dict[str, Any]]) -> dict[str, Any]: ...
    def charts(self, numbers: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]]: ...
    def favourites(self, numbers: dict[str, Any], seat: int) -> dict[str, int]: ...
    def favourites_title(self) -> str: ...
    def favourite_name(self, favourite: str) -> str: ...


@dataclass(frozen=True)
class GameKind:
    """One playable game, as its site app registers it in `kinds`: its name, title, rules and site module.
    The rest (player range, timeout commands, the fixed-order options) is the rules' own."""

    name: str
    # The game's name as players read it, in the active language (lazy: its translation, e.g. a German
    # edition's own title, is in the game's site catalogue). Say `str(kind.title)` where a plain str is needed.
    title: StrOrPromise
    # The game's `RULES` (read it as `rules`): held as any `GameRules`, since the hosting knows no game's
    # state or command type.
    game_rules: GameRules[Any, Any] = field(repr=False)
    # The Django-facing module of the game (its table, words and form fields; see `Site`), by its name: the
    # site app that registers the kind (imported on first use).
    site: str = ""
    # The module of the game's story in pictures, by its name (optional; see `story_module`): its `SAMPLE_AT`
    # ("round" or "turn"), `numbers(samples)` (the numbers of the story, read off the views of the states at
    # the end of each round or turn, so that it knows no more than the views show) and `charts(numbers,
    # names)` (the charts in words). Empty: the site's `story_charts` module, if it has one.
    story: str = ""

    @property
    def story_module(self) -> StoryCharts | None:
        """The game's story-in-pictures module, or None for a game that has none."""
        name = self.story or (f"{self.site}.story_charts" if self.site else "")
        if not name or importlib.util.find_spec(name) is None:
            return None
        module: StoryCharts = importlib.import_module(name)
        return module

    @property
    def rules(self) -> GameRules[Any, JsonObject]:
        """The game's rules (every game's are a `rules_kit.GameRules`). The hosting knows no game's state
        type; a game's command type is a JSON object to it (a TypedDict is a dict when run), as it stores it."""
        return self.game_rules

    @property
    def min_players(self) -> int:
        """The fewest players of a game of this kind (the rules')."""
        return self.game_rules.min_players

    @property
    def max_players(self) -> int:
        """The most players of a game of this kind (the rules')."""
        return self.game_rules.max_players

    @property
    def fixed_order_options(self) -> frozenset[str]:
        """Option keys that fix random outcomes (a stacked deck): taken from tests and re-created physical
        games only, never from a player through the API (the rules')."""
        return self.game_rules.fixed_order_options

    @property
    def minimal_commands(self) -> tuple[str, ...]:
        """The "minimal" timeout policy's preferred commands, first found first (else the first legal one)."""
        return self.game_rules.minimal_commands

    @property
    def anytime_commands(self) -> frozenset[str]:
        """Command types any seat may send at any time, awaited or not (the rules': the game's own and every
        game's `resign`): they are not among the legal commands and never start a deadline."""
        return self.game_rules.anytime_commands

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
        """The bot that plays for a seat handed to the bot (resigned, withdrawn, absent after too many
        timeouts; the rules' `stand_in_bot`): `(state, seat, rng) -> command`, one of the seat's legal
        commands. A late player's seat is played by the easy level's bot instead
        (`games.deadlines.enforcement.LATE_LEVEL`)."""
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


kinds: Registry[GameKind] = Registry("game kind", name_of=lambda kind: kind.name)
"""Every playable game by its name, in the order registered: each game's site app registers its kind in its
`AppConfig.ready()` (so in the order of INSTALLED_APPS); the first is a new game's unless another is chosen."""


def kind_names() -> list[str]:
    """The registered kinds' names, in registration order."""
    return [kind.name for kind in kinds]


def default_kind() -> str:
    """The name of the first registered kind: the game a new game is unless another is chosen."""
    for kind in kinds:
        return kind.name
    raise ImproperlyConfigured("No game kind is registered (see the system check games.E002).")


def check_kinds(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """System check (`manage.py check`, every start): some game kind is registered, else no game can be
    opened (each game's site app registers its own: an INSTALLED_APPS without one has none)."""
    if len(kinds):
        return []
    return [checks.Error(
        "No game kind is registered.",
        hint="Add a game's site app to INSTALLED_APPS in config/settings.py: it registers its kind when ready.",
        obj="games.registry.kinds", id="games.E002",
    )]


def get_kind(name: str) -> GameKind:
    """The registered game kind of this name, or a 400 for an unknown one."""
    kind = kinds.get(name)
    if kind is None:
        known = ", ".join(sorted(kind_names()))
        raise ServiceError("invalid", "unknown_kind", gettext("There is no game kind {name}; the kinds are {known}.").format(
            name=name, known=known))
    return kind
