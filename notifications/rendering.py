"""Rendering outbox rows at delivery: every mail, a game's or an account's, is rendered from its row when it
is sent, in the row's language, from Django templates. The row (`models.Outbox`) is data; this module reads
it, and the sender (`delivery`) calls it for each batch it claimed.

A game mail's words are a `letters.Letter` built from the log as it was at the row's version, laid out by
`notifications/email/message.{txt,html}`, whose foot (`footer.{txt,html}`) a batch renders once per
language (`Footers`); an account mail (verification, sign-up attempt, password reset) is its own template
in `accounts/email/`, with the link made now (a reset link is never stored)."""

from __future__ import annotations

import copy
from typing import NamedTuple

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from accounts import deletion, export
from accounts import services as accounts
from accounts.local import language_of
from accounts.models import User
from core.links import site_link

from . import chat_lines, letters, takeback_letters, tournament_letters
from .batch import RenderBatch
from .mime import one_line
from .models import ACCOUNT_KINDS, Kind, Outbox


class Rendered(NamedTuple):
    """A mail as it is sent: its subject (one line), plain text and HTML."""

    subject: str
    text: str
    html: str


def render(row: Outbox) -> Rendered:
    """The subject, text and HTML of one outbox row."""
    return render_many([row])[0]


def render_many(rows: list[Outbox]) -> list[Rendered]:
    """The rendered mails of these rows, in their order, reading what their games need together (a few
    queries for the batch, `batch.RenderBatch`)."""
    batch = RenderBatch([row for row in rows if row.kind not in ACCOUNT_KINDS])
    footers = Footers()
    return [_account_mail(row, footers.links) if row.kind in ACCOUNT_KINDS else _game_mail(row, batch, footers)
            for row in rows]


# What stands for a mail's own unsubscribe link in the footers a batch renders once (no word or link of a
# footer contains it): each mail's copy has its reader's link in its place.
_OWN_UNSUBSCRIBE_URL = "unsubscribe-url-of-this-mail"


class Footers:
    """The feet of a batch's game mails (`notifications/email/footer.{txt,html}`), each rendered once per
    language and reply help: their words and links are the same for all those mails but for the reader's
    unsubscribe link. The foot, its translations most of it, was a third of the two templates' CPU (rendering
    a mail took 5.19 million instructions with it, 4.61 without, cachegrind)."""

    def __init__(self) -> None:
        self.links = footer_links()  # the same for every mail: each `reverse` once per batch, not per mail
        self._rendered: dict[tuple[str | None, bool], tuple[str, str]] = {}

    def of(self, row: Outbox) -> tuple[str, SafeString]:
        """The text and HTML foot of the row's mail in the active language, with the row's unsubscribe link
        (escaped in the HTML, as the template escapes it)."""
        key = (translation.get_language(), bool(row.reply_to))  # the foot tells how a reply carries moves and chat
        if key not in self._rendered:
            context = {**self.links, "reply_help": key[1], "unsubscribe_url": _OWN_UNSUBSCRIBE_URL}
            self._rendered[key] = (render_to_string("notifications/email/footer.txt", context),
                                   render_to_string("notifications/email/footer.html", context))
        text, html = self._rendered[key]
        return (text.replace(_OWN_UNSUBSCRIBE_URL, row.unsubscribe_url),
                mark_safe(html.replace(_OWN_UNSUBSCRIBE_URL, escape(row.unsubscribe_url))))


def _reader(row: Outbox, batch: RenderBatch) -> User:
    """The row's user (from the batch's seats when seated: no query), speaking the row's language: the
    text does not depend on when it is rendered."""
    users = batch.users.get(row.game_id, {}) if row.game_id is not None else {}
    user = copy.copy(users[row.seat] if row.seat in users else row.user)  # row.user: read only if needed
    user.language = row.language
    return user


