"""The one way to plug into the hosting: an app below keeps a `Registry` for each extension point, the apps
above register their entries in their `AppConfig.ready()`, so that the lower app imports none of them.

A `Registry` holds named entries (a settings section, a part of a person's data, a channel's sender), in the
order they were registered, and finds one by name. `Listeners` is the registry of a notice: its entries are
functions, all called in order with the same typed arguments (in the caller's transaction).

Registering the same entry again is a no-op (an app's `ready()` that runs twice changes nothing); another
entry under a name already taken is refused (`DuplicateEntry`): two apps that claim one name would
otherwise lose one of the two without a word.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import ClassVar, Generic, ParamSpec, TypeVar, cast

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


class UnknownEntry(LookupError):
    """No entry is registered under that name."""


class DuplicateEntry(ValueError):
    """Another entry is registered under that name already."""


class Registry(Generic[T]):
    """The entries of one extension point, by name, in registration order.

    `what` names an entry in errors ("settings section"); `name_of` reads an entry's name from the entry
    itself (a section's `part`), else each is registered with its `name`."""

    _unnamed: ClassVar[bool] = False  # whether an entry may go without a name (it is then its own key)

    def __init__(self, what: str, name_of: Callable[[T], str] | None = None) -> None:
        self.what = what
        self._name_of = name_of
        self._entries: dict[Hashable, T] = {}

    def _key(self, entry: T, name: str | None) -> Hashable:
        if name is not None:
            return str(name)  # a plain text: a `TextChoices` member (`Channel.PUSH`) is kept as its value
        if self._name_of is not None:
            return self._name_of(entry)
        if self._unnamed:
            return cast(Hashable, entry)  # a listener: a function, hashable
        raise TypeError(f"a {self.what} is registered under a name")

    def register(self, entry: T, name: str | None = None) -> T:
        """Add `entry` (under `name`, or the name the registry reads from it) after those registered before;
        the same entry again is a no-op, another one under a taken name raises `DuplicateEntry`. Returns the
        entry, so that it serves as a decorator."""
        key = self._key(entry, name)
        if key in self._entries:
            if self._entries[key] != entry:
                raise DuplicateEntry(f"another {self.what} is registered as {key!r} already: "
                                     f"{self._entries[key]!r}, not {entry!r}")
            return entry
        self._entries[key] = entry
        return entry

    def remove(self, key: Hashable) -> None:
        """Forget the entry under `key` (its name; a listener without one: the function), if any (tests)."""
        self._entries.pop(key, None)

    def __getitem__(self, name: str) -> T:
        """The entry registered as `name`; `UnknownEntry` when there is none."""
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(repr(key) for key in self._entries if isinstance(key, str)) or "none"
            raise UnknownEntry(f"no {self.what} is registered as {name!r} (registered: {known})") from None

    def get(self, name: str) -> T | None:
        """The entry registered as `name`, or None."""
        return self._entries.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, Hashable) and name in self._entries

    def __iter__(self) -> Iterator[T]:
        """The entries in registration order (a snapshot: an entry registered meanwhile waits for the next)."""
        return iter(list(self._entries.values()))

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<Registry of {len(self)} {self.what}(s)>"


class Listeners(Registry[Callable[P, R]], Generic[P, R]):
    """The registry of a notice: functions (named or, mostly, not: a function is its own key), called in
    registration order with the same arguments; a call answers each listener's result, in order."""

    _unnamed = True

    def __init__(self, what: str = "listener") -> None:
        super().__init__(what)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [function(*args, **kwargs) for function in self]
