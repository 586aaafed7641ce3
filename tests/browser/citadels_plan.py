"""The plan of the keyboard-only Citadels games (test_a11y_citadels_game.py): two stacked 2-player games, the
decision kinds each must reach, and what the two seats choose so that every kind is met and the game ends soon.

The player's seat ("me") is played in the browser; the other seat ("the bot") through the services. Both
choose by these functions from the rules' legal commands and the whole state (the bot may know my cards:
it is here to lead the game past every decision of mine, e.g. its Warlord destroys a district of mine once
my Graveyard stands, and it ends the game by completing its city once my decisions are all met).

The kinds met (each plan's `kinds`, asserted whole): in both games choose_character, discard_character,
take_gold, draw_cards, keep_card (radio), build, collect_income, end_turn; in the base game (8 base
characters, base purples) kill, rob, swap_hands, redraw (checkbox), destroy, use_laboratory (radio),
use_smithy, use_graveyard; in the Dark City game (Witch, Tax Collector, Wizard, Emperor, Abbot, Alchemist,
Navigator, Diplomat) bewitch, look_at_hand, take_card, give_crown, navigate:gold, exchange, search_deck,
keep_from_deck (radio), set_bell_tower, use_museum (radio), use_armory, thank_your_excellency (the bot's
Ball Room and crown). Not played: the other answer of a one-time decision (decline_graveyard, decline_search,
navigate:cards: their buttons' names are checked beside it; take_card with build), adorn (the Artist is a
9th character, not at 2 players), discard_card (the 2000 edition's reading of drawn cards), the draft wishes'
form and resign (the page's own form, not the table's).
"""

from __future__ import annotations

from typing import Any

from citadels.cards import DISTRICTS

Command = dict[str, Any]

# A command's decision kind: its type, and for the Wizard's and the Navigator's its variant.


def kind_of(command: Command) -> str:
    """The decision kind of `command`: "build", "take_card:build", "navigate:gold", ..."""
    kind = str(command["type"])
    if kind == "take_card" and command.get("build"):
        return "take_card:build"
    if kind == "navigate":
        return f"navigate:{command['take']}"
    return kind


_CHEAP = [
    "temple",
    "tavern",
    "watchtower",
    "church",
    "market",
    "prison",
    "trading_post",
    "manor",
    "docks",
    "monastery",
    "battlefield",
]


class Plan:
    """One game: its options, the kinds to meet, the characters that reach them, the purples to build."""

    def __init__(
        self,
        name: str,
        options: dict[str, Any],
        kinds: set[str],
        powers: dict[str, list[str]],
        mine: list[str],
        bots: list[str],
    ) -> None:
        self.name = name
        self.options = options
        self.kinds = kinds
        self.powers = powers  # character -> the kinds it reaches
        self.mine = mine  # the purples I build (in this order)
        self.bots = bots  # the purples the bot builds first

    def unmet(self, met: set[str]) -> set[str]:
        return self.kinds - met


def _deck(first_hands: list[str], second_hands: list[str]) -> list[str]:
    """Both starting hands (4 cards each), then cheap districts of every colour, several rounds of draws."""
    rest = [d for d in DISTRICTS if DISTRICTS[d].colour.value != "purple" and DISTRICTS[d].cost <= 3]
    return first_hands + second_hands + rest * 4


COMMON = {
    "choose_character",
    "discard_character",
    "take_gold",
    "draw_cards",
    "keep_card",
    "build",
    "end_turn",
    "collect_income",
}

BASE = Plan(
    "base",
    {
        "deck": _deck(
            ["laboratory", "smithy", "graveyard", "temple"], ["tavern", "watchtower", "market", "church"]
        )
    },
    COMMON
    | {"kill", "rob", "swap_hands", "redraw", "destroy", "use_laboratory", "use_smithy", "use_graveyard"},
    {
        "assassin": ["kill"],
        "thief": ["rob"],
        "magician": ["swap_hands", "redraw"],
        "warlord": ["destroy"],
        "merchant": [],
        "king": [],
        "bishop": [],
        "architect": [],
    },
    ["laboratory", "smithy", "graveyard"],
    [],
)

