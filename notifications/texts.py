"""Words for game emails and the game page, in German and English: card names, events, commands.

The history of a game is told from the reader's seat: the events as `RULES.redact` lets that seat see them,
so nothing here can leak another seat's private part (it is not in the input).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from citadels.cards import CHARACTERS, DISTRICTS

LANGUAGES = ("en", "de")

# Fixed strings of the emails and pages, by key, in each language.
STRINGS: dict[str, dict[str, str]] = {
    "subject_turn": {"en": "Your turn in game #{game}", "de": "Du bist dran in Partie #{game}"},
    "subject_reminder": {
        "en": "Reminder: your move in game #{game} is due {deadline}",
        "de": "Erinnerung: dein Zug in Partie #{game} ist fällig am {deadline}",
    },
    "subject_timeout": {
        "en": "Deadline passed in game #{game}: we moved for you",
        "de": "Frist abgelaufen in Partie #{game}: wir haben für dich gezogen",
    },
    "subject_started": {"en": "Game #{game} has started", "de": "Partie #{game} hat begonnen"},
    "subject_ended": {"en": "Game #{game} is over", "de": "Partie #{game} ist beendet"},
    "subject_digest": {"en": "Your Citadels digest: {count} news", "de": "Deine Zusammenfassung: {count} Neuigkeiten"},
    "hello": {"en": "Hello {name},", "de": "Hallo {name},"},
    "turn_intro": {
        "en": "it is your turn in game #{game}.",
        "de": "du bist am Zug in Partie #{game}.",
    },
    "reminder_intro": {
        "en": "game #{game} is still waiting for your move. If you do not act by {deadline}, the service moves for you.",
        "de": "Partie #{game} wartet noch auf deinen Zug. Wenn du bis {deadline} nicht handelst, zieht der Dienst für dich.",
    },
    "timeout_intro": {
        "en": "the deadline in game #{game} passed, so the service played for you ({policy}).",
        "de": "die Frist in Partie #{game} ist abgelaufen, deshalb hat der Dienst für dich gespielt ({policy}).",
    },
    "policy_bot": {"en": "a bot chose a sensible move", "de": "ein Bot hat einen sinnvollen Zug gewählt"},
    "policy_minimal": {"en": "the least move: take gold, end the turn", "de": "der kleinste Zug: Gold nehmen, Zug beenden"},
    "absent_note": {
        "en": "You missed {count} deadlines in a row, so the bot now plays your seat at once. Open the game and press \"I'm back\" to play again yourself.",
        "de": "Du hast {count} Fristen in Folge verpasst, deshalb spielt jetzt der Bot sofort für dich. Öffne die Partie und klicke \"Ich bin zurück\", um wieder selbst zu spielen.",
    },
    "started_intro": {
        "en": "game #{game} has started with {players}. You sit at seat {seat}.",
        "de": "Partie #{game} hat begonnen mit {players}. Du sitzt auf Platz {seat}.",
    },
    "ended_intro": {"en": "game #{game} is over.", "de": "Partie #{game} ist beendet."},
    "digest_intro": {
        "en": "here is what happened in your games since the last digest.",
        "de": "das ist in deinen Partien seit der letzten Zusammenfassung passiert.",
    },
    "since_last_turn": {"en": "Since your last turn", "de": "Seit deinem letzten Zug"},
    "nothing_happened": {"en": "Nothing new.", "de": "Nichts Neues."},
    "your_hand": {"en": "Your hand", "de": "Deine Hand"},
    "your_gold": {"en": "Your gold", "de": "Dein Gold"},
    "your_city": {"en": "Your city", "de": "Deine Stadt"},
    "your_characters": {"en": "Your characters", "de": "Deine Charaktere"},
    "empty": {"en": "(none)", "de": "(keine)"},
    "table": {"en": "The table", "de": "Der Tisch"},
    "table_row": {
        "en": "{name}: {gold} gold, {hand} cards in hand, city: {city}",
        "de": "{name}: {gold} Gold, {hand} Karten auf der Hand, Stadt: {city}",
    },
    "your_choices": {"en": "Your choices now", "de": "Deine Möglichkeiten jetzt"},
    "deadline": {"en": "Deadline", "de": "Frist"},
    "deadline_line": {"en": "Please act by {deadline}.", "de": "Bitte handle bis {deadline}."},
    "open_game": {"en": "Open the game", "de": "Zur Partie"},
    "replay_game": {"en": "Replay the game", "de": "Partie nachspielen"},
    "scores": {"en": "Final scores", "de": "Endstand"},
    "score_row": {"en": "{name}: {total} points", "de": "{name}: {total} Punkte"},
    "winners": {"en": "Winner: {names}", "de": "Gewonnen hat: {names}"},
    "played_for_you": {"en": "What was played for you", "de": "Was für dich gespielt wurde"},
    "unsubscribe": {
        "en": "Do not want these emails? Unsubscribe: {url}",
        "de": "Du willst diese E-Mails nicht? Abbestellen: {url}",
    },
    "unsubscribe_link": {"en": "Unsubscribe", "de": "Abbestellen"},
    "footer": {
        "en": "Citadels by email. Change how you get emails in your preferences.",
        "de": "Ohne Furcht und Adel per E-Mail. Wie du E-Mails bekommst, stellst du in deinen Einstellungen ein.",
    },
    "for_absent": {"en": " (played for the absent player)", "de": " (für den abwesenden Spieler gespielt)"},
    "you": {"en": "you", "de": "du"},
    "more_events": {"en": "... and {count} earlier events", "de": "... und {count} frühere Ereignisse"},
}


def t(key: str, lang: str, **values: Any) -> str:
    """The string `key` in `lang` (English when the language is unknown), formatted with `values`."""
    texts = STRINGS[key]
    text = texts.get(lang) or texts["en"]
    return text.format(**values) if values else text


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def district_name(district_id: str, lang: str) -> str:
    """A district's name in the language (the id itself for an unknown card)."""
    card = DISTRICTS.get(district_id)
    if card is None:
        return district_id
    return card.name_de if _lang(lang) == "de" else card.name_en


