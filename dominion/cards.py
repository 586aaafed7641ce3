"""Every card of Dominion (basic cards) with Dark Ages and the base game's kingdom cards (both editions): names in German and English, cost, types, texts.

The website reads names and texts from here. Texts are the current official wordings, paraphrased
(../shared/reference/dominion-dark-ages.md); docs/rulings-dominion.md says where they differ from the 2012
German rulebook.
"""

from __future__ import annotations

from typing import NamedTuple

ACTION, TREASURE, VICTORY, CURSE = "action", "treasure", "victory", "curse"
REACTION, ATTACK, LOOTER, COMMAND = "reaction", "attack", "looter", "command"
KNIGHT, RUINS, SHELTER = "knight", "ruins", "shelter"


class Card(NamedTuple):
    """One card name: every physical card of that name shares these facts."""

    id: str
    de: str
    en: str
    cost: int
    types: frozenset[str]
    text_en: str
    text_de: str
    coins: int = 0  # what a Treasure makes when played
    vp: int = 0  # fixed victory points (Feodum counts Silvers instead)

    def has(self, kind: str) -> bool:
        """Whether this card is of type `kind` (combined types count for each of their types)."""
        return kind in self.types


def _card(
    id: str, de: str, en: str, cost: int, types: str, text_en: str, text_de: str, coins: int = 0, vp: int = 0,
) -> Card:
    return Card(id, de, en, cost, frozenset(types.split()), text_en, text_de, coins, vp)


