"""What the best bot reads off a state: only what its seat may see.

Public: every city, gold, hand size, the face-up characters, the revealed ones, the crown, the killed and
robbed characters once named. Private to the seat: its hand, its characters, the draft cards handed to it
and (the crown's holder, when the edition says so) the face-down character. Nothing here reads another
seat's hand, the deck order or a face-down character the seat may not see.

From that it estimates the seats' standing (`standing`), how likely each character is in another seat's
hands (`held_chance`) and how likely a character the seat takes is killed or robbed (`danger`).
"""

from __future__ import annotations

from collections import Counter

from .cards import DISTRICTS
from .scoring import score_of
from .state import DRAFT, Player, State
from .turn import build_cost

# The characters a rival who names a victim names first: the rich turns (income, cards, builds).
KILL_FAVOURITES = ("architect", "merchant", "king", "alchemist", "navigator", "warlord")
ROB_FAVOURITES = ("merchant", "architect", "king", "alchemist", "navigator", "bishop")
NAMING_WEIGHT = 3.0  # how much likelier a favourite is named than any other character


def standing(state: State, player: Player) -> float:
    """A seat's prospects in points: its score now, its gold (soon districts) and the cards it can build,
    and a bonus for a city close to complete (the +4 and the end it decides)."""
    now = score_of(player, state.round, state.first_complete, state.complete_at)["total"]
    to_go = max(state.complete_at - len(player.city), 0)
    return now + 0.6 * player.gold + 0.5 * len(player.hand) + max(0, 4 - to_go) * 1.5


def rivals(state: State, seat: int) -> list[Player]:
    """The other seats still playing."""
    return [p for p in state.players if p.seat != seat and p.seat not in state.resigned]


def threat(state: State, seat: int, rival: Player) -> float:
    """How much a turn of `rival` hurts `seat`: more the further ahead and the closer to complete."""
    lead = standing(state, rival) - standing(state, state.players[seat])
    to_go = state.complete_at - len(rival.city)
    near = 4.0 if to_go <= 1 else 2.0 if to_go == 2 else 0.0
    return max(0.5, 1.0 + lead / 6.0 + near)


def mine(state: State, seat: int) -> tuple[str, ...]:
    """The seat's own characters this round (its private knowledge)."""
    return state.chosen[seat] if seat < len(state.chosen) else ()


def seen_face_down(state: State, seat: int) -> str | None:
    """The face-down character, when this seat may see it (the crown's holder in the 2012 rules)."""
    if state.rules.king_sees_face_down and state.crown == seat and state.face_down and state.rules.players > 2:
        return state.face_down[0]
    return None


def held_chance(state: State, seat: int) -> dict[str, float]:
    """For each character not face up and not the seat's own: the chance another seat holds it.

    In the draft, a character handed to the seat is held later with the chance that the seats after it
    take it; one missing from the cards handed on was taken before or lies face down. In the turns, the
    unrevealed characters share the characters the others hold."""
    own = set(mine(state, seat))
    unseen = [c for c in state.rules.characters if c not in state.face_up and c not in own]
    if not unseen:
        return {}
    hidden = seen_face_down(state, seat)
    if state.phase == DRAFT and state.draft_steps and state.draft_steps[0].seat == seat:
        return _draft_chances(state, seat, unseen, hidden)
    held = sum(len(c) for s, c in enumerate(state.chosen) if s != seat)
    revealed = {c for _, c in state.revealed}
    open_ = [c for c in unseen if c not in revealed and c != hidden]
    still = held - sum(1 for s, c in state.revealed if s != seat)
    share = min(1.0, still / len(open_)) if open_ else 0.0
    return {c: (1.0 if c in revealed and c not in own else share if c in open_ else 0.0) for c in unseen}


def _draft_chances(state: State, seat: int, unseen: list[str], hidden: str | None) -> dict[str, float]:
    pile = set(state.draft_pile)
    later = sum(1 for step in state.draft_steps[1:] if step.action == "choose" and step.seat != seat)
    handed_on = max(len(state.draft_pile) - 1, 1)
    missing = [c for c in unseen if c not in pile and c != hidden]
    face_down_left = 0 if hidden is not None else 1
    before = max(len(missing) - face_down_left, 0)
    chances = {}
    for character in unseen:
        if character == hidden:
            chances[character] = 0.0
        elif character in pile:
            chances[character] = min(1.0, later / handed_on)
        else:
            chances[character] = before / len(missing) if missing else 0.0
    return chances


def naming_chance(state: State, seat: int, target: str, favourites: tuple[str, ...], namer: str) -> float:
    """The chance that a rival holding `namer` (the Assassin, the Thief) names `target`: favourites
    `NAMING_WEIGHT` times as likely as the other characters it may name."""
    own_namer = namer in mine(state, seat)
    if own_namer:
        return 0.0
    excluded = {namer, "assassin", "witch"} if namer == "thief" else {namer}
    names = [c for c in state.rules.characters if c not in state.face_up and c not in excluded]
    if target not in names:
        return 0.0
    weights = {c: NAMING_WEIGHT if c in favourites else 1.0 for c in names}
    return weights[target] / sum(weights.values())


def danger(state: State, seat: int, character: str, chances: dict[str, float]) -> tuple[float, float]:
    """(chance killed, chance robbed) of `character` in this seat's hands (the Witch counts as a killer:
    a bewitched turn is as good as lost)."""
    killed = 0.0
    for killer in ("assassin", "witch"):
        if killer != character:
            killed += chances.get(killer, 0.0) * naming_chance(state, seat, character, KILL_FAVOURITES, killer)
    robbed = 0.0
    if character not in ("assassin", "thief", "witch"):
        robbed = chances.get("thief", 0.0) * naming_chance(state, seat, character, ROB_FAVOURITES, "thief")
        robbed *= 1.0 - chances.get("assassin", 0.0) * 0.2  # the Thief is killed now and then
    return min(killed, 0.9), min(robbed, 0.9)


def useful(player: Player) -> list[str]:
    """The hand's cards the city may still take (a duplicate only with the Quarry)."""
    quarry = player.has("quarry")
    return [d for d in player.hand if quarry or not player.has(d)]


def affordable(player: Player, gold: int) -> list[str]:
    """The useful cards `gold` pays for."""
    return [d for d in useful(player) if build_cost(player, d) <= gold]


def colours(player: Player) -> Counter[str]:
    """How many districts of each colour the city has."""
    return Counter(DISTRICTS[b.district].colour for b in player.city)
