"""Reading an incoming mail: who sent it, to which reply address, whether a machine sent it, whether it
is a delivery failure report, and the lines the player wrote above the quoted email.

Quotes and signatures are cut by our own rules, tested with the reply formats of Gmail, Outlook, Apple
Mail and Thunderbird in English and German (tests/mailin/messages/): the commands are short lines at the
top, so everything from the first quote header, quote mark or signature on is dropped.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

MAX_COMMAND_LINES = 12

AUTOMATIC_PRECEDENCE = {"bulk", "auto_reply", "list", "junk"}
DAEMON_SENDERS = {"mailer-daemon", "postmaster", "noreply", "no-reply", "auto-reply", "autoreply"}

# A line where the quoted email (or a signature, or a forwarded header block) begins.
_QUOTE_START = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"^>",
        r"^--\s*$",
        r"^_{8,}\s*$",  # Outlook on the web, before its header block
        r"^-{2,}\s*(original message|ursprüngliche nachricht|weitergeleitete nachricht|forwarded message)",
        r"^(from|von|sent|gesendet|to|an|date|datum|subject|betreff):\s",  # Outlook's header block
        r"^(sent from|gesendet von|von meinem|get outlook for|outlook für)\b",  # mobile signatures
    )
]
# "On <date>, <name> wrote:" / "Am <date> schrieb <name>:", possibly wrapped over three lines (Gmail).
_ATTRIBUTION_START = re.compile(r"^(on|am)\s", re.IGNORECASE)
_ATTRIBUTION_END = re.compile(r"(wrote|schrieb|geschrieben)\b.*:?\s*$|\bschrieb\b", re.IGNORECASE)


@dataclass(frozen=True)
class DeliveryFailure:
    """One recipient a delivery status notification reports as failed for good."""

    recipient: str
    status: str
    diagnostic: str
    original_message_id: str


# What no person writes, and neither the database (PostgreSQL takes no NUL) nor a mail can carry: control
# characters but tab and line ends, lone surrogates (bytes that were not text), line and paragraph
# separators, and the replacement character (bytes the mail's charset could not decode).
_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\ufffd]")


def unreadable(text: str) -> bool:
    """Whether `text` holds a character that cannot be read (a NUL, another control character, a lone
    surrogate, an undecodable byte): such text is never matched, stored nor repeated in an answer."""
    return _UNREADABLE.search(text) is not None


def message_key(message: Message, raw: bytes) -> str:
    """A short stable key of the message: its Message-ID, or the hash of its bytes when it has none."""
    message_id = str(message.get("Message-ID", "") or "").strip()
    basis = message_id.encode("utf-8", "surrogatepass") if message_id else raw
    return hashlib.sha256(basis).hexdigest()[:40]


_MESSAGE_ID = re.compile(r"<[^<>\s]+>")
# References kept in an answer: the thread's first message and the latest ones (long threads stay short).
MAX_REFERENCES = 20


def thread_headers(message: Message) -> dict[str, str]:
    """What an answer to `message` names to be threaded with it (RFC 5322 3.6.4): `in_reply_to` its
    Message-ID, `references` its References (else its In-Reply-To) and then its Message-ID. Empty for a
    message without a (readable) Message-ID: there is nothing to point at."""

    def ids(header: str) -> list[str]:
        return [found for found in _MESSAGE_ID.findall(str(message.get(header, "") or "")) if not unreadable(found)]

    own = ids("Message-ID")
    if not own:
        return {}
    earlier = ids("References") or ids("In-Reply-To")
    chain = [*earlier, own[0]]
    if len(chain) > MAX_REFERENCES:
        chain = chain[:1] + chain[-(MAX_REFERENCES - 1):]
    return {"in_reply_to": own[0], "references": " ".join(chain)}


def sender(message: Message) -> str:
    """The From address, lower-case ("" when there is none)."""
    return parseaddr(str(message.get("From", "") or ""))[1].strip().lower()


def recipients(message: Message) -> list[str]:
    """Every address the message was delivered to, as its headers tell."""
    fields = [str(value) for name in ("Delivered-To", "X-Original-To", "To", "Cc", "Envelope-To")
              for value in message.get_all(name, [])]
    return [address for _, address in getaddresses(fields) if address]


def automatic_reason(message: Message) -> str | None:
    """Why this message was sent by a machine (and must never be answered), or None for a person's mail."""
    auto = str(message.get("Auto-Submitted", "") or "").strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = str(message.get("Precedence", "") or "").strip().lower()
    if precedence in AUTOMATIC_PRECEDENCE:
        return f"Precedence: {precedence}"
    for header in ("X-Autoreply", "X-Autorespond", "List-Id", "List-Unsubscribe"):
        if message.get(header):
            return header
    if str(message.get("X-Auto-Response-Suppress", "")).strip().lower() in {"all", "oof"}:
        return "X-Auto-Response-Suppress"
    local = sender(message).split("@", 1)[0]
    if local in DAEMON_SENDERS or not sender(message):
        return f"sender {sender(message) or '<>'}"
    if str(message.get("Return-Path", "")).strip() == "<>":
        return "empty Return-Path"
    return None


