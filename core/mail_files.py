"""The embedded default's mail backend: every mail a file of its own in EMAIL_FILE_PATH."""

from __future__ import annotations

import os
import uuid
from collections.abc import Sequence
from datetime import datetime

from django.core.mail import EmailMessage
from django.core.mail.backends import filebased


class OneFilePerMailBackend(filebased.EmailBackend):
    """Django's file backend, but one file per mail. Django's names one file per connection, so all the
    mails a sender delivers over one connection (a batch of the outbox) went into one file, and a reader
    (or the README's way of answering a mail) took one mail's lines for another's."""

    def open(self) -> bool:
        """Nothing to open: each mail opens its own file (Django's would create the connection's file)."""
        return False

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        """Write each mail into a new file; the number written."""
        written = 0
        for message in email_messages:
            name = f"{datetime.now():%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:12]}.log"
            try:
                with open(os.path.join(self.file_path, name), "xb") as stream:  # type: ignore[attr-defined]
                    stream.write(message.message().as_bytes() + b"\n")
            except Exception:
                if not self.fail_silently:
                    raise
                continue
            written += 1
        return written