def character_name(character_id: str, lang: str) -> str:
    """A character's name in the language."""
    card = CHARACTERS.get(character_id)
    if card is None:
        return character_id
    return card.name_de if _lang(lang) == "de" else card.name_en


def districts(ids: list[str] | tuple[str, ...], lang: str) -> str:
    """A list of district names, or "(none)"."""
    return ", ".join(district_name(d, lang) for d in ids) if ids else t("empty", lang)


def characters(ids: list[str] | tuple[str, ...], lang: str) -> str:
    """A list of character names, or "(none)"."""
    return ", ".join(character_name(c, lang) for c in ids) if ids else t("empty", lang)


# --- events in words ------------------------------------------------------------------------------
# Each entry: (english, german) with {placeholders} filled from the redacted event. {who} is the actor's
# name, {whom} a target's, {character} / {district} / {districts} card names in the reader's language.
_EVENTS: dict[str, tuple[str, str]] = {
    "game_set_up": ("The game was set up for {players} players; each starts with {gold} gold.",
                    "Die Partie wurde für {players} Spieler aufgebaut; jeder beginnt mit {gold} Gold."),
    "round_started": ("Round {round} began; {crown_name} holds the crown.",
                      "Runde {round} begann; {crown_name} hat die Krone."),
    "character_chosen": ("{who} chose a character.", "{who} hat einen Charakter gewählt."),
    "character_chosen_own": ("{who} chose the {character}.", "{who} hat den Charakter {character} gewählt."),
    "character_discarded": ("{who} laid a character face down.", "{who} hat einen Charakter verdeckt abgelegt."),
    "character_discarded_own": ("{who} laid the {character} face down.", "{who} hat {character} verdeckt abgelegt."),
    "face_down_offered": ("{who} was offered the face-down character.", "{who} wurde der verdeckte Charakter angeboten."),
    "character_revealed": ("The {character} was called: {who}.", "{character} wurde aufgerufen: {who}."),
    "gold_stolen": ("{who} stole {amount} gold from {whom}.", "{who} hat {whom} {amount} Gold gestohlen."),
    "crown_passed": ("{who} took the crown.", "{who} hat die Krone genommen."),
    "gold_taken": ("{who} took {amount} gold.", "{who} hat {amount} Gold genommen."),
    "bonus_gold": ("{who} got {amount} bonus gold.", "{who} hat {amount} Bonusgold bekommen."),
    "cards_drawn": ("{who} drew {count} cards.", "{who} hat {count} Karten gezogen."),
    "cards_drawn_own": ("{who} drew {count} cards: {cards}.", "{who} hat {count} Karten gezogen: {cards}."),
    "card_kept": ("{who} kept one card.", "{who} hat eine Karte behalten."),
    "card_kept_own": ("{who} kept {district}.", "{who} hat {district} behalten."),
    "cards_discarded": ("{who} discarded {districts}.", "{who} hat {districts} abgeworfen."),
    "district_built": ("{who} built {district} for {cost} gold.", "{who} hat {district} für {cost} Gold gebaut."),
    "income_collected": ("{who} collected {amount} gold from their districts.",
                         "{who} hat {amount} Gold aus den eigenen Bezirken eingenommen."),
    "character_killed": ("{who} murdered the {character}.", "{who} hat {character} ermordet."),
    "character_robbed": ("{who} chose to rob the {character}.", "{who} bestiehlt {character}."),
    "hands_swapped": ("{who} swapped hands with {whom}.", "{who} hat die Handkarten mit {whom} getauscht."),
    "deck_reshuffled": ("The discard pile was shuffled into a new deck.", "Der Ablagestapel wurde neu gemischt."),
    "district_destroyed": ("{who} destroyed {district} of {whom} for {cost} gold.",
                           "{who} hat {district} von {whom} für {cost} Gold zerstört."),
    "graveyard_offered": ("{who} may take back {district} with the Graveyard.",
                          "{who} darf {district} mit dem Friedhof zurücknehmen."),
    "graveyard_used": ("{who} took back {district} with the Graveyard.",
                       "{who} hat {district} mit dem Friedhof zurückgenommen."),
    "graveyard_declined": ("{who} left the district on the discard pile.", "{who} hat den Bezirk liegen lassen."),
    "laboratory_used": ("{who} used the Laboratory.", "{who} hat das Labor benutzt."),
    "smithy_used": ("{who} used the Smithy.", "{who} hat die Schmiede benutzt."),
    "turn_ended": ("{who} ended the turn.", "{who} hat den Zug beendet."),
    "round_ended": ("Round {round} ended.", "Runde {round} ist zu Ende."),
    "game_ended": ("The game ended. Winner: {winners}.", "Die Partie ist zu Ende. Gewonnen hat: {winners}."),
}


