"""A GET driven through an ASGI application as uvicorn drives it: the request's empty body first, then a
`receive` that waits until the test hangs up; what the application sends, in a queue."""

from __future__ import annotations

import asyncio
from typing import Any

from django.core.asgi import get_asgi_application

from live.asgi import LiveStreams


class DjangoSpy:
    """Django's ASGI application, noting the paths it was asked to answer (the live door's hand-overs)."""

    def __init__(self) -> None:
        self.app = get_asgi_application()
        self.paths: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.paths.append(scope["path"])
        await self.app(scope, receive, send)


class Get:
    """One GET of `path` (query string `query`, extra `headers`) through `app`, in a task of its own."""

    def __init__(self, app: Any, path: str, *, query: str | bytes = "", headers: dict[str, str] | None = None,
                 host: str = "testserver") -> None:
        self.sent: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._gone = asyncio.Event()
        self._asked = 0
        raw = [(b"host", host.encode()), *((k.lower().encode(), v.encode()) for k, v in (headers or {}).items())]
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query if isinstance(query, bytes) else query.encode(),
                 "root_path": "", "headers": raw, "client": ("127.0.0.1", 50000), "server": ("testserver", 80)}
        self.task = asyncio.get_running_loop().create_task(app(scope, self._receive, self._send))

    async def _receive(self) -> dict[str, Any]:
        self._asked += 1
        if self._asked == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        await self._gone.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: dict[str, Any]) -> None:
        await self.sent.put(message)

    async def head(self, timeout: float = 60.0) -> tuple[int, dict[str, str]]:
        """The answer's status and headers."""
        message = await asyncio.wait_for(self.sent.get(), timeout)
        assert message["type"] == "http.response.start", message
        return message["status"], {k.decode(): v.decode() for k, v in message["headers"]}

    async def parts(self, count: int, timeout: float = 30.0) -> list[str]:
        """The next `count` non-empty parts (events, comments) of the body."""
        parts: list[str] = []
        while len(parts) < count:
            message = await asyncio.wait_for(self.sent.get(), timeout)
            parts.extend(p for p in message.get("body", b"").decode().split("\n\n") if p.strip())
            if not message.get("more_body", False):
                parts.append("<end>")
        return parts

    async def hang_up(self, timeout: float = 30.0) -> None:
        """The browser goes: the application must end by itself."""
        self._gone.set()
        await asyncio.wait_for(self.task, timeout)


def live_door() -> tuple[LiveStreams, DjangoSpy]:
    """The site's ASGI entry as config.asgi builds it (the live door before Django), with the spy."""
    spy = DjangoSpy()
    return LiveStreams(spy), spy
