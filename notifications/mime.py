"""The MIME form of an outbox mail (a game's or an account's): Django's, less two costs the standard library
adds to every mail.

Profiling the senders (`benchmarks/deadlines.py --profile`) showed about a third of a mail's CPU time in
two steps that do nothing for these mails:

* the multipart boundary: the generator draws one and compiles a regular expression per mail to check the
  text does not contain it; a boundary of 128 random bits is set instead (it cannot occur by chance);
* header folding: the compat32 policy builds an `email.header.Header` for every header line, also for the
  short ASCII lines that need no folding; those are written as they are (the policy's public `fold` and
  `fold_binary`), every other line as before.

tests/notifications/test_mime.py shows the bytes are the same as the standard library's.

Every text a mail shows (a subject, a line of its body) goes through `one_line`: a player's name or words
with a line break must not write a header or a line of their own into another player's mail.
"""

from __future__ import annotations

import re
import secrets
from email.message import Message
from email.policy import Compat32
from typing import Any

from django.core.mail import EmailMultiAlternatives

# A run of line breaks (what str.splitlines breaks at) and other control characters.
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def one_line(text: str) -> str:
    """`text` on one line: each run of line breaks and other control characters becomes one space."""
    return _BREAKS.sub(" ", text)


class QuickFold(Compat32):
    """compat32 (Django's policy), writing a header that fits on its line as it is: `fold` and `fold_binary`
    are the policy's public interface (what the generators call for each header); every other header is
    folded by compat32 itself."""

    def _fits(self, name: str, value: Any) -> bool:
        """Whether compat32 would write this header unchanged on one line: short ASCII with no line break
        and no surrounding white space."""
        limit = self.max_line_length or 78
        return (isinstance(value, str) and value.isascii() and len(name) + 2 + len(value) <= limit
                and "\r" not in value and "\n" not in value and value == value.strip())

    def fold(self, name: str, value: Any) -> str:
        """The header as text (`Generator`, `as_string`)."""
        if self._fits(name, value):
            return f"{name}: {value}{self.linesep}"
        return super().fold(name, value)

    def fold_binary(self, name: str, value: Any) -> bytes:
        """The header as bytes (`BytesGenerator`, `as_bytes`: what the SMTP backend sends)."""
        if self._fits(name, value):
            return f"{name}: {value}{self.linesep}".encode("ascii")
        return super().fold_binary(name, value)


QUICK_FOLD = QuickFold()


class OutboxMail(EmailMultiAlternatives):
    """An outbox mail (text and HTML) whose MIME message is written with `QUICK_FOLD` and a set boundary."""

    def message(self) -> Message:
        """Django's message, with the subject on one line, the quick policy and a random boundary (see the
        module)."""
        self.subject = one_line(str(self.subject))
        message: Message = super().message()
        message.policy = QUICK_FOLD
        if message.is_multipart():
            message.set_boundary(f"=_{secrets.token_hex(16)}")
        return message
