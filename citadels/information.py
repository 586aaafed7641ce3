"""`seen_by(state, seat)`: the state as one seat may know it, for bots (`rules_kit.seat_information`).

Kept as they are: everything public (cities, gold, the discard pile, the face-up and revealed characters,
the killed, robbed and bewitched ones, hand sizes, the turn's public facts) and what the rules show the
seat (`views.view`): its hand, its characters, its museum, the cards it draws, the characters handed to it
in the draft, the face-down character the crown's holder sees, the hand its Wizard looks at, the deck's
cards its Lighthouse searches. Replaced by a canonical arrangement of the cards the seat cannot place
(`canonical_order`, which depends on which cards they are only):
* the districts: the deck's order, the other hands and museums (their sizes kept), another player's cards
  drawn and not yet kept;
* the characters: the other players' characters not revealed, the face-down ones and the draft pile, dealt
  from the characters the seat cannot place (the face-down ones first get those the calls passed unrevealed,
  which nobody holds);
* the options' stacked orders (the deck as given, each round's character order).
The other seats' draft wishes are forgotten (`citadels.wishes`).
"""

from __future__ import annotations

from rules_kit.seat_information import canonical_order

from .cards import CHARACTERS
from .state import DRAFT, TURNS, State


def seen_by(state: State, seat: int) -> State:
    """`state` with every part hidden from `seat` in a canonical arrangement (see the module)."""
    seen = state.copy()
    seen.rules = state.rules._replace(deck=tuple(sorted(state.rules.deck)), character_orders=())
    _deal_districts(state, seat, seen)
    _deal_characters(state, seat, seen)
    own = state.wishes_of(seat)
    seen.wishes = tuple(own if other == seat else () for other in range(len(state.players))) if own else ()
    return seen


def _deal_districts(state: State, seat: int, seen: State) -> None:
    turn = state.turn
    own_turn = turn is not None and turn.seat == seat
    looked_at = turn.seen_seat if own_turn and turn is not None and turn.seen else None
    deck_known = own_turn and turn is not None and turn.searching
    others = [p for p in state.players if p.seat not in (seat, looked_at)]
    drawn_hidden = turn is not None and not own_turn and bool(turn.drawn)
    pool = [d for p in others for d in (*p.hand, *p.museum)]
    if drawn_hidden and turn is not None:
        pool += turn.drawn
    if not deck_known:
        pool += state.deck
    dealt = iter(canonical_order(pool, str, f"districts {seat}"))
    players = list(state.players)
    for p in others:
        hand = tuple(next(dealt) for _ in p.hand)
        museum = tuple(next(dealt) for _ in p.museum)
        players[p.seat] = p._replace(hand=hand, museum=museum)
    if looked_at is not None:  # the Wizard saw this hand, not its order
        target = players[looked_at]
        players[looked_at] = target._replace(hand=tuple(sorted(target.hand)))
    seen.players = tuple(players)
    if seen.turn is not None and turn is not None:
        if drawn_hidden:
            seen.turn.drawn = tuple(next(dealt) for _ in turn.drawn)
        if turn.seen and turn.seen_seat is not None:
            seen.turn.seen = tuple(players[turn.seen_seat].hand) if turn.seen_seat != seat else turn.seen
    if deck_known:
        seen.deck = tuple(canonical_order(state.deck, str, f"deck {seat}"))
    else:
        seen.deck = tuple(dealt)


def _visible_draft_pile(state: State, seat: int) -> bool:
    return state.phase == DRAFT and bool(state.draft_steps) and state.draft_steps[0].seat == seat


def _visible_face_down(state: State, seat: int) -> bool:
    """The crown's holder sees the first face-down character during the draft (`views._private`)."""
    return (
        state.phase == DRAFT and seat == state.crown and state.rules.king_sees_face_down
        and state.round > 0 and len(state.face_down) >= 1 and bool(state.draft_steps)
    )


def _deal_characters(state: State, seat: int, seen: State) -> None:
    revealed = set(state.revealed)
    if state.turn is not None:  # a Hospital's turn or the Witch's: its seat and character are public
        revealed.add((state.turn.seat, state.turn.character))
    chosen = state.chosen or ((),) * len(state.players)
    hidden_slots = [
        (other, index) for other, characters in enumerate(chosen) if other != seat
        for index, character in enumerate(characters) if (other, character) not in revealed
    ]
    pile_visible = _visible_draft_pile(state, seat)
    first_visible = _visible_face_down(state, seat)
    face_down_hidden = state.face_down[1:] if first_visible else state.face_down
    pool = [chosen[other][index] for other, index in hidden_slots] + list(face_down_hidden)
    if not pile_visible:
        pool += state.draft_pile
    # The characters the calls passed without anyone revealing them (the killed one aside) lie face down.
    passed = [
        c for c in pool
        if state.phase == TURNS and CHARACTERS[c].rank < state.called_rank and c != state.killed
    ]
    rest = canonical_order([c for c in pool if c not in passed], str, f"characters {seat}")
    face_down = list(state.face_down[:1] if first_visible else ())
    dealt = iter(sorted(passed) + rest)
    face_down += [next(dealt) for _ in face_down_hidden]
    seen.face_down = tuple(face_down)
    seen.draft_pile = tuple(sorted(state.draft_pile)) if pile_visible else tuple(next(dealt) for _ in state.draft_pile)
    new_chosen = [list(characters) for characters in chosen]
    for other, index in hidden_slots:
        new_chosen[other][index] = next(dealt)
    if state.chosen:
        seen.chosen = tuple(tuple(characters) for characters in new_chosen)