def delivery_failures(message: Message) -> list[DeliveryFailure] | None:
    """The hard failures a delivery status notification (RFC 3464) reports; None when it is not one."""
    if message.get_content_type() != "multipart/report":
        return None
    if str(message.get_param("report-type", "")).lower() != "delivery-status":
        return None
    original = ""
    blocks: list[Message] = []
    for part in message.walk():
        kind = part.get_content_type()
        if kind == "message/delivery-status":
            payload = part.get_payload()
            blocks = [b for b in payload if isinstance(b, Message)] if isinstance(payload, list) else []
        elif kind == "message/rfc822" and not original:
            inner = part.get_payload()
            inner = inner[0] if isinstance(inner, list) and inner else inner
            if isinstance(inner, Message):
                original = str(inner.get("Message-ID", "")).strip()
        elif kind == "text/rfc822-headers" and not original:
            payload = part.get_payload(decode=True)
            text = payload.decode(errors="replace") if isinstance(payload, bytes) else str(payload)
            found = re.search(r"^Message-ID:\s*(<[^>]+>)", text, re.IGNORECASE | re.MULTILINE)
            original = found.group(1) if found else ""
    failures = []
    for block in blocks:
        action = str(block.get("Action", "")).strip().lower()
        status = str(block.get("Status", "")).strip()
        recipient = str(block.get("Final-Recipient", "") or block.get("Original-Recipient", ""))
        recipient = recipient.split(";", 1)[-1].strip().strip("<>").lower()
        if action == "failed" and status.startswith("5") and recipient:
            failures.append(DeliveryFailure(recipient, status, str(block.get("Diagnostic-Code", "")).strip(), original))
    return failures


class _HtmlText(HTMLParser):
    """The text of an HTML reply up to where the quoted email begins."""

    BREAKS = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table"}
    SKIP = {"style", "script", "head", "title"}
    QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "moz-signature", "gmail_signature", "yahoo_quoted")
    QUOTE_IDS = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container", "signature")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.quoted = False

    def _break(self, tag: str) -> None:
        """A line break where a block begins or ends, only one between two blocks (as a browser shows
        them); a `<br>` always breaks, and so does a line of a no-break space, so that an empty line
        (`<div><br></div>`, Outlook's `<p>&nbsp;</p>`) stays an empty line: the blank line that starts a
        reply's chat. Spaces of the HTML source between two tags make no line."""
        line = "".join(self.parts).rsplit("\n", 1)[-1]
        if tag == "br" or line.strip() or "\xa0" in line:
            self.parts.append("\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.quoted:
            return
        found = dict(attrs)
        classes = (found.get("class") or "").lower()
        ident = (found.get("id") or "").lower()
        if tag in ("blockquote", "hr") or any(c in classes for c in self.QUOTE_CLASSES) or ident in self.QUOTE_IDS:
            self.quoted = True
            return
        if tag in self.SKIP:
            self.skipping += 1
        if tag in self.BREAKS:
            self._break(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1
        if tag in self.BREAKS and not self.quoted:
            self._break(tag)

    def handle_data(self, data: str) -> None:
        if not self.quoted and not self.skipping:
            # Line ends in HTML source are spaces to a reader; the tags make the lines.
            self.parts.append(data.replace("\r\n", " ").replace("\n", " "))


def html_to_text(html: str) -> str:
    """The player's own text of an HTML mail (line breaks kept, the quoted part left out)."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts).replace("\xa0", " ")


def body_text(message: Message) -> str:
    """The text the player wrote: the text/plain part, else the text of the HTML part."""
    part: Message | None = None
    if isinstance(message, EmailMessage):
        part = message.get_body(preferencelist=("plain", "html"))
    elif not message.is_multipart():
        part = message
    if part is None:
        return ""
    try:
        content = str(part.get_content())  # type: ignore[attr-defined]  # EmailMessage parts (policy.default)
    except (LookupError, UnicodeError, AttributeError):
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    return html_to_text(content) if part.get_content_type() == "text/html" else content


def _is_attribution(lines: list[str], index: int) -> bool:
    if not _ATTRIBUTION_START.match(lines[index]):
        return False
    joined = " ".join(lines[index : index + 3])
    return bool(_ATTRIBUTION_END.search(joined)) and ("@" in joined or ":" in joined)


# The line that starts the chat part of a reply: "chat:" (German "Chat:" alike), a message may follow on it.
_CHAT_START = re.compile(r"^chat\s*:\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Reply:
    """What a player wrote above the quoted email: the moves (the first lines, each one stripped, at most
    MAX_COMMAND_LINES) and the chat message (everything after a line "chat:" or a blank line after the
    moves, its line breaks kept; "" when there is none)."""

    moves: list[str]
    chat: str


def own_lines(text: str) -> list[str]:
    """The lines the player wrote: up to the quoted email, the signature or a forwarded header block."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    stripped = [line.strip() for line in lines]
    for index, line in enumerate(stripped):
        if any(p.match(line) for p in _QUOTE_START) or _is_attribution(stripped, index):
            return lines[:index]
    return lines


def split_reply(text: str) -> Reply:
    """The reply's moves and its chat, by one rule that never reads a move as chat nor chat as a move: the
    moves are the first lines (blank lines before them are skipped); a line "chat:" (any case; a message
    may follow on the same line) or the first blank line after a move starts the chat, and everything after
    it is chat, whatever it looks like."""
    moves: list[str] = []
    chat: list[str] | None = None
    for line in own_lines(text):
        if chat is not None:
            chat.append(line)
        elif _CHAT_START.match(line.strip()):
            chat = [_CHAT_START.sub("", line.strip(), count=1)]
        elif not line.strip():
            chat = [] if moves else None
        else:
            moves.append(line.strip())
    return Reply(moves[:MAX_COMMAND_LINES], "\n".join(chat or []).strip())
