"""Who holds which character, read from the draft as the seat saw it, on the assumption that the other
seats draft as the heuristic bot does (`bots._character_value`: the best character for its own colours,
gold and city, the first in alphabetical order on a tie).

The heuristic bot's pick depends on public facts only (cities, gold, the crown, whether a hand is empty),
so once the face-down card is fixed, every pick before and after this seat's is determined. A hypothesis
is one face-down card whose replayed draft hands this seat the cards it was handed (in the draft) or lets
it hold its own character and agrees with the reveals so far (in the turns). Nothing here reads another
hand, the deck or a hidden character: the replay starts from the face-up cards and the set of characters.

Only drafts where each seat chooses once (4 players and more) are replayed; and only until the crown moves
(the King's or the Emperor's turn), as the draft's crown is then no longer in the state. Elsewhere, and when
no hypothesis fits (the rivals do not draft like the heuristic bot), `hypotheses` is empty and the best bot
falls back on its estimates from public facts (`best_model.held_chance`).
"""

from __future__ import annotations

from typing import NamedTuple

from . import bots as baseline
from .best_model import mine, seen_face_down
from .cards import CHARACTERS
from .evolve.round import draft_script
from .state import DRAFT, TURNS, DraftStep, State

HIDDEN = "?"  # a card of another hand: the heuristic bot's draft reads only whether its hand is empty


class Hypothesis(NamedTuple):
    """One consistent draft: the face-down card and each chosen character's seat."""

    face_down: str
    holders: dict[str, int]


def masked(state: State) -> State:
    """`state` with every hand but none of its size forgotten (what a rival's draft reads of it)."""
    seen = state.copy()
    seen.players = tuple(p._replace(hand=(HIDDEN,) * len(p.hand)) for p in state.players)
    return seen


def heuristic_pick(public: State, seat: int, offered: list[str]) -> str:
    """The character the heuristic bot at `seat` takes of `offered` (`bots._draft`, from `masked` facts)."""
    return max(sorted(set(offered)), key=lambda c: baseline._character_value(public, seat, c))


def replayable(state: State) -> bool:
    """Whether this round's draft can be replayed: one choice per seat, the draft's crown still in place."""
    rules = state.rules
    if rules.players < 4 and not (rules.players == 3 and rules.one_character_each):
        return False
    if state.phase == DRAFT:
        return bool(state.draft_steps)
    return state.phase == TURNS and not any(c in ("king", "emperor") for _, c in state.revealed)


def hypotheses(state: State, seat: int) -> list[Hypothesis]:
    """Every face-down card whose heuristic replay fits what `seat` saw, with the holders it implies (the
    seats after this one in the draft too, once it has chosen)."""
    if not replayable(state):
        return []
    public = masked(state)
    own = mine(state, seat)
    drafting = state.phase == DRAFT
    handed = sorted(state.draft_pile) if drafting and state.draft_steps[0].seat == seat else None
    if drafting and handed is None:
        return []
    characters = [c for c in state.rules.characters if c not in state.face_up]
    seen = seen_face_down(state, seat) if drafting else None  # the turns no longer show it
    candidates = [seen] if seen is not None else [c for c in characters if c not in own and c not in (handed or ())]
    script = draft_script(state.rules, state.crown)
    found = []
    for face_down in candidates:
        holders = _replay(public, seat, script, characters, face_down, handed, own)
        if holders is not None and (drafting or _agrees(state, holders)):
            found.append(Hypothesis(face_down, holders))
    return found


def _replay(
    public: State, seat: int, script: tuple[DraftStep, ...], characters: list[str], face_down: str,
    handed: list[str] | None, own: tuple[str, ...],
) -> dict[str, int] | None:
    pile = [c for c in characters if c != face_down]
    spare: list[str] = [face_down]
    holders: dict[str, int] = {}
    for step in script:
        chooser = step.seat
        if len(pile) == 1 and spare:  # the last chooser is offered the face-down card too
            pile.append(spare.pop())
        if chooser == seat:
            if handed is not None:
                return holders if sorted(pile) == handed else None
            if not own or own[0] not in pile:
                return None
            character = own[0]
        else:
            character = heuristic_pick(public, chooser, pile)
        pile.remove(character)
        holders[character] = chooser
    return holders


def _agrees(state: State, holders: dict[str, int]) -> bool:
    """The reveals so far: each revealed character at its seat, no held character passed unrevealed (the
    killed one aside)."""
    for revealed_seat, character in state.revealed:
        if holders.get(character) != revealed_seat:
            return False
    revealed = {c for _, c in state.revealed}
    if state.turn is not None:
        revealed.add(state.turn.character)
    for character in holders:
        passed = CHARACTERS[character].rank < state.called_rank
        if passed and character not in revealed and character != state.killed:
            return False
    return True


def holder_chances(found: list[Hypothesis], seat: int) -> dict[str, dict[int, float]]:
    """For each character: the chance each other seat holds it, the hypotheses weighed alike."""
    chances: dict[str, dict[int, float]] = {}
    for hypothesis in found:
        for character, holder in hypothesis.holders.items():
            if holder != seat:
                seats = chances.setdefault(character, {})
                seats[holder] = seats.get(holder, 0.0) + 1.0 / len(found)
    return chances


def later_holders(state: State, seat: int, hypothesis: Hypothesis, taken: str) -> dict[str, int]:
    """The holders once this seat, choosing now, takes `taken`: the heuristic seats after it choose from
    what it hands on (the hypothesis' face-down card offered to the last chooser)."""
    public = masked(state)
    holders = dict(hypothesis.holders)
    holders[taken] = seat
    pile = [c for c in state.draft_pile if c != taken]
    spare = [hypothesis.face_down] if seen_face_down(state, seat) is None else [state.face_down[0]]
    for step in state.draft_steps[1:]:
        if len(pile) == 1 and spare:
            pile.append(spare.pop())
        if not pile:
            break
        character = heuristic_pick(public, step.seat, pile)
        pile.remove(character)
        holders[character] = step.seat
    return holders
