"""A tournament's words in the reader's language (German, English: the app's own locale/): the names of its
events, a line for each event of its log, the tiebreaks' names and a withdrawal's reason. The pages, the API
and the mails say them through these."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from . import standings


def event_name(type_: str) -> str:
    """The name of an event type, in the active language."""
    names = {
        standings.CREATED: gettext("tournament created"),
        standings.JOINED: gettext("player joined"),
        standings.LEFT: gettext("player left"),
        standings.STARTED: gettext("tournament started"),
        standings.ROUND_PAIRED: gettext("round paired"),
        standings.GAME_LINKED: gettext("game started"),
        standings.GAME_FINISHED: gettext("game finished"),
        standings.WITHDRAWN: gettext("player withdrawn"),
        standings.ENDED: gettext("tournament ended"),
        standings.CANCELLED: gettext("tournament called off"),
    }
    return names.get(type_, type_)


def reason_name(reason: str) -> str:
    """Why a player left a running tournament."""
    return {"withdrawal": gettext("withdrew"), "time": gettext("lost on time")}.get(reason, reason)


def tiebreak_names(table_size: int) -> list[str]:
    """The tiebreaks of the standings, in their order (Buchholz and Sonneborn-Berger at 2-player tables)."""
    if table_size == 2:
        return [gettext("Buchholz"), gettext("Sonneborn-Berger")]
    return [gettext("opponents' points")]


def describe_event(type_: str, data: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One line of the tournament's log for people (`names`: the players' names by user id)."""

    def name(player: Any) -> str:
        return names.get(int(player), gettext("a player"))

    if type_ == standings.JOINED:
        return gettext("{player} joined.").format(player=name(data["player"]))
    if type_ == standings.LEFT:
        return gettext("{player} left before the start.").format(player=name(data["player"]))
    if type_ == standings.STARTED:
        count = len(data["players"])
        return ngettext("The tournament started with {count} player.", "The tournament started with {count} players.",
                        count).format(count=count)
    if type_ == standings.ROUND_PAIRED:
        tables = len(data["tables"])
        line = ngettext("Round {round} was paired: {count} table.", "Round {round} was paired: {count} tables.",
                        tables).format(round=data["round"], count=tables)
        if data.get("byes"):
            line += " " + gettext("Sitting out: {players}.").format(players=", ".join(name(p) for p in data["byes"]))
        return line
    if type_ == standings.GAME_LINKED:
        return gettext("Round {round}, table {table}: game {game} started.").format(
            round=data["round"], table=int(data["table"]) + 1, game=data["game"])
    if type_ == standings.GAME_FINISHED:
        key = gettext("Round {round}, table {table}: the game was decided as a draw (maximum length).") if data.get(
            "adjudicated") else gettext("Round {round}, table {table}: the game is over.")
        return key.format(round=data["round"], table=int(data["table"]) + 1)
    if type_ == standings.WITHDRAWN:
        if data.get("reason") == "time":
            return gettext("{player} lost on time and plays no more rounds.").format(player=name(data["player"]))
        return gettext("{player} withdrew.").format(player=name(data["player"]))
    if type_ == standings.ENDED:
        winners = ", ".join(name(p) for p in data.get("winners", []))
        return gettext("The tournament ended. Won by {winners}.").format(winners=winners) if winners else gettext(
            "The tournament ended.")
    if type_ == standings.CANCELLED:
        if data.get("reason") == "host":
            return gettext("The host called the tournament off.")
        return gettext("The tournament was called off: too few players.")
    return event_name(type_)