DARK_CITY = Plan(
    "dark city",
    {
        "characters": [
            "witch",
            "tax_collector",
            "wizard",
            "emperor",
            "abbot",
            "alchemist",
            "navigator",
            "diplomat",
        ],
        "deck": _deck(
            ["lighthouse", "museum", "armory", "bell_tower"], ["ball_room", "tavern", "temple", "watchtower"]
        ),
    },
    COMMON
    | {
        "bewitch",
        "look_at_hand",
        "take_card",
        "give_crown",
        "navigate:gold",
        "exchange",
        "search_deck",
        "keep_from_deck",
        "set_bell_tower",
        "use_museum",
        "use_armory",
        "thank_your_excellency",
    },
    {
        "witch": ["bewitch"],
        "wizard": ["look_at_hand", "take_card"],
        "emperor": ["give_crown"],
        "navigator": ["navigate:gold"],
        "diplomat": ["exchange"],
        "alchemist": [],
        "abbot": [],
        "tax_collector": [],
    },
    ["lighthouse", "armory", "museum", "bell_tower"],
    ["ball_room"],
)


def _first(legal: list[Command], kind: str, **fields: Any) -> Command | None:
    for command in legal:
        if kind_of(command) == kind and all(command.get(k) == v for k, v in fields.items()):
            return command
    return None


# The decisions that come first when offered, mine and the bot's, in this order.
_MY_FORCED = (
    "use_graveyard",
    "thank_your_excellency",
    "search_deck",
    "set_bell_tower",
    "give_crown",
    "keep_card",
    "keep_from_deck",
    "discard_card",
)
_BOT_FORCED = (
    "thank_your_excellency",
    "decline_graveyard",
    "decline_search",
    "set_bell_tower",
    "keep_card",
    "keep_from_deck",
    "discard_card",
)


def _forced(legal: list[Command], kinds: set[str], forced: tuple[str, ...],
            fields: dict[str, dict[str, Any]] | None = None) -> Command | None:
    """The first of the `forced` decisions on offer (with `fields` of its kind, when given), else None."""
    for kind in forced:
        if kind in kinds:
            return _first(legal, kind, **(fields or {}).get(kind, {}))
    return None


def _draft(plan: Plan, state: Any, seat: int, legal: list[Command], wanted: list[str]) -> Command:
    """Choose the first wanted character handed; lay face down the least wanted one."""
    offered = [c["character"] for c in legal]
    if legal[0]["type"] == "choose_character":
        pick = next((c for c in wanted if c in offered), offered[0])
    else:
        pick = next((c for c in reversed(wanted) if c in offered), offered[-1])
        pick = next((c for c in offered if c not in wanted), pick)
    return next(c for c in legal if c["character"] == pick)


def my_wanted(plan: Plan, state: Any, me: int, met: set[str]) -> list[str]:
    """The characters I want, the most wanted first: those of unmet powers, then the gold ones."""
    graveyard_due = "use_graveyard" in plan.unmet(met) and state.players[me].has("graveyard")
    wanted = [c for c, kinds in plan.powers.items() if set(kinds) & plan.unmet(met)]
    if graveyard_due:
        wanted = [c for c in wanted if c != "warlord"]
    gold = ["merchant", "king", "abbot", "emperor", "alchemist", "tax_collector", "architect", "bishop"]
    return wanted + [c for c in gold if c in plan.powers and c not in wanted]


def bot_wanted(plan: Plan, state: Any, me: int, met: set[str]) -> list[str]:
    """The bot wants the Warlord once my Graveyard stands (to destroy a district of mine), else what I do not."""
    mine = my_wanted(plan, state, me, met)
    wanted = list(reversed(mine))
    if "destroy" in plan.unmet(met):  # the Warlord cannot destroy the Bishop's districts
        wanted = [c for c in wanted if c != "bishop"] + ["bishop"]
    if "use_graveyard" in plan.unmet(met) and state.players[me].has("graveyard"):
        wanted = ["warlord"] + [c for c in wanted if c != "warlord"]
    return wanted


def _build(
    plan: Plan, state: Any, seat: int, legal: list[Command], purples: list[str], fill: bool
) -> Command | None:
    builds = {c["district"]: c for c in legal if c["type"] == "build"}
    for purple in purples:
        if purple in builds:
            return builds[purple]
        if purple in state.players[seat].hand and not state.players[seat].has(purple):
            return None  # save the gold for it (one used up, the Armory, is not built again)
    if fill:
        for cheap in _CHEAP:
            if cheap in builds:
                return builds[cheap]
    return None


