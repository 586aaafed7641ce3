"""The character draft of each round, for every player count. Once the last character is chosen, `flow`
closes the draft (`discard_leftovers`) and calls the first character."""

from __future__ import annotations

from rules_kit import IllegalCommand

from .commands import NamesCharacter
from .evolve import draft_script
from .options import ONLINE, Rules
from .recorder import Recorder
from .state import DRAFT


def start_round(rec: Recorder) -> None:
    """Shuffle the characters, lay out the face-up and face-down ones, and open the draft."""
    state = rec.state
    rules = state.rules
    number = state.round + 1
    if number <= len(rules.character_orders):
        order = list(rules.character_orders[number - 1])
    else:
        order = lay_out(rec.shuffled(rules.characters), rules, rec)
    face_up, face_down, pile = order[: rules.face_up_count], order[rules.face_up_count], order[rules.face_up_count + 1:]
    private = {state.crown: {"face_down": face_down}} if rules.king_sees_face_down else {}
    rec.emit(
        "round_started", {"round": number, "crown": state.crown, "face_up": face_up},
        private=private, secret={"face_down": [face_down], "pile": pile},
    )


def lay_out(deck: list[str], rules: Rules, rec: Recorder) -> list[str]:
    """The shuffled character deck as it lies once the face-up and the face-down cards are out: the face-up
    cards on top, then the face-down one, then the pile handed round.

    Hans im Glück (seeds 000-002) turn up the face-up cards first, then lay the next card face down. The
    online rules (seed 003, "Schritt 1: Charaktere entfernen") first set one card aside face down, unseen, and
    then turn up the open ones from the rest: the face-down card is any character with the same chance, the
    King (or the Emperor) included.
    """
    if rules.edition != ONLINE:
        return turn_up(deck, rules.face_up_count, rules.never_face_up, rec)
    face_down, rest = deck[0], deck[1:]
    laid = turn_up(rest, rules.face_up_count, rules.never_face_up, rec)
    return laid[: rules.face_up_count] + [face_down] + laid[rules.face_up_count:]


def turn_up(order: list[str], count: int, never_face_up: tuple[str, ...], rec: Recorder) -> list[str]:
    """The deck after turning up `count` cards from its top: a card that may never lie face up (the King)
    is shuffled back into the rest of the deck and another turned up, as the rulebook says."""
    deck = list(order)
    face_up: list[str] = []
    while len(face_up) < count:
        card = deck.pop(0)
        if card in never_face_up:
            deck.insert(rec.rng.randrange(len(deck) + 1), card)
        else:
            face_up.append(card)
    return face_up + deck


def choose(rec: Recorder, seat: int, command: NamesCharacter) -> None:
    """`choose_character`: keep a character from the cards passed to this seat."""
    character = _drafted(rec, seat, command, "choose")
    rec.emit("character_chosen", {"seat": seat}, private={seat: {"character": character}})
    _advance(rec)


def discard(rec: Recorder, seat: int, command: NamesCharacter) -> None:
    """`discard_character`: lay a character face down (the 2-player draft)."""
    character = _drafted(rec, seat, command, "discard")
    rec.emit("character_discarded", {"seat": seat}, private={seat: {"character": character}})
    _advance(rec)


def _drafted(rec: Recorder, seat: int, command: NamesCharacter, action: str) -> str:
    state = rec.state
    step = state.draft_steps[0]
    if step.action != action:
        verb = "choose a character to keep" if step.action == "choose" else "discard a character face down"
        raise IllegalCommand("wrong_step", f"now you must {verb}")
    character = command["character"]
    if character not in state.draft_pile:
        raise IllegalCommand(
            "not_offered", f"'{character}' is not among the characters you were handed: "
            + ", ".join(state.draft_pile),
        )
    return character


def _advance(rec: Recorder) -> None:
    """Offer the face-down card to a last chooser left with one card."""
    state = rec.state
    if state.draft_steps:
        step = state.draft_steps[0]
        if step.action == "choose" and len(state.draft_pile) == 1 and state.face_down:
            rec.emit(
                "face_down_offered", {"seat": step.seat},
                private={step.seat: {"character": state.face_down[0]}},
            )


def take_wishes(rec: Recorder) -> None:
    """While the seat whose pick comes wished for a character it is handed, take it for the seat (the
    first wished one among those handed: `set_wishes`), as its own `choose_character` would. Only the
    characters handed to that seat are looked at; a seat with no wish handed is asked as always."""
    while True:
        state = rec.state
        if state.phase != DRAFT or not state.draft_steps or state.draft_steps[0].action != "choose":
            return
        seat = state.draft_steps[0].seat
        wished = next((c for c in state.wishes_of(seat) if c in state.draft_pile), None)
        if wished is None:
            return
        rec.emit("character_chosen", {"seat": seat}, private={seat: {"character": wished}})
        _advance(rec)


def discard_leftovers(rec: Recorder) -> None:
    """The characters nobody chose, discarded face down by the last chooser."""
    state = rec.state
    last = draft_script(state.rules, state.crown)[-1].seat
    for leftover in state.draft_pile:
        rec.emit("character_discarded", {"seat": last}, private={last: {"character": leftover}})
