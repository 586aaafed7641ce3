"""The payloads of Citadels' events: each part (`public`, `private` per seat, `secret`) of each event type as a
TypedDict, over the stored JSON as it is. `events.PAYLOADS` names the parts of each type; the fold and the
abilities read an event through them. Fields an older engine did not write are `NotRequired`."""

from __future__ import annotations

from typing import NotRequired, TypedDict

# --- parts several types share ---------------------------------------------------------------------------

class Seat(TypedDict):
    """A seat's own decision or loss (graveyard_declined, deck_search_declined; the public part of a
    secret choice: character_chosen, character_discarded, face_down_offered, card_kept, museum_used)."""

    seat: int


class SeatCharacter(TypedDict):
    """A seat and a character (character_killed, character_robbed, character_bewitched, turn_ended)."""

    seat: int
    character: str


class SeatAmount(TypedDict):
    """Gold for a seat (gold_taken, income_collected)."""

    seat: int
    amount: int


class SeatDistrict(TypedDict):
    """A seat and one district (graveyard_offered, graveyard_used, laboratory_used)."""

    seat: int
    district: str


class WishesPart(TypedDict):
    """wishes_set, private to its seat: the characters it takes, first available first, when its pick comes."""

    characters: list[str]


class CharacterPart(TypedDict):
    """A character only its seat sees (the draft's choices)."""

    character: str


class DistrictPart(TypedDict):
    """A district only its seat sees (a card kept, taken or tucked away)."""

    district: str


class CardsPart(TypedDict):
    """Cards only their seat sees (drawn, or the Lighthouse's deck content)."""

    cards: list[str]


class HandPart(TypedDict):
    """A hand only its seat sees (swapped, or looked at)."""

    hand: list[str]


class DeckPart(TypedDict):
    """The deck's new order (the server's secret)."""

    deck: list[str]


# --- the opening and the draft ---------------------------------------------------------------------------

class GameSetUp(TypedDict):
    """game_set_up: the table (`characters` and `purple` since v2)."""

    players: int
    gold: int
    crown: int
    edition: NotRequired[str]
    rejected_card: NotRequired[str]
    king_sees_face_down: NotRequired[bool]
    deck_size: int
    characters: list[str]
    purple: list[str]


class GameSetUpSecret(TypedDict):
    """game_set_up: the options as played (random draws made) and the deck."""

    options: dict[str, object]
    deck: list[str]


class RoundStarted(TypedDict):
    """round_started."""

    round: int
    crown: int
    face_up: list[str]


class FaceDownPart(TypedDict):
    """round_started: the face-down card, for the crown when its edition shows it."""

    face_down: str


class RoundStartedSecret(TypedDict):
    """round_started: the face-down card and the pile handed round."""

    face_down: list[str]
    pile: list[str]


# --- calls and ends ---------------------------------------------------------------------------------------

class CharacterCalled(TypedDict):
    """character_revealed and hospital_turn: the call, with the decisions it opens."""

    seat: int
    character: str
    must_thank: NotRequired[bool]
    bewitched: NotRequired[bool]
    gives_crown: NotRequired[bool]


class WitchTookOver(TypedDict):
    """witch_took_over: the Witch plays the rest of `victim`'s bewitched turn."""

    seat: int
    character: str
    victim: int
    gives_crown: NotRequired[bool]


class Thanked(TypedDict):
    """thanked: the Ball Room's thanks to the crown's holder `to`."""

    seat: int
    to: int


class TurnLost(TypedDict):
    """turn_lost: a command sent without the thanks the Ball Room asks for."""

    seat: int
    character: str
    reason: str
    command: str


class RoundEnded(TypedDict):
    """round_ended: `stalled`, the rounds in a row without a build or a card to draw."""

    round: int
    stalled: NotRequired[int]


