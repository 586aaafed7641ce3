"""Citadels' events: each type's payload (the parts of `rules_kit.events`, typed), the codec and the upcasters.

Each event type declares its `public` part, and its `private` (per seat) and `secret` parts when it has them,
in `PAYLOADS` (the TypedDicts are in `payloads`): the fold and the abilities read an event through its
declared part (`typing.cast`: the stored JSON is the dict itself, so stored logs replay as they are).

`decode` upcasts older format versions to the current one:
* v1 (the base game): `game_set_up` names no character set and no purples.
* v2 (Die dunklen Lande): `game_set_up` names them publicly (`characters`, `purple`); every other type
  of v1 reads the same in v2.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from rules_kit.events import Event, EventCodec, Payload, encode, redact

from .cards import DISTRICTS, Colour
from .options import resolve
from .payloads import (
    ArmoryUsed,
    BellTowerSet,
    BonusGold,
    CardKept,
    CardsDiscarded,
    CardsDrawn,
    CardsPart,
    CardTaken,
    CharacterCalled,
    CharacterPart,
    Counted,
    CrownPassed,
    DeckPart,
    DeckSearched,
    DistrictAdorned,
    DistrictBuilt,
    DistrictDestroyed,
    DistrictPart,
    DistrictsExchanged,
    FaceDownPart,
    GameEnded,
    GameSetUp,
    GameSetUpSecret,
    GoldPaid,
    GoldStolen,
    HandLookedAt,
    HandPart,
    HandsSwapped,
    NavigatorTook,
    RoundEnded,
    RoundStarted,
    RoundStartedSecret,
    Seat,
    SeatAmount,
    SeatCharacter,
    SeatDistrict,
    SmithyUsed,
    Thanked,
    TurnLost,
    WishesPart,
    WitchTookOver,
)

EVENT_SCHEMA_VERSION = 2


class Parts(NamedTuple):
    """The declared parts of one event type (None: the type has no such part)."""

    public: type
    private: type | None = None
    secret: type | None = None


PAYLOADS: dict[str, Parts] = {
    "game_set_up": Parts(GameSetUp, HandPart, GameSetUpSecret),
    "round_started": Parts(RoundStarted, FaceDownPart, RoundStartedSecret),
    "character_chosen": Parts(Seat, CharacterPart),
    "character_discarded": Parts(Seat, CharacterPart),
    "face_down_offered": Parts(Seat, CharacterPart),
    "character_revealed": Parts(CharacterCalled),
    "hospital_turn": Parts(CharacterCalled),
    "witch_took_over": Parts(WitchTookOver),
    "thanked": Parts(Thanked),
    "turn_lost": Parts(TurnLost),
    "turn_ended": Parts(SeatCharacter),
    "round_ended": Parts(RoundEnded),
    "game_ended": Parts(GameEnded),
    "player_resigned": Parts(Seat),
    "character_killed": Parts(SeatCharacter),
    "character_robbed": Parts(SeatCharacter),
    "character_bewitched": Parts(SeatCharacter),
    "gold_stolen": Parts(GoldStolen),
    "crown_passed": Parts(CrownPassed),
    "gold_taken": Parts(SeatAmount),
    "income_collected": Parts(SeatAmount),
    "bonus_gold": Parts(BonusGold),
    "gold_paid": Parts(GoldPaid),
    "navigator_took": Parts(NavigatorTook),
    "cards_drawn": Parts(CardsDrawn, CardsPart),
    "deck_reshuffled": Parts(Counted, None, DeckPart),
    "card_kept": Parts(CardKept, DistrictPart),
    "cards_discarded": Parts(CardsDiscarded),
    "hands_swapped": Parts(HandsSwapped, HandPart),
    "hand_looked_at": Parts(HandLookedAt, HandPart),
    "card_taken": Parts(CardTaken, DistrictPart),
    "laboratory_used": Parts(SeatDistrict),
    "smithy_used": Parts(SmithyUsed),
    "museum_used": Parts(Seat, DistrictPart),
    "deck_searched": Parts(DeckSearched, CardsPart),
    "deck_search_declined": Parts(Seat),
    "deck_card_kept": Parts(Seat, DistrictPart, DeckPart),
    "district_built": Parts(DistrictBuilt),
    "district_destroyed": Parts(DistrictDestroyed),
    "graveyard_offered": Parts(SeatDistrict),
    "graveyard_used": Parts(SeatDistrict),
    "graveyard_declined": Parts(Seat),
    "districts_exchanged": Parts(DistrictsExchanged),
    "district_adorned": Parts(DistrictAdorned),
    "armory_used": Parts(ArmoryUsed),
    "bell_tower_set": Parts(BellTowerSet),
    "wishes_set": Parts(Seat, WishesPart),
}
"""Every event type of Citadels and the TypedDicts of its parts."""


def _upcast_1_to_2(event: Event) -> Event:
    public = event.public
    if event.type == "game_set_up":
        rules = resolve(cast(GameSetUpSecret, event.secret)["options"], cast(GameSetUp, public)["players"])
        purple = sorted({d for d in rules.deck if DISTRICTS[d].colour == Colour.PURPLE})
        public = {**public, "characters": list(rules.characters), "purple": purple}
    return Event(event.type, public, event.private, event.secret, 2)


CODEC = EventCodec(EVENT_SCHEMA_VERSION, {1: _upcast_1_to_2})
decode = CODEC.decode

__all__ = ["CODEC", "EVENT_SCHEMA_VERSION", "PAYLOADS", "Event", "Payload", "decode", "encode", "redact"]
