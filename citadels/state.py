"""The state of a game: immutable NamedTuples, changed only by `evolve`.

NamedTuples rather than dataclasses because `_replace` is about five times cheaper, and the fold of a
long game replaces the state once per event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .options import Rules

DRAFT, TURNS, OVER = "draft", "turns", "over"


class Built(NamedTuple):
    """A district in a city, with the round it was built in (the Haunted City cares)."""

    district: str
    round: int


class Player(NamedTuple):
    """One seat's holdings."""

    seat: int
    gold: int
    hand: tuple[str, ...]
    city: tuple[Built, ...]

    def has(self, district: str) -> bool:
        """Whether this city holds `district`."""
        return any(b.district == district for b in self.city)

    def districts(self) -> tuple[str, ...]:
        """The ids of this city's districts, in building order."""
        return tuple(b.district for b in self.city)


class DraftStep(NamedTuple):
    """One step of the character draft: `seat` must `choose` (keep) or `discard` (face down)."""

    seat: int
    action: str


class Turn(NamedTuple):
    """The character turn being played."""

    seat: int
    character: str
    income_taken: bool = False
    ability_used: bool = False
    colour_income_taken: bool = False
    builds: int = 0
    drawn: tuple[str, ...] = ()  # cards drawn as income, waiting for the keep decision
    keep: int = 0  # how many of `drawn` the player still keeps
    must_discard: int = 0  # hand cards still to discard (the 2000 scan's income reading)
    used: tuple[str, ...] = ()  # purple districts whose once-per-turn power was used


class GraveyardOffer(NamedTuple):
    """The Graveyard's owner may pay 1 gold to take the destroyed district into hand."""

    seat: int
    district: str


class State(NamedTuple):
    """Everything the server knows about one game."""

    rules: Rules
    players: tuple[Player, ...]
    deck: tuple[str, ...]  # top first
    discard: tuple[str, ...]  # the open discard pile, oldest first
    round: int
    crown: int
    phase: str
    # the draft of this round
    face_up: tuple[str, ...] = ()
    face_down: tuple[str, ...] = ()  # the first face-down card, then the draft's face-down discards
    draft_pile: tuple[str, ...] = ()
    draft_steps: tuple[DraftStep, ...] = ()
    chosen: tuple[tuple[str, ...], ...] = ()  # per seat, this round's characters
    # the turns of this round
    killed: str | None = None
    robbed: str | None = None
    revealed: tuple[tuple[int, str], ...] = ()  # (seat, character) in the order they revealed
    called_rank: int = 0  # the rank called last
    turn: Turn | None = None
    graveyard_offer: GraveyardOffer | None = None
    # the end
    first_complete: int | None = None
    scores: tuple[dict[str, int], ...] = ()
    winners: tuple[int, ...] = ()

    def player(self, seat: int) -> Player:
        """The player at `seat`."""
        return self.players[seat]

    def holder(self, character: str) -> int | None:
        """The seat that chose `character` this round, if any."""
        for seat, characters in enumerate(self.chosen):
            if character in characters:
                return seat
        return None

    def with_player(self, player: Player) -> State:
        """This state with one player replaced."""
        players = list(self.players)
        players[player.seat] = player
        return self._replace(players=tuple(players))

    def is_revealed(self, character: str) -> bool:
        """Whether `character` has revealed itself this round."""
        return any(c == character for _, c in self.revealed)


def _fast_replace(cls: type[tuple[Any, ...]]) -> Callable[..., Any]:
    """A `_replace` for a NamedTuple class that sets only the named fields (the generated one pops every
    field's name from the keywords: the fold of a long game replaces the state once per event)."""
    index = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]
    new = tuple.__new__

    def _replace(self: tuple[Any, ...], /, **changes: Any) -> Any:
        values = list(self)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}") from None
        return new(cls, values)

    return _replace


# Set after the classes are made: typing.NamedTuple refuses a `_replace` in the class body.
for _cls in (State, Player, Turn):
    _cls._replace = _fast_replace(_cls)  # type: ignore[method-assign]
