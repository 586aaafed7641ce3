"""The one error type of the rules engines."""

from __future__ import annotations

from collections.abc import Mapping


class IllegalCommand(Exception):
    """A command that is not legal now, with a stable `code` and an English `message` (for the CLI, logs
    and developers).

    A refusal whose message carries a variable detail (which option, which field, which ids) also names
    it as data: `reason`, a stable key under the code (e.g. `bad_options` / `unknown_options`), and
    `params`, the values the sentence needs (e.g. `{"names": ["colour"]}`). A site words the whole
    sentence in the reader's language from code, reason and params, never from the English message.
    """

    def __init__(self, code: str, message: str, reason: str = "", params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.params: dict[str, object] = dict(params or {})

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.message!r}, reason={self.reason!r}, params={self.params!r})"

    def as_dict(self) -> dict[str, object]:
        """The JSON form an API answers with: code and message, and reason and params when there are."""
        answer: dict[str, object] = {"code": self.code, "message": self.message}
        if self.reason:
            answer["reason"] = self.reason
        if self.params:
            answer["params"] = self.params
        return answer
