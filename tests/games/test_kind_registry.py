"""The registry of game kinds (`games.registry.kinds`): each game's site app registers its kind when the apps
are ready, the hosting reads every kind from there (the forms, the API's shapes, the service), the rules
bring their facts (player range, timeout commands), and a start without any kind fails the system check."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from django.apps import apps
from django.core import checks
from django.core.exceptions import ImproperlyConfigured

import citadels
import dominion
from core.errors import ServiceError
from core.registry import DuplicateEntry
from games.forms import LobbyFilterForm, NewGameForm
from games.registry import GameKind, check_kinds, default_kind, get_kind, kind_names, kinds
from games.serializers import GameCreateSerializer, GameListQuerySerializer
from rules_kit.engine import GameRules
from rules_kit.events import EventCodec
from rules_kit.fold import Fold


def _ends(state: int, seat: int, rng: random.Random) -> dict[str, object]:
    return {"type": "end_turn"}


def _toy_rules(min_players: int, max_players: int) -> GameRules[int, dict[str, object]]:
    """A game of nothing, for as many players as asked."""
    fold: Fold[int, list[int]] = Fold(lambda event: 0, {}, lambda state: [state], lambda work: work[0])
    return GameRules(
        "toy", codec=EventCodec(1), fold=fold, setup=lambda options, players, rng: [],
        decide=lambda state, seat, command, rng: [], read_command=dict, awaiting=lambda state: [],
        legal_commands=lambda state, seat: [], view=lambda state, seat: {}, dump_state=lambda state: {},
        load_state=lambda data: 0, validate_options=lambda options, players: None, command_shapes=(),
        resigned=lambda state: frozenset(), standings=lambda state: [1], scores=lambda state: [0], bots={"best": _ends},
        min_players=min_players, max_players=max_players,
    )


@pytest.fixture
def toy_kind() -> Iterator[GameKind]:
    """A third kind, for 3 to 12 players (no site), registered for one test."""
    kind = kinds.register(GameKind("toy", "Toy", _toy_rules(3, 12)))
    yield kind
    kinds.remove(kind.name)


@pytest.fixture
def no_kinds() -> Iterator[None]:
    """No kind registered for one test; the kinds come back after it, in their order."""
    registered = list(kinds)
    for kind in registered:
        kinds.remove(kind.name)
    yield
    for kind in registered:
        kinds.register(kind)


def test_each_games_site_app_registers_its_kind_in_the_order_of_installed_apps() -> None:
    assert kind_names() == ["citadels", "dominion"] and default_kind() == "citadels"
    assert kinds["citadels"].rules is citadels.RULES and kinds["dominion"].rules is dominion.RULES
    for kind in kinds:
        assert apps.is_installed(kind.site) and kind.rules.kind == kind.name and kind.site_module.TABLE_TEMPLATE


def test_the_rules_bring_the_facts_the_hosting_reads() -> None:
    citadels_kind, dominion_kind = get_kind("citadels"), get_kind("dominion")
    assert (citadels_kind.min_players, citadels_kind.max_players) == (2, 8)
    assert (dominion_kind.min_players, dominion_kind.max_players) == (2, 6)
    assert citadels_kind.minimal_commands[0] == "thank_your_excellency" and dominion_kind.minimal_commands == ("end_turn",)
    assert citadels_kind.anytime_commands == {"set_wishes", "resign"}
    assert dominion_kind.anytime_commands == {"set_reaction", "set_preference", "resign"}
    assert citadels_kind.fixed_order_options == {"deck", "character_orders"}
    assert dominion_kind.fixed_order_options == {"decks", "piles"}


def test_a_rules_object_needs_a_range_of_players() -> None:
    with pytest.raises(ValueError, match="played by 4 to 3 players"):
        _toy_rules(4, 3)
    with pytest.raises(ValueError, match="played by 0 to 3 players"):
        _toy_rules(0, 3)


def test_a_registered_kind_is_offered_by_the_forms_and_the_api(toy_kind: GameKind) -> None:
    assert get_kind("toy") is toy_kind and kind_names()[-1] == "toy" and default_kind() == "citadels"
    form = NewGameForm()
    assert ("toy", "Toy") in form.fields["kind"].choices  # type: ignore[attr-defined]
    assert [n for n, _label in form.fields["players"].choices] == list(range(2, 13))  # type: ignore[attr-defined]
    assert '"toy": [3, 12]' in form.fields["kind"].widget.attrs["data-players"]
    assert ("toy", "Toy") in list(LobbyFilterForm().fields["kind"].choices)  # type: ignore[attr-defined]
    assert "toy" in GameListQuerySerializer().fields["kind"].choices  # type: ignore[attr-defined]
    serializer = GameCreateSerializer(data={"kind": "toy", "players": 12})
    assert serializer.is_valid(), serializer.errors
    assert "toy 3 to 12" in str(serializer.fields["players"].help_text)
    with pytest.raises(ServiceError) as refused:
        get_kind("chess")
    assert refused.value.code == "unknown_kind" and "citadels, dominion, toy" in refused.value.message


def test_a_kind_is_gone_once_removed_and_a_name_is_taken_once() -> None:
    assert "toy" not in kinds and not GameCreateSerializer(data={"kind": "citadels", "players": 12}).is_valid()
    kinds.register(kinds["citadels"])  # a site app that is ready twice changes nothing
    assert kind_names() == ["citadels", "dominion"]
    with pytest.raises(DuplicateEntry):
        kinds.register(GameKind("citadels", "Another game", _toy_rules(2, 4)))


def test_without_any_kind_the_system_check_fails(no_kinds: None) -> None:
    assert [message.id for message in check_kinds()] == ["games.E002"]
    assert "games.E002" in [message.id for message in checks.run_checks()]
    with pytest.raises(ImproperlyConfigured):
        default_kind()


def test_with_the_kinds_the_system_check_passes() -> None:
    assert check_kinds() == [] and "games.E002" not in [message.id for message in checks.run_checks()]
