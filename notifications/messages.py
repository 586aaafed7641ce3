"""Composing emails at delivery: an outbox row's message, built from the immutable log as it was at the
row's version (so the text is the same whenever it is rendered), in the row's language, laid out by the
templates as text and HTML."""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from django.db.models import OuterRef, Subquery
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.local import format_time, language_of
from accounts.models import User
from config.links import site_link
from games import store
from games.models import Command, Game, Seat
from games.registry import get_kind

from .email_choices import numbered_choices
from .mime import one_line
from .models import Kind, Outbox
from .outbox import Message, dedupe_key, game_url
from .preferences import unsubscribe_url

HISTORY_LIMIT = 80  # events told in one email; older ones are summed up in one line


def render(message: Message) -> tuple[str, str]:
    """The plain-text and HTML bodies of a message. Each text is one line of the plain text (`one_line`):
    names and players' words in it cannot add lines of their own."""
    lang = language_of(message.user)
    context = {
        "lang": lang,
        "name": one_line(message.user.display_name),
        "intro": [one_line(line) for line in message.intro],
        "sections": [(one_line(title), [one_line(line) for line in lines]) for title, lines in message.sections],
        "links": [(one_line(label), url) for label, url in message.links],
        "unsubscribe_url": message.unsubscribe_url or unsubscribe_url(message.user, message.kind),
        "settings_url": site_link("settings"),
        "subject": one_line(message.subject),
    }
    with translation.override(lang):
        text = render_to_string("notifications/email/message.txt", context)
        html = render_to_string("notifications/email/message.html", context)
    return text, html


def _history(batch: _Batch, game: Game, seat: int, after_seq: int, upto: int, names: dict[int, str]) -> list[str]:
    """The events after `after_seq` up to `upto` as `seat` may see them, in words (in the active language);
    service moves are marked. The events come from the batch, decoded once for all its readers."""
    kind = get_kind(game.kind)
    site, redact = kind.site_module, kind.rules.redact
    events = batch.events.get(game.pk, {})
    total = upto - after_seq  # a log's seqs have no gaps
    lines = []
    if total > HISTORY_LIMIT:
        lines.append(_("... and {count} earlier events").format(count=total - HISTORY_LIMIT))
        after_seq = upto - HISTORY_LIMIT
    for seq in range(after_seq + 1, upto + 1):
        if seq not in events:
            continue
        event, by_service = events[seq]
        seen = redact(event, seat)
        if seen is None:
            continue
        line = site.describe_event(seen, names)
        if by_service:
            line += " " + _("(played for the absent player)")
        lines.append(line)
    return lines


def _names(users: dict[int, User], reader_seat: int | None, lang: str) -> dict[int, str]:
    names = {seat: user.display_name for seat, user in users.items()}
    if reader_seat is not None and reader_seat in names:
        with translation.override(lang):
            names[reader_seat] = _("{name} (you)").format(name=names[reader_seat])
    return names


def _turn_message(batch: _Batch, game: Game, state: Any, seat: int, user: User, users: dict[int, User],
                  since: int) -> Message:
    """The your-turn mail; its history tells the events after `since` (the reader's last own move)."""
    lang = language_of(user)
    kind = get_kind(game.kind)
    names = _names(users, seat, lang)
    view = kind.rules.view(state, seat)
    deadline = format_time(game.deadline_at, user) if game.deadline_at else "-"
    with translation.override(lang):
        choices = numbered_choices(kind, kind.rules.legal_commands(state, seat), lang, names, view)
        history = _history(batch, game, seat, since, game.version, names) or [_("Nothing new.")]
        return Message(
            kind=Kind.TURN,
            user=user,
            game=game,
            dedupe_key=dedupe_key(Kind.TURN, game.pk, seat, game.version),
            subject=_("Your turn in {title} #{game}").format(title=kind.title, game=game.pk),
            intro=[
                _("it is your turn in {title} #{game}.").format(title=kind.title, game=game.pk),
                _("Please act by {deadline}.").format(deadline=deadline),
            ],
            sections=[
                (_("Since your last turn"), history),
                (_("Your choices now"), choices),
                *kind.site_module.email_sections(view, seat, names),
                (_("Deadline"), [deadline]),
            ],
            links=[(_("Open the game"), game_url(game))],
        )


