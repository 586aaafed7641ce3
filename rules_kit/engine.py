"""`GameRules`: a game's rules as the one object the hosting (`games.registry`), the bots and the tests use.

Every member is a pure function of the game's own modules, held as it is (no wrapper in between): the
server decodes and folds every stored event through `decode` and `fold`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .chapters import NO_CHAPTERS, Chapters
from .commands import CommandShape, normalize_command, shapes_by_type
from .events import Event, EventCodec, JsonObject, encode, redact
from .fold import Fold
from .resign import RESIGN, RESIGN_SHAPE
from .seat_information import SeenBy, informed
from .takeback import (
    TAKE_BACK,
    TAKE_BACK_SHAPE,
    TAKEN_BACK,
    Reveals,
    TakeBack,
    free_takebacks,
    reveals_any_hidden_part,
)

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")


Options = dict[str, object]
"""A game's options as the new-game form or the API gives them (the game's own rules read each one)."""

Question = tuple[str, dict[str, object]]
"""Why a command deserves a second thought before it is sent: a code and its parameters (words: the site's)."""

Bot = Callable[[StateT, int, random.Random], CommandT]
"""A bot: `(state, seat, rng) -> command`, one of the seat's legal commands, in the game's command type."""

CROSS_GAME_SHAPES: tuple[CommandShape, ...] = (RESIGN_SHAPE, TAKE_BACK_SHAPE)
"""The commands of every game, which `GameRules` declares beside the game's own (a game lists only those):
`resign`, which the game's rules decide (`rules_kit.resign`), and `take_back`, which the hosting decides
(it needs the log: `rules_kit.takeback`), so the game's command type has no `take_back`."""

STAND_IN = "best"
"""The name (in a game's `bots`) of the bot that plays for a seat whose player let a deadline pass, resigned or
left, unless the game names another (`GameRules(stand_in=...)`)."""


def no_question(state: object, seat: int, command: object) -> Question | None:
    """A game that asks about no command."""
    return None


class FoldFunction(Protocol[StateT]):
    """`fold(history, state=None)`."""

    def __call__(self, history: Iterable[Event], state: StateT | None = None, /) -> StateT: ...


class GameRules(Generic[StateT, CommandT]):
    """The rules of one game as a decider (see DESIGN.md); `IllegalCommand` is their one error type.

    `CommandT` is the game's command type (a union of TypedDicts, one per command type, as stored): what
    `normalize_command` returns and `decide` takes."""

    kind: str
    setup: Callable[[Options | None, int, random.Random], list[Event]]
    """`setup(options, players, rng)`: the opening events of a new game."""
    evolve: Callable[[StateT | None, Event], StateT]
    """`evolve(state, event)`: the state after `event` (`state` None: the first state, of `game_set_up`)."""
    fold: FoldFunction[StateT]
    """`fold(history, state=None)`: the state after `history`, starting from `state` (e.g. a snapshot)."""
    decide: Callable[[StateT, int, CommandT, random.Random], list[Event]]
    """`decide(state, seat, command, rng)`: the events a command from `seat` causes; raises IllegalCommand when
    the state does not take it. `command` is trusted to be of the game's command type (from `normalize_command`,
    `legal_commands` or a bot): a raw JSON command goes through `normalize_command` first."""
    awaiting: Callable[[StateT], list[int]]
    """`awaiting(state)`: the seats whose decision the game waits for."""
    legal_commands: Callable[[StateT, int], list[CommandT]]
    """`legal_commands(state, seat)`: the commands `seat` may send now, in the game's command type."""
    view: Callable[[StateT, int | None], JsonObject]
    """`view(state, seat)`: what `seat` (None: a spectator) may see."""
    encode: Callable[[Event], JsonObject]
    """`encode(event)`: the stable JSON form of an event."""
    decode: Callable[[JsonObject], Event]
    """`decode(data)`: the event of a JSON form (upcast to the current format)."""
    redact: Callable[[Event, int | None], JsonObject]
    """`redact(event, seat)`: what `seat` may see of one event."""
    dump_state: Callable[[StateT], JsonObject]
    """`dump_state(state)`: a state as JSON (for snapshots)."""
    load_state: Callable[[JsonObject], StateT]
    """`load_state(data)`: the state of a JSON form made by `dump_state` (of this or an older format)."""
    validate_options: Callable[[Options | None, int], None]
    """`validate_options(options, players)`: IllegalCommand('bad_options') unless such a game can start."""
    command_shapes: tuple[CommandShape, ...]
    """Every command type and its fields: the game's own table, then `CROSS_GAME_SHAPES` (resign, take_back);
    what `normalize_command` lets through."""
    resigned: Callable[[StateT], frozenset[int]]
    """`resigned(state)`: the seats whose player resigned (`rules_kit.resign`; the bot plays them for good)."""
    question: Callable[[StateT, int, CommandT], Question | None]
    """`question(state, seat, command)`: (code, params) when the legal `command` does nothing useful or throws
    something away (the page asks once before sending it), else None."""
    reveals: Reveals
    """`reveals(event, seat)`: whether an event of `seat`'s command showed something hidden or asked another
    seat to decide, so that `seat` may not take the command back alone (see `rules_kit.takeback`)."""
    chapters: Chapters
    """How the history divides into rounds and turns (`rules_kit.chapters`): the history page's groups and
    the replay's steps by turn and by round."""
    bots: Mapping[str, Bot[StateT, CommandT]]
    """The game's bots by name (the simulator's `--bots`); `stand_in` names the one the service plays for a
    seat whose player is gone or late. Each is the game's bot `informed` by the game's `seen_by`
    (`rules_kit.seat_information`): it decides on the state as its seat may know it, never on hidden parts."""
    stand_in: str
    """The name in `bots` of the bot that plays for an absent seat (`STAND_IN` unless the game says)."""
    standings: Callable[[StateT], list[int]]
    """`standings(state)`: at the game's end, each seat's place by the rulebook, 1 the best, a tie the rulebook
    does not break shared (1, 1, 3); the ratings read a game's result through this."""
    scores: Callable[[StateT], list[int]]
    """`scores(state)`: at the game's end, each seat's final score by the rulebook (its points), in seat order
    (the end-of-game mail lists them); before the end, empty."""
    min_players: int
    """The fewest players a game is set up for (the new-game form and the service refuse fewer)."""
    max_players: int
    """The most players a game is set up for."""
    minimal_commands: tuple[str, ...]
    """The command types the "minimal" timeout policy sends for a late seat, the first legal one found first
    (none legal: the seat's first legal command)."""
    anytime_commands: frozenset[str]
    """Command types any seat may send at any time, awaited or not (standing answers and other settings that
    change no one's turn): they are not among the legal commands and never start a deadline. The game's own,
    then every game's `resign` (`rules_kit.resign`), which `GameRules` adds as it adds `CROSS_GAME_SHAPES`."""
    fixed_order_options: frozenset[str]
    """Option keys that fix random outcomes (a stacked deck): the service takes them from tests and re-created
    physical games only, never from a player through the API."""

    def __init__(
        self,
        kind: str,
        *,
        codec: EventCodec,
        fold: Fold[StateT, Any],
        setup: Callable[[Options | None, int, random.Random], list[Event]],
        decide: Callable[[StateT, int, CommandT, random.Random], list[Event]],
        read_command: Callable[[JsonObject], CommandT],
        awaiting: Callable[[StateT], list[int]],
        legal_commands: Callable[[StateT, int], list[CommandT]],
        view: Callable[[StateT, int | None], JsonObject],
        dump_state: Callable[[StateT], JsonObject],
        load_state: Callable[[JsonObject], StateT],
        validate_options: Callable[[Options | None, int], None],
        command_shapes: Iterable[CommandShape],
        resigned: Callable[[StateT], frozenset[int]],
        bots: Mapping[str, Bot[StateT, CommandT]],
        standings: Callable[[StateT], list[int]],
        scores: Callable[[StateT], list[int]],
        min_players: int,
        max_players: int,
        stand_in: str = STAND_IN,
        minimal_commands: Iterable[str] = (),
        anytime_commands: Iterable[str] = (),
        fixed_order_options: Iterable[str] = (),
        reveals: Reveals = reveals_any_hidden_part,
        question: Callable[[StateT, int, CommandT], Question | None] = no_question,
        chapters: Chapters = NO_CHAPTERS,
        seen_by: SeenBy[StateT] | None = None,
    ) -> None:
        if stand_in not in bots:
            raise ValueError(f"the stand-in bot {stand_in!r} is not one of the game's bots ({', '.join(bots)})")
        if not 1 <= min_players <= max_players:
            raise ValueError(f"{kind} is played by {min_players} to {max_players} players: no such range")
        self.kind = kind
        self.setup, self.decide, self.awaiting = setup, decide, awaiting
        self.legal_commands, self.view = legal_commands, view
        self.evolve, self.fold = fold.evolve, fold.fold
        self.encode, self.decode, self.redact = encode, codec.decode, redact
        self.dump_state, self.load_state = dump_state, load_state
        self.validate_options = validate_options
        own = tuple(command_shapes)
        listed = {shape.type for shape in own} & {shape.type for shape in CROSS_GAME_SHAPES}
        if listed:
            raise ValueError(f"{kind} lists every game's commands ({', '.join(sorted(listed))}): GameRules declares them")
        self.command_shapes = (*own, *CROSS_GAME_SHAPES)
        self._read_command = read_command
        self.resigned = resigned
        self._shapes_by_type = shapes_by_type(self.command_shapes)
        self.reveals = reveals
        self.question = question
        self.chapters = chapters
        # `seen_by(state, seat)`: the state as `seat` may know it, which every bot gets instead of the state
        # (None: a game that hides nothing).
        self.bots = {name: bot if seen_by is None else informed(bot, seen_by) for name, bot in bots.items()}
        self.stand_in, self.standings, self.scores = stand_in, standings, scores
        self.min_players, self.max_players = min_players, max_players
        self.minimal_commands = tuple(minimal_commands)
        self.anytime_commands = frozenset((*anytime_commands, RESIGN))
        self.fixed_order_options = frozenset(fixed_order_options)
        self._codec = codec
        fold.restore_with(load_state)

    def normalize_command(self, command: object) -> CommandT | TakeBack:
        """The command as the service stores it and `decide` takes it: its type and declared fields only
        (IllegalCommand for one no shape of `command_shapes` declares, see `rules_kit.commands`), read into
        the game's command type by its `read_command` (which checks the values the type promises); a
        takeback as `TakeBack`, which the hosting decides (never the game's `decide`)."""
        normalized = normalize_command(self._shapes_by_type, command)
        if normalized["type"] == TAKE_BACK:
            return TakeBack(type=TAKE_BACK)
        return self._read_command(normalized)

    @property
    def stand_in_bot(self) -> Bot[StateT, CommandT]:
        """The bot that plays for a seat whose player is gone or late (`bots[stand_in]`)."""
        return self.bots[self.stand_in]

    def free_takebacks(self, recent: Sequence[tuple[int, Sequence[Event]]], seat: int) -> int:
        """How many of the newest moves still in effect (`recent`, oldest first, as (seat, events)) `seat`
        may take back without the other players' consent (see `rules_kit.takeback.free_takebacks`)."""
        return free_takebacks(recent, seat, self.reveals)

    def takeback_event(self, seat: int, to: int, at: int, state: StateT) -> Event:
        """The event by which `seat` takes back every event after version `to` (the log being at `at`):
        `state`, the state at `to`, is what the game returns to (kept secret: it holds hidden cards)."""
        return self._codec.event(TAKEN_BACK, {"seat": seat, "to": to, "at": at}, secret={"state": self.dump_state(state)})
