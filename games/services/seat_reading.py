"""One seat's reads, for a client that acts for the seat outside the pages and the API (an emailed reply): what
the seat sees and may do now or at an earlier version, the rules' refusal of a command it names, the command
its idempotency key already applied, whether the service moved for it, and the players' names by seat.
Nothing here writes: every change goes through `commands.execute`."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from accounts.models import User, shown_name
from core.errors import ServiceError
from rules_kit.takeback import TAKE_BACK

from .. import selectors, store
from ..models import Command, Game
from ..registry import get_kind


@dataclass(frozen=True)
class SeatChoices:
    """What a seat sees (`view`) and may do (`legal`) at `version` of a game; `state` is the rules' state there,
    to be handed back to `refusal_of` and read by nobody else."""

    version: int
    seat: int
    view: dict[str, Any] | None
    legal: list[dict[str, Any]]
    state: Any = field(repr=False, compare=False)


def choices_now(game: Game, seat: int) -> SeatChoices:
    """The seat's view and legal commands at the game's version now (as the row `game` holds it); no legal
    command unless the game awaits the seat."""
    rules = get_kind(game.kind).rules
    state = store.load_state(game)
    legal = rules.legal_commands(state, seat) if seat in game.awaiting else []
    return SeatChoices(game.version, seat, rules.view(state, seat), legal, state)


def choices_at(game: Game, seat: int, version: int) -> SeatChoices | None:
    """The seat's view and the commands the rules gave it right after event `version` (e.g. the choices an
    email listed then, whether or not they are still open); None for a version the game never had."""
    if not 0 < version <= game.version:
        return None
    rules = get_kind(game.kind).rules
    state = store.load_state(game, at=version)
    return SeatChoices(version, seat, rules.view(state, seat), rules.legal_commands(state, seat), state)


def refusal_of(game: Game, choices: SeatChoices, command: dict[str, Any]) -> ServiceError | None:
    """The rules' refusal (in the active language) of the JSON `command` from the seat on the state `choices`
    were read at, or None when the rules would take it: read as every player's command is read
    (`normalize_command`, a malformed one refused there), then decided on a throwaway random source: nothing
    of the decision is kept, written or shown (only a refusal's reason is wanted). A takeback is the
    hosting's to decide, never the rules': None."""
    kind = get_kind(game.kind)
    try:
        typed = dict(kind.rules.normalize_command(command))
        if typed["type"] != TAKE_BACK:
            kind.rules.decide(choices.state, choices.seat, typed, random.Random(0))
    except kind.illegal_command as exc:
        return kind.refused(exc)
    return None


def applied_command(game: Game, user: User, idempotency_key: str) -> dict[str, Any] | None:
    """The command `user` already applied in `game` under `idempotency_key`, or None when the key is new: a
    client that may send a message twice (a reply delivered again) tells the earlier outcome instead of
    reading the message again against a game that has moved on since."""
    found = Command.objects.filter(game=game, user=user, idempotency_key=idempotency_key).values_list(
        "command", flat=True).first()
    return None if found is None else dict(found)


def service_moved_for(game: Game, seat: int, after: int) -> bool:
    """Whether the service played a move for the seat after version `after` (its decision's deadline passed)."""
    return Command.objects.filter(game=game, seat=seat, first_seq__gt=after, by_service=True).exists()


def player_names(game: Game) -> dict[int, str]:
    """The name of each seat's player as the other players see it (a deleted account's neutral name in the
    active language), by seat index."""
    return {index: shown_name(user_id, name) for index, user_id, name in selectors.seat_names(game.pk)
            if index is not None}
