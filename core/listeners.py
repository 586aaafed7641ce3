"""One way for an app to tell the apps above it that something happened, without importing them.

The lower app keeps a `Listeners` for each notice and calls it; the upper apps register in their
`AppConfig.ready()`. Listeners run in the caller's transaction, in the order registered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Listeners(Generic[P, R]):
    """Functions registered once each (registering again is a no-op), called in order with the same
    arguments; a call answers each listener's result, in order."""

    def __init__(self) -> None:
        self._functions: list[Callable[P, R]] = []

    def add(self, function: Callable[P, R]) -> Callable[P, R]:
        """Register `function` (usable as a decorator)."""
        if function not in self._functions:
            self._functions.append(function)
        return function

    def remove(self, function: Callable[P, R]) -> None:
        """Forget `function` (tests)."""
        if function in self._functions:
            self._functions.remove(function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [function(*args, **kwargs) for function in list(self._functions)]
