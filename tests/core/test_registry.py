"""core.registry: the one type of the hosting's extension points (Registry, and Listeners for notices)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from core.registry import DuplicateEntry, Listeners, Registry, UnknownEntry


@dataclass(frozen=True)
class Part:
    name: str
    size: int = 0


def test_entries_come_back_in_registration_order_and_by_name() -> None:
    parts: Registry[Part] = Registry("part", name_of=lambda part: part.name)
    for name in ("zeta", "alpha", "mid"):
        parts.register(Part(name))
    assert [part.name for part in parts] == ["zeta", "alpha", "mid"]  # not sorted: as registered
    assert parts["alpha"] == Part("alpha") and parts.get("mid") == Part("mid")
    assert "zeta" in parts and "omega" not in parts and len(parts) == 3


def test_an_unknown_name_is_a_clear_error_and_get_answers_none() -> None:
    senders: Registry[str] = Registry("channel sender")
    senders.register("push-sender", name="push")
    with pytest.raises(UnknownEntry, match=r"no channel sender is registered as 'fax' \(registered: 'push'\)"):
        senders["fax"]
    assert senders.get("fax") is None
    with pytest.raises(LookupError):  # an UnknownEntry is a LookupError, as a KeyError would be
        Registry[int]("number")["one"]


def test_the_same_entry_again_changes_nothing_another_under_its_name_is_refused() -> None:
    parts: Registry[Part] = Registry("part", name_of=lambda part: part.name)
    first = parts.register(Part("games", 1))
    parts.register(Part("chat"))
    again = Part("games", 1)
    assert again is not first and parts.register(again) is again  # equal: a no-op, the first one kept
    assert parts["games"] is first
    assert [part.name for part in parts] == ["games", "chat"] and len(parts) == 2
    with pytest.raises(DuplicateEntry, match="another part is registered as 'games' already"):
        parts.register(Part("games", 2))
    assert parts["games"] == Part("games", 1)  # the first one stays, in its place
    assert [part.name for part in parts] == ["games", "chat"]


def test_a_name_given_wins_and_a_registry_without_name_of_wants_one() -> None:
    senders: Registry[str] = Registry("channel sender")
    with pytest.raises(TypeError, match="a channel sender is registered under a name"):
        senders.register("nameless")
    assert len(senders) == 0
    parts: Registry[Part] = Registry("part", name_of=lambda part: part.name)
    parts.register(Part("inner"), name="outer")
    assert "outer" in parts and "inner" not in parts


def test_remove_forgets_an_entry_and_is_silent_for_an_unknown_one() -> None:
    parts: Registry[Part] = Registry("part", name_of=lambda part: part.name)
    parts.register(Part("a"))
    parts.register(Part("b"))
    parts.remove("a")
    parts.remove("never")
    assert [part.name for part in parts] == ["b"]
    parts.register(Part("a"))  # registered again: now after b
    assert [part.name for part in parts] == ["b", "a"]


def test_listeners_are_called_in_order_with_the_arguments_and_answer_each_result() -> None:
    heard: list[str] = []
    doubled: Listeners[[int, str], int] = Listeners("counter")

    @doubled.register  # usable as a decorator: the function comes back
    def first(number: int, label: str) -> int:
        heard.append(f"first {label}")
        return number * 2

    def second(number: int, label: str) -> int:
        heard.append(f"second {label}")
        return number + 1

    doubled.register(second)
    assert first(1, "direct") == 2 and heard == ["first direct"]
    heard.clear()
    assert doubled(5, label="x") == [10, 6]
    assert heard == ["first x", "second x"]


def test_a_listener_registered_twice_runs_once_and_can_be_removed() -> None:
    calls: list[int] = []
    notice: Listeners[[int], None] = Listeners()
    notice.register(calls.append)
    notice.register(calls.append)  # the same bound method again: a no-op
    other: list[int] = []
    notice.register(other.append)  # another list's append: another listener
    notice(7)
    assert calls == [7] and other == [7] and len(notice) == 2
    notice.remove(calls.append)
    notice(8)
    assert calls == [7] and other == [7, 8]
    assert Listeners[[int], None]()(1) == []  # nobody registered: nobody called


def test_named_listeners_keep_their_order_and_refuse_a_second_function_under_a_name() -> None:
    sections: Listeners[[int], str | None] = Listeners("table section")

    def chat(at: int) -> str:
        return f"chat {at}"

    def live(at: int) -> str | None:
        return None

    sections.register(chat, name="chat")
    sections.register(live, name="live")
    sections.register(chat, name="chat")  # the same again: a no-op
    with pytest.raises(DuplicateEntry):
        sections.register(live, name="chat")
    assert sections(3) == ["chat 3", None] and sections["live"] is live


def test_a_listener_registered_while_a_notice_runs_waits_for_the_next() -> None:
    notice: Listeners[[], None] = Listeners()
    calls: list[str] = []

    def late() -> None:
        calls.append("late")

    def registering() -> None:
        calls.append("registering")
        notice.register(late)

    notice.register(registering)
    notice()
    assert calls == ["registering"]
    notice()
    assert calls == ["registering", "registering", "late"]