_ALL = [
    # basic cards
    _card("copper", "Kupfer", "Copper", 0, "treasure", "$1", "1 Geld", coins=1),
    _card("silver", "Silber", "Silver", 3, "treasure", "$2", "2 Geld", coins=2),
    _card("gold", "Gold", "Gold", 6, "treasure", "$3", "3 Geld", coins=3),
    _card("estate", "Anwesen", "Estate", 2, "victory", "1 VP", "1 Siegpunkt", vp=1),
    _card("duchy", "Herzogtum", "Duchy", 5, "victory", "3 VP", "3 Siegpunkte", vp=3),
    _card("province", "Provinz", "Province", 8, "victory", "6 VP", "6 Siegpunkte", vp=6),
    _card("curse", "Fluch", "Curse", 0, "curse", "-1 VP", "-1 Siegpunkt", vp=-1),
    # the 34 kingdom cards other than the Knights
    _card("poor_house", "Armenhaus", "Poor House", 1, "action",
          "+$4. Reveal your hand. -$1 per Treasure in it (not below $0).",
          "+4 Geld. Decke deine Hand auf. -1 Geld pro Geldkarte darin (nicht unter 0)."),
    _card("beggar", "Bettler", "Beggar", 2, "action reaction",
          "Gain 3 Coppers to your hand. When another player plays an Attack, you may first discard this "
          "to gain 2 Silvers, one onto your deck.",
          "Nimm 3 Kupfer auf die Hand. Wenn ein Mitspieler einen Angriff ausspielt, darfst du diese Karte "
          "ablegen: nimm 2 Silber, eines davon auf deinen Nachziehstapel."),
    _card("squire", "Knappe", "Squire", 2, "action",
          "+$1. Choose one: +2 Actions; +2 Buys; gain a Silver. When you trash this, gain an Attack card.",
          "+1 Geld. Wähle: +2 Aktionen; +2 Käufe; nimm ein Silber. Wenn du diese Karte entsorgst, nimm "
          "eine Angriffskarte."),
    _card("vagrant", "Landstreicher", "Vagrant", 2, "action",
          "+1 Card, +1 Action. Reveal the top card of your deck; a Curse, Ruins, Shelter or Victory card "
          "goes to your hand.",
          "+1 Karte, +1 Aktion. Decke die oberste Karte deines Nachziehstapels auf; Fluch, Ruine, "
          "Unterschlupf oder Punktekarte nimmst du auf die Hand."),
    _card("forager", "Mundraub", "Forager", 3, "action",
          "+1 Action, +1 Buy. Trash a card from your hand. +$1 per differently named Treasure in the trash.",
          "+1 Aktion, +1 Kauf. Entsorge eine Handkarte. +1 Geld pro Geldkarte mit anderem Namen im Müll."),
    _card("hermit", "Eremit", "Hermit", 3, "action",
          "Look through your discard pile. You may trash a non-Treasure from it or your hand. Gain a card "
          "costing up to $3. When you discard this from play, if you bought nothing this turn, trash it "
          "and gain a Madman.",
          "Sieh deinen Ablagestapel durch. Du darfst eine Nicht-Geldkarte daraus oder von der Hand "
          "entsorgen. Nimm eine Karte bis 3. Legst du diese Karte aus dem Spiel ab und hast nichts "
          "gekauft: entsorge sie und nimm einen Verrückten."),
    _card("market_square", "Marktplatz", "Market Square", 3, "action reaction",
          "+1 Card, +1 Action, +1 Buy. When one of your cards is trashed, you may discard this from your "
          "hand to gain a Gold.",
          "+1 Karte, +1 Aktion, +1 Kauf. Wenn du eine Karte entsorgst, darfst du diese Karte von der Hand "
          "ablegen: nimm ein Gold."),
    _card("sage", "Weiser", "Sage", 3, "action",
          "+1 Action. Reveal cards from your deck until one costing $3 or more; put it in your hand, "
          "discard the rest.",
          "+1 Aktion. Decke Karten auf, bis eine mindestens 3 kostet; nimm sie auf die Hand, lege den Rest "
          "ab."),
    _card("storeroom", "Lagerraum", "Storeroom", 3, "action",
          "+1 Buy. Discard any number of cards, then draw that many. Then discard any number for +$1 each.",
          "+1 Kauf. Lege beliebig viele Karten ab, ziehe ebenso viele. Dann lege beliebig viele ab: +1 "
          "Geld pro Karte."),
    _card("urchin", "Gassenjunge", "Urchin", 3, "action attack",
          "+1 Card, +1 Action. Each other player discards down to 4. When you play another Attack with "
          "this in play, you may first trash this to gain a Mercenary.",
          "+1 Karte, +1 Aktion. Jeder Mitspieler legt bis auf 4 Handkarten ab. Spielst du einen weiteren "
          "Angriff, während diese Karte im Spiel ist, darfst du sie zuerst entsorgen: nimm einen Söldner."),
    _card("armory", "Waffenkammer", "Armory", 4, "action",
          "Gain a card costing up to $4 onto your deck.",
          "Nimm eine Karte bis 4 auf deinen Nachziehstapel."),
    _card("death_cart", "Leichenkarren", "Death Cart", 4, "action looter",
          "You may trash this or an Action card from your hand, for +$5. When you gain this, gain 2 Ruins.",
          "Du darfst diese Karte oder eine Aktionskarte von der Hand entsorgen: +5 Geld. Wenn du diese "
          "Karte nimmst, nimm 2 Ruinen."),
    _card("feodum", "Lehen", "Feodum", 4, "victory",
          "1 VP per 3 Silvers you have. When you trash this, gain 3 Silvers.",
          "1 Siegpunkt pro 3 Silber. Wenn du diese Karte entsorgst, nimm 3 Silber."),
    _card("fortress", "Festung", "Fortress", 4, "action",
          "+1 Card, +2 Actions. When you trash this, put it into your hand.",
          "+1 Karte, +2 Aktionen. Wenn du diese Karte entsorgst, nimm sie auf die Hand."),
    _card("ironmonger", "Eisenhändler", "Ironmonger", 4, "action",
          "+1 Card, +1 Action. Reveal the top card of your deck; you may discard it. Action: +1 Action; "
          "Treasure: +$1; Victory: +1 Card.",
          "+1 Karte, +1 Aktion. Decke die oberste Karte auf; du darfst sie ablegen. Aktion: +1 Aktion; "
          "Geld: +1 Geld; Punkte: +1 Karte."),
    _card("marauder", "Marodeur", "Marauder", 4, "action attack looter",
          "Gain a Spoils. Each other player gains a Ruins.",
          "Nimm eine Beute. Jeder Mitspieler nimmt eine Ruine."),
    _card("procession", "Prozession", "Procession", 4, "action",
          "You may play an Action card from your hand twice. Trash it. Gain an Action card costing exactly "
          "$1 more.",
          "Du darfst eine Aktionskarte von der Hand zweimal ausspielen. Entsorge sie. Nimm eine "
          "Aktionskarte, die genau 1 mehr kostet."),
    _card("rats", "Ratten", "Rats", 4, "action",
          "+1 Card, +1 Action. Gain a Rats. Trash a card from your hand other than Rats (or reveal a hand "
          "of only Rats). When you trash this, +1 Card.",
          "+1 Karte, +1 Aktion. Nimm Ratten. Entsorge eine Handkarte außer Ratten (oder decke eine Hand "
          "nur aus Ratten auf). Wenn du diese Karte entsorgst: +1 Karte."),
    _card("scavenger", "Lumpensammler", "Scavenger", 4, "action",
          "+$2. You may put your deck into your discard pile. Put a card from your discard pile onto your "
          "deck.",
          "+2 Geld. Du darfst deinen Nachziehstapel ablegen. Lege eine Karte aus deinem Ablagestapel auf "
          "deinen Nachziehstapel."),
    _card("wandering_minstrel", "Barde", "Wandering Minstrel", 4, "action",
          "+1 Card, +2 Actions. Reveal the top 3 cards of your deck; put the Actions back in any order, "
          "discard the rest.",
          "+1 Karte, +2 Aktionen. Decke die obersten 3 Karten auf; Aktionskarten zurück in beliebiger "
          "Reihenfolge, den Rest ablegen."),
    _card("band_of_misfits", "Vogelfreie", "Band of Misfits", 5, "action command",
          "Play a non-Command Action card from the Supply that costs less than this, leaving it there.",
          "Spiele eine Nicht-Befehls-Aktionskarte aus dem Vorrat, die weniger kostet als diese; sie bleibt "
          "dort."),
    _card("bandit_camp", "Banditenlager", "Bandit Camp", 5, "action",
          "+1 Card, +2 Actions. Gain a Spoils.", "+1 Karte, +2 Aktionen. Nimm eine Beute."),
    _card("catacombs", "Katakomben", "Catacombs", 5, "action",
          "Look at the top 3 cards of your deck. Put them into your hand, or discard them and +3 Cards. "
          "When you trash this, gain a cheaper card.",
          "Sieh dir die obersten 3 Karten an. Nimm sie auf die Hand, oder lege sie ab und +3 Karten. Wenn "
          "du diese Karte entsorgst, nimm eine billigere Karte."),
    _card("count", "Graf", "Count", 5, "action",
          "Choose one: discard 2 cards; put a card from your hand onto your deck; gain a Copper. Choose "
          "one: +$3; trash your hand; gain a Duchy.",
          "Wähle: lege 2 Karten ab; lege eine Handkarte auf deinen Nachziehstapel; nimm ein Kupfer. Wähle: "
          "+3 Geld; entsorge deine Hand; nimm ein Herzogtum."),
    _card("counterfeit", "Falschgeld", "Counterfeit", 5, "treasure",
          "$1, +1 Buy. You may play a Treasure from your hand twice; if you do, trash it.",
          "1 Geld, +1 Kauf. Du darfst eine Geldkarte von der Hand zweimal ausspielen; dann entsorge sie.",
          coins=1),
    _card("cultist", "Kultist", "Cultist", 5, "action attack looter",
          "+2 Cards. Each other player gains a Ruins. You may play a Cultist from your hand. When you trash "
          "this, +3 Cards.",
          "+2 Karten. Jeder Mitspieler nimmt eine Ruine. Du darfst einen Kultisten von der Hand ausspielen. "
          "Wenn du diese Karte entsorgst: +3 Karten."),
    _card("graverobber", "Grabräuber", "Graverobber", 5, "action",
          "Choose one: gain a card from the trash costing $3 to $6, onto your deck; or trash an Action "
          "card from your hand and gain a card costing up to $3 more.",
          "Wähle: nimm eine Karte aus dem Müll, die 3 bis 6 kostet, auf deinen Nachziehstapel; oder "
          "entsorge eine Aktionskarte von der Hand und nimm eine Karte, die bis zu 3 mehr kostet."),
    _card("junk_dealer", "Schrotthändler", "Junk Dealer", 5, "action",
          "+1 Card, +1 Action, +$1. Trash a card from your hand.",
          "+1 Karte, +1 Aktion, +1 Geld. Entsorge eine Handkarte."),
    _card("mystic", "Medium", "Mystic", 5, "action",
          "+1 Action, +$2. Name a card. Reveal the top card of your deck; if it is the named card, put it "
          "into your hand.",
          "+1 Aktion, +2 Geld. Benenne eine Karte. Decke die oberste Karte auf; ist es die benannte, nimm "
          "sie auf die Hand."),
    _card("pillage", "Raubzug", "Pillage", 5, "action attack",
          "Trash this. If you did, gain 2 Spoils, and each other player with 5 or more cards in hand "
          "reveals it and discards a card that you choose.",
          "Entsorge diese Karte. Wenn du das getan hast: nimm 2 Beute; jeder Mitspieler mit mindestens 5 "
          "Handkarten deckt sie auf und legt eine von dir gewählte Karte ab."),
    _card("rebuild", "Neubau", "Rebuild", 5, "action",
          "+1 Action. Name a card. Reveal cards until a Victory card you did not name; discard the rest, "
          "trash it, and gain a Victory card costing up to $3 more.",
          "+1 Aktion. Benenne eine Karte. Decke Karten auf bis zu einer nicht benannten Punktekarte; lege "
          "den Rest ab, entsorge sie und nimm eine Punktekarte, die bis zu 3 mehr kostet."),
    _card("rogue", "Schurke", "Rogue", 5, "action attack",
          "+$2. If the trash holds a card costing $3 to $6, gain one of them. Otherwise each other player "
          "reveals the top 2 cards of their deck, trashes one costing $3 to $6, and discards the rest.",
          "+2 Geld. Liegt im Müll eine Karte, die 3 bis 6 kostet, nimm eine davon. Sonst deckt jeder "
          "Mitspieler die obersten 2 Karten auf, entsorgt eine, die 3 bis 6 kostet, und legt den Rest ab."),
    _card("altar", "Altar", "Altar", 6, "action",
          "Trash a card from your hand. Gain a card costing up to $5.",
          "Entsorge eine Handkarte. Nimm eine Karte bis 5."),
    _card("hunting_grounds", "Jagdgründe", "Hunting Grounds", 6, "action",
          "+4 Cards. When you trash this, gain a Duchy or 3 Estates.",
          "+4 Karten. Wenn du diese Karte entsorgst, nimm ein Herzogtum oder 3 Anwesen."),
]

