"""The fold of the order of play: the opening, the draft, the calls, the characters named, the ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..cards import CHARACTERS
from ..events import Event
from ..options import Rules, resolve
from ..payloads import (
    CharacterCalled,
    CharacterPart,
    CrownPassed,
    GameEnded,
    GameSetUp,
    GameSetUpSecret,
    HandPart,
    RoundEnded,
    RoundStarted,
    RoundStartedSecret,
    Seat,
    SeatCharacter,
    WishesPart,
    WitchTookOver,
)
from ..state import DRAFT, OVER, TURNS, DraftStep, Player, State, Turn, without

Handler = Callable[[State, Event], None]


def game_set_up(event: Event) -> State:
    """The first state, of `game_set_up`."""
    public, secret = cast(GameSetUp, event.public), cast(GameSetUpSecret, event.secret)
    rules = resolve(secret["options"], public["players"])
    players = tuple(
        Player(seat, public["gold"], tuple(cast(HandPart, event.private[seat])["hand"]), ())
        for seat in range(rules.players)
    )
    return State(
        rules=rules, players=players, deck=tuple(secret["deck"]), discard=(), round=0,
        crown=public["crown"], phase=DRAFT,
    )


def draft_script(rules: Rules, crown: int) -> tuple[DraftStep, ...]:
    """The draft's steps in order, from the crown's holder to the left (seat + 1)."""
    players = rules.players
    a, b = crown, crown + 1
    if players == 2:
        a, b = a % 2, b % 2
        return tuple(DraftStep(s, act) for s, act in (
            (a, "choose"), (b, "choose"), (b, "discard"), (a, "choose"), (a, "discard"), (b, "choose"),
        ))
    rounds = 2 if players == 3 and not rules.one_character_each else 1
    return tuple(DraftStep((crown + i) % players, "choose") for i in range(players * rounds))


def start_turn(
    seat: int, character: str, public: CharacterCalled | WitchTookOver, *, income_only: bool = False,
    witch: bool = False, income_taken: bool = False,
) -> Turn:
    """The turn a call starts, with the decisions its event opens (must_thank, gives_crown)."""
    return Turn(
        seat, character, must_thank=bool(public.get("must_thank")), must_give_crown=bool(public.get("gives_crown")),
        income_only=income_only, witch=witch, income_taken=income_taken,
    )


def _round_started(s: State, event: Event) -> None:
    public, secret = cast(RoundStarted, event.public), cast(RoundStartedSecret, event.secret)
    s.round, s.phase, s.face_up = public["round"], DRAFT, tuple(public["face_up"])
    s.face_down, s.draft_pile = tuple(secret["face_down"]), tuple(secret["pile"])
    s.draft_steps, s.chosen = draft_script(s.rules, s.crown), ((),) * s.rules.players
    s.killed = s.robbed = s.bewitched = None
    s.turn = s.graveyard_offer = None
    s.revealed, s.called_rank, s.builders, s.taxed, s.alms = (), 0, (), (), ()


def _pop_step(steps: tuple[DraftStep, ...], seat: int, action: str) -> tuple[DraftStep, ...]:
    if steps and steps[0] == (seat, action):
        return steps[1:]
    return steps


def _drafted(event: Event) -> tuple[int, str]:
    seat = cast(Seat, event.public)["seat"]
    return seat, cast(CharacterPart, event.private[seat])["character"]


def _character_chosen(s: State, event: Event) -> None:
    seat, character = _drafted(event)
    chosen = list(s.chosen)
    chosen[seat] += (character,)
    s.chosen = tuple(chosen)
    s.draft_pile = without(s.draft_pile, character)
    s.draft_steps = _pop_step(s.draft_steps, seat, "choose")
    if s.wishes_of(seat) and (seat, "choose") not in s.draft_steps:
        s.set_wishes(seat, ())  # wishes are for one draft: its last pick used them or asked


def _wishes_set(s: State, event: Event) -> None:
    seat = cast(Seat, event.public)["seat"]
    s.set_wishes(seat, tuple(cast(WishesPart, event.private[seat])["characters"]))


def _character_discarded(s: State, event: Event) -> None:
    seat, character = _drafted(event)
    s.draft_pile = without(s.draft_pile, character)
    s.face_down += (character,)
    s.draft_steps = _pop_step(s.draft_steps, seat, "discard")


def _face_down_offered(s: State, event: Event) -> None:
    s.draft_pile += s.face_down[:1]
    s.face_down = s.face_down[1:]


def _character_revealed(s: State, event: Event) -> None:
    public = cast(CharacterCalled, event.public)
    seat, character = public["seat"], public["character"]
    s.phase, s.called_rank = TURNS, CHARACTERS[character].rank
    s.revealed += ((seat, character),)
    s.turn = start_turn(seat, character, public, income_only=bool(public.get("bewitched")))


def _hospital_turn(s: State, event: Event) -> None:
    public = cast(CharacterCalled, event.public)
    s.phase, s.called_rank = TURNS, CHARACTERS[public["character"]].rank
    s.turn = start_turn(public["seat"], public["character"], public, income_only=True)


def _witch_took_over(s: State, event: Event) -> None:
    public = cast(WitchTookOver, event.public)
    s.turn = start_turn(public["seat"], public["character"], public, witch=True, income_taken=True)


def _thanked(s: State, event: Event) -> None:
    s.current_turn().must_thank = False


def _turn_lost(s: State, event: Event) -> None:
    """The turn is lost; the events that follow end it."""


def _character_killed(s: State, event: Event) -> None:
    s.killed = cast(SeatCharacter, event.public)["character"]
    s.current_turn().ability_used = True


def _character_robbed(s: State, event: Event) -> None:
    s.robbed = cast(SeatCharacter, event.public)["character"]
    s.current_turn().ability_used = True


def _character_bewitched(s: State, event: Event) -> None:
    s.bewitched = cast(SeatCharacter, event.public)["character"]
    s.current_turn().ability_used = True


def _crown_passed(s: State, event: Event) -> None:
    public = cast(CrownPassed, event.public)
    s.crown = public["seat"]
    if public["reason"] == "emperor":
        s.current_turn().must_give_crown = False


def _turn_ended(s: State, event: Event) -> None:
    s.turn = None


def _round_ended(s: State, event: Event) -> None:
    s.stalled_rounds = cast(RoundEnded, event.public).get("stalled", 0)


def _game_ended(s: State, event: Event) -> None:
    public = cast(GameEnded, event.public)
    s.phase, s.turn, s.draft_steps = OVER, None, ()
    s.scores = tuple(public["scores"])
    s.winners = tuple(public["winners"])


def _player_resigned(s: State, event: Event) -> None:
    s.resigned = tuple(sorted({*s.resigned, cast(Seat, event.public)["seat"]}))


ROUND_HANDLERS: dict[str, Handler] = {
    "player_resigned": _player_resigned,
    "round_started": _round_started,
    "character_chosen": _character_chosen,
    "wishes_set": _wishes_set,
    "character_discarded": _character_discarded,
    "face_down_offered": _face_down_offered,
    "character_revealed": _character_revealed,
    "hospital_turn": _hospital_turn,
    "witch_took_over": _witch_took_over,
    "thanked": _thanked,
    "turn_lost": _turn_lost,
    "character_killed": _character_killed,
    "character_robbed": _character_robbed,
    "character_bewitched": _character_bewitched,
    "crown_passed": _crown_passed,
    "turn_ended": _turn_ended,
    "round_ended": _round_ended,
    "game_ended": _game_ended,
}