class _Missing(dict[str, Any]):
    """Format values that leave a missing placeholder visible instead of failing the whole email."""

    def __missing__(self, key: str) -> str:
        return "?"


def describe_event(seen: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> str:
    """One event, as the reader's seat sees it (`seen` is `RULES.redact(event, seat)`), in words."""
    lang = _lang(lang)
    kind = str(seen.get("type", ""))
    values: dict[str, Any] = _Missing(seen)

    def name(seat: Any) -> str:
        return names.get(seat, f"#{seat}") if isinstance(seat, int) else "?"

    values["who"] = name(seen.get("seat"))
    values["whom"] = name(seen.get("victim", seen.get("target", seen.get("other"))))
    values["crown_name"] = name(seen.get("crown"))
    if "character" in seen:
        values["character"] = character_name(str(seen["character"]), lang)
    if "district" in seen:
        values["district"] = district_name(str(seen["district"]), lang)
    if "districts" in seen:
        values["districts"] = districts(list(seen["districts"]), lang)
    if "cards" in seen:
        values["cards"] = districts(list(seen["cards"]), lang)
    if "winners" in seen:
        values["winners"] = ", ".join(name(s) for s in seen["winners"])
    # Own variants exist where the reader's private part names the card.
    own_key = f"{kind}_own"
    if own_key in _EVENTS and (("character" in seen and kind.startswith("character")) or
                               ("cards" in seen) or (kind == "card_kept" and "district" in seen)):
        kind = own_key
    template = _EVENTS.get(kind)
    if template is None:
        return kind.replace("_", " ")
    return (template[1] if lang == "de" else template[0]).format_map(values)


# --- commands in words ----------------------------------------------------------------------------
_COMMANDS: dict[str, tuple[str, str]] = {
    "choose_character": ("Choose the {character}", "{character} wählen"),
    "discard_character": ("Lay the {character} face down", "{character} verdeckt ablegen"),
    "take_gold": ("Take 2 gold", "2 Gold nehmen"),
    "draw_cards": ("Draw cards", "Karten ziehen"),
    "keep_card": ("Keep {district}", "{district} behalten"),
    "discard_card": ("Discard {district}", "{district} abwerfen"),
    "build": ("Build {district}", "{district} bauen"),
    "collect_income": ("Collect income from your districts", "Einkommen aus deinen Bezirken nehmen"),
    "kill": ("Murder the {character}", "{character} ermorden"),
    "rob": ("Rob the {character}", "{character} bestehlen"),
    "swap_hands": ("Swap hands with {whom}", "Handkarten mit {whom} tauschen"),
    "redraw": ("Discard {districts} and draw as many", "{districts} abwerfen und ebenso viele ziehen"),
    "destroy": ("Destroy {district} of {whom}", "{district} von {whom} zerstören"),
    "use_laboratory": ("Laboratory: discard {district} for 1 gold", "Labor: {district} für 1 Gold abwerfen"),
    "use_smithy": ("Smithy: pay 2 gold, draw 3 cards", "Schmiede: 2 Gold zahlen, 3 Karten ziehen"),
    "end_turn": ("End your turn", "Zug beenden"),
    "use_graveyard": ("Pay 1 gold to take the destroyed district", "1 Gold zahlen und den zerstörten Bezirk nehmen"),
    "decline_graveyard": ("Leave the destroyed district", "Den zerstörten Bezirk liegen lassen"),
}


def describe_command(command: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> str:
    """One legal command in words, e.g. "Build Castle" / "Burg bauen"."""
    lang = _lang(lang)
    values: dict[str, Any] = _Missing(command)
    if "character" in command:
        values["character"] = character_name(str(command["character"]), lang)
    if "district" in command:
        values["district"] = district_name(str(command["district"]), lang)
    if "districts" in command:
        values["districts"] = districts(list(command["districts"]), lang)
    if "seat" in command:
        seat = command["seat"]
        values["whom"] = names.get(seat, f"#{seat}") if isinstance(seat, int) else "?"
    template = _COMMANDS.get(str(command.get("type")))
    if template is None:
        return str(command.get("type", "?")).replace("_", " ")
    return (template[1] if lang == "de" else template[0]).format_map(values)