_KNIGHT_EN = "Each other player reveals the top 2 cards of their deck, trashes one costing $3 to $6, and " \
    "discards the rest. If a Knight is trashed by this, trash this card."
_KNIGHT_DE = "Jeder Mitspieler deckt die obersten 2 Karten auf, entsorgt eine, die 3 bis 6 kostet, und legt " \
    "den Rest ab. Wird dabei ein Ritter entsorgt, entsorge diese Karte."
_KNIGHTS = [
    ("dame_anna", "Dame Anna", "Dame Anna", "You may trash up to 2 cards from your hand.",
     "Du darfst bis zu 2 Handkarten entsorgen."),
    ("dame_josephine", "Dame Josephine", "Dame Josephine", "2 VP.", "2 Siegpunkte."),
    ("dame_molly", "Dame Molly", "Dame Molly", "+2 Actions.", "+2 Aktionen."),
    ("dame_natalie", "Dame Natalie", "Dame Natalie", "You may gain a card costing up to $3.",
     "Du darfst eine Karte bis 3 nehmen."),
    ("dame_sylvia", "Dame Sylvia", "Dame Sylvia", "+$2.", "+2 Geld."),
    ("sir_bailey", "Sir Bailey", "Sir Bailey", "+1 Card, +1 Action.", "+1 Karte, +1 Aktion."),
    ("sir_destry", "Sir Destry", "Sir Destry", "+2 Cards.", "+2 Karten."),
    ("sir_martin", "Sir Martin", "Sir Martin", "+2 Buys.", "+2 Käufe."),
    ("sir_michael", "Sir Michael", "Sir Michael", "Each other player discards down to 3 cards in hand.",
     "Jeder Mitspieler legt bis auf 3 Handkarten ab."),
    ("sir_vander", "Sir Vander", "Sir Vander", "When you trash this, gain a Gold.",
     "Wenn du diese Karte entsorgst, nimm ein Gold."),
]
for _id, _de, _en, _own_en, _own_de in _KNIGHTS:
    _types = "action attack knight victory" if _id == "dame_josephine" else "action attack knight"
    _ALL.append(_card(_id, _de, _en, 4 if _id == "sir_martin" else 5, _types, f"{_own_en} {_KNIGHT_EN}",
                      f"{_own_de} {_KNIGHT_DE}", vp=2 if _id == "dame_josephine" else 0))

