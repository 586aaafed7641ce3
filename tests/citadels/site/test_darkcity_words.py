"""The Dark City in words: each new event, reason and command in German and English, told from the
reader's seat; the new-game form offers every option and shows the engine's refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from citadels.cards import BASE_CHARACTERS, BASE_PURPLE, DARK_CITY_PURPLE
from citadels.site import describe_command, describe_event, event_words, table, words
from games.models import Game

NAMES = {0: "Anna", 1: "Ben", 2: "Cora"}

# (event as a seat sees it, German, English)
EVENTS: list[tuple[dict[str, Any], str, str]] = [
    ({"type": "character_bewitched", "seat": 0, "character": "merchant"},
     "Anna hat den Charakter Händler verhext.", "Anna bewitched the Merchant."),
    ({"type": "witch_took_over", "seat": 0, "character": "king", "victim": 1, "gives_crown": True},
     "Anna spielt als Hexe für den verhexten Charakter König von Ben weiter. Zuerst muss die Krone an einen "
     "anderen Spieler gehen.",
     "Anna, the Witch, plays the rest of the bewitched King's turn of Ben. First the crown must go to another player."),
    ({"type": "hospital_turn", "seat": 1, "character": "bishop"},
     "Der gemeuchelte Charakter Prediger von Ben nimmt im Hospital Einkommen.",
     "The murdered Bishop of Ben takes income in the Hospital."),
    ({"type": "thanked", "seat": 1, "to": 0},
     "Ben: „Danke, Euer Exzellenz!“ (an Anna)", "Ben: “Thank you, Your Excellency!” (to Anna)"),
    ({"type": "turn_lost", "seat": 1, "character": "thief", "reason": "no_thanks", "command": "take_gold"},
     "Ben hat nicht zuerst „Danke, Euer Exzellenz“ gesagt und den ganzen Zug als Dieb verloren.",
     "Ben did not thank His Excellency first and lost the whole turn of the Thief."),
    ({"type": "gold_paid", "seat": 1, "to": 0, "amount": 1, "reason": "tax"},
     "Ben hat dem Steuereintreiber Anna 1 Gold Steuer gezahlt.", "Ben paid 1 gold tax to the Tax Collector Anna."),
    ({"type": "gold_paid", "seat": 1, "to": 0, "amount": 1, "reason": "abbot"},
     "Ben ist am reichsten und hat dem Ablassprediger Anna 1 Gold gegeben.",
     "Ben, the richest player, gave 1 gold to the Abbot Anna."),
    ({"type": "hand_looked_at", "seat": 0, "target": 1},
     "Anna hat sich als Beschwörer die Handkarten von Ben angesehen.", "Anna looked at the hand of Ben with the Wizard."),
    ({"type": "hand_looked_at", "seat": 0, "target": 1, "hand": ["castle", "temple"]},
     "Anna hat sich als Beschwörer die Handkarten von Ben angesehen: Schloss, Tempel.",
     "Anna looked at the hand of Ben with the Wizard: Castle, Temple."),
    ({"type": "card_taken", "seat": 0, "target": 1, "build": False},
     "Anna hat Ben eine Handkarte genommen.", "Anna took a card from the hand of Ben."),
    ({"type": "card_taken", "seat": 0, "target": 1, "build": True, "district": "castle"},
     "Anna hat Ben Schloss aus der Hand genommen, um es zu bauen.", "Anna took Castle from the hand of Ben to build it."),
    ({"type": "navigator_took", "seat": 0, "take": "gold", "amount": 4},
     "Anna hat als Eroberer 4 Gold genommen.", "Anna took 4 gold as the Navigator."),
    ({"type": "navigator_took", "seat": 0, "take": "cards", "amount": 4},
     "Anna hat als Eroberer 4 Karten gewählt.", "Anna chose 4 cards as the Navigator."),
    ({"type": "districts_exchanged", "seat": 0, "own": "temple", "target": 1, "their": "castle", "paid": 3},
     "Anna hat Tempel gegen Schloss von Ben getauscht und 3 Gold gezahlt.",
     "Anna exchanged Temple for Castle of Ben, paying 3 gold."),
    ({"type": "district_adorned", "seat": 0, "district": "castle"},
     "Anna hat Schloss mit 1 Gold verschönert.", "Anna adorned Castle with 1 gold."),
    ({"type": "museum_used", "seat": 0},
     "Anna hat eine Karte unter das Museum gelegt.", "Anna put a card under the Museum."),
    ({"type": "museum_used", "seat": 0, "district": "tavern"},
     "Anna hat Taverne unter das Museum gelegt.", "Anna put Tavern under the Museum."),
    ({"type": "armory_used", "seat": 0, "target": 1, "district": "keep"},
     "Anna hat den Pulverturm gesprengt und Wehrturm von Ben zerstört.",
     "Anna blew up the Armory and destroyed Keep of Ben."),
    ({"type": "bell_tower_set", "seat": 0, "complete_at": 7},
     "Anna hat den Glockenturm gestellt: Eine Stadt ist mit 7 Bauwerken vollständig.",
     "Anna set the Bell Tower: a city is complete with 7 districts."),
    ({"type": "deck_search_declined", "seat": 0},
     "Anna hat den Stapel nicht durchsucht (der Leuchtturm).", "Anna left the deck unsearched (the Lighthouse)."),
    ({"type": "deck_searched", "seat": 0, "count": 40},
     "Anna hat mit dem Leuchtturm den Stapel (40 Karten) durchgesehen.",
     "Anna looked through the deck (40 cards) with the Lighthouse."),
    ({"type": "deck_searched", "seat": 0, "count": 1},
     "Anna hat mit dem Leuchtturm den Stapel (1 Karte) durchgesehen.",
     "Anna looked through the deck (1 card) with the Lighthouse."),
    ({"type": "deck_card_kept", "seat": 0},
     "Anna hat eine Karte des Stapels behalten; der Stapel wurde gemischt.",
     "Anna kept a card of the deck; the deck was shuffled."),
    ({"type": "deck_card_kept", "seat": 0, "district": "palace"},
     "Anna hat Palast aus dem Stapel behalten; der Stapel wurde gemischt.",
     "Anna kept Palace of the deck; the deck was shuffled."),
    ({"type": "character_revealed", "seat": 1, "character": "king", "bewitched": True, "must_thank": True},
     "Der Charakter König wurde aufgerufen: Ben. Er ist verhext: nur Einkommen, den Rest des Zuges spielt die Hexe. Zuerst muss "
     "Ben „Danke, Euer Exzellenz“ zum Besitzer der Krone sagen.",
     "The King was called: Ben. It is bewitched: income only, then the Witch plays the rest of the turn. First Ben "
     "must thank His Excellency, the holder of the crown."),
    ({"type": "district_built", "seat": 0, "district": "castle", "cost": 4, "wizard": True},
     "Anna hat mit dem Beschwörer Schloss für 4 Gold gebaut.", "Anna built Castle for 4 gold with the Wizard."),
    ({"type": "round_ended", "round": 9, "stalled": 2},
     "Runde 9 ist beendet; 2 Runden in Folge ohne Karte zum Ziehen und ohne Bauwerk.",
     "Round 9 ended; 2 rounds in a row without a card left to draw or a district built."),
    ({"type": "bonus_gold", "seat": 2, "amount": 3, "reason": "queen"},
     "Cora hat als Königin neben der Krone 3 Gold erhalten.", "Cora got 3 gold as the Queen next to the crown."),
    ({"type": "bonus_gold", "seat": 2, "amount": 1, "reason": "poor_house"},
     "Cora hat 1 Gold vom Armenhaus erhalten.", "Cora got 1 gold from the Poor House."),
    ({"type": "bonus_gold", "seat": 2, "amount": 5, "reason": "alchemist"},
     "Cora hat als Alchemist die 5 Gold für die Bauwerke zurückerhalten.",
     "Cora got back the 5 gold spent on building as the Alchemist."),
    ({"type": "bonus_gold", "seat": 2, "amount": 1, "reason": "throne_room"},
     "Cora hat 1 Gold vom Thronsaal erhalten, weil die Krone den Besitzer wechselte.",
     "Cora got 1 gold from the Throne Room as the crown moved."),
    ({"type": "cards_drawn", "seat": 2, "count": 4, "reason": "navigator"},
     "Cora hat als Eroberer 4 Karten gezogen.", "Cora drew 4 cards as the Navigator."),
    ({"type": "cards_drawn", "seat": 2, "count": 2, "reason": "park", "cards": ["tavern", "market"]},
     "Cora hat mit dem Park 2 Karten gezogen (keine Handkarten): Taverne, Markt.",
     "Cora drew 2 cards with the Park (an empty hand): Tavern, Market."),
    ({"type": "crown_passed", "seat": 2, "reason": "emperor"},
     "Der Intrigant hat Cora die Krone gegeben.", "The Emperor gave the crown to Cora."),
    ({"type": "game_set_up", "players": 2, "gold": 2, "crown": 0, "characters": ["witch", "queen"],
      "purple": ["museum"]},
     "Die Partie wurde für 2 Spieler aufgebaut; jeder beginnt mit 2 Gold. Charaktere: Hexe, Königin. "
     "Lila Bauwerke: Museum.",
     "The game was set up for 2 players; each starts with 2 gold. Characters: Witch, Queen. Purple districts: Museum."),
    ({"type": "game_set_up", "players": 4, "gold": 2, "crown": 0, "characters": list(BASE_CHARACTERS),
      "purple": list(BASE_PURPLE)},  # the base game's sets go without saying
     "Die Partie wurde für 4 Spieler aufgebaut; jeder beginnt mit 2 Gold.",
     "The game was set up for 4 players; each starts with 2 gold."),
    ({"type": "game_ended", "winners": [0], "scores": [
        {"seat": 0, "total": 30, "extras": 4}, {"seat": 1, "total": 20, "extras": 0}]},
     "Die Partie ist zu Ende. Gewonnen hat: Anna. Wertung: Anna: 30 Punkte (davon 4 für besondere Bauwerke); "
     "Ben: 20 Punkte.",
     "The game ended. Winner: Anna. Scores: Anna: 30 points (4 of them for special districts); Ben: 20 points."),
]

COMMANDS: list[tuple[dict[str, Any], str, str]] = [
    ({"type": "thank_your_excellency"}, "„Danke, Euer Exzellenz!“", "“Thank you, Your Excellency!”"),
    ({"type": "bewitch", "character": "king"}, "König verhexen", "Bewitch the King"),
    ({"type": "look_at_hand", "seat": 1}, "Handkarten von Ben ansehen", "Look at the hand of Ben"),
    ({"type": "take_card", "district": "castle"}, "Schloss auf die Hand nehmen", "Take Castle into your hand"),
    ({"type": "take_card", "district": "castle", "build": True}, "Schloss nehmen und sofort bauen",
     "Take Castle and build it at once"),
    ({"type": "give_crown", "seat": 2}, "Die Krone an Cora geben", "Give the crown to Cora"),
    ({"type": "navigate", "take": "gold"}, "Eroberer: 4 Gold nehmen", "Navigator: take 4 gold"),
    ({"type": "navigate", "take": "cards"}, "Eroberer: 4 Karten ziehen", "Navigator: draw 4 cards"),
    ({"type": "exchange", "own": "temple", "seat": 1, "their": "castle"},
     "Dein Bauwerk Tempel gegen Schloss von Ben tauschen", "Exchange your Temple for Castle of Ben"),
    ({"type": "adorn", "district": "castle"}, "Schloss mit 1 Gold verschönern", "Adorn Castle with 1 gold"),
    ({"type": "search_deck"}, "Leuchtturm: den Stapel durchsuchen und eine Karte behalten",
     "Lighthouse: look through the deck and keep one card"),
    ({"type": "decline_search"}, "Leuchtturm: den Stapel nicht durchsuchen", "Lighthouse: leave the deck unsearched"),
    ({"type": "keep_from_deck", "district": "palace"}, "Palast aus dem Stapel behalten", "Keep Palace from the deck"),
    ({"type": "set_bell_tower", "districts": 7}, "Glockenturm: Eine Stadt ist mit 7 Bauwerken vollständig",
     "Bell Tower: a city is complete with 7 districts"),
    ({"type": "use_museum", "district": "tavern"}, "Museum: Taverne darunterlegen", "Museum: put Tavern under it"),
    ({"type": "use_armory", "seat": 1, "district": "keep"}, "Pulverturm: sprengen und Wehrturm von Ben zerstören",
     "Armory: blow it up to destroy Keep of Ben"),
]


@pytest.mark.parametrize(("seen", "german", "english"), EVENTS, ids=lambda v: str(v)[:40])
def test_each_dark_city_event_in_german_and_english(seen: dict[str, Any], german: str, english: str) -> None:
    with translation.override("de"):
        assert describe_event(seen, NAMES) == german
    with translation.override("en"):
        assert describe_event(seen, NAMES) == english


@pytest.mark.parametrize(("command", "german", "english"), COMMANDS, ids=lambda v: str(v)[:40])
def test_each_dark_city_command_in_german_and_english(command: dict[str, Any], german: str, english: str) -> None:
    with translation.override("de"):
        assert describe_command(command, NAMES) == german
    with translation.override("en"):
        assert describe_command(command, NAMES) == english


def test_every_sentence_has_a_german_translation() -> None:
    sentences = [*event_words.EVENTS.values(), *event_words.NOTES.values(), *words._COMMANDS.values()]
    with translation.override("de"):
        untranslated = [s for s in sentences if translation.gettext(s) == s]
    assert not untranslated


def test_the_table_shows_the_ninth_rank_the_museum_the_bell_tower_and_several_field_choices() -> None:
    view = {
        "characters": [*BASE_CHARACTERS, "queen"], "face_up": [], "bewitched": "king", "complete_at": 7,
        "players": [{"seat": 0, "city": ["museum", "castle"], "adorned": ["castle"], "adorned_at": [1], "museum_size": 2},
                    {"seat": 1, "city": ["keep"], "museum_size": 0}],
        "hand": ["tavern"], "museum": ["temple", "market"], "deck_cards": ["palace", "tavern", "castle"],
    }
    legal = [{"type": "keep_from_deck", "district": d} for d in ("palace", "tavern", "castle")]
    legal += [{"type": "exchange", "own": "castle", "seat": 1, "their": "keep"}, {"type": "thank_your_excellency"}]
    with translation.override("en"):
        shown = table(view, 0, NAMES, legal)
    assert [c["id"] for c in shown["characters"]][-1] == "queen"
    assert next(c for c in shown["characters"] if c["id"] == "king")["status"] == "bewitched"
    assert shown["bell_tower"] == "Bell Tower: a city is complete with 7 districts."
    assert shown["players"][0]["museum"] == "2 cards under the Museum" and shown["players"][1]["museum"] == ""
    assert [c["id"] for c in shown["museum"]] == ["temple", "market"]
    assert shown["players"][0]["city"][1]["adorned"] and not shown["players"][0]["city"][0]["adorned"]
    lighthouse = shown["card_choices"][0]
    assert lighthouse["type"] == "keep_from_deck" and [c["id"] for c in lighthouse["cards"]] == ["palace", "tavern", "castle"]
    assert [b["label"] for b in shown["buttons"]] == ["Exchange your Castle for Keep of Ben", "“Thank you, Your Excellency!”"]
    # Another seat's table shows the Museum's count, never its cards.
    assert table({**view, "museum": None, "hand": []}, 1, NAMES, [])["museum"] == []


RANKS = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def _form(players: int, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": "citadels", "players": str(players), "decision_hours": "48",
                            "reminder_hours": "12", "timeout_policy": "bot", "listed": "on",
                            "citadels__edition": "2012", "citadels__purple": list(BASE_PURPLE)}
    data.update({f"citadels__character_{i + 1}": c for i, c in enumerate(RANKS)})
    data.update(extra)
    return data


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "extra", "options"), [
    (2, {}, {}),
    (3, {"citadels__edition": "online", "citadels__character_9": "artist"},
     {"edition": "online", "characters": [*RANKS, "artist"]}),
    (5, {"citadels__edition": "2000", "citadels__character_1": "witch", "citadels__character_9": "queen"},
     {"edition": "2000", "characters": ["witch", *RANKS[1:], "queen"]}),
    (8, {"citadels__random_characters": "on", "citadels__purple": list(DARK_CITY_PURPLE)},
     {"random_characters": True, "purple": sorted(DARK_CITY_PURPLE)}),
    (6, {"citadels__character_9": "artist", "citadels__dark_city_districts": "4"},
     {"characters": [*RANKS, "artist"], "dark_city_districts": 4}),
])
def test_the_form_offers_every_option_and_it_reaches_the_engine(
    client: Any, make_user: Any, players: int, extra: dict[str, Any], options: dict[str, Any]
) -> None:
    user = make_user()
    client.force_login(user)
    page = client.get("/games/new/").content.decode()
    for field in ("citadels__character_9", "citadels__random_characters", "citadels__dark_city_districts"):
        assert f'name="{field}"' in page
    assert all(f'value="{d}"' in page for d in DARK_CITY_PURPLE) and 'value="queen"' in page
    answer = client.post("/games/new/", _form(players, **extra))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game = Game.objects.get(created_by=user)
    assert game.players == players and game.options == options


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "extra", "message"), [
    (8, {}, "These options make no game: 8 players need 9 characters, one of them of rank 9."),
    (3, {"citadels__character_9": "artist"}, "play with 8 characters (ranks 1 to 8); with 9 only under the online rules."),
    (2, {"citadels__edition": "online"}, "with the online rules the game is for 3 to 8 players."),
    (4, {"citadels__character_9": "queen"}, "These options make no game: the Queen plays only with 5 or more players."),
])
def test_the_engines_refusals_are_form_errors(
    client: Any, make_user: Any, players: int, extra: dict[str, Any], message: str
) -> None:
    user = make_user()
    client.force_login(user)
    answer = client.post("/games/new/", _form(players, **extra))
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not Game.objects.filter(created_by=user).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("count", ["16", "-1"])
def test_a_count_of_purple_districts_no_deck_can_deal_is_refused_at_its_field_in_german(
    client: Any, make_user: Any, count: str
) -> None:
    user = make_user(language="de")
    client.force_login(user)
    answer = client.post("/games/new/", _form(4, citadels__dark_city_districts=count))
    page = answer.content.decode()
    field = page.split('name="citadels__dark_city_districts"', 1)[1].split("</div>", 1)[0]
    assert answer.status_code == 400 and 'class="error"' in field
    assert ("15" if count == "16" else "0") in field and "Wert" in field  # Django's German, with the bound
    assert "dark_city_districts must be" not in page  # not the engine's English sentence
    assert not Game.objects.filter(created_by=user).exists()
