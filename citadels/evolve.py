"""`evolve(state, event) -> state`: the only way a state changes. Pure: never draws, never mutates."""

from __future__ import annotations

from collections.abc import Callable

from .cards import CHARACTERS
from .events import Event
from .evolve_dark import DARK_HANDLERS, first_complete, remove_from_city, start_turn
from .options import REJECTED_UNDER_DECK, Rules, resolve
from .state import DRAFT, OVER, TURNS, Built, DraftStep, GraveyardOffer, Player, State, Turn, without

Handler = Callable[[State, Event], State]


def evolve(state: State | None, event: Event) -> State:
    """The state after `event`; `evolve(None, game_set_up)` makes the first state."""
    if state is None:
        if event.type != "game_set_up":
            raise ValueError(f"a game starts with game_set_up, not {event.type}")
        return _game_set_up(event)
    try:
        handler = _HANDLERS[event.type]
    except KeyError:
        raise ValueError(f"unknown event type {event.type!r}") from None
    return handler(state, event)


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


def _round_started(state: State, event: Event) -> State:
    players = state.rules.players
    return state._replace(
        round=event.public["round"], phase=DRAFT, face_up=tuple(event.public["face_up"]),
        face_down=tuple(event.secret["face_down"]), draft_pile=tuple(event.secret["pile"]),
        draft_steps=draft_script(state.rules, state.crown), chosen=((),) * players,
        killed=None, robbed=None, revealed=(), called_rank=0, turn=None, graveyard_offer=None,
        bewitched=None, builders=(), taxed=(),
    )


_without = without


def _without_all(cards: tuple[str, ...], removed: list[str]) -> tuple[str, ...]:
    for card in removed:
        cards = _without(cards, card)
    return cards


def _pop_step(state: State, seat: int, action: str) -> tuple[DraftStep, ...]:
    steps = state.draft_steps
    if steps and steps[0] == (seat, action):
        return steps[1:]
    return steps


def _character_chosen(state: State, event: Event) -> State:
    seat = event.public["seat"]
    character = event.private[seat]["character"]
    chosen = list(state.chosen)
    chosen[seat] = chosen[seat] + (character,)
    return state._replace(
        draft_pile=_without(state.draft_pile, character), chosen=tuple(chosen),
        draft_steps=_pop_step(state, seat, "choose"),
    )


def _character_discarded(state: State, event: Event) -> State:
    seat = event.public["seat"]
    character = event.private[seat]["character"]
    return state._replace(
        draft_pile=_without(state.draft_pile, character), face_down=state.face_down + (character,),
        draft_steps=_pop_step(state, seat, "discard"),
    )


def _face_down_offered(state: State, event: Event) -> State:
    return state._replace(draft_pile=state.draft_pile + state.face_down[:1], face_down=state.face_down[1:])


def _character_revealed(state: State, event: Event) -> State:
    seat, character = event.public["seat"], event.public["character"]
    return state._replace(
        phase=TURNS, revealed=state.revealed + ((seat, character),), called_rank=CHARACTERS[character].rank,
        turn=start_turn(state, event, income_only=bool(event.public.get("bewitched"))),
    )


def _gain(state: State, seat: int, amount: int) -> State:
    return state.gain(seat, amount)


def _turn(state: State) -> Turn:
    assert state.turn is not None, "a turn event outside a turn"
    return state.turn


def _gold_stolen(state: State, event: Event) -> State:
    amount = event.public["amount"]
    state = _gain(state, event.public["victim"], -amount)
    return _gain(state, event.public["seat"], amount)


def _crown_passed(state: State, event: Event) -> State:
    state = state._replace(crown=event.public["seat"])
    if event.public["reason"] == "emperor":
        state = state._replace(turn=_turn(state)._replace(must_give_crown=False))
    return state


def _gold_taken(state: State, event: Event) -> State:
    state = _gain(state, event.public["seat"], event.public["amount"])
    return state._replace(turn=_turn(state)._replace(income_taken=True))


def _bonus_gold(state: State, event: Event) -> State:
    return _gain(state, event.public["seat"], event.public["amount"])


def _cards_drawn(state: State, event: Event) -> State:
    seat = event.public["seat"]
    cards = tuple(event.private[seat]["cards"])
    if state.deck[: len(cards)] != cards:
        raise ValueError("cards_drawn does not match the top of the deck")
    state = state._replace(deck=state.deck[len(cards):])
    player = state.players[seat]
    if event.public["reason"] != "income":
        return state.with_player(player._replace(hand=player.hand + cards))
    keep = event.public.get("keep", len(cards))
    turn = _turn(state)._replace(income_taken=True, must_discard=event.public.get("discard", 0))
    if keep >= len(cards):
        return state.with_player(player._replace(hand=player.hand + cards))._replace(turn=turn)
    return state._replace(turn=turn._replace(drawn=cards, keep=keep))


