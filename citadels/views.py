"""`view(state, seat)`: what one seat (or a spectator, None) may see, as JSON-ready data."""

from __future__ import annotations

from functools import lru_cache

from .decide import awaiting
from .numbers import gold_quotes, scores_so_far
from .state import DRAFT, OVER, Built, State


def view(state: State, seat: int | None) -> dict[str, object]:
    """The table as `seat` sees it: public facts plus that seat's own hand, characters and choices."""
    data: dict[str, object] = {
        "phase": state.phase,
        "round": state.round,
        "crown": state.crown,
        "awaiting": awaiting(state),
        "players": _public_players(state),
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard": list(state.discard),
        "face_up": list(state.face_up),
        "killed": state.killed,
        "robbed": state.robbed,
        "turn": _public_turn(state),
        "graveyard_offer": None if state.graveyard_offer is None else state.graveyard_offer._asdict(),
        "characters": list(state.rules.characters),
        "bewitched": state.bewitched,
        "complete_at": state.complete_at,
        "options": {
            "edition": state.rules.edition,
            "rejected_card": state.rules.rejected_card,
            "king_sees_face_down": state.rules.king_sees_face_down,
        },
    }
    data["resigned"] = list(state.resigned)
    if seat is not None:
        data.update(_private(state, seat))
    if state.phase == OVER:
        data["scores"] = [dict(s) for s in state.scores]
        data["winners"] = list(state.winners)
    return data


def _public_players(state: State) -> list[dict[str, object]]:
    revealed: list[list[str]] = [[] for _ in state.players]
    for seat, character in state.revealed:
        revealed[seat].append(character)
    scores = scores_so_far(state)
    players = []
    for player in state.players:
        city, adorned, adorned_at = _city_facts(player.city)
        players.append({
            "seat": player.seat,
            "gold": player.gold,
            "hand_size": len(player.hand),
            "city": list(city),
            "characters": revealed[player.seat],
            "adorned": list(adorned),
            # Which copies (their places in `city`): with a Quarry a city may hold a plain and an adorned one.
            "adorned_at": list(adorned_at),
            "museum_size": len(player.museum),
            # As it would count if the game ended now: public facts only (a hand counts by its size).
            "score": scores[player.seat],
        })
    return players


# Every seat's view after every event lists every city, which changes a few times a game: its lists are
# made once per city (a tuple of immutable NamedTuples, a safe key) and copied into each view.
@lru_cache(maxsize=1024)
def _city_facts(city: tuple[Built, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    """A city's districts, its adorned districts and the places of the adorned ones."""
    return (
        tuple([b.district for b in city]),
        tuple([b.district for b in city if b.adorned]),
        tuple([i for i, b in enumerate(city) if b.adorned]),
    )


def _public_turn(state: State) -> dict[str, object] | None:
    turn_ = state.turn
    if turn_ is None:
        return None
    return {
        "seat": turn_.seat,
        "character": turn_.character,
        "income_taken": turn_.income_taken,
        "builds": turn_.builds,
        "ability_used": turn_.ability_used,
        "colour_income_taken": turn_.colour_income_taken,
        "income_only": turn_.income_only,
        "witch": turn_.witch,
        "must_thank": turn_.must_thank,
        "must_give_crown": turn_.must_give_crown,
        "looked_at": turn_.seen_seat,
        "may_search": turn_.may_search,
        "searching": turn_.searching,
        "bell_tower": turn_.bell_tower,
    }


def _private(state: State, seat: int) -> dict[str, object]:
    data: dict[str, object] = {
        "seat": seat,
        "hand": list(state.players[seat].hand),
        "my_characters": list(state.chosen[seat]) if state.chosen else [],
    }
    if state.phase == DRAFT and state.draft_steps and state.draft_steps[0].seat == seat:
        data["draft"] = {"action": state.draft_steps[0].action, "characters": sorted(state.draft_pile)}
    if (
        state.phase == DRAFT and seat == state.crown and state.rules.king_sees_face_down
        and state.round > 0 and len(state.face_down) >= 1 and state.draft_steps
    ):
        data["face_down"] = state.face_down[0]
    if state.wishes_of(seat):  # the seat's own draft wishes (`citadels.wishes`): nobody else's view has them
        data["wishes"] = list(state.wishes_of(seat))
    quotes = gold_quotes(state, seat)
    if quotes:
        data["gold_quotes"] = quotes
    if state.players[seat].museum:
        data["museum"] = list(state.players[seat].museum)
    turn_ = state.turn
    if turn_ is not None and turn_.seat == seat:
        if turn_.drawn:
            data["drawn"] = {"cards": list(turn_.drawn), "keep": turn_.keep}
        if turn_.seen:
            data["seen_hand"] = {"seat": turn_.seen_seat, "cards": sorted(turn_.seen)}  # not the draw order
        if turn_.searching:
            data["deck_cards"] = sorted(state.deck)  # the Lighthouse shows the deck's content, not its order
    return data