def _started_message(game: Game, seat: int, user: User, users: dict[int, User]) -> Message:
    players = ", ".join(users[s].display_name for s in sorted(users))
    title = get_kind(game.kind).title
    with translation.override(language_of(user)):
        return Message(
            kind=Kind.STARTED,
            user=user,
            game=game,
            dedupe_key=dedupe_key(Kind.STARTED, game.pk, seat),
            subject=_("{title} #{game} has started").format(title=title, game=game.pk),
            intro=[
                _("{title} #{game} has started with {players}. You sit at seat {seat}.").format(
                    title=title, game=game.pk, players=players, seat=seat + 1
                )
            ],
            links=[(_("Open the game"), game_url(game))],
        )


def _ended_message(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Message:
    lang = language_of(user)
    names = _names(users, seat, lang)
    kind = get_kind(game.kind)
    view = kind.rules.view(state, seat)
    scores = sorted(view.get("scores") or [], key=lambda s: -int(s.get("total", 0)))
    winners = ", ".join(names.get(w, f"#{w}") for w in view.get("winners") or [])
    with translation.override(lang):
        lines = [
            _("{name}: {total} points").format(name=names.get(s["seat"], f"#{s['seat']}"), total=s.get("total", 0))
            for s in scores
        ]
        return Message(
            kind=Kind.ENDED,
            user=user,
            game=game,
            dedupe_key=dedupe_key(Kind.ENDED, game.pk, seat),
            subject=_("{title} #{game} is over").format(title=kind.title, game=game.pk),
            intro=[_("{title} #{game} is over.").format(title=kind.title, game=game.pk),
                   _("Winner: {names}").format(names=winners)],
            sections=[(_("Final scores"), lines)],
            links=[(_("Replay the game"), game_url(game, at=1)), (_("Open the game"), game_url(game))],
        )


def _timeout_message(batch: _Batch, game: Game, seat: int, user: User, users: dict[int, User],
                     params: dict[str, Any]) -> Message:
    lang = language_of(user)
    names = _names(users, seat, lang)
    first_seq, policy, absent, streak = params["first_seq"], params["policy"], params["absent"], params["streak"]
    title = get_kind(game.kind).title
    with translation.override(lang):
        played = _history(batch, game, seat, first_seq - 1, params["upto"], names)
        policies = {
            "bot": _("a bot chose a sensible move"),
            "minimal": _("the least move"),
        }
        intro = [
            _("the deadline in {title} #{game} passed, so the service played for you ({policy}).").format(
                title=title, game=game.pk, policy=policies.get(policy, policy)
            )
        ]
        if absent:
            intro.append(
                _(
                    "You missed {count} deadlines in a row, so the bot now plays your seat at once. "
                    "Open the game and press \"I'm back\" to play again yourself."
                ).format(count=streak)
            )
        return Message(
            kind=Kind.TIMEOUT,
            user=user,
            game=game,
            dedupe_key=dedupe_key(Kind.TIMEOUT, game.pk, seat, game.version),
            subject=_("Deadline passed in {title} #{game}: we moved for you").format(title=title, game=game.pk),
            intro=intro,
            sections=[(_("What was played for you"), played)],
            links=[(_("Open the game"), game_url(game))],
        )


def _reminder_message(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Message:
    assert game.deadline_at is not None
    deadline = format_time(game.deadline_at, user)
    lang = language_of(user)
    kind = get_kind(game.kind)
    choices = numbered_choices(
        kind, kind.rules.legal_commands(state, seat), lang, _names(users, seat, lang), kind.rules.view(state, seat)
    )
    with translation.override(lang):
        return Message(
            kind=Kind.REMINDER,
            user=user,
            game=game,
            dedupe_key=dedupe_key(Kind.REMINDER, game.pk, seat, game.version),
            subject=_("Reminder: your move in {title} #{game} is due {deadline}").format(
                title=kind.title, game=game.pk, deadline=deadline
            ),
            intro=[
                _(
                    "{title} #{game} is still waiting for your move. If you do not act by {deadline}, "
                    "the service moves for you."
                ).format(title=kind.title, game=game.pk, deadline=deadline)
            ],
            sections=[(_("Your choices now"), choices)] if choices else [],
            links=[(_("Open the game"), game_url(game))],
        )


def _digest_message(user: User, held: list[Outbox]) -> Message:
    by_game: dict[int | None, list[Outbox]] = {}
    for row in held:
        by_game.setdefault(row.game_id, []).append(row)
    sections = []
    links = []
    with translation.override(language_of(user)):
        for game_id, rows in by_game.items():
            game = rows[0].game
            title = f"{get_kind(game.kind).title} #{game_id}" if game is not None else "-"
            sections.append((title, [r.subject for r in rows]))
            if game is not None:
                links.append((_("Open {title}").format(title=title), game_url(game)))
        return Message(
            kind=Kind.DIGEST,
            user=user,
            game=None,
            dedupe_key=dedupe_key(Kind.DIGEST, user.pk, held[-1].pk),
            subject=_("Your game digest: {count} news").format(count=len(held)),
            intro=[_("here is what happened in your games since the last digest.")],
            sections=sections,
            links=links,
        )


def _as_of(game: Game, version: int | None, params: dict[str, Any] | None = None) -> Game:
    """The game as a mail written at `version` saw it (its version, and the deadline it showed if `params`
    name one)."""
    then = copy.copy(game)
    if version is not None:
        then.version = version
    if params is not None and "deadline" in params:
        then.deadline_at = datetime.fromisoformat(params["deadline"]) if params["deadline"] else None
    return then


def _message_of(row: Outbox, batch: _Batch) -> Message:
    """The message an outbox row says, built from the log as it was at the row's version."""
    game = row.game
    users = batch.users.get(row.game_id, {}) if row.game_id is not None else {}
    user = copy.copy(users[row.seat] if row.seat in users else row.user)  # row.user: read only if needed
    user.language = row.language  # the row's language: the text does not depend on when it is rendered
    params = row.params or {}
    if "message" in params:  # words its writer chose (an answer to a reply by email)
        words = params["message"]
        return Message(row.kind, user, game, row.dedupe_key, words["subject"], list(words["intro"]),
                       [(title, list(lines)) for title, lines in words["sections"]],
                       [(label, url) for label, url in words["links"]])
    if row.kind == Kind.DIGEST:
        held = list(Outbox.objects.filter(pk__in=params.get("held", [])).select_related("user", "game").order_by("id"))
        compose_many(held)
        return _digest_message(user, held)
    assert game is not None and row.seat is not None, f"outbox #{row.pk} names no game or seat"
    state = batch.states.get((game.pk, row.version)) if row.version else None
    if row.kind == Kind.STARTED:
        return _started_message(game, row.seat, user, users)
    if row.kind == Kind.TURN:
        then = _as_of(game, row.version, params)
        return _turn_message(batch, then, state, row.seat, user, users, batch.history_from[row.pk])
    if row.kind == Kind.ENDED:
        return _ended_message(_as_of(game, row.version), state, row.seat, user, users)
    if row.kind == Kind.REMINDER:
        return _reminder_message(_as_of(game, row.version, params), state, row.seat, user, users)
    if row.kind == Kind.TIMEOUT:
        return _timeout_message(batch, _as_of(game, row.version), row.seat, user, users, params)
    raise ValueError(f"outbox #{row.pk}: unknown kind {row.kind!r}")


class _Batch:
    """What the rows of a batch need of their games, read together (a few queries per batch, not per
    mail): the seated users, the states at the rows' versions (each game folded forward once), each turn
    mail's last own command, and the events the histories tell, decoded once for all their readers."""

    def __init__(self, rows: list[Outbox]) -> None:
        told = [row for row in rows if row.game is not None and "message" not in (row.params or {})]
        games = {row.game.pk: row.game for row in told if row.game is not None}
        self.users: dict[int, dict[int, User]] = {game_id: {} for game_id in games}
        seats = list(Seat.objects.filter(game_id__in=games, index__isnull=False).values_list("game_id", "index", "user_id"))
        players = User.objects.in_bulk({user_id for _game, _index, user_id in seats})  # one each, however many games
        for game_id, index, user_id in seats:
            if index is not None:  # always (the query takes seated players only); this narrows the type
                self.users[game_id][index] = players[user_id]
        self.states = store.load_states(
            (row.game, row.version) for row in told
            if row.game is not None and row.version and row.kind in (Kind.TURN, Kind.ENDED, Kind.REMINDER)
        )
        self.history_from = self._histories_from([row for row in told if row.kind == Kind.TURN])
        self.events: dict[int, dict[int, tuple[Any, bool]]] = {}
        self._read_events(told)

    @staticmethod
    def _histories_from(turns: list[Outbox]) -> dict[int, int]:
        """By turn row: the event before its seat's last command before the row's version (0: none). The
        history tells that command's events too: what it set off (the next character called, who it is, the
        cards drawn) is news to a player who reads only the emails."""
        if not turns:
            return {}
        last = (
            Command.objects.filter(game=OuterRef("game"), seat=OuterRef("seat"), last_seq__lt=OuterRef("version"))
            .order_by("-last_seq")
            .values("first_seq")[:1]
        )
        found = Outbox.objects.filter(pk__in=[row.pk for row in turns]).annotate(first=Subquery(last))
        return {pk: seq - 1 if seq else 0 for pk, seq in found.values_list("pk", "first")}

    def _read_events(self, rows: list[Outbox]) -> None:
        """The events the histories of these rows tell (at most HISTORY_LIMIT each), in one query."""
        windows: dict[int, list[tuple[int, int]]] = {}
        for row in rows:
            assert row.game is not None
            if row.kind == Kind.TURN:
                upto = row.version if row.version is not None else row.game.version
                after = self.history_from[row.pk]
            elif row.kind == Kind.TIMEOUT:
                upto, after = row.params["upto"], row.params["first_seq"] - 1
            else:
                continue
            windows.setdefault(row.game.pk, []).append((max(after, upto - HISTORY_LIMIT), upto))
        games = {row.game.pk: row.game for row in rows if row.game is not None}
        spans = [(game_id, after, upto) for game_id, spans in windows.items() for after, upto in _merged(spans)]
        for game_id, seq, data, by_service in store.events_in(spans, by_service=True):
            self.events.setdefault(game_id, {})[seq] = (get_kind(games[game_id].kind).rules.decode(data), by_service)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Half-open ranges (after, upto] with the overlapping and touching ones joined."""
    merged: list[tuple[int, int]] = []
    for after, upto in sorted(spans):
        if merged and after <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], upto))
        else:
            merged.append((after, upto))
    return merged


def compose_many(rows: list[Outbox]) -> None:
    """Render these rows (their `subject`, `body_text`, `body_html`), reading what they need of their games
    together (`_Batch`)."""
    todo = [row for row in rows if getattr(row, "_rendered", None) is None]
    if not todo:
        return
    batch = _Batch(todo)
    for row in todo:
        message = _message_of(row, batch)
        message.unsubscribe_url = row.unsubscribe_url
        text, html = render(message)
        row._rendered = (one_line(message.subject)[:255], text, html)


def compose(row: Outbox) -> tuple[str, str, str]:
    """Subject, plain text and HTML of one outbox row (`Outbox.rendered` calls this)."""
    compose_many([row])
    return row._rendered  # set by compose_many
