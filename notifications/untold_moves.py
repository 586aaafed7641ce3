"""The service's moves for a seat that no event of theirs tells yet: an answer given together with other
players' (a discard asked of every other player, say), which the game's log reveals only once all have
answered. The deadline mail tells the reader such a move by its command, in the site's words, read with the
seat's own view just before it (a command may name cards by their number in the seat's hand)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import store
from games.models import Command, Game
from games.registry import get_kind


def untold_moves(game: Game, seat: int, first_seq: int, upto: int, names: dict[int, str]) -> list[str]:
    """The commands the service played for `seat` from event `first_seq` up to `upto`, a line each (in the
    active language), as only that seat may read them."""
    kind = get_kind(game.kind)
    played = Command.objects.filter(game=game, seat=seat, by_service=True, first_seq__gte=first_seq,
                                    first_seq__lte=upto).order_by("first_seq")
    lines = []
    for command in played:
        view = kind.rules.view(store.load_state(game, at=command.first_seq - 1), seat)
        move = kind.describe_command(dict(command.command), names, view)
        lines.append(_("{name}: {move}").format(name=names[seat], move=move) + " " + _("(played for the absent player)"))
    return lines