def _card_kept(state: State, event: Event) -> State:
    seat = event.public["seat"]
    district = event.private[seat]["district"]
    turn = _turn(state)
    player = state.players[seat]
    state = state.with_player(player._replace(hand=player.hand + (district,)))
    drawn, keep = _without(turn.drawn, district), turn.keep - 1
    if keep > 0:
        return state._replace(turn=turn._replace(drawn=drawn, keep=keep))
    state = state._replace(turn=turn._replace(drawn=(), keep=0))
    if state.rules.rejected_card == REJECTED_UNDER_DECK:
        return state._replace(deck=state.deck + drawn)
    return state._replace(discard=state.discard + drawn)


def _cards_discarded(state: State, event: Event) -> State:
    seat, districts = event.public["seat"], event.public["districts"]
    player = state.players[seat]
    state = state.with_player(player._replace(hand=_without_all(player.hand, districts)))
    state = state._replace(discard=state.discard + tuple(districts))
    turn = _turn(state)
    if event.public["reason"] == "income":
        return state._replace(turn=turn._replace(must_discard=turn.must_discard - len(districts)))
    return state._replace(turn=turn._replace(ability_used=True))


def _district_built(state: State, event: Event) -> State:
    seat, district, cost = event.public["seat"], event.public["district"], event.public["cost"]
    player = state.players[seat]
    city = player.city + (Built(district, state.round),)
    state = state.with_player(player._replace(gold=player.gold - cost, hand=_without(player.hand, district), city=city))
    turn = _turn(state)
    builds = turn.builds + (0 if event.public.get("wizard") else 1)
    turn = turn._replace(builds=builds, spent=turn.spent + cost, bell_tower=district == "bell_tower")
    builders = state.builders if seat in state.builders else state.builders + (seat,)
    return state._replace(turn=turn, builders=builders, first_complete=first_complete(state, seat))


def _income_collected(state: State, event: Event) -> State:
    state = _gain(state, event.public["seat"], event.public["amount"])
    return state._replace(turn=_turn(state)._replace(colour_income_taken=True))


def _ability_used(state: State) -> State:
    return state._replace(turn=_turn(state)._replace(ability_used=True))


def _character_killed(state: State, event: Event) -> State:
    return _ability_used(state._replace(killed=event.public["character"]))


def _character_robbed(state: State, event: Event) -> State:
    return _ability_used(state._replace(robbed=event.public["character"]))


def _hands_swapped(state: State, event: Event) -> State:
    seat, other = event.public["seat"], event.public["other"]
    mine, theirs = state.players[seat].hand, state.players[other].hand
    state = state.with_player(state.players[seat]._replace(hand=theirs))
    state = state.with_player(state.players[other]._replace(hand=mine))
    return _ability_used(state)


def _deck_reshuffled(state: State, event: Event) -> State:
    return state._replace(deck=tuple(event.secret["deck"]), discard=())


def _district_destroyed(state: State, event: Event) -> State:
    seat, target, district = event.public["seat"], event.public["target"], event.public["district"]
    state = remove_from_city(state, target, district)
    return _ability_used(_gain(state, seat, -event.public["cost"]))


def _graveyard_offered(state: State, event: Event) -> State:
    return state._replace(graveyard_offer=GraveyardOffer(event.public["seat"], event.public["district"]))


def _graveyard_used(state: State, event: Event) -> State:
    seat, district = event.public["seat"], event.public["district"]
    player = state.players[seat]
    discard = state.discard
    index = len(discard) - 1 - discard[::-1].index(district)
    state = state.with_player(player._replace(gold=player.gold - 1, hand=player.hand + (district,)))
    return state._replace(discard=discard[:index] + discard[index + 1:], graveyard_offer=None)


def _graveyard_declined(state: State, event: Event) -> State:
    return state._replace(graveyard_offer=None)


def _use(state: State, district: str) -> State:
    turn = _turn(state)
    return state._replace(turn=turn._replace(used=turn.used + (district,)))


def _laboratory_used(state: State, event: Event) -> State:
    seat, district = event.public["seat"], event.public["district"]
    player = state.players[seat]
    state = state.with_player(player._replace(gold=player.gold + 1, hand=_without(player.hand, district)))
    return _use(state._replace(discard=state.discard + (district,)), "laboratory")


def _smithy_used(state: State, event: Event) -> State:
    return _use(_gain(state, event.public["seat"], -event.public["cost"]), "smithy")


def _turn_ended(state: State, event: Event) -> State:
    return state._replace(turn=None)


def _round_ended(state: State, event: Event) -> State:
    return state._replace(stalled_rounds=event.public.get("stalled", 0))


def _game_ended(state: State, event: Event) -> State:
    return state._replace(
        phase=OVER, scores=tuple(event.public["scores"]), winners=tuple(event.public["winners"]),
        turn=None, draft_steps=(),
    )


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

EVENT_TYPES: frozenset[str] = frozenset(_HANDLERS) | {"game_set_up"}
