"""Leagues: seasons of round-robin groups in tiers, with promotion and relegation (pure, no Django).

A season is a list of tiers, the first the highest; a tier is a list of groups; a group is its players in
the order of its final standings (best first). Each group plays a round robin (`pairing.round_robin_tables`
or `round_robin_pairs`); `next_season` is the one function from a finished season's standings to the next
season's groups:

* the best `promote` of each group go up one tier, the last `relegate` of each group go down one tier (the
  top tier promotes nobody, the bottom tier relegates nobody);
* players who leave the league are taken out; newcomers join the bottom tier;
* each tier's players are dealt into as many groups as it had, by snake order of their previous standing
  (the up-movers after those who stayed, the down-movers before them), so the groups stay even in size and
  strength.

It keeps every tier's number of groups; a tier whose players no longer fill its groups evenly has groups
that differ by one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .pairing import Player

Group = Sequence[Player]
Tier = Sequence[Group]


def next_season(
    tiers: Sequence[Tier],
    promote: int = 1,
    relegate: int = 1,
    leaving: Collection[Player] = (),
    newcomers: Sequence[Player] = (),
) -> list[list[list[Player]]]:
    """The next season's tiers of groups from the finished season's (each group best first)."""
    if promote < 0 or relegate < 0:
        raise ValueError("promote and relegate count players: not negative")
    for tier in tiers:
        for group in tier:
            if promote + relegate > len(group):
                raise ValueError("a group cannot promote and relegate more players than it has")
    gone = set(leaving)
    stayed: list[list[tuple[int, Player]]] = [[] for _ in tiers]  # (position in group, player)
    came_up: list[list[tuple[int, Player]]] = [[] for _ in tiers]
    came_down: list[list[tuple[int, Player]]] = [[] for _ in tiers]
    last = len(tiers) - 1
    for level, tier in enumerate(tiers):
        for group in tier:
            size = len(group)
            for position, player in enumerate(group):
                if level > 0 and position < promote:
                    came_up[level - 1].append((position, player))
                elif level < last and position >= size - relegate:
                    came_down[level + 1].append((position, player))
                else:
                    stayed[level].append((position, player))
    result: list[list[list[Player]]] = []
    for level, tier in enumerate(tiers):
        ordered = [p for _, p in sorted(came_down[level])] + [p for _, p in sorted(stayed[level])]
        ordered += [p for _, p in sorted(came_up[level])]
        if level == last:
            ordered += list(newcomers)
        ordered = [p for p in ordered if p not in gone]
        result.append(snake(ordered, max(1, len(tier))))
    return result


def snake(players: Sequence[Player], groups: int) -> list[list[Player]]:
    """Deal the players (strongest first) into `groups` groups in snake order: 1 2 3 3 2 1 1 2 3 ..."""
    dealt: list[list[Player]] = [[] for _ in range(groups)]
    for index, player in enumerate(players):
        lap, offset = divmod(index, groups)
        dealt[offset if lap % 2 == 0 else groups - 1 - offset].append(player)
    return dealt
