"""The order of play: calling the characters in rank order, ending turns and rounds, closing the draft and
ending the game. The flow owns this order; the abilities it runs at their moments (as a character is called,
as its turn starts and ends) come through the tables of `abilities`, which never call back."""

from __future__ import annotations

from rules_kit import IllegalCommand

from . import draft, scoring
from .abilities import ON_CALL, TURN_END, TURN_START
from .abilities.crown import emperor_must_give, must_thank, pass_crown
from .abilities.naming import has_bewitched
from .cards import CHARACTERS
from .recorder import Recorder
from .state import DRAFT, TURNS, Turn
from .turn import current, require_income, require_no_pending

# A game whose deck and discard pile are empty and in which nobody builds for this many rounds in a row
# can never end by a complete city: it ends (docs/rulings.md, "A game that cannot go on").
STALLED_ROUNDS = 3


def call_next(rec: Recorder) -> None:
    """Call the next character in rank order that someone holds and that lives; end the round if none.

    A killed character does not reveal itself and loses its turn, unless its player has a Hospital (then
    the turn is income only). A bewitched character takes only its income; the Witch plays the rest."""
    state = rec.state
    for character in state.rules.characters:
        if CHARACTERS[character].rank <= state.called_rank:
            continue
        seat = state.holder(character)
        if seat is None:
            continue
        public: dict[str, object] = {"seat": seat, "character": character}
        thanks_due = must_thank(state, seat)
        if thanks_due:
            public["must_thank"] = True
        if character == state.killed:
            if state.players[seat].has("hospital"):
                rec.emit("hospital_turn", public)
                return
            continue
        bewitched = character == state.bewitched
        if bewitched:
            public["bewitched"] = True
        elif emperor_must_give(state, seat, character):
            public["gives_crown"] = True
        rec.emit("character_revealed", public)
        for on_call in ON_CALL:
            on_call(rec, seat, character)
        if not bewitched and not thanks_due:
            start_turn(rec, seat, character)
        return
    end_round(rec)


def start_turn(rec: Recorder, seat: int, character: str) -> None:
    """What `character`'s turn brings by itself to `seat` (the Witch's, when she plays it)."""
    hook = TURN_START.get(character)
    if hook is not None:
        hook(rec, seat)


def finish_turn(rec: Recorder) -> None:
    """End the turn being played: the end-of-turn effects, then the Witch's part of a bewitched turn or the
    next character."""
    turn_ = rec.state.turn
    assert turn_ is not None
    for at_end in TURN_END:
        at_end(rec, turn_)
    rec.emit("turn_ended", {"seat": turn_.seat, "character": turn_.character})
    if not _witch_takes_over(rec, turn_):
        call_next(rec)


def _witch_takes_over(rec: Recorder, ended: Turn) -> bool:
    """After the bewitched character's income, the Witch plays the rest of its turn; True if she does."""
    state = rec.state
    witch = state.holder("witch")
    if not ended.income_only or ended.character != state.bewitched or witch is None:
        return False
    public: dict[str, object] = {"seat": witch, "character": ended.character, "victim": ended.seat}
    if emperor_must_give(state, witch, ended.character):
        public["gives_crown"] = True
    rec.emit("witch_took_over", public)
    start_turn(rec, witch, ended.character)
    return True


def settle(rec: Recorder) -> None:
    """After a command: close a finished draft and call the first character; end a turn that is over (an
    income-only turn once the income is in the hand, the Witch's once she has bewitched)."""
    state = rec.state
    if state.phase == DRAFT:
        draft_on(rec)
        return
    turn_ = state.turn
    if state.phase != TURNS or turn_ is None:
        return
    income_done = turn_.income_only and turn_.income_taken and not turn_.drawn and not turn_.must_discard
    if income_done or has_bewitched(state):
        finish_turn(rec)


def draft_on(rec: Recorder) -> None:
    """The draft goes on: the picks wished for are taken (`draft.take_wishes`); once the last character is
    chosen, the draft closes and the first character is called."""
    draft.take_wishes(rec)
    state = rec.state
    if state.phase == DRAFT and not state.draft_steps:
        draft.discard_leftovers(rec)
        call_next(rec)


def end_round(rec: Recorder) -> None:
    """Pass the crown to a killed King, then end the game or deal the next round."""
    state = rec.state
    public: dict[str, object] = {"round": state.round}
    if not state.deck and not state.discard and not state.builders:
        public["stalled"] = state.stalled_rounds + 1
    rec.emit("round_ended", public)
    if state.killed is not None:
        seat = state.holder(state.killed)
        if state.killed == "king" and seat is not None:
            pass_crown(rec, seat, "killed_king")
    if rec.state.first_complete is not None or rec.state.stalled_rounds >= STALLED_ROUNDS:
        scoring.end_game(rec)
    else:
        draft.start_round(rec)
        draft_on(rec)


def end_turn(rec: Recorder, seat: int) -> None:
    """`end_turn`: hand over to the next character."""
    turn_ = current(rec.state, seat)
    require_no_pending(turn_)
    require_income(turn_, "end your turn")
    finish_turn(rec)


# --- the Ball Room: thanks before anything else -----------------------------------------------------------

def thank(rec: Recorder, seat: int) -> None:
    """`thank_your_excellency`: "Danke, Euer Exzellenz"; then the turn goes on as it would have."""
    turn_ = current(rec.state, seat)
    if not turn_.must_thank:
        raise IllegalCommand("no_thanks_due", "nobody expects your thanks now")
    rec.emit("thanked", {"seat": seat, "to": rec.state.crown})
    if not turn_.income_only and not turn_.witch:
        start_turn(rec, seat, turn_.character)


def lose_turn(rec: Recorder, seat: int, kind: str) -> None:
    """A first command other than the thanks: it is not applied, and the whole turn is lost."""
    turn_ = current(rec.state, seat)
    rec.emit("turn_lost", {"seat": seat, "character": turn_.character, "reason": "no_thanks", "command": kind})
    finish_turn(rec)
