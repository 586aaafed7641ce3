"""The feed's text against the rules of RFC 5545 that the big calendar apps enforce (Google Calendar drops
a feed it cannot read whole; Outlook refuses one without PRODID or with bare LF line ends; Apple mangles
unescaped commas): read here with a reader of this test's own, not with the library that writes it.

* every line ends with CRLF, none is longer than 75 octets, a long one is folded by CRLF + one blank and
  never inside a UTF-8 character (3.1);
* the calendar has PRODID and VERSION:2.0 (3.6), each VEVENT UID and DTSTAMP (3.6.1), the UIDs unique;
* every time is UTC, written with a trailing Z (3.3.5, form 2);
* a text escapes backslash, semicolon, comma and line ends (3.3.11), and unfolds back to the words given.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import icalendar
import pytest

from calendars.feed import calendar_text
from calendars.sources import Deadline
from tests.calendars.conftest import feed_path

pytestmark = pytest.mark.django_db

TRICKY = "Runde 3; Tisch 2, Gruppe \\A\\\nzweite Zeile — Übermäßig lange Überschrift " + "äöüß€" * 12
CONTENT_LINE = re.compile(r"^(?P<name>[A-Za-z0-9-]+)(?P<params>(;[A-Za-z0-9-]+=[^;:]*)*):(?P<value>.*)$")
UTC_TIME = re.compile(r"^\d{8}T\d{6}Z$")


def physical_lines(text: bytes) -> list[bytes]:
    """The lines as sent, each checked to end with CRLF and nowhere else to hold a CR or LF."""
    assert text.endswith(b"\r\n")
    lines = text.split(b"\r\n")[:-1]
    for line in lines:
        assert b"\r" not in line and b"\n" not in line, line
    return lines


def unfolded(text: bytes) -> list[tuple[str, str, str]]:
    """(name, parameters, value) of each content line, after unfolding (a line that starts with a blank
    continues the one before)."""
    joined: list[bytes] = []
    for line in physical_lines(text):
        if line[:1] in (b" ", b"\t"):
            joined[-1] += line[1:]
        else:
            joined.append(line)
    found = []
    for raw in joined:
        match = CONTENT_LINE.match(raw.decode("utf-8"))  # each folded piece joined back is whole UTF-8
        assert match, raw
        found.append((match["name"].upper(), match["params"], match["value"]))
    return found


def unescaped(value: str) -> str:
    """A TEXT value read back (3.3.11)."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m[1] in "nN" else m[1], value)


def components(lines: list[tuple[str, str, str]]) -> list[tuple[str, dict[str, list[str]]]]:
    """Each component (VCALENDAR, VEVENT, VALARM) with its properties' values by name."""
    stack: list[tuple[str, dict[str, list[str]]]] = []
    done: list[tuple[str, dict[str, list[str]]]] = []
    for name, params, value in lines:
        if name == "BEGIN":
            stack.append((value, {}))
        elif name == "END":
            kind, props = stack.pop()
            assert kind == value, f"END:{value} closes {kind}"
            done.append((kind, props))
        else:
            stack[-1][1].setdefault(name + params, []).append(value)
    assert not stack
    return done


@pytest.fixture
def tricky_feed() -> bytes:
    at = datetime(2026, 12, 24, 18, 30, tzinfo=UTC)
    deadlines = [
        Deadline(uid=f"test-{n}@example.org", summary=TRICKY, description=TRICKY * 2, deadline_at=at + timedelta(days=n),
                 reminder_at=at + timedelta(days=n, hours=-5), url=f"https://example.org/t/{n}/?a=1&b=2", sequence=n)
        for n in range(3)
    ]
    return calendar_text(deadlines, stamp=datetime(2026, 12, 1, 9, 0, 0, 123, tzinfo=UTC))


def test_lines_end_in_crlf_and_fold_at_75_octets(tricky_feed: bytes) -> None:
    lines = physical_lines(tricky_feed)
    assert max(len(line) for line in lines) <= 75
    assert any(line.startswith(b" ") for line in lines), "the long texts were folded"
    for line in lines:
        line.decode("utf-8")  # no piece ends inside a character


