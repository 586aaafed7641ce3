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
        # Die dunklen Lande (Dark City): texts of seed 000, costs of the classic card list.
        _district(
            "great_wall", "Große Mauer", "Great Wall", P, 6, 1,
            text_de="Der Söldner zahlt 1 Gold mehr, um eines deiner Bauwerke (auch die Mauer) zu entfernen.",
            text_en="The Warlord pays 1 gold more to destroy any of your districts (the Wall included).",
        ),
        _district(
            "quarry", "Steinbruch", "Quarry", P, 5, 1,
            text_de="Du darfst gleiche Bauwerke bauen; je gleichem Bauwerk in deiner Stadt kostet es 1 Gold"
            " weniger (mindestens 1).",
            text_en="You may build identical districts; each costs 1 gold less per identical district already"
            " in your city (at least 1).",
        ),
        _district(
            "wishing_well", "Wunschbrunnen", "Wishing Well", P, 5, 1,
            text_de="Bei Spielende 1 Punkt je anderem violettem Bauwerk.",
            text_en="At the end, 1 point per other purple district.",
        ),
        _district(
            "imperial_treasury", "Schatzkammer", "Imperial Treasury", P, 4, 1,
            text_de="Bei Spielende 1 Punkt je Goldstück.", text_en="At the end, 1 point per gold.",
        ),
        _district(
            "map_room", "Kartenraum", "Map Room", P, 5, 1,
            text_de="Bei Spielende 1 Punkt je Handkarte.", text_en="At the end, 1 point per card in hand.",
        ),
        _district(
            "hospital", "Hospital", "Hospital", P, 6, 1,
            text_de="Wirst du gemeuchelt, nimmst du trotzdem dein Einkommen (ohne Charaktereigenschaften);"
            " danach endet dein Zug.",
            text_en="If you are killed, you still take your income (without character powers); then your"
            " turn ends.",
        ),
        _district(
            "poor_house", "Armenhaus", "Poor House", P, 5, 1,
            text_de="Hast du nach deinem Zug kein Gold, erhältst du 1 Gold (nach den Steuern).",
            text_en="If you have no gold after your turn, take 1 gold (after the taxes).",
        ),
        _district(
            "lighthouse", "Leuchtturm", "Lighthouse", P, 3, 1,
            text_de="Wenn du ihn baust: durchsuche den Stapel, behalte eine Karte; dann wird gemischt.",
            text_en="When you build it: search the deck, keep one card; then the deck is shuffled.",
        ),
        _district(
            "park", "Park", "Park", P, 6, 1,
            text_de="Hast du am Ende deines Zuges keine Handkarte, ziehst du 2 Karten.",
            text_en="If your hand is empty at the end of your turn, draw 2 cards.",
        ),
        _district(
            "armory", "Pulverturm", "Armory", P, 3, 1,
            text_de="In deinem Zug: sprenge ihn und zerstöre damit ein Bauwerk eines Mitspielers; beide auf"
            " den Ablagestapel.",
            text_en="In your turn: blow it up to destroy one district of another player; both to the discard"
            " pile.",
        ),
        _district(
            "ball_room", "Ballsaal", "Ball Room", P, 6, 1,
            text_de="Hast du die Krone, muss jeder Mitspieler nach seinem Aufruf zuerst „Danke, Euer Exzellenz“"
            " sagen, sonst verliert er seinen ganzen Zug.",
            text_en="While you hold the crown, every other player, when called, must first say \"Thank you,"
            " Your Excellency\" or lose the whole turn.",
        ),
        _district(
            "factory", "Fabrik", "Factory", P, 6, 1,
            text_de="Jedes weitere violette Bauwerk kostet dich 1 Gold weniger (nicht für Wertung, Söldner,"
            " Diplomat).",
            text_en="Every further purple district costs you 1 gold less (not for scoring, Warlord, Diplomat).",
        ),
        _district(
            "museum", "Museum", "Museum", P, 4, 1,
            text_de="Einmal pro Zug: schiebe eine Handkarte darunter; bei Spielende 1 Punkt je Karte.",
            text_en="Once per turn: tuck a hand card under it; at the end, 1 point per card.",
        ),
        _district(
            "bell_tower", "Glockenturm", "Bell Tower", P, 5, 1,
            text_de="Wenn du ihn baust, entscheidest du: das Spiel endet nach dem 7. oder dem 8. Bauwerk."
            " Zerstört: wieder 8.",
            text_en="When you build it, decide: the game ends at the 7th or the 8th district. Destroyed:"
            " back to 8.",
        ),
        _district(
            "throne_room", "Thronsaal", "Throne Room", P, 6, 1,
            text_de="Jedes Mal, wenn die Krone den Besitzer wechselt, erhältst du 1 Gold.",
            text_en="Each time the crown changes hands, take 1 gold.",
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
        # Die dunklen Lande (Dark City): the texts of seed 000, condensed.
        Character(
            "witch", 1, "Hexe", "Witch", None,
            "Nimmt ihr Einkommen und verhext einen Charakter; ihr Zug endet. Der Verhexte nimmt nur sein"
            " Einkommen; die Hexe spielt seinen Zug mit seinen Fähigkeiten weiter und baut in ihrer eigenen"
            " Stadt. Ein verhexter König erhält trotzdem die Krone.",
            "Takes her income and bewitches a character; her turn ends. The bewitched takes only his income;"
            " the Witch plays the rest of his turn with his powers, building in her own city. A bewitched King"
            " still takes the crown.",
        ),
        Character(
            "tax_collector", 2, "Steuereintreiber", "Tax Collector", None,
            "Erhält 1 Gold von jedem Spieler, der in dieser Runde baut und am Ende seines Zuges noch Gold hat;"
            " Meuchler und Hexe zahlen, sobald er sich zeigt.",
            "Takes 1 gold from each player who builds this round and has gold left at the end of the turn;"
            " the Assassin and the Witch pay when he reveals.",
        ),
        Character(
            "wizard", 3, "Beschwörer", "Wizard", None,
            "Sieht die Handkarten eines Spielers an und nimmt eine davon: auf die Hand oder sofort gebaut"
            " (zusätzlich zum normalen Bau, zu vollen Kosten).",
            "Looks at a player's hand and takes one card: into his hand, or built at once (in addition to"
            " the normal build, at full cost).",
        ),
        Character(
            "emperor", 4, "Intrigant", "Emperor", Y,
            "1 Gold je gelbem Bauwerk; gibt die Krone einem anderen Spieler (nicht sich, nicht dem Besitzer).",
            "1 gold per yellow district; gives the crown to another player (not himself, not its holder).",
        ),
        Character(
            "abbot", 5, "Ablassprediger", "Abbot", B,
            "1 Gold je blauem Bauwerk; der reichste Spieler zahlt ihm 1 Gold (nichts bei Gleichstand oder wenn"
            " er selbst der Reichste ist).",
            "1 gold per blue district; the richest player pays him 1 gold (nothing on a tie or if he is the"
            " richest).",
        ),
        Character(
            "alchemist", 6, "Alchemist", "Alchemist", None,
            "Erhält am Ende seines Zuges alles Gold zurück, das er in diesem Zug für Bauwerke bezahlt hat.",
            "At the end of his turn gets back all the gold he paid for districts in this turn.",
        ),
        Character(
            "navigator", 7, "Eroberer", "Navigator", None,
            "Erhält nach seinem Einkommen zusätzlich 4 Karten oder 4 Gold; darf nicht bauen.",
            "After his income also takes 4 cards or 4 gold; may not build.",
        ),
        Character(
            "diplomat", 8, "Diplomat", "Diplomat", R,
            "1 Gold je rotem Bauwerk; tauscht ein eigenes Bauwerk gegen eines eines Mitspielers und zahlt die"
            " Differenz, wenn dessen teurer ist (nicht den Wehrturm, nicht die des Predigers).",
            "1 gold per red district; exchanges one of his districts with another player's, paying the"
            " difference if theirs costs more (not the Keep, not the Bishop's).",
        ),
        Character(
            "artist", 9, "Künstler", "Artist", None,
            "Verschönert 1 oder 2 eigene Bauwerke mit je 1 Gold: jedes zählt 1 mehr (Punkte, Söldner, Diplomat).",
            "Adorns 1 or 2 of his districts with 1 gold each: each is worth 1 more (points, Warlord, Diplomat).",
        ),
        Character(
            "queen", 9, "Königin", "Queen", None,
            "Erhält 3 Gold, wenn sie zu Beginn ihres Zuges neben dem Besitzer der Krone sitzt. Ab 5 Spielern.",
            "Takes 3 gold if at the start of her turn she sits next to the crown's holder. 5 or more players.",
        ),
    )
}