_ALL += [
    _card("abandoned_mine", "Verlassene Mine", "Abandoned Mine", 0, "action ruins", "+$1.", "+1 Geld."),
    _card("ruined_library", "Zerstörte Bibliothek", "Ruined Library", 0, "action ruins", "+1 Card.",
          "+1 Karte."),
    _card("ruined_market", "Zerstörter Markt", "Ruined Market", 0, "action ruins", "+1 Buy.", "+1 Kauf."),
    _card("ruined_village", "Zerstörtes Dorf", "Ruined Village", 0, "action ruins", "+1 Action.",
          "+1 Aktion."),
    _card("survivors", "Überlebende", "Survivors", 0, "action ruins",
          "Look at the top 2 cards of your deck. Discard them or put them back in any order.",
          "Sieh dir die obersten 2 Karten an. Lege beide ab oder beide in beliebiger Reihenfolge zurück."),
    _card("hovel", "Hütte", "Hovel", 1, "reaction shelter",
          "When you gain a Victory card, you may trash this from your hand.",
          "Wenn du eine Punktekarte nimmst, darfst du diese Karte von der Hand entsorgen."),
    _card("necropolis", "Totenstadt", "Necropolis", 1, "action shelter", "+2 Actions.", "+2 Aktionen."),
    _card("overgrown_estate", "Verfallenes Anwesen", "Overgrown Estate", 1, "victory shelter",
          "0 VP. When you trash this, +1 Card.", "0 Siegpunkte. Wenn du diese Karte entsorgst: +1 Karte."),
    _card("spoils", "Beute", "Spoils", 0, "treasure",
          "$3. When you play this, return it to the Spoils pile.",
          "3 Geld. Wenn du diese Karte ausspielst, lege sie zurück auf den Beute-Stapel.", coins=3),
    _card("madman", "Verrückter", "Madman", 0, "action",
          "+2 Actions. Return this to the Madman pile. If you do, +1 Card per card in your hand.",
          "+2 Aktionen. Lege diese Karte zurück auf den Verrückten-Stapel. Wenn du das tust: +1 Karte pro "
          "Handkarte."),
    _card("mercenary", "Söldner", "Mercenary", 0, "action attack",
          "You may trash 2 cards from your hand. If you did, +2 Cards, +$2, and each other player discards "
          "down to 3 cards in hand.",
          "Du darfst 2 Handkarten entsorgen. Wenn du das tust: +2 Karten, +2 Geld, und jeder Mitspieler "
          "legt bis auf 3 Handkarten ab."),
]

