"""The one error type of the rules engines."""

from __future__ import annotations


class IllegalCommand(Exception):
    """A command that is not legal now, with a stable `code` and a message a player understands."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.message!r})"

    def as_dict(self) -> dict[str, str]:
        """The JSON form an API answers with."""
        return {"code": self.code, "message": self.message}
