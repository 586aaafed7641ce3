"""The embedded default writes every mail into a file of its own, also when a sender sends several over one
connection (as the outbox's batches do)."""

from __future__ import annotations

from pathlib import Path

from django.core.mail import EmailMessage

from core.mail_files import OneFilePerMailBackend


def test_each_mail_of_one_connection_gets_a_file_of_its_own(tmp_path: Path) -> None:
    connection = OneFilePerMailBackend(file_path=str(tmp_path))
    connection.open()
    mails = [EmailMessage(f"Mail {n}", "body", "play@example.org", [f"p{n}@example.org"], connection=connection)
             for n in range(3)]
    assert [mail.send() for mail in mails] == [1, 1, 1]
    connection.close()
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    assert sorted(f.read_text().count("Subject: Mail") for f in files) == [1, 1, 1]
    assert {next(line for line in f.read_text().splitlines() if line.startswith("To:")) for f in files} == {
        f"To: p{n}@example.org" for n in range(3)}