def _letter(row: Outbox, batch: RenderBatch, user: User) -> letters.Letter:
    """What a game mail says, built from the log as it was at the row's version."""
    game = row.game
    users = batch.users.get(row.game_id, {}) if row.game_id is not None else {}
    params = row.params or {}
    if row.kind == Kind.DIGEST:
        held = list(Outbox.objects.filter(pk__in=params.get("held", [])).select_related("user", "game").order_by("id"))
        subjects = [mail.subject for mail in render_many(held)]
        said = chat_lines.messages_of(held)  # a chat message is told in full, not by its mail's subject
        return letters.digest(user, [(mail.game, said.get(mail.pk) or subject)
                                     for mail, subject in zip(held, subjects, strict=True)])
    if row.kind == Kind.TOURNAMENT:
        return tournament_letters.letter(row, user)
    if row.kind == Kind.TABLE:
        assert game is not None, f"outbox #{row.pk} names no game"
        return letters.table_notice(game, user, params)
    assert game is not None and row.seat is not None, f"outbox #{row.pk} names no game or seat"
    state = batch.states.get((game.pk, row.version)) if row.version else None
    if row.kind == Kind.STARTED:
        return letters.started(game, row.seat, user, users)
    if row.kind == Kind.TURN:
        then = letters.as_of(game, row.version, params)
        return letters.turn(batch, then, state, row.seat, user, users, batch.history_from[row.pk],
                            said=batch.said.get(row.pk, []))
    if row.kind == Kind.CHAT:
        return letters.chat_message(game, user, batch.messages.get(row.pk))
    if row.kind == Kind.ENDED:
        return letters.ended(letters.as_of(game, row.version), state, row.seat, user, users)
    if row.kind == Kind.REMINDER:
        return letters.reminder(letters.as_of(game, row.version, params), state, row.seat, user, users)
    if row.kind == Kind.TIMEOUT:
        return letters.timeout(batch, letters.as_of(game, row.version), row.seat, user, users, params)
    if row.kind == Kind.ANSWER:
        return letters.answer(letters.as_of(game, row.version), state, row.seat, user, users, params["outcome"])
    if row.kind == Kind.TAKEBACK and params.get("outcome") == "refused":
        return takeback_letters.takeback_refused(letters.as_of(game, row.version), row.seat, user, users, params)
    if row.kind == Kind.TAKEBACK:
        return takeback_letters.takeback_request(letters.as_of(game, row.version), row.seat, user, users, params)
    raise ValueError(f"outbox #{row.pk}: unknown kind {row.kind!r}")


def _game_mail(row: Outbox, batch: RenderBatch, footers: Footers) -> Rendered:
    """A game mail laid out by the templates, with its batch's foot. Each text is one line of the plain text
    (`one_line`): names and players' words in it cannot add lines of their own."""
    user = _reader(row, batch)
    lang = language_of(user)
    with translation.override(lang):  # also the words a letter reads before its own override (a former player's name)
        letter = _letter(row, batch, user)
    context = {
        "lang": lang,
        "name": one_line(user.display_name),
        "intro": [one_line(line) for line in letter.intro],
        "sections": [(one_line(title), [one_line(line) for line in lines]) for title, lines in letter.sections],
        "links": [(one_line(label), url) for label, url in letter.links],
        "top_link": (one_line(letter.top_link[0]), letter.top_link[1]) if letter.top_link else None,
        "picture": letter.picture,
        "subject": one_line(letter.subject),
    }
    with translation.override(lang):
        text_footer, html_footer = footers.of(row)
        text = render_to_string("notifications/email/message.txt", {**context, "footer": text_footer})
        html = render_to_string("notifications/email/message.html", {**context, "footer": html_footer})
    return Rendered(one_line(letter.subject)[:255], text, html)


def legal_links() -> dict[str, str]:
    """The links to the privacy page and the imprint that every mail's footer carries."""
    return {"privacy_url": site_link("privacy"), "imprint_url": site_link("imprint")}


def footer_links() -> dict[str, str]:
    """The links of a mail's foot: the legal ones and the settings page (which an account mail does not use)."""
    return {"settings_url": site_link("settings"), **legal_links()}


def _account_link(row: Outbox) -> str:
    """The link an account mail carries, made now from the account as it is: a verification link for the
    address the row was written to, a fresh reset link (valid PASSWORD_RESET_TIMEOUT from now), or the
    reset page for a sign-up attempt with a taken address."""
    if row.kind == Kind.VERIFY:
        return accounts.verification_link(row.user, row.to_email)
    if row.kind == Kind.PASSWORD_RESET:
        return accounts.password_reset_link(row.user)
    if row.kind == Kind.DELETE_ACCOUNT:
        return deletion.deletion_link(row.user)
    if row.kind == Kind.DATA_EXPORT:
        return export.export_link(row.user)
    return site_link("accounts:password_reset")


def _account_mail(row: Outbox, footer: dict[str, str]) -> Rendered:
    """An account mail from its templates (`accounts/email/<kind>_subject.txt`, `<kind>.txt`, `<kind>.html`)."""
    context = {"lang": row.language, "name": one_line(row.user.display_name), "link": _account_link(row),
               **footer}
    with translation.override(row.language):
        subject = one_line(render_to_string(f"accounts/email/{row.kind}_subject.txt", context).strip())
        context["subject"] = subject
        text = render_to_string(f"accounts/email/{row.kind}.txt", context)
        html = render_to_string(f"accounts/email/{row.kind}.html", context)
    return Rendered(subject[:255], text, html)
