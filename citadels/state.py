"""The state of a game, changed only by `evolve`.

A `State` (and the `Turn` it owns) is a plain dataclass that `evolve` and `fold` change in place, but only
ever on a copy they made (`State.copy`): a state once given out never changes, so everyone else reads it as
immutable. The fold of a long game thus copies the state once, not once per event. The records it holds
(`Player`, `Built`, `DraftStep`, `GraveyardOffer`) are immutable NamedTuples, replaced whole (`_replace`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .options import Rules
from .payloads import Score

DRAFT, TURNS, OVER = "draft", "turns", "over"


class Built(NamedTuple):
    """A district in a city, with the round it was built in (the Haunted City cares) and whether the Artist
    adorned it with a gold coin (worth 1 more for scoring, the Warlord and the Diplomat)."""

    district: str
    round: int
    adorned: bool = False


class Player(NamedTuple):
    """One seat's holdings."""

    seat: int
    gold: int
    hand: tuple[str, ...]
    city: tuple[Built, ...]
    museum: tuple[str, ...] = ()  # the cards tucked under the Museum (face down: the owner's secret)

    def has(self, district: str) -> bool:
        """Whether this city holds `district`."""
        for built in self.city:  # a loop, not any(): the legal commands and views ask this very often
            if built.district == district:
                return True
        return False

    def districts(self) -> tuple[str, ...]:
        """The ids of this city's districts, in building order."""
        return tuple([b.district for b in self.city])

    def copy_at(self, district: str) -> int | None:
        """Where the copy of `district` a command means lies in the city (a Quarry allows several, and the
        Artist adorns them one by one): the first plain copy, else the first copy; None if there is none."""
        first = None
        for index, built in enumerate(self.city):
            if built.district == district:
                if not built.adorned:
                    return index
                first = index if first is None else first
        return first

    def nth_copy(self, district: str, nth: int | None) -> int:
        """Where the `nth` copy (0 first; None also the first) of `district` lies in the city: how an event
        names the copy it means. ValueError if there is no such copy (a corrupt log)."""
        copies = [i for i, b in enumerate(self.city) if b.district == district]
        if not 0 <= (nth or 0) < len(copies):
            raise ValueError(f"seat {self.seat} has no copy {nth or 0} of '{district}'")
        return copies[nth or 0]

    def copy_number(self, index: int) -> int | None:
        """Which copy of its district the one at `index` is (0 first), or None when the city holds only that
        one: events name the copy only then, so that an event without it reads as before Quarry copies were
        told apart (the first copy)."""
        district = self.city[index].district
        copies = [i for i, b in enumerate(self.city) if b.district == district]
        return copies.index(index) if len(copies) > 1 else None


class DraftStep(NamedTuple):
    """One step of the character draft: `seat` must `choose` (keep) or `discard` (face down)."""

    seat: int
    action: str


@dataclass
class Turn:
    """The character turn being played (owned by one `State`, copied with it)."""

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
    income_only: bool = False  # the bewitched, or a killed player with a Hospital: income, then the turn ends
    witch: bool = False  # the Witch plays the rest of the bewitched character's turn
    must_thank: bool = False  # the Ball Room: "Danke, Euer Exzellenz" before anything else
    must_give_crown: bool = False  # the Emperor gives the crown away before anything else
    seen: tuple[str, ...] = ()  # the Wizard looked at this hand and must take a card of it
    seen_seat: int | None = None
    may_search: bool = False  # the Lighthouse just built: search the deck or decline
    searching: bool = False  # the Lighthouse: keep a card of the deck
    bell_tower: bool = False  # the Bell Tower: decide 7 or 8 districts
    spent: int = 0  # gold paid for districts this turn (the Alchemist gets it back)
    adorned: int = 0  # districts the Artist adorned this turn

    def copy(self) -> Turn:
        """A copy to change (copying the instance's dict: `dataclasses.replace` is several times slower)."""
        new = _new_object(Turn)
        new.__dict__.update(self.__dict__)
        return new


class GraveyardOffer(NamedTuple):
    """The Graveyard's owner may pay 1 gold to take the destroyed district into hand."""

    seat: int
    district: str


@dataclass
class State:
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
    bewitched: str | None = None
    builders: tuple[int, ...] = ()  # seats that built this round (the Tax Collector)
    taxed: tuple[int, ...] = ()  # seats that paid the Tax Collector this round
    alms: tuple[int, ...] = ()  # seats whose Poor House coin this round is safe from a back tax still to come
    complete_at: int = 8  # districts of a complete city (7 with the Bell Tower's choice)
    stalled_rounds: int = 0  # rounds in a row with no card to draw and no district built
    # the end
    first_complete: int | None = None
    scores: tuple[Score, ...] = ()
    winners: tuple[int, ...] = ()
    resigned: tuple[int, ...] = ()  # seats whose player resigned (rules_kit.resign), in seat order
    # per seat, the characters it takes when its pick comes (`citadels.wishes`); () while no seat has any,
    # so that a game without wishes folds to the state it always did
    wishes: tuple[tuple[str, ...], ...] = ()

    def copy(self) -> State:
        """A copy to change, with its own copy of the turn (what `evolve` and `fold` work on)."""
        new = _new_object(State)
        new.__dict__.update(self.__dict__)
        if self.turn is not None:
            new.turn = self.turn.copy()
        return new

    def wishes_of(self, seat: int) -> tuple[str, ...]:
        """The characters `seat` wishes for its pick, first first (empty: it is asked)."""
        return self.wishes[seat] if self.wishes else ()

    def set_wishes(self, seat: int, wished: tuple[str, ...]) -> None:
        """Set `seat`'s wishes (for `evolve`); back to () once no seat has any."""
        wishes = list(self.wishes or ((),) * len(self.players))
        wishes[seat] = wished
        self.wishes = tuple(wishes) if any(wishes) else ()

    def player(self, seat: int) -> Player:
        """The player at `seat`."""
        return self.players[seat]

    def holder(self, character: str) -> int | None:
        """The seat that chose `character` this round, if any."""
        for seat, characters in enumerate(self.chosen):
            if character in characters:
                return seat
        return None

    def is_revealed(self, character: str) -> bool:
        """Whether `character` has revealed itself this round."""
        for _, revealed in self.revealed:
            if revealed == character:
                return True
        return False

    def power_seat(self, character: str) -> int | None:
        """The seat that wields `character`'s powers this round: its holder, or the Witch's player when it
        is bewitched (she plays its turn with its powers)."""
        if character == self.bewitched:
            witch = self.holder("witch")
            if witch is not None and self.holder(character) is not None:
                return witch
        return self.holder(character)

    # --- changes, for `evolve` on its own copy only ---------------------------------------------------

    def set_player(self, player: Player) -> None:
        """Put `player` in its seat."""
        players = list(self.players)
        players[player.seat] = player
        self.players = tuple(players)

    def gain(self, seat: int, amount: int) -> None:
        """`amount` gold more (or less) for `seat` (the fold's most frequent change)."""
        p = self.players[seat]
        self.set_player(Player(p.seat, p.gold + amount, p.hand, p.city, p.museum))

    def current_turn(self) -> Turn:
        """The turn being played (a turn event outside a turn is a corrupt log)."""
        if self.turn is None:
            raise ValueError("a turn event outside a turn")
        return self.turn


_new_object = object.__new__


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` less one copy of `card` (ValueError if absent: a corrupt log must not fold quietly)."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]
