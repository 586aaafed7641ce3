"""`manage.py receive_mail`: one RFC 5322 message on standard input, as an MTA's pipe delivers it.

Postfix (master.cf):  citadels unix - n n - - pipe flags=Rq user=citadels argv=/srv/citadels/.venv/bin/python
                      /srv/citadels/manage.py receive_mail --recipient ${recipient}
Exit status per sysexits.h: 0 taken (also when dropped on purpose: a robot, a stranger, a duplicate; and
a reply with characters that cannot be read, which is answered so), 65 not a mail, too large, or a sender
address that cannot be read (nobody to answer), 67 no such reply address (forged, expired, unknown),
75 try again later (the database is unreachable), 70 a bug. Bad input never gives 75: the MTA would
retry it for days.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError, DataError

from mailin import services

EX_OK, EX_DATAERR, EX_NOUSER, EX_SOFTWARE, EX_TEMPFAIL = 0, 65, 67, 70, 75
EXIT_OF_STATUS = {"too_large": EX_DATAERR, "empty": EX_DATAERR, "unreadable_sender": EX_DATAERR,
                  "no_token": EX_NOUSER, "bad_token": EX_NOUSER}


class Command(BaseCommand):
    help = "Process one email (RFC 5322) from standard input: a reply that plays, or a bounce."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--recipient", default=None, help="the envelope recipient (Postfix: ${recipient})")
        parser.add_argument("--file", default=None, help="read the message from this file instead of stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        limit = services.max_bytes()
        if options["file"]:
            with open(options["file"], "rb") as handle:
                raw = handle.read(limit + 1)
        else:
            raw = sys.stdin.buffer.read(limit + 1)
        if not raw.strip():
            self._exit("empty", "", EX_DATAERR)
        try:
            outcome = services.receive(raw, recipient=options["recipient"])
        except DataError as error:  # a value the database refuses: the same message would fail again
            self._exit("bad_data", str(error), EX_DATAERR)
        except DatabaseError as error:
            self._exit("tempfail", str(error), EX_TEMPFAIL)
        except Exception as error:  # a bug: the MTA keeps the message and tells the operator
            self._exit("error", repr(error), EX_SOFTWARE)
        self._exit(outcome.status, outcome.detail, EXIT_OF_STATUS.get(outcome.status, EX_OK))

    def _exit(self, status: str, detail: str, code: int) -> None:
        stream = self.stdout if code == EX_OK else self.stderr
        stream.write(f"{status}{': ' + detail if detail else ''}")
        if code != EX_OK:
            raise SystemExit(code)
