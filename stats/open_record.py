"""The open record: every finished, listed game of players who did not opt out, as JSON lines, gzip-compressed,
with a SHA-256 checksum file beside it (schema: docs/open-record.md).

Each line is one game: its kind, options (the public ones), the month it ended, its seats under stable
anonymous ids (an HMAC of the account's id with a server secret: the same player has the same id in every
game, and no one without the secret can tell who it is) and every event of its log with every seat's part
open, as the replay shows a finished game with every hand open, and the parts the fold needs to replay it
(the deck orders: history once the game is over). Left out: names, addresses, chat, the game's id and the
events' times (either would lead back to the game's page and its players' names), the random seeds (never in
the log: each is an HMAC of a server secret) and the server's secrets.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.crypto import salted_hmac

from games.models import Event, Game, Seat, SeatTakeover
from games.registry import get_kind, kind_names

from .consent import left_out

SCHEMA = 1
"""The record's format version (docs/open-record.md); a new one when a field changes meaning or goes."""

ID_SALT = "stats.open-record"
ID_LENGTH = 24  # hex characters of the HMAC: 96 bits, no two players alike in practice


def _id_secret() -> str:
    """The secret behind the anonymous ids: STATS_OPEN_RECORD_SECRET, else the SECRET_KEY (rotating it gives
    every player a new id: a deployment that publishes the record sets its own secret once)."""
    return str(getattr(settings, "STATS_OPEN_RECORD_SECRET", "") or settings.SECRET_KEY)


def anonymous_id(what: str, pk: int) -> str:
    """The record's stable id of a player (`what` "p") or a game ("g"): the HMAC of its key, not reversible."""
    digest = salted_hmac(ID_SALT, f"{what}:{pk}", secret=_id_secret(), algorithm="sha256").hexdigest()
    return f"{what}_{digest[:ID_LENGTH]}"


def recorded_games() -> QuerySet[Game]:
    """The games the record holds: finished, listed, of a registered kind, with no player (nor one who sat
    there before a takeover) who keeps their games out; the oldest ending first."""
    finished = Game.objects.filter(status=Game.Status.FINISHED, listed=True, kind__in=kind_names())
    players = set(Seat.objects.filter(game__in=finished).values_list("user_id", flat=True))
    players |= set(SeatTakeover.objects.filter(game__in=finished).values_list("previous_user_id", flat=True))
    out = left_out(players)
    return (finished.exclude(seats__user_id__in=out).exclude(takeovers__previous_user_id__in=out)
            .distinct().order_by("finished_at", "id"))


def game_record(game: Game) -> dict[str, Any]:
    """One game of the record (a JSON-ready dict, one line of the file)."""
    kind = get_kind(game.kind)
    rules = kind.rules
    rows = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", "actor_seat", "data"))
    events = [rules.decode(data) for _seq, _actor, data in rows]
    final = rules.fold(events)
    scores, places = list(rules.scores(final)), list(rules.standings(final))
    seats = {index: (user_id, bot) for index, user_id, bot in
             Seat.objects.filter(game=game, index__isnull=False).values_list("index", "user_id", "user__bot_level")}
    finished: datetime = game.finished_at or game.updated_at
    return {
        "schema": SCHEMA,
        "game": anonymous_id("g", game.pk),
        "kind": game.kind,
        "players": game.players,
        "finished": finished.strftime("%Y-%m"),
        "rated": game.rated,
        "options": {k: v for k, v in game.options.items() if k not in kind.fixed_order_options},
        "seats": [{"seat": index, "player": anonymous_id("p", seats[index][0]), "bot": bool(seats[index][1]),
                   "place": places[index], "score": scores[index]} for index in range(game.players)],
        "events": [{"seq": seq, "actor_seat": actor, "event": rules.encode(event)}
                   for (seq, actor, _data), event in zip(rows, events, strict=True)],
    }


@dataclass(frozen=True)
class WrittenRecord:
    """A record written: the file, its checksum file, how many games, the SHA-256 of the file."""

    path: Path
    checksum_path: Path
    games: int
    sha256: str


def default_directory() -> Path:
    """Where the record goes unless told: STATS_OPEN_RECORD_DIR, else var/open-record."""
    configured = getattr(settings, "STATS_OPEN_RECORD_DIR", "")
    return Path(configured) if configured else Path(settings.VAR_DIR) / "open-record"


def write_open_record(directory: Path | None = None, now: datetime | None = None) -> WrittenRecord:
    """Write the whole record as `open-record-YYYY-MM.jsonl.gz` (the month it is written in) and its
    `.sha256` (in `sha256sum`'s format), each through a temporary file renamed into place, so a reader never
    finds half a file. The gzip header carries no time: the same games give the same bytes."""
    directory = directory or default_directory()
    directory.mkdir(parents=True, exist_ok=True)
    stamp = (now or timezone.now()).strftime("%Y-%m")
    path = directory / f"open-record-{stamp}.jsonl.gz"
    partial = path.with_name(path.name + ".partial")
    count = 0
    with partial.open("wb") as raw:
        hashed = _HashingWriter(raw)
        with gzip.GzipFile(filename="", mode="wb", fileobj=hashed, mtime=0) as packed:
            for game in recorded_games().iterator(chunk_size=200):
                line = json.dumps(game_record(game), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                packed.write(line.encode() + b"\n")
                count += 1
    digest = hashed.digest
    partial.replace(path)
    checksum_path = path.with_name(path.name + ".sha256")
    checksum_partial = checksum_path.with_name(checksum_path.name + ".partial")
    checksum_partial.write_text(f"{digest.hexdigest()}  {path.name}\n")
    checksum_partial.replace(checksum_path)
    return WrittenRecord(path=path, checksum_path=checksum_path, games=count, sha256=digest.hexdigest())


class _HashingWriter:
    """A binary file that hashes what is written through it (the record is hashed as it is written, never
    read back whole)."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw, self.digest = raw, hashlib.sha256()

    def write(self, data: bytes) -> int:
        self.digest.update(data)
        return self.raw.write(data)

    def flush(self) -> None:
        self.raw.flush()


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file, read a megabyte at a time."""
    digest = hashlib.sha256()
    with path.open("rb") as raw:
        for block in iter(lambda: raw.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class ChecksumMismatch(ValueError):
    """The record's bytes are not those its checksum file names."""


def read_open_record(path: Path) -> Iterator[dict[str, Any]]:
    """The games of a record file, after checking it against its `.sha256` file (`ChecksumMismatch`)."""
    expected = path.with_name(path.name + ".sha256").read_text().split()[0]
    if file_sha256(path) != expected:
        raise ChecksumMismatch(f"{path.name} does not match its checksum")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def replayed_scores(record: dict[str, Any]) -> list[int]:
    """Each seat's final score of a recorded game, replayed through its rules' fold from the record's events."""
    rules = get_kind(record["kind"]).rules
    final = rules.fold(rules.decode(entry["event"]) for entry in record["events"])
    return list(rules.scores(final))