# The Dominion base game's kingdom cards (../shared/reference/dominion-base-game.md): the 26 piles of the
# second edition, then the 6 cards only the first edition had.
_BASE = [
    _card("cellar", "Keller", "Cellar", 2, "action",
          "+1 Action. Discard any number of cards, then draw that many.",
          "+1 Aktion. Lege beliebig viele Handkarten ab, ziehe ebenso viele."),
    _card("chapel", "Kapelle", "Chapel", 2, "action", "Trash up to 4 cards from your hand.",
          "Entsorge bis zu 4 Handkarten."),
    _card("moat", "Burggraben", "Moat", 2, "action reaction",
          "+2 Cards. When another player plays an Attack card, you may first reveal this from your hand, to "
          "be unaffected by it.",
          "+2 Karten. Wenn ein Mitspieler eine Angriffskarte ausspielt, darfst du diese Karte zuerst aus "
          "deiner Hand vorzeigen: der Angriff betrifft dich nicht."),
    _card("harbinger", "Vorbotin", "Harbinger", 3, "action",
          "+1 Card, +1 Action. Look through your discard pile. You may put a card from it onto your deck.",
          "+1 Karte, +1 Aktion. Sieh deinen Ablagestapel durch. Du darfst eine Karte daraus auf deinen "
          "Nachziehstapel legen."),
    _card("merchant", "Händlerin", "Merchant", 3, "action",
          "+1 Card, +1 Action. The first time you play a Silver this turn, +$1.",
          "+1 Karte, +1 Aktion. Wenn du in diesem Zug zum ersten Mal ein Silber ausspielst: +1 Geld."),
    _card("vassal", "Vasall", "Vassal", 3, "action",
          "+$2. Discard the top card of your deck. If it's an Action card, you may play it.",
          "+2 Geld. Lege die oberste Karte deines Nachziehstapels ab. Ist es eine Aktionskarte, darfst du "
          "sie ausspielen."),
    _card("village", "Dorf", "Village", 3, "action", "+1 Card, +2 Actions.", "+1 Karte, +2 Aktionen."),
    _card("workshop", "Werkstatt", "Workshop", 3, "action", "Gain a card costing up to $4.",
          "Nimm eine Karte bis 4."),
    _card("bureaucrat", "Bürokrat", "Bureaucrat", 4, "action attack",
          "Gain a Silver onto your deck. Each other player reveals a Victory card from their hand and puts "
          "it onto their deck (or reveals a hand with no Victory cards).",
          "Nimm ein Silber auf deinen Nachziehstapel. Jeder Mitspieler zeigt eine Punktekarte aus der Hand "
          "vor und legt sie auf seinen Nachziehstapel (oder zeigt eine Hand ohne Punktekarten vor)."),
    _card("gardens", "Gärten", "Gardens", 4, "victory", "Worth 1 VP per 10 cards you have (round down).",
          "1 Siegpunkt pro volle 10 Karten, die du hast."),
    _card("militia", "Miliz", "Militia", 4, "action attack",
          "+$2. Each other player discards down to 3 cards in hand.",
          "+2 Geld. Jeder Mitspieler legt bis auf 3 Handkarten ab."),
    _card("moneylender", "Geldverleiher", "Moneylender", 4, "action",
          "You may trash a Copper from your hand for +$3.",
          "Du darfst ein Kupfer aus deiner Hand entsorgen: +3 Geld."),
    _card("poacher", "Wilddiebin", "Poacher", 4, "action",
          "+1 Card, +1 Action, +$1. Discard a card per empty Supply pile.",
          "+1 Karte, +1 Aktion, +1 Geld. Lege pro leerem Vorratsstapel eine Handkarte ab."),
    _card("remodel", "Umbau", "Remodel", 4, "action",
          "Trash a card from your hand. Gain a card costing up to $2 more than it.",
          "Entsorge eine Handkarte. Nimm eine Karte, die bis zu 2 mehr kostet als sie."),
    _card("smithy", "Schmiede", "Smithy", 4, "action", "+3 Cards.", "+3 Karten."),
    _card("throne_room", "Thronsaal", "Throne Room", 4, "action",
          "You may play an Action card from your hand twice.",
          "Du darfst eine Aktionskarte aus deiner Hand zweimal ausspielen."),
    _card("bandit", "Banditin", "Bandit", 5, "action attack",
          "Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a revealed Treasure "
          "other than Copper, and discards the rest.",
          "Nimm ein Gold. Jeder Mitspieler deckt die obersten 2 Karten seines Nachziehstapels auf, entsorgt "
          "eine aufgedeckte Geldkarte außer Kupfer und legt den Rest ab."),
    _card("council_room", "Ratsversammlung", "Council Room", 5, "action",
          "+4 Cards, +1 Buy. Each other player draws a card.",
          "+4 Karten, +1 Kauf. Jeder Mitspieler zieht eine Karte."),
    _card("festival", "Jahrmarkt", "Festival", 5, "action", "+2 Actions, +1 Buy, +$2.",
          "+2 Aktionen, +1 Kauf, +2 Geld."),
    _card("laboratory", "Laboratorium", "Laboratory", 5, "action", "+2 Cards, +1 Action.",
          "+2 Karten, +1 Aktion."),
    _card("library", "Bibliothek", "Library", 5, "action",
          "Draw until you have 7 cards in hand, skipping any Action cards you choose to; set those aside, "
          "discarding them afterwards.",
          "Ziehe, bis du 7 Karten auf der Hand hast. Gezogene Aktionskarten darfst du beiseitelegen; lege "
          "sie danach ab."),
    _card("market", "Markt", "Market", 5, "action", "+1 Card, +1 Action, +1 Buy, +$1.",
          "+1 Karte, +1 Aktion, +1 Kauf, +1 Geld."),
    _card("mine", "Mine", "Mine", 5, "action",
          "You may trash a Treasure from your hand. Gain a Treasure to your hand costing up to $3 more than "
          "it.",
          "Du darfst eine Geldkarte aus deiner Hand entsorgen. Nimm eine Geldkarte, die bis zu 3 mehr "
          "kostet, auf die Hand."),
    _card("sentry", "Torwächterin", "Sentry", 5, "action",
          "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any number of "
          "them. Put the rest back on top in any order.",
          "+1 Karte, +1 Aktion. Sieh dir die obersten 2 Karten deines Nachziehstapels an. Entsorge und/oder "
          "lege beliebig viele davon ab. Lege den Rest in beliebiger Reihenfolge zurück."),
    _card("witch", "Hexe", "Witch", 5, "action attack", "+2 Cards. Each other player gains a Curse.",
          "+2 Karten. Jeder Mitspieler nimmt einen Fluch."),
    _card("artisan", "Töpferei", "Artisan", 6, "action",
          "Gain a card to your hand costing up to $5. Put a card from your hand onto your deck.",
          "Nimm eine Karte bis 5 auf die Hand. Lege eine Handkarte auf deinen Nachziehstapel."),
    # first edition only
    _card("chancellor", "Kanzler", "Chancellor", 3, "action",
          "+$2. You may immediately put your deck into your discard pile.",
          "+2 Geld. Du darfst sofort deinen Nachziehstapel auf deinen Ablagestapel legen."),
    _card("woodcutter", "Holzfäller", "Woodcutter", 3, "action", "+1 Buy, +$2.", "+1 Kauf, +2 Geld."),
    _card("feast", "Festmahl", "Feast", 4, "action", "Trash this card. Gain a card costing up to $5.",
          "Entsorge diese Karte. Nimm eine Karte bis 5."),
    _card("spy", "Spion", "Spy", 4, "action attack",
          "+1 Card, +1 Action. Each player (including you) reveals the top card of their deck and either "
          "discards it or puts it back, your choice.",
          "+1 Karte, +1 Aktion. Jeder Spieler (auch du) deckt die oberste Karte seines Nachziehstapels auf; "
          "du entscheidest, ob sie abgelegt oder zurückgelegt wird."),
    _card("thief", "Dieb", "Thief", 4, "action attack",
          "Each other player reveals the top 2 cards of their deck. If they revealed any Treasure cards, they "
          "trash one that you choose. You may gain any of these trashed cards. They discard the other "
          "revealed cards.",
          "Jeder Mitspieler deckt die obersten 2 Karten seines Nachziehstapels auf. Sind Geldkarten darunter, "
          "entsorgt er eine, die du wählst. Du darfst entsorgte Karten nehmen. Den Rest legt er ab."),
    _card("adventurer", "Abenteurer", "Adventurer", 6, "action",
          "Reveal cards from your deck until you reveal 2 Treasure cards. Put those into your hand and "
          "discard the other revealed cards.",
          "Decke Karten auf, bis 2 Geldkarten aufgedeckt sind. Nimm sie auf die Hand, lege die anderen "
          "aufgedeckten Karten ab."),
]
_ALL += _BASE