def test_the_required_properties_are_there_once(tricky_feed: bytes) -> None:
    parts = components(unfolded(tricky_feed))
    [(_, calendar)] = [part for part in parts if part[0] == "VCALENDAR"]
    assert calendar["VERSION"] == ["2.0"]
    assert len(calendar["PRODID"]) == 1 and calendar["PRODID"][0].startswith("-//")
    assert calendar["METHOD"] == ["PUBLISH"] and calendar["CALSCALE"] == ["GREGORIAN"]
    events = [props for kind, props in parts if kind == "VEVENT"]
    assert len(events) == 3
    for event in events:
        for name in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "SEQUENCE"):
            assert len(event[name]) == 1, name
    assert len({event["UID"][0] for event in events}) == 3
    alarms = [props for kind, props in parts if kind == "VALARM"]
    assert len(alarms) == 3
    for alarm in alarms:
        assert alarm["ACTION"] == ["DISPLAY"] and alarm["DESCRIPTION"] and alarm["TRIGGER"] == ["-PT5H"]


def test_times_are_utc_with_a_trailing_z(tricky_feed: bytes) -> None:
    times = [(name, value) for name, params, value in unfolded(tricky_feed)
             if name in ("DTSTAMP", "DTSTART", "DTEND", "LAST-MODIFIED")]
    assert len(times) == 12
    for name, value in times:
        assert UTC_TIME.match(value), (name, value)
    assert ("DTSTART", "20261224T183000Z") in times
    assert ("DTSTAMP", "20261201T090000Z") in times  # whole seconds
    assert not any("TZID" in params for _name, params, _value in unfolded(tricky_feed))


def test_texts_are_escaped_and_read_back_whole(tricky_feed: bytes) -> None:
    summaries = [value for name, _params, value in unfolded(tricky_feed) if name == "SUMMARY"]
    for value in summaries:
        assert unescaped(value) == TRICKY
        # No bare separator is left: every ; and , and \ is escaped, no line end is raw.
        assert not re.search(r"(?<!\\)[;,]", value.replace("\\\\", "")), value
    parsed = icalendar.Calendar.from_ical(tricky_feed)
    assert [str(event["SUMMARY"]) for event in parsed.walk("VEVENT")] == [TRICKY] * 3
    assert [str(event["DESCRIPTION"]) for event in parsed.walk("VEVENT")] == [TRICKY * 2] * 3


def test_the_served_feed_keeps_the_rules(awaited_and_not: Any, fetch: Any, extra_source: list[Deadline]) -> None:
    awaited, _other = awaited_and_not
    awaited.language = "de"
    awaited.save(update_fields=["language"])
    extra_source.append(Deadline(uid="test-tricky@example.org", summary=TRICKY, url="https://example.org/",
                                 deadline_at=datetime(2027, 1, 1, tzinfo=UTC)))
    text = fetch(feed_path(awaited)).content
    assert max(len(line) for line in physical_lines(text)) <= 75
    parts = components(unfolded(text))
    events = [props for kind, props in parts if kind == "VEVENT"]
    assert len(events) == 2 and len({event["UID"][0] for event in events}) == 2
    for event in events:
        assert UTC_TIME.match(event["DTSTAMP"][0]) and UTC_TIME.match(event["DTSTART"][0])
        assert "@" in event["UID"][0]


def test_the_reader_of_this_test_finds_a_broken_feed() -> None:
    with pytest.raises(AssertionError):
        physical_lines(b"BEGIN:VCALENDAR\nEND:VCALENDAR\n")
    with pytest.raises(AssertionError):
        unfolded(b"BEGIN:VCALENDAR\r\nSUMMARY\r\nEND:VCALENDAR\r\n")
    with pytest.raises(AssertionError):
        components(unfolded(b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n"))
    assert unescaped(r"a\, b\; c\\ d\n") == "a, b; c\\ d\n"


def test_a_feed_with_no_deadline_still_holds_a_component(awaited_and_not: Any, fetch: Any) -> None:
    _awaited, other = awaited_and_not
    text = fetch(feed_path(other)).content
    parts = components(unfolded(text))
    assert [kind for kind, _props in parts] == ["STANDARD", "VTIMEZONE", "VCALENDAR"]
    [(_, zone)] = [part for part in parts if part[0] == "VTIMEZONE"]
    assert zone["TZID"] == ["UTC"]
    assert max(len(line) for line in physical_lines(text)) <= 75
