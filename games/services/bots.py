"""Bot seats: the host of a new game gives seats to bots, each of a level ("easy", "strong"), and the bots
play them through the one write path of every command (`commands.apply_command`, `by_service=True`).

The levels are the hosting's; each names a bot of the game's own rules (`kind.rules.bots`), so no game is
named here. A bot seat is held by a bot's account (`accounts.User.bot_level`), one per level and number
("Bot, strong", "Bot, strong 2", ...: a game seats each account once), made on first use, so that its
profile and its ratings work like anyone's.

The bots never move inside a player's request: after every batch that leaves a bot seat awaited, a task is
sent once the transaction commits (`games.play_bot_turn`, a few seconds later). It locks the game's row
and plays one command only if the game is still at that version and still awaits that bot seat, so a task
delivered twice, late, or after a takeback does nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import hooks, selectors, store
from ..models import SERVICE_KEY_PREFIX, Game, Seat
from ..registry import GameKind, get_kind
from .commands import apply_command
from .writing import game_rng

log = logging.getLogger(__name__)

# A level the host chooses -> the name of the rules' bot that plays it (a game without that bot: its stand-in).
LEVELS = {"easy": "heuristic", "strong": "best"}
DEFAULT_LEVEL = "strong"
# The names of the bots' accounts, in the language of the row (the admin's); pages show `level_label`.
ACCOUNT_NAMES = {"easy": "Bot, easy", "strong": "Bot, strong"}
BOT_EMAIL_DOMAIN = "bots.invalid"  # RFC 2606: no mail is ever delivered there
# The seconds between a bot's turn and its move: a move the players can follow on the page.
BOT_DELAY_SECONDS = 1.0
PLAY_TASK = "games.play_bot_turn"


def level_label(level: str) -> str:
    """A level's name in the reader's language."""
    return {"easy": gettext("easy"), "strong": gettext("strong")}.get(level, level)


def bot_for(kind: GameKind, level: str) -> Any:
    """The rules' bot that plays a seat of this level: `LEVELS`' name when the game has that bot, else its
    stand-in (the game's strongest)."""
    name = LEVELS.get(level, "")
    return kind.rules.bots[name] if name in kind.rules.bots else kind.rules.stand_in_bot


def clean_bots(value: Any, players: int) -> list[str]:
    """The levels of the bot seats a new game asks for (`[{"level": "strong"}, ...]`), checked: every item an
    object with a known level (default "strong"), and at most `players - 1` of them (the host's own seat)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ServiceError("invalid", "invalid_bots", gettext('bots is a list of objects such as {"level": "strong"}.'))
    levels = []
    for item in value:
        unknown = set(item) - {"level"}
        if unknown:
            raise ServiceError("invalid", "invalid_bots", gettext("Unknown bot fields: {names}.").format(
                names=", ".join(sorted(map(str, unknown)))))
        level = item.get("level", DEFAULT_LEVEL)
        if level not in LEVELS:
            raise ServiceError("invalid", "unknown_bot_level", gettext("A bot's level is one of {levels}.").format(
                levels=", ".join(LEVELS)))
        levels.append(str(level))
    if isinstance(players, int) and len(levels) > players - 1:
        raise ServiceError("invalid", "too_many_bots", gettext(
            "{count} bots do not fit: {players} seats, one of them yours.").format(count=len(levels), players=players))
    return levels


def bot_account(level: str, number: int) -> User:
    """The account of the level's `number`-th bot (1, 2, ...), made on first use: no password that signs in,
    an address nobody receives mail at, never verified (so no mail is written for it)."""
    name = ACCOUNT_NAMES[level] + (f" {number}" if number > 1 else "")
    user, _created = User.objects.get_or_create(
        email=f"bot-{level}-{number}@{BOT_EMAIL_DOMAIN}",
        defaults={"display_name": name, "bot_level": level, "password": make_password(None)},
    )
    return user


def seat_bots(game: Game, levels: list[str]) -> list[Seat]:
    """Seat bots of these levels in the open game (each a bot account not seated there yet)."""
    taken = set(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    seats = []
    for level in levels:
        number = 1
        while (user := bot_account(level, number)).pk in taken:
            number += 1
        taken.add(user.pk)
        seats.append(Seat.objects.create(game=game, user=user))
    if seats and not game.with_bots:
        game.with_bots = True
        game.save(update_fields=["with_bots"])
    return seats


def bot_users(game: Game) -> dict[int, User]:
    """The game's bot seats (by seat index) and their accounts; nothing read in a game without bots."""
    if not game.with_bots:
        return {}
    return {seat: user for seat, user in selectors.seated_users([game.pk])[game.pk].items() if user.is_bot}


def on_events_appended(batch: hooks.EventsAppended) -> None:
    """Hook subscriber: once the batch commits, a bot whose seat the game now awaits is asked to move."""
    game = batch.game
    if not game.with_bots or game.status != Game.Status.ACTIVE or not game.awaiting:
        return
    if set(game.awaiting) & set(bot_users(game)):
        schedule(game.pk, game.version)


def schedule(game_id: int, version: int) -> None:
    """After the commit, send the task that plays the bot seat the game awaits at `version`."""

    def send() -> None:
        # By its registered name: the task module sits above the services.
        current_app.tasks[PLAY_TASK].apply_async((game_id, version), countdown=BOT_DELAY_SECONDS)

    transaction.on_commit(send)


def play_bot_turn(game_id: int, version: int) -> int:
    """The task's body: if the game is still at `version` and awaits a bot seat, that bot plays one command
    (through `apply_command`, as the service); the number of commands played (0 or 1)."""
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.version != version:
            return 0
        bots = bot_users(game)
        seat = next((seat for seat in game.awaiting if seat in bots), None)
        if seat is None:
            return 0
        user = bots[seat]
        kind = get_kind(game.kind)
        state = store.load_state(game)
        command = _bot_command(kind, state, seat, user.bot_level, game)
        apply_command(game, user, seat, command, key=f"{SERVICE_KEY_PREFIX}bot:{version}:{seat}",
                      expected_version=version, by_service=True)
    return 1


def _bot_command(kind: GameKind, state: Any, seat: int, level: str, game: Game) -> dict[str, Any]:
    """The bot's command, or the first legal one if the bot fails (a bot's bug must not stall the game)."""
    try:
        return dict(bot_for(kind, level)(state, seat, game_rng(game, purpose=f"bot:{seat}")))
    except Exception:  # noqa: BLE001 - any failure of the bot: the game goes on with a legal move
        log.exception("bot %s failed in game %s at version %s", level, game.pk, game.version)
        legal = kind.rules.legal_commands(state, seat)
        if not legal:
            raise
        return dict(legal[0])