CARDS: dict[str, Card] = {card.id: card for card in _ALL}
"""Every card name of the game, by id."""

BASIC = ("copper", "silver", "gold", "estate", "duchy", "province", "curse")
KNIGHTS = tuple(k[0] for k in _KNIGHTS)
RUINS_NAMES = ("abandoned_mine", "ruined_library", "ruined_market", "ruined_village", "survivors")
SHELTERS = ("hovel", "necropolis", "overgrown_estate")
DARK_AGES_PILES: tuple[str, ...] = tuple(c.id for c in _ALL[7:41]) + ("knights",)
"""The 35 kingdom piles of Dark Ages ("knights" is the pile of the 10 Knights)."""
BASE_PILES: tuple[str, ...] = tuple(c.id for c in _BASE)
"""The 32 kingdom piles of the base game, both editions (the last 6 only in the first)."""
FIRST_EDITION_ONLY = ("chancellor", "woodcutter", "feast", "spy", "thief", "adventurer")
KINGDOM_PILES: tuple[str, ...] = DARK_AGES_PILES + BASE_PILES
"""Every kingdom pile a game may use: Dark Ages' 35 and the base game's 32."""
PILE_NAMES = {"knights": ("Ritter", "Knights"), "ruins": ("Ruinen", "Ruins")}
"""The German and English names of the two mixed piles."""

assert len(DARK_AGES_PILES) == 35 and len(BASE_PILES) == 32 and len(CARDS) == 94


def card(name: str) -> Card:
    """The card of this id."""
    return CARDS[name]


def cost(name: str) -> int:
    """A card's cost in coins (no card of this set changes costs)."""
    return CARDS[name].cost


def is_(name: str, kind: str) -> bool:
    """Whether the card `name` has type `kind`."""
    return kind in CARDS[name].types
