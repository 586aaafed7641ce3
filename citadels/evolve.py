"""`evolve(state, event) -> state`: the only way a state changes. Pure: never draws, never mutates a `State`.

Each event's handler changes a working copy (`Work`) in place; `rules_kit.fold` makes `evolve` (one
event) and `fold` (a whole history, the working copy frozen once at the end) of them.
"""

from __future__ import annotations

from collections.abc import Callable

from rules_kit.fold import Fold

from .cards import CHARACTERS
from .events import Event
from .evolve_dark import DARK_HANDLERS, remove_from_city, start_turn
from .options import REJECTED_UNDER_DECK, Rules, resolve
from .state import (
    DRAFT,
    OVER,
    TURNS,
    Built,
    DraftStep,
    GraveyardOffer,
    Player,
    State,
    Work,
    freeze,
    thaw,
    without,
)

Handler = Callable[[Work, Event], None]


def _game_set_up(event: Event) -> State:
    rules = resolve(event.secret["options"], event.public["players"])
    players = tuple(
        Player(seat, event.public["gold"], tuple(event.private[seat]["hand"]), ())
        for seat in range(rules.players)
    )
    return State(
        rules=rules, players=players, deck=tuple(event.secret["deck"]), discard=(), round=0,
        crown=event.public["crown"], phase=DRAFT,
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


def _round_started(w: Work, event: Event) -> None:
    w.round, w.phase, w.face_up = event.public["round"], DRAFT, tuple(event.public["face_up"])
    w.face_down, w.draft_pile = tuple(event.secret["face_down"]), tuple(event.secret["pile"])
    w.draft_steps, w.chosen = draft_script(w.rules, w.crown), ((),) * w.rules.players
    w.killed = w.robbed = w.turn = w.graveyard_offer = w.bewitched = None
    w.revealed, w.called_rank, w.builders, w.taxed, w.alms = (), 0, (), (), ()


def _without_all(cards: tuple[str, ...], removed: list[str]) -> tuple[str, ...]:
    for card in removed:
        cards = without(cards, card)
    return cards


def _pop_step(steps: tuple[DraftStep, ...], seat: int, action: str) -> tuple[DraftStep, ...]:
    if steps and steps[0] == (seat, action):
        return steps[1:]
    return steps


def _character_chosen(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    character = event.private[seat]["character"]
    chosen = list(w.chosen)
    chosen[seat] += (character,)
    w.chosen = tuple(chosen)
    w.draft_pile = without(w.draft_pile, character)
    w.draft_steps = _pop_step(w.draft_steps, seat, "choose")


def _character_discarded(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    character = event.private[seat]["character"]
    w.draft_pile = without(w.draft_pile, character)
    w.face_down += (character,)
    w.draft_steps = _pop_step(w.draft_steps, seat, "discard")


def _face_down_offered(w: Work, event: Event) -> None:
    w.draft_pile += w.face_down[:1]
    w.face_down = w.face_down[1:]


def _character_revealed(w: Work, event: Event) -> None:
    seat, character = event.public["seat"], event.public["character"]
    w.phase, w.called_rank = TURNS, CHARACTERS[character].rank
    w.revealed += ((seat, character),)
    w.turn = start_turn(event, income_only=bool(event.public.get("bewitched")))


def _gold_stolen(w: Work, event: Event) -> None:
    amount = event.public["amount"]
    w.gain(event.public["victim"], -amount)
    w.gain(event.public["seat"], amount)


def _crown_passed(w: Work, event: Event) -> None:
    w.crown = event.public["seat"]
    if event.public["reason"] == "emperor":
        w.change_turn(must_give_crown=False)


def _gold_taken(w: Work, event: Event) -> None:
    w.gain(event.public["seat"], event.public["amount"])
    w.change_turn(income_taken=True)


def _bonus_gold(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    w.gain(seat, event.public["amount"])
    if event.public.get("safe_from_tax") and seat not in w.alms:
        w.alms += (seat,)


def _cards_drawn(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    cards = tuple(event.private[seat]["cards"])
    if w.deck[: len(cards)] != cards:
        raise ValueError("cards_drawn does not match the top of the deck")
    w.deck = w.deck[len(cards):]
    player = w.players[seat]
    if event.public["reason"] != "income":
        w.players[seat] = player._replace(hand=player.hand + cards)
        return
    keep = event.public.get("keep", len(cards))
    must_discard = event.public.get("discard", 0)
    if keep >= len(cards):
        w.players[seat] = player._replace(hand=player.hand + cards)
        w.change_turn(income_taken=True, must_discard=must_discard)
    else:
        w.change_turn(income_taken=True, must_discard=must_discard, drawn=cards, keep=keep)


def _card_kept(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    district = event.private[seat]["district"]
    turn = w.current_turn()
    player = w.players[seat]
    w.players[seat] = player._replace(hand=player.hand + (district,))
    drawn, keep = without(turn.drawn, district), turn.keep - 1
    if keep > 0:
        w.turn = turn._replace(drawn=drawn, keep=keep)
        return
    w.turn = turn._replace(drawn=(), keep=0)
    if w.rules.rejected_card == REJECTED_UNDER_DECK:
        w.deck += drawn
    else:
        w.discard += drawn


def _cards_discarded(w: Work, event: Event) -> None:
    seat, districts = event.public["seat"], event.public["districts"]
    player = w.players[seat]
    w.players[seat] = player._replace(hand=_without_all(player.hand, districts))
    w.discard += tuple(districts)
    turn = w.current_turn()
    if event.public["reason"] == "income":
        w.turn = turn._replace(must_discard=turn.must_discard - len(districts))
    else:
        w.turn = turn._replace(ability_used=True)


def _district_built(w: Work, event: Event) -> None:
    seat, district, cost = event.public["seat"], event.public["district"], event.public["cost"]
    player = w.players[seat]
    city = player.city + (Built(district, w.round),)
    w.players[seat] = player._replace(gold=player.gold - cost, hand=without(player.hand, district), city=city)
    turn = w.current_turn()
    builds = turn.builds + (0 if event.public.get("wizard") else 1)
    w.turn = turn._replace(
        builds=builds, spent=turn.spent + cost, bell_tower=district == "bell_tower",
        may_search=district == "lighthouse" and bool(w.deck),
    )
    if seat not in w.builders:
        w.builders += (seat,)
    # Only this city grew, and no other is complete while `first_complete` is None (a Bell Tower's
    # setting looks at every city): the builder's is the one to check.
    if w.first_complete is None and len(city) >= w.complete_at:
        w.first_complete = seat


def _income_collected(w: Work, event: Event) -> None:
    w.gain(event.public["seat"], event.public["amount"])
    w.change_turn(colour_income_taken=True)


def _character_killed(w: Work, event: Event) -> None:
    w.killed = event.public["character"]
    w.change_turn(ability_used=True)


def _character_robbed(w: Work, event: Event) -> None:
    w.robbed = event.public["character"]
    w.change_turn(ability_used=True)


def _hands_swapped(w: Work, event: Event) -> None:
    seat, other = event.public["seat"], event.public["other"]
    mine, theirs = w.players[seat].hand, w.players[other].hand
    w.players[seat] = w.players[seat]._replace(hand=theirs)
    w.players[other] = w.players[other]._replace(hand=mine)
    w.change_turn(ability_used=True)


def _deck_reshuffled(w: Work, event: Event) -> None:
    w.deck, w.discard = tuple(event.secret["deck"]), ()


def _district_destroyed(w: Work, event: Event) -> None:
    remove_from_city(w, event.public["target"], event.public["district"], event.public.get("copy"))
    w.gain(event.public["seat"], -event.public["cost"])
    w.change_turn(ability_used=True)


def _graveyard_offered(w: Work, event: Event) -> None:
    w.graveyard_offer = GraveyardOffer(event.public["seat"], event.public["district"])


def _graveyard_used(w: Work, event: Event) -> None:
    seat, district = event.public["seat"], event.public["district"]
    player = w.players[seat]
    discard = w.discard
    index = len(discard) - 1 - discard[::-1].index(district)
    w.players[seat] = player._replace(gold=player.gold - 1, hand=player.hand + (district,))
    w.discard, w.graveyard_offer = discard[:index] + discard[index + 1:], None


def _graveyard_declined(w: Work, event: Event) -> None:
    w.graveyard_offer = None


def _use(w: Work, district: str) -> None:
    w.change_turn(used=w.current_turn().used + (district,))


def _laboratory_used(w: Work, event: Event) -> None:
    seat, district = event.public["seat"], event.public["district"]
    player = w.players[seat]
    w.players[seat] = player._replace(gold=player.gold + 1, hand=without(player.hand, district))
    w.discard += (district,)
    _use(w, "laboratory")


def _smithy_used(w: Work, event: Event) -> None:
    w.gain(event.public["seat"], -event.public["cost"])
    _use(w, "smithy")


def _turn_ended(w: Work, event: Event) -> None:
    w.turn = None


def _round_ended(w: Work, event: Event) -> None:
    w.stalled_rounds = event.public.get("stalled", 0)


def _game_ended(w: Work, event: Event) -> None:
    w.phase, w.turn, w.draft_steps = OVER, None, ()
    w.scores, w.winners = tuple(event.public["scores"]), tuple(event.public["winners"])


_HANDLERS: dict[str, Handler] = {
    "round_started": _round_started,
    "character_chosen": _character_chosen,
    "character_discarded": _character_discarded,
    "face_down_offered": _face_down_offered,
    "character_revealed": _character_revealed,
    "gold_stolen": _gold_stolen,
    "crown_passed": _crown_passed,
    "gold_taken": _gold_taken,
    "bonus_gold": _bonus_gold,
    "cards_drawn": _cards_drawn,
    "card_kept": _card_kept,
    "cards_discarded": _cards_discarded,
    "district_built": _district_built,
    "income_collected": _income_collected,
    "character_killed": _character_killed,
    "character_robbed": _character_robbed,
    "hands_swapped": _hands_swapped,
    "deck_reshuffled": _deck_reshuffled,
    "district_destroyed": _district_destroyed,
    "graveyard_offered": _graveyard_offered,
    "graveyard_used": _graveyard_used,
    "graveyard_declined": _graveyard_declined,
    "laboratory_used": _laboratory_used,
    "smithy_used": _smithy_used,
    "turn_ended": _turn_ended,
    "round_ended": _round_ended,
    "game_ended": _game_ended,
    **DARK_HANDLERS,
}

FOLD = Fold(_game_set_up, _HANDLERS, thaw, freeze)
evolve = FOLD.evolve
fold = FOLD.fold