def my_pick(plan: Plan, state: Any, me: int, bot: int, legal: list[Command], met: set[str]) -> Command:
    """My next command: forced decisions first, then unmet kinds, income, purples, cheap districts, end."""
    unmet = plan.unmet(met)
    kinds = {kind_of(c) for c in legal}
    if legal[0]["type"] in ("choose_character", "discard_character"):
        return _draft(plan, state, me, legal, my_wanted(plan, state, me, met))
    forced = _forced(legal, kinds, _MY_FORCED, {"set_bell_tower": {"districts": 7}})
    if forced is not None:
        return forced
    if "take_card" in kinds:  # the Wizard: a card the bot does not need for its plan
        takes = [c for c in legal if kind_of(c) == "take_card"]
        return next((c for c in takes if c["district"] not in plan.bots), takes[0])
    if "take_gold" in kinds:
        return _first(legal, "draw_cards" if "draw_cards" in unmet and "draw_cards" in kinds else "take_gold")  # type: ignore[return-value]
    held = set(state.chosen[bot]) if state.chosen else set()
    mine = set(state.chosen[me]) if state.chosen else set()
    for kind in ("kill", "rob", "bewitch"):
        if kind in kinds and kind in unmet:
            targets = [c for c in legal if c["type"] == kind and c["character"] not in mine]
            quiet = [c for c in targets if c["character"] not in held] if kind != "rob" else targets
            if quiet or targets:
                return (quiet or targets)[0]
    keeps = set(plan.mine) | set(plan.bots)  # the cards of the plan are never given away or discarded
    swap = not keeps & set(state.players[me].hand)
    for kind in (
        "swap_hands",
        "look_at_hand",
        "navigate:gold",
        "exchange",
        "use_armory",
        "destroy",
        "use_smithy",
        "use_laboratory",
        "use_museum",
        "redraw",
    ):
        if kind not in unmet or (kind == "swap_hands" and not swap):
            continue
        fit = [
            c
            for c in legal
            if kind_of(c) == kind
            and c.get("seat", bot) == bot
            and not keeps & {c.get("district"), c.get("own"), c.get("their")}
            and not keeps & set(c.get("districts") or [])
            and len(c.get("districts") or [0]) == 1
        ]
        if fit:
            return fit[0]
    if "collect_income" in kinds:
        return _first(legal, "collect_income")  # type: ignore[return-value]
    done = not (unmet - {"build", "end_turn"})
    build = _build(plan, state, me, legal, plan.mine, fill=len(state.players[me].city) < 5 or done)
    if build is not None:
        return build
    return _first(legal, "end_turn") or legal[0]


def bot_pick(plan: Plan, state: Any, me: int, bot: int, legal: list[Command], met: set[str]) -> Command:
    """The bot's next command: it leads the game past my decisions and completes its city once they are met."""
    unmet = plan.unmet(met)
    kinds = {kind_of(c) for c in legal}
    if legal[0]["type"] in ("choose_character", "discard_character"):
        return _draft(plan, state, bot, legal, bot_wanted(plan, state, me, met))
    forced = _forced(legal, kinds, _BOT_FORCED)
    if forced is not None:
        return forced
    if "give_crown" in kinds:
        return _first(legal, "give_crown") or legal[0]
    if "take_card" in kinds:
        return _first(legal, "take_card") or legal[0]
    if "take_gold" in kinds:
        player = state.players[bot]
        cheap = [d for d in player.hand if d in _CHEAP and not player.has(d)]
        return _first(legal, "draw_cards" if not cheap and "draw_cards" in kinds else "take_gold")  # type: ignore[return-value]
    graveyard = state.players[me].has("graveyard") and "use_graveyard" in unmet
    if graveyard:
        victims = [
            c for c in legal if c["type"] == "destroy" and c["seat"] == me and c["district"] != "graveyard"
        ]
        if victims:
            return victims[0]
    if "collect_income" in kinds:
        return _first(legal, "collect_income")  # type: ignore[return-value]
    done = not (unmet - {"build", "end_turn"})
    big = len(state.players[bot].city) < 6 or done
    build = _build(plan, state, bot, legal, plan.bots, fill=big)
    if build is not None:
        return build
    return _first(legal, "end_turn") or legal[0]