class Score(TypedDict):
    """One seat's score and its parts (`extras`, the Dark City's end-of-game points, since v2)."""

    seat: int
    districts: int
    colours: int
    complete: int
    extras: NotRequired[int]
    total: int


class GameEnded(TypedDict):
    """game_ended."""

    scores: list[Score]
    winners: list[int]


# --- gold and the crown -----------------------------------------------------------------------------------

class GoldStolen(TypedDict):
    """gold_stolen: the Thief (`seat`) takes the robbed character's gold."""

    seat: int
    victim: int
    amount: int


class CrownPassed(TypedDict):
    """crown_passed: `reason` king, killed_king or emperor."""

    seat: int
    reason: str


class BonusGold(TypedDict):
    """bonus_gold: `reason` merchant, queen, alchemist, poor_house or throne_room."""

    seat: int
    amount: int
    reason: str
    safe_from_tax: NotRequired[bool]


class GoldPaid(TypedDict):
    """gold_paid: from `seat` to `to`, `reason` tax or abbot."""

    seat: int
    to: int
    amount: int
    reason: str


class NavigatorTook(TypedDict):
    """navigator_took: `take` gold or cards."""

    seat: int
    take: str
    amount: int


# --- cards --------------------------------------------------------------------------------------------

class CardsDrawn(TypedDict):
    """cards_drawn: `reason` income, architect, magician, smithy, navigator or park; an income draw names
    how many cards are kept (`keep`, default all) and how many hand cards to discard."""

    seat: int
    count: int
    reason: str
    keep: NotRequired[int]
    discard: NotRequired[int]


class Counted(TypedDict):
    """deck_reshuffled: the new deck's size."""

    count: int


class CardKept(TypedDict):
    """card_kept: the rejected cards when they go to the open discard pile."""

    seat: int
    rejected: NotRequired[list[str]]


class CardsDiscarded(TypedDict):
    """cards_discarded: `reason` income or magician."""

    seat: int
    districts: list[str]
    reason: str


class HandsSwapped(TypedDict):
    """hands_swapped: the Magician's and `other`'s new hand sizes."""

    seat: int
    other: int
    sizes: list[int]


class HandLookedAt(TypedDict):
    """hand_looked_at: the Wizard looks at `target`'s hand."""

    seat: int
    target: int


class CardTaken(TypedDict):
    """card_taken: the Wizard takes a card of `target`'s hand (and `build`s it at once)."""

    seat: int
    target: int
    build: bool


class SmithyUsed(TypedDict):
    """smithy_used."""

    seat: int
    cost: int


class DeckSearched(TypedDict):
    """deck_searched: the Lighthouse's builder sees the deck's `count` cards."""

    seat: int
    count: int


# --- cities -------------------------------------------------------------------------------------------

class DistrictBuilt(TypedDict):
    """district_built: `wizard` when the Wizard builds a taken card (beside his normal build)."""

    seat: int
    district: str
    cost: int
    wizard: NotRequired[bool]


class DistrictDestroyed(TypedDict):
    """district_destroyed: `copy` names which of `target`'s copies when the city holds several."""

    seat: int
    target: int
    district: str
    cost: int
    copy: NotRequired[int]


class DistrictsExchanged(TypedDict):
    """districts_exchanged: the Diplomat's `own` for `target`'s `their`, paying the difference."""

    seat: int
    own: str
    target: int
    their: str
    paid: int
    own_copy: NotRequired[int]
    their_copy: NotRequired[int]


class DistrictAdorned(TypedDict):
    """district_adorned: without `copy`, every copy of the id (events before a Quarry's copies were told
    apart)."""

    seat: int
    district: str
    copy: NotRequired[int]


class ArmoryUsed(TypedDict):
    """armory_used: the Armory and `target`'s district go."""

    seat: int
    target: int
    district: str
    copy: NotRequired[int]
    armory_copy: NotRequired[int]


class BellTowerSet(TypedDict):
    """bell_tower_set."""

    seat: int
    complete_at: int
