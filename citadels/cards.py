"""Card data: every district and character, with German and English names.

This is data, kept in one place. Ids are stable English snake_case; display names and texts are for
views and emails. Costs are also the points a district scores, except where `points` says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Colour(StrEnum):
    """The five district colours."""

    YELLOW = "yellow"
    BLUE = "blue"
    GREEN = "green"
    RED = "red"
    PURPLE = "purple"


@dataclass(frozen=True, slots=True)
class District:
    """One kind of district card (the deck holds `copies` of it)."""

    id: str
    name_de: str
    name_en: str
    colour: Colour
    cost: int
    copies: int
    points: int
    text_de: str = ""
    text_en: str = ""


@dataclass(frozen=True, slots=True)
class Character:
    """One character card."""

    id: str
    rank: int
    name_de: str
    name_en: str
    colour: Colour | None  # the colour whose districts pay this character income
    text_de: str
    text_en: str


def _district(
    id: str, de: str, en: str, colour: Colour, cost: int, copies: int,
    points: int | None = None, text_de: str = "", text_en: str = "",
) -> District:
    return District(id, de, en, colour, cost, copies, cost if points is None else points, text_de, text_en)


Y, B, G, R, P = Colour.YELLOW, Colour.BLUE, Colour.GREEN, Colour.RED, Colour.PURPLE

DISTRICTS: dict[str, District] = {
    d.id: d
    for d in (
        _district("manor", "Herrenhaus", "Manor", Y, 3, 5),
        _district("castle", "Schloss", "Castle", Y, 4, 4),
        _district("palace", "Palast", "Palace", Y, 5, 3),
        _district("temple", "Tempel", "Temple", B, 1, 3),
        _district("church", "Kirche", "Church", B, 2, 3),
        _district("monastery", "Kloster", "Monastery", B, 3, 3),
        _district("cathedral", "Kathedrale", "Cathedral", B, 5, 2),
        _district("tavern", "Taverne", "Tavern", G, 1, 5),
        _district("market", "Markt", "Market", G, 2, 4),
        _district("trading_post", "Handelsposten", "Trading Post", G, 2, 3),
        _district("docks", "Kontor", "Docks", G, 3, 3),
        _district("harbor", "Hafen", "Harbor", G, 4, 3),
        _district("town_hall", "Rathaus", "Town Hall", G, 5, 2),
        _district("watchtower", "Wachturm", "Watchtower", R, 1, 3),
        _district("prison", "Gefängnis", "Prison", R, 2, 3),
        _district("battlefield", "Turnierplatz", "Battlefield", R, 3, 3),
        _district("fortress", "Festung", "Fortress", R, 5, 2),
        _district(
            "haunted_city", "Hof der Wunder", "Haunted City", P, 2, 1,
            text_de="Zählt bei Spielende als eine Farbe deiner Wahl (nicht, wenn in der letzten Runde gebaut).",
            text_en="At the end counts as any one colour of your choice (not if built in the last round).",
        ),
        _district(
            "keep", "Wehrturm", "Keep", P, 3, 2,
            text_de="Kann vom Söldner nicht entfernt werden.",
            text_en="Cannot be destroyed by the Warlord.",
        ),
        _district(
            "laboratory", "Laboratorium", "Laboratory", P, 5, 1,
            text_de="Einmal pro Zug: lege 1 Handkarte ab und nimm 1 Gold.",
            text_en="Once per turn: discard 1 card from your hand to take 1 gold.",
        ),
        _district(
            "smithy", "Schmiede", "Smithy", P, 5, 1,
            text_de="Einmal pro Zug: zahle 2 Gold und ziehe 3 Karten.",
            text_en="Once per turn: pay 2 gold to draw 3 cards.",
        ),
        _district(
            "observatory", "Observatorium", "Observatory", P, 5, 1,
            text_de="Wenn du Karten als Einkommen nimmst, ziehe 3 und behalte 1.",
            text_en="When you draw cards as income, draw 3 and keep 1.",
        ),
        _district(
            "graveyard", "Friedhof", "Graveyard", P, 5, 1,
            text_de="Entfernt der Söldner ein Bauwerk, darfst du 1 Gold zahlen und es auf die Hand nehmen.",
            text_en="When the Warlord destroys a district, you may pay 1 gold to take it into your hand.",
        ),
        _district(
            "library", "Bibliothek", "Library", P, 6, 1,
            text_de="Wenn du Karten als Einkommen nimmst, behältst du alle gezogenen Karten.",
            text_en="When you draw cards as income, keep all the cards you drew.",
        ),
        _district(
            "school_of_magic", "Zauberschule", "School of Magic", P, 6, 1,
            text_de="Zählt für das Einkommen deines Charakters als dessen Farbe.",
            text_en="Counts as your character's colour for its income.",
        ),
        _district(
            "university", "Universität", "University", P, 6, 1, points=8,
            text_de="Kostet 6, zählt 8 Punkte.", text_en="Costs 6, worth 8 points.",
        ),
        _district(
            "dragon_gate", "Drachentor", "Dragon Gate", P, 6, 1, points=8,
            text_de="Kostet 6, zählt 8 Punkte.", text_en="Costs 6, worth 8 points.",
        ),
    )
}

CHARACTERS: dict[str, Character] = {
    c.id: c
    for c in (
        Character(
            "assassin", 1, "Meuchler", "Assassin", None,
            "Benennt einen Charakter; dieser setzt die Runde aus.",
            "Names a character, who loses this round's turn.",
        ),
        Character(
            "thief", 2, "Dieb", "Thief", None,
            "Benennt einen Charakter (nicht den Meuchler oder den Gemeuchelten) und nimmt sein Gold,"
            " wenn er sich zeigt.",
            "Names a character (not the Assassin or the killed one) and takes its gold when it reveals.",
        ),
        Character(
            "magician", 3, "Magier", "Magician", None,
            "Tauscht alle Handkarten mit einem Mitspieler oder legt beliebig viele ab und zieht so viele nach.",
            "Swaps hands with another player, or discards any cards and draws as many.",
        ),
        Character(
            "king", 4, "König", "King", Y,
            "Erhält die Krone; 1 Gold je gelbem Bauwerk.", "Takes the crown; 1 gold per yellow district.",
        ),
        Character(
            "bishop", 5, "Prediger", "Bishop", B,
            "Der Söldner kann seine Bauwerke nicht entfernen; 1 Gold je blauem Bauwerk.",
            "The Warlord cannot destroy his districts; 1 gold per blue district.",
        ),
        Character(
            "merchant", 6, "Händler", "Merchant", G,
            "Erhält 1 Gold; 1 Gold je grünem Bauwerk.", "Takes 1 gold; 1 gold per green district.",
        ),
        Character(
            "architect", 7, "Baumeister", "Architect", None,
            "Erhält 2 Karten; darf bis zu 3 Bauwerke bauen.", "Draws 2 cards; may build up to 3 districts.",
        ),
        Character(
            "warlord", 8, "Söldner", "Warlord", R,
            "Entfernt ein Bauwerk für Kosten - 1; 1 Gold je rotem Bauwerk.",
            "Destroys a district for its cost - 1; 1 gold per red district.",
        ),
    )
}

BASE_CHARACTERS: tuple[str, ...] = tuple(CHARACTERS)
BASE_DECK: tuple[str, ...] = tuple(d.id for d in DISTRICTS.values() for _ in range(d.copies))


def district(id: str) -> District:
    """The district with this id (KeyError for an unknown id)."""
    return DISTRICTS[id]


def character(id: str) -> Character:
    """The character with this id (KeyError for an unknown id)."""
    return CHARACTERS[id]
