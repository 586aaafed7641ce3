"""What each kind of game mail says, as a `Letter` (subject, opening lines, titled sections, links) that the
templates lay out as text and HTML (`rendering`). Each is built from the immutable log as it was at the
row's version, in the row's language, so the text is the same whenever it is rendered."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from accounts.local import format_time, language_of
from accounts.models import User
from core.links import site_link
from games.deadlines.shown import clock_words, seat_clock
from games.models import Game, SeatTakeover
from games.registry import get_kind
from games.services.takeback import is_taken_back
from games.wording import history_lines
from rules_kit.resign import ranked_with_last
from rules_kit.takeback import TAKEN_BACK
from stats.png import mail_picture

from .batch import HISTORY_LIMIT, RenderBatch
from .chat_lines import Said, chat_lines
from .email_choices import numbered_choices
from .untold_moves import untold_moves


@dataclass
class Letter:
    """What a game mail says, language-neutral in shape: the templates lay it out as text and HTML."""

    subject: str
    intro: list[str]
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)
    top_link: tuple[str, str] | None = None  # a link right under the opening lines (the turn mail's game)
    picture: dict[str, Any] | None = None  # the game's chart as an image (stats.png.mail_picture)


def game_url(game: Game, at: int | None = None) -> str:
    """The link to the game page (at a version: the replay)."""
    url = site_link("game-page", game.pk)
    return url if at is None else f"{url}?at={at}"


def _history(batch: RenderBatch, game: Game, seat: int, after_seq: int, upto: int, names: dict[int, str],
             own: bool = False) -> list[str]:
    """The events after `after_seq` up to `upto` as `seat` may see them, in words (in the active language);
    service moves are marked. The events come from the batch, decoded once for all its readers. `own`: only
    the seat's own moves the service made (events that name it as their `seat`), not what they set off
    about others (who is called next, the next player's turn) nor the game's own events."""
    kind = get_kind(game.kind)
    site, redact = kind.site_module, kind.rules.redact
    events = batch.events.get(game.pk, {})
    total = upto - after_seq  # a log's seqs have no gaps
    lines = []
    if total > HISTORY_LIMIT:
        lines.append(_("... and {count} earlier events").format(count=total - HISTORY_LIMIT))
        after_seq = upto - HISTORY_LIMIT
    told: list[dict[str, Any]] = []
    taken_back: list[tuple[int, int]] = []  # the takebacks within the window: the lines they undid are marked
    for seq in range(after_seq + 1, upto + 1):
        if seq not in events:
            continue
        event, by_service = events[seq]
        if own and not (by_service and event.public.get("seat") == seat):
            continue
        seen = redact(event, seat)
        if seen is None:
            continue
        if event.type == TAKEN_BACK:
            taken_back.append((int(event.public["to"]), int(event.public["at"])))
        told.append({"seq": seq, "data": seen, "by_service": by_service})
    for event in told:
        event["taken_back"] = is_taken_back(event["seq"], taken_back)
    # The page's lines: what belongs together is one line (as each game's site gathers its events).
    for line in history_lines(site, told, names):
        text = line["text"] + (" " + _("(played for the absent player)") if line["by_service"] else "")
        lines.append(text + " " + _("(taken back)") if line["taken_back"] else text)
    return lines


def _names(users: dict[int, User], reader_seat: int | None, lang: str) -> dict[int, str]:
    names = {seat: user.public_name for seat, user in users.items()}
    if reader_seat is not None and reader_seat in names:
        with translation.override(lang):
            names[reader_seat] = _("{name} (you)").format(name=names[reader_seat])
    return names


def turn(batch: RenderBatch, game: Game, state: Any, seat: int, user: User, users: dict[int, User],
         since: int, said: list[Said] | None = None) -> Letter:
    """The your-turn mail; its history tells the events after `since` (the reader's last own move), then
    what the other players `said` in the chat since."""
    lang = language_of(user)
    kind = get_kind(game.kind)
    names = _names(users, seat, lang)
    view = kind.rules.view(state, seat)
    deadline = format_time(game.deadline_at, user) if game.deadline_at else "-"
    with translation.override(lang):
        choices = numbered_choices(kind, kind.rules.legal_commands(state, seat), lang, names, view)
        history = _history(batch, game, seat, since, game.version, names) + chat_lines(said or [])
        history = history or [_("Nothing new.")]
        # A decision asked in another player's turn (an answer to that player's move) is titled by what it asks.
        asked = kind.site_module.asked_between_turns(view, seat)
        title = {"title": kind.title, "game": game.pk, "question": asked}
        return Letter(
            subject=_("{title} #{game}: {question}").format(**title) if asked
            else _("Your turn in {title} #{game}").format(**title),
            intro=[
                _("a decision is asked of you in {title} #{game}: {question}").format(**title) if asked
                else _("it is your turn in {title} #{game}.").format(**title),
                _("Please act by {deadline}.").format(deadline=deadline),
            ],
            top_link=(_("Open the game"), game_url(game)),
            sections=[
                (_("Since your last turn"), history),
                (_("Your choices now"), choices),
                *kind.site_module.email_sections(view, seat, names),
                (_("Deadline"), [deadline, *_time_left(game, seat)]),
            ],
            links=[(_("Open the game"), game_url(game))],
        )


def started(game: Game, seat: int, user: User, users: dict[int, User]) -> Letter:
    """The game has started: who plays, and the reader's seat."""
    players = ", ".join(users[s].public_name for s in sorted(users))
    title = get_kind(game.kind).title
    with translation.override(language_of(user)):
        return Letter(
            subject=_("{title} #{game} has started").format(title=title, game=game.pk),
            intro=[
                _("{title} #{game} has started with {players}. You sit at seat {seat}.").format(
                    title=title, game=game.pk, players=players, seat=seat + 1
                )
            ],
            links=[(_("Open the game"), game_url(game))],
        )


def table_notice(game: Game, user: User, params: dict[str, Any]) -> Letter:
    """The waiting room changed: a seat taken or left, the game closed for want of players, or a rematch
    offered (`params`: `what`, `actor`'s name)."""
    title, actor = get_kind(game.kind).title, params.get("actor", "")
    what = params.get("what")
    with translation.override(language_of(user)):
        if what == "taken":
            subject = _("{actor} took a seat in {title} #{game}").format(actor=actor, title=title, game=game.pk)
        elif what == "left":
            subject = _("{actor} left {title} #{game}").format(actor=actor, title=title, game=game.pk)
        elif what == "closed":
            subject = _("{title} #{game} was closed: nobody joined in time").format(title=title, game=game.pk)
        else:
            subject = _("{actor} offers a rematch of {title} #{game}").format(actor=actor, title=title, game=game.pk)
        intro = [subject + "."]
        if what == "rematch":
            intro.append(_("Accept or decline it on the game's page, or reply to this email with one line: "
                           "“accept” or “decline”. It starts once every player accepted."))
        elif what != "closed":
            seated = game.seats.count()
            intro.append(_("{seated} of {players} seats are taken.").format(seated=seated, players=game.players))
        return Letter(subject=subject, intro=intro, links=[(_("Open the game"), game_url(game))])


def ended(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Letter:
    """The game is over: the winners and the final scores, with a link to the replay."""
    lang = language_of(user)
    names = _names(users, seat, lang)
    kind = get_kind(game.kind)
    scores, resigned = kind.rules.scores(state), kind.rules.resigned(state)
    # The winners by the rules: first place once the resigned seats are placed last (none of them wins).
    places = ranked_with_last(kind.places(state), resigned)
    winners = ", ".join(names.get(w, f"#{w}") for w, place in enumerate(places) if place == 1)
    with translation.override(lang):
        lines = [
            _("{name}: {total} points").format(name=names.get(s, f"#{s}"), total=scores[s])
            + (" " + _("(resigned)") if s in resigned else "")
            for s in sorted(range(len(scores)), key=lambda s: -scores[s])
        ]
        # The story's main chart as an image, and its numbers as text for readers who load no images.
        picture = mail_picture(game)
        return Letter(
            subject=_("{title} #{game} is over").format(title=kind.title, game=game.pk),
            intro=[_("{title} #{game} is over.").format(title=kind.title, game=game.pk),
                   _("Winner: {names}").format(names=winners)],
            sections=[(_("Final scores"), lines), *([picture["section"]] if picture else []), *_who_played(game)],
            links=[(_("Replay the game"), game_url(game, at=1)), (_("Open the game"), game_url(game))],
            picture=picture,
        )


def _who_played(game: Game) -> list[tuple[str, list[str]]]:
    """The results' "who played which part": each takeover of a seat (none for most games: one query only
    for a game whose deadlines passed)."""
    if not game.timed_out:
        return []
    lines = [
        _("Seat %(seat)s: %(new)s took over from %(old)s after step %(step)s.") % {
            "seat": t.seat + 1, "new": t.user.public_name, "old": t.previous_user.public_name, "step": t.version}
        for t in SeatTakeover.objects.filter(game=game).select_related("user", "previous_user")
    ]
    return [(_("Who played which seat"), lines)] if lines else []


def timeout(batch: RenderBatch, game: Game, seat: int, user: User, users: dict[int, User],
            params: dict[str, Any]) -> Letter:
    """The deadline passed and the service played for the reader (`params`: the first event it wrote, the
    last, the policy, whether the seat is now played by the bot and after how many missed deadlines)."""
    lang = language_of(user)
    names = _names(users, seat, lang)
    first_seq, policy, absent, streak = params["first_seq"], params["policy"], params["absent"], params["streak"]
    title = get_kind(game.kind).title
    with translation.override(lang):
        played = (_history(batch, game, seat, first_seq - 1, params["upto"], names, own=True)
                  or untold_moves(game, seat, first_seq, params["upto"], names))
        policies = {
            "bot": _("a bot chose a sensible move"),
            "minimal": _("the least move"),
        }
        clock = seat_clock(game, seat)
        banked = clock is not None and clock.bank_seconds is not None
        # With time banks the reader's bank ran out (it now holds the increment, if any): say so, and what is left.
        passed = (_("your time bank in {title} #{game} ran out, so the service played for you ({policy}).") if banked
                  else _("the deadline in {title} #{game} passed, so the service played for you ({policy})."))
        intro = [passed.format(title=title, game=game.pk, policy=policies.get(policy, policy))]
        if banked and clock is not None:
            intro.append(capfirst(clock_words(clock)) + ".")
        if absent:
            intro.append(
                _(
                    "You missed {count} deadlines in a row, so the bot now plays your seat at once. "
                    "Open the game and press \"I'm back\" to play again yourself."
                ).format(count=streak)
            )
        return Letter(
            subject=_("Deadline passed in {title} #{game}: we moved for you").format(title=title, game=game.pk),
            intro=intro,
            sections=[(_("What was played for you"), played)],
            links=[(_("Open the game"), game_url(game))],
        )


def _time_left(game: Game, seat: int) -> list[str]:
    """The reader's clock as the mail is written: the time left (in the bank, with time banks), none when
    their clock does not run; in the reader's language (the caller's `translation.override`)."""
    clock = seat_clock(game, seat)
    words = clock_words(clock) if clock is not None and clock.running else ""
    return [capfirst(words) + "."] if words else []


def reminder(game: Game, state: Any, seat: int, user: User, users: dict[int, User]) -> Letter:
    """The reminder before the deadline, with the choices to answer by email."""
    assert game.deadline_at is not None
    deadline = format_time(game.deadline_at, user)
    lang = language_of(user)
    kind = get_kind(game.kind)
    choices = numbered_choices(
        kind, kind.rules.legal_commands(state, seat), lang, _names(users, seat, lang), kind.rules.view(state, seat)
    )
    with translation.override(lang):
        return Letter(
            subject=_("Reminder: your move in {title} #{game} is due {deadline}").format(
                title=kind.title, game=game.pk, deadline=deadline
            ),
            intro=[
                _(
                    "{title} #{game} is still waiting for your move. If you do not act by {deadline}, "
                    "the service moves for you."
                ).format(title=kind.title, game=game.pk, deadline=deadline),
                *_time_left(game, seat),
            ],
            sections=[(_("Your choices now"), choices)] if choices else [],
            links=[(_("Open the game"), game_url(game))],
        )


def chat_message(game: Game, user: User, said: Said | None) -> Letter:
    """Another player wrote in the chat of the reader's game (`said`: None when an operator hid it since)."""
    title = get_kind(game.kind).title
    with translation.override(language_of(user)):
        author = said.author if said is not None else _("A player")
        lines = said.text.splitlines() if said is not None else [_("This message was hidden by an operator.")]
        return Letter(
            subject=_("{name} in {title} #{game}: {start}").format(
                name=author, title=title, game=game.pk, start=" ".join(lines)[:60])[:200],
            intro=[_("{name} wrote in the chat of {title} #{game}:").format(name=author, title=title, game=game.pk)],
            sections=[(_("Message"), [line for line in lines if line.strip()])],
            links=[(_("Open the game"), game_url(game))],
        )


def digest(user: User, held: list[tuple[Game | None, str | Said]]) -> Letter:
    """The daily digest: the subjects of the held mails (`held`: each one's game and subject, or the chat
    message it told, in full), by game."""
    by_game: dict[int | None, tuple[Game | None, list[str | Said]]] = {}
    for game, subject in held:
        by_game.setdefault(game.pk if game is not None else None, (game, []))[1].append(subject)
    sections = []
    links = []
    with translation.override(language_of(user)):
        for game_id, (game, subjects) in by_game.items():
            title = f"{get_kind(game.kind).title} #{game_id}" if game is not None else "-"
            sections.append((title, [item.line() if isinstance(item, Said) else item for item in subjects]))
            if game is not None:
                links.append((_("Open {title}").format(title=title), game_url(game)))
        return Letter(
            subject=_("Your game digest: {count} news").format(count=len(held)),
            intro=[_("here is what happened in your games since the last digest.")],
            sections=sections,
            links=links,
        )


def answer(game: Game, state: Any, seat: int, user: User, users: dict[int, User], outcome: dict[str, Any]) -> Letter:
    """The answer to a reply by email: what its lines did (`outcome`, as `mailin` wrote it into the row: each
    line's status, the applied command in the words its sender saw, the refusal's reason in the reader's
    language), and the choices at the row's version, numbered to be answered again."""
    lang = language_of(user)
    kind = get_kind(game.kind)
    names = {index: player.public_name for index, player in users.items()}
    view = kind.rules.view(state, seat)
    current = kind.rules.legal_commands(state, seat) if outcome["awaited"] else []
    results = outcome["results"]
    with translation.override(lang):
        done = [r["said"] for r in results if r["status"] == "applied"]
        refused = [f"\u201c{r['line']}\u201d: {r['reason']}" for r in results if r["status"] == "refused"]
        skipped = [f"\u201c{r['line']}\u201d" for r in results if r["status"] == "skipped"]
        detail = [outcome["detail"]] if outcome["status"] in ("no_commands", "unreadable") else []
        sections = [(title, lines) for title, lines in (
            (_("Applied"), done),
            (_("Refused"), refused + detail),
            (_("Not tried (a line before was refused)"), skipped),
            (_("Your choices now"), numbered_choices(kind, current, lang, names, view)),
        ) if lines]
        if not current:
            sections.append((_("Your choices now"), [_("None: the game is not waiting for you now.")]))
        sections += _chat_part(outcome.get("chat"))
        return Letter(
            subject=(_("Your reply in %(title)s #%(game)s") % {"title": kind.title, "game": game.pk})[:200],
            intro=[_("This is what your email did in %(title)s #%(game)s.") % {"title": kind.title, "game": game.pk}],
            sections=sections,
            links=[(_("Open the game"), game_url(game))],
        )


def _chat_part(chat: dict[str, str] | None) -> list[tuple[str, list[str]]]:
    """What the answer says of a reply's chat part (in the active language): what was said, or why not."""
    if not chat:
        return []
    lines = [line for line in chat["text"].splitlines() if line.strip()]
    if chat["status"] == "sent":
        return [(_("Sent to the players' chat"), lines)]
    return [(_("Not sent to the chat"), [chat["reason"], *lines])]


def as_of(game: Game, version: int | None, params: dict[str, Any] | None = None) -> Game:
    """The game as a mail written at `version` saw it (its version, and the deadline it showed if `params`
    name one)."""
    then = copy.copy(game)
    if version is not None:
        then.version = version
    if params is not None and "deadline" in params:
        then.deadline_at = datetime.fromisoformat(params["deadline"]) if params["deadline"] else None
    return then