DARK_CITY_CHARACTERS: tuple[str, ...] = (
    "witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat", "artist", "queen",
)
BASE_CHARACTERS: tuple[str, ...] = tuple(c for c in CHARACTERS if c not in DARK_CITY_CHARACTERS)
DARK_CITY_PURPLE: tuple[str, ...] = (
    "great_wall", "quarry", "wishing_well", "imperial_treasury", "map_room", "hospital", "poor_house",
    "lighthouse", "park", "armory", "ball_room", "factory", "museum", "bell_tower", "throne_room",
)
BASE_PURPLE: tuple[str, ...] = tuple(
    d.id for d in DISTRICTS.values() if d.colour == Colour.PURPLE and d.id not in DARK_CITY_PURPLE
)
COLOURED: tuple[str, ...] = tuple(d.id for d in DISTRICTS.values() if d.colour != Colour.PURPLE)


def deck_of(purple: tuple[str, ...]) -> tuple[str, ...]:
    """The deck's cards in card-list order: the 54 coloured districts and the given purples, with copies."""
    return tuple(d.id for d in DISTRICTS.values() if d.id in COLOURED or d.id in purple for _ in range(d.copies))


BASE_DECK: tuple[str, ...] = deck_of(BASE_PURPLE)


def district(id: str) -> District:
    """The district with this id (KeyError for an unknown id)."""
    return DISTRICTS[id]


def character(id: str) -> Character:
    """The character with this id (KeyError for an unknown id)."""
    return CHARACTERS[id]
