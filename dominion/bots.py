"""Bots: a random bot and a heuristic bot (the hosting plays the latter for players who go quiet).

A bot is a function `(state, seat, rng) -> command` choosing from `legal_commands`, so it can never send
an illegal command and needs no rules of its own beyond its preferences.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import ACTION, CARDS, CURSE, RUINS, SHELTER, TREASURE, VICTORY
from .commands import Buy, Command, Decide
from .legal import legal_commands
from .state import Decision, State, owned

Bot = Callable[[State, int, random.Random], Command]

# Actions worth buying, best first; the bot keeps a few of them in a money deck.
WANTED = (
    "witch", "laboratory", "hunting_grounds", "market", "festival", "council_room", "library", "sentry",
    "bandit", "militia", "artisan", "adventurer", "mine", "smithy", "moneylender", "throne_room", "remodel",
    "poacher", "bureaucrat", "thief", "spy", "merchant", "village", "vassal", "harbinger", "workshop",
    "woodcutter", "chancellor", "moat", "cellar", "chapel", "feast", "altar", "cultist", "junk_dealer", "bandit_camp", "count", "catacombs", "rogue",
    "mystic", "band_of_misfits", "graverobber", "rebuild", "pillage", "knights", "counterfeit",
    "wandering_minstrel", "fortress", "ironmonger", "marauder", "armory", "death_cart", "scavenger",
    "procession", "market_square", "sage", "urchin", "storeroom", "squire", "forager", "hermit", "vagrant",
)
# Actions giving +Actions are played first, so that terminals still have an Action left.
NON_TERMINAL = frozenset({
    "necropolis", "fortress", "bandit_camp", "wandering_minstrel", "madman", "market_square", "urchin",
    "ironmonger", "vagrant", "sage", "mystic", "junk_dealer", "rats", "forager", "ruined_village",
    "sir_bailey", "dame_molly", "rebuild", "survivors", "village", "festival", "laboratory", "market",
    "cellar", "harbinger", "merchant", "poacher", "sentry", "spy",
})


def random_bot(state: State, seat: int, rng: random.Random) -> Command:
    """Any legal command, uniformly."""
    return rng.choice(legal_commands(state, seat))


def junk(name: str) -> int:
    """How much a card clogs a deck: 3 Curse, 2 Ruins and Shelters and pure Victory, 1 Copper, else 0."""
    card = CARDS[name]
    if card.has(CURSE):
        return 3
    if card.has(RUINS) or card.has(SHELTER) or (card.has(VICTORY) and not card.has(ACTION)):
        return 2
    return 1 if name == "copper" else 0


def value(name: str) -> float:
    """How much the bot likes to hold a card (in hand, on its deck)."""
    card = CARDS[name]
    return card.cost + card.coins * 1.5 - 4 * junk(name)


def heuristic_bot(state: State, seat: int, rng: random.Random) -> Command:
    """A sensible move: money and a few good actions, Provinces at $8, every decision answered."""
    commands = legal_commands(state, seat)
    if state.pending:  # every legal command is a decide
        return _decide(state, seat, [c for c in commands if c["type"] == "decide"])
    names = {c.get("card"): state.names[c["card"]] for c in commands if c["type"] == "play"}
    actions = [c for c in commands if c["type"] == "play" and CARDS[names[c["card"]]].has(ACTION)]
    if actions:
        return max(actions, key=lambda c: (names[c["card"]] in NON_TERMINAL, CARDS[names[c["card"]]].cost))
    for command in commands:
        if command["type"] == "play" and names[command["card"]] == "counterfeit":
            return command
    for command in commands:
        if command["type"] == "play_treasures":
            return command
    buys = {c["card"]: c for c in commands if c["type"] == "buy"}
    choice = _buy(state, seat, buys)
    return buys[choice] if choice is not None else {"type": "end_turn"}


def _buy(state: State, seat: int, buys: dict[str, Buy]) -> str | None:
    coins, provinces = state.coins, len(state.piles["province"])
    mine = [state.names[c] for c in owned(state, seat)]
    if "province" in buys:
        return "province"
    if "duchy" in buys and provinces <= 4:
        return "duchy"
    if "gold" in buys:
        return "gold"
    if "estate" in buys and provinces <= 2:
        return "estate"
    actions = sum(1 for n in mine if CARDS[n].has(ACTION) and not CARDS[n].has(RUINS))
    if actions * 8 < len(mine):
        for pile in WANTED:
            if pile in buys and coins >= 4 and mine.count(pile) < 2:
                return pile
    if "silver" in buys:
        return "silver"
    if not state.piles["silver"]:  # no money left to gain (Bandits, Thieves): end the game with Estates,
        # and with nothing else in reach a Copper, so that a deck the Thieves stripped bare can pay again
        return next((p for p in ("estate", *WANTED, "copper") if p in buys), None)
    return None


_FIRST_CHOICE = {
    "squire": "silver", "hunting_grounds": "duchy", "graverobber": "trash_action", "scavenger": "no",
    "urchin": "no", "mercenary": "yes", "survivors": "discard", "count": "coins", "vassal": "yes",
    "chancellor": "yes",
}


def _decide(state: State, seat: int, commands: list[Decide]) -> Decide:
    decision = state.pending[seat]
    kind, prompt, card = decision["kind"], decision["prompt"], decision["card"]
    if kind == "name":
        wanted = "province" if card == "rebuild" else "copper"
        return {"type": "decide", "name": wanted}
    if kind == "order":
        return commands[0]
    if kind == "choice":
        return _choose(state, decision, commands)
    if card == "thief" and prompt == "trash_revealed":  # the attacker takes the best for itself
        return max(commands, key=lambda c: sum(value(state.names[n]) for n in c["cards"]))
    if prompt == "trash":  # trash Coppers only while enough money stays (Chapel could trash it all)
        money = sum(CARDS[state.names[c]].coins for c in owned(state, seat))
        return max(commands, key=lambda c: _pick_score(state, prompt, c["cards"]) - _broke(state, money, c["cards"]))
    return max(commands, key=lambda c: _pick_score(state, prompt, c["cards"]))


def _broke(state: State, money: int, cards: list[int]) -> float:
    """A penalty for trashing Coppers that would leave less than $7 of Treasures."""
    coppers = sum(1 for c in cards if state.names[c] == "copper")
    return 100.0 * coppers if coppers and money - coppers < 7 else 0.0


def _spy(state: State, seat: int) -> str:
    """Spy: the bot's own junk goes, another player's good card goes."""
    for owner, zones in enumerate(state.zones):
        for card in zones["set_aside"]:
            bad = junk(state.names[card]) > 0
            return "discard" if bad == (owner == seat) else "back"
    return "back"


def _choose(state: State, decision: Decision, commands: list[Decide]) -> Decide:
    options = decision["options"]
    prompt, card = decision["prompt"], decision["card"]
    wanted: str | None = None
    if decision.get("reaction"):
        wanted = "yes"
    elif prompt in ("gain", "gain_onto_deck", "gain_to_hand", "play_from_supply"):
        wanted = max(options, key=lambda p: -1 if p == "none" else _pile_value(state, p))
    elif card == "count":
        wanted = {"first": "discard_two", "second": "duchy" if len(state.piles["province"]) <= 4 else "coins"}[prompt]
    elif card in ("catacombs", "ironmonger"):
        seen = decision.get("seen", [])
        junky = sum(junk(state.names[c]) for c in seen) >= max(2, len(seen))
        wanted = ("discard" if junky else "hand") if card == "catacombs" else "back"
    elif prompt == "spy_discard_or_back":
        wanted = _spy(state, decision["seat"])
    elif card == "graverobber":
        wanted = "from_trash" if any(3 <= CARDS[state.names[c]].cost <= 6 for c in state.trash) else "trash_action"
    else:
        wanted = _FIRST_CHOICE.get(card)
    for command in commands:
        if command["choice"] == wanted:
            return command
    return commands[0]


def _pile_value(state: State, pile: str) -> float:
    top = state.top(pile)
    if top is None:
        return -10
    name = state.names[top]
    if pile == "curse" or CARDS[name].has(RUINS):
        return -5
    if name in ("gold", "province"):
        return 20
    if CARDS[name].has(VICTORY) and len(state.piles["province"]) > 4:
        return 0.5
    return CARDS[name].cost + (2 if pile in WANTED else 0) + (1 if CARDS[name].has(TREASURE) else 0)


def _pick_score(state: State, prompt: str, cards: list[int]) -> float:
    names = [state.names[c] for c in cards]
    if prompt in ("trash", "trash_revealed", "discard_down", "discard", "discard_to_draw", "trash_for_coins"):
        if prompt == "trash_for_coins":  # Death Cart: trash a junk Action, else nothing
            return sum(5 if CARDS[n].has(RUINS) else -9 for n in names)
        if prompt == "trash_revealed":
            return -sum(value(n) for n in names)
        return sum(junk(n) * 3 - value(n) * 0.1 - (1 if prompt == "trash" and n == "copper" else 0) for n in names)
    if prompt == "discard_for_coins":
        return sum(1 if junk(n) >= 2 else -1 for n in names)
    if prompt == "set_aside":  # Library: skip Actions once none can be played
        return len(names) if state.actions == 0 else -len(names)
    if prompt == "victory_onto_deck":
        return -sum(value(n) for n in names)
    if prompt in ("play_twice", "play_cultist", "onto_deck", "gain_from_trash", "discard_for"):
        return sum(value(n) for n in names) if names else (0 if prompt == "play_twice" else -1)
    return -len(names)
