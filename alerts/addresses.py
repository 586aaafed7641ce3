"""Where a push or a webhook may be sent, and the one way it is sent (server-side request forgery guard).

A player names the address (a webhook's URL, a browser's push endpoint), so the server must never be made
to reach its own network: https only; the host resolved and every address it resolves to checked (no
private, loopback, link-local, multicast, reserved, shared or unspecified address, also not inside an
IPv4-mapped, 6to4 or Teredo IPv6 address); the connection then made to the address that was checked (the
name is not resolved again, so a DNS answer that changes in between cannot bypass the check), with TLS
verified for the name. Redirects are not followed.

One deadline for the whole delivery (`Deadline`): resolving the name, connecting, TLS, sending and reading
the answer all end by `ALERTS_DELIVERY_SECONDS` after the start (three step timeouts unless set), whatever
the receiver does. Each step waits `ALERTS_TIMEOUT_SECONDS` at most, and never longer than what is left:
every read of the answer sets its socket's timeout to that and is refused once nothing is left (a receiver
that answers `Connection: close` and then drips a byte a second is cut off at the deadline, not at the end
of its answer), and a watchdog shuts the socket just after the deadline should a step (the TLS handshake)
overrun it (an answer it cut short is no answer). So a slow receiver holds a sender one budget, not its
lease (and `holds` keeps a player's receivers to one such delivery at a time). `ALERTS_TEST_TARGETS` lets
tests reach their local server over http.
"""

from __future__ import annotations

import http.client
import io
import ipaddress
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
MAX_ANSWER_BYTES = 64 * 1024  # read of an answer at most (its status is what counts)
WATCHDOG_GRACE = 0.2  # seconds after a delivery's deadline that its sockets are shut, whatever blocks


class AddressRefused(ValueError):
    """The URL may not be reached: `code` says why (`https_required`, `invalid_url`, `address_not_allowed`)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code


class Deadline:
    """The wall-clock budget of one delivery: `step()` is the timeout of the next step (the step's own
    timeout, or what is left if that is less), a `TimeoutError` once nothing is left."""

    def __init__(self, seconds: float, step_seconds: float) -> None:
        self.seconds = seconds
        self.step_seconds = step_seconds
        self.ends = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left of the budget (0 or less: spent)."""
        return self.ends - time.monotonic()

    def step(self) -> float:
        """The timeout of the next step; raises `TimeoutError` when the budget is spent."""
        left = self.left()
        if left <= 0:
            raise TimeoutError(f"the delivery took longer than its {self.seconds:g} s")
        return min(self.step_seconds, left)


def delivery_seconds() -> float:
    """The budget of one delivery: `ALERTS_DELIVERY_SECONDS`, unset three step timeouts."""
    return float(settings.ALERTS_DELIVERY_SECONDS or 3 * float(settings.ALERTS_TIMEOUT_SECONDS))


def delivery_deadline() -> Deadline:
    """A new delivery's deadline: `delivery_seconds` from now, each step at most `ALERTS_TIMEOUT_SECONDS`."""
    return Deadline(delivery_seconds(), float(settings.ALERTS_TIMEOUT_SECONDS))


@dataclass(frozen=True)
class Target:
    """A URL taken apart: scheme, host, port, path with query, and whether it is a test server."""

    scheme: str
    host: str
    port: int
    path: str
    test_server: bool

    @property
    def origin(self) -> str:
        """scheme://host[:port] (the audience of a VAPID signature)."""
        default = 443 if self.scheme == "https" else 80
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}" + ("" if self.port == default else f":{self.port}")


def is_public(address: IPAddress) -> bool:
    """Whether an address is on the public internet: not private, loopback, link-local, multicast, reserved,
    shared (100.64/10), unspecified or documentation; an IPv6 address that carries an IPv4 one is judged by it."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour or (address.teredo[1] if address.teredo else None)
        if inner is not None and not is_public(inner):
            return False
    return address.is_global and not (
        address.is_private or address.is_loopback or address.is_link_local or address.is_multicast
        or address.is_reserved or address.is_unspecified
    )


def parse(url: str) -> Target:
    """The URL's parts, refused unless it is https (or a test server's http) with a host and no credentials."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise AddressRefused("invalid_url", str(error)) from None
    host = (parts.hostname or "").rstrip(".")
    if not host or parts.username is not None or parts.password is not None:
        raise AddressRefused("invalid_url", "a URL needs a host and no user or password")
    scheme = parts.scheme.lower()
    port = port or (443 if scheme == "https" else 80)
    test_server = f"{host}:{port}" in settings.ALERTS_TEST_TARGETS
    if scheme != "https" and not (scheme == "http" and test_server):
        raise AddressRefused("https_required", "only https addresses are allowed")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(scheme=scheme, host=host, port=port, path=path, test_server=test_server)


def literal_refused(target: Target) -> bool:
    """Whether the host is an address (not a name) that may not be reached, or a name of this machine:
    checked when a URL is saved, without asking the DNS."""
    if target.test_server:
        return False
    if target.host.lower() == "localhost" or target.host.lower().endswith(".localhost"):
        return True
    try:
        return not is_public(ipaddress.ip_address(target.host))
    except ValueError:
        return False  # a name: resolved and checked when something is sent


def resolve(target: Target) -> list[IPAddress]:
    """Every address the host resolves to, all checked: one that may not be reached refuses them all."""
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise OSError(f"cannot resolve {target.host}: {error}") from error  # a DNS failure: retried later
    addresses: list[IPAddress] = []
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        if address not in addresses:
            addresses.append(address)
    refused = [str(a) for a in addresses if not is_public(a)]
    if refused and not target.test_server:
        raise AddressRefused("address_not_allowed", f"{target.host} resolves to {', '.join(refused)}")
    if not addresses:
        raise OSError(f"{target.host} has no address")
    return addresses


def _resolve_within(target: Target, deadline: Deadline) -> list[IPAddress]:
    """`resolve` within the deadline: a name is looked up beside the sender, which stops waiting when the
    budget is spent (the lookup, which cannot be interrupted, ends on its own and is dropped)."""
    try:
        ipaddress.ip_address(target.host)
    except ValueError:
        pass
    else:
        return resolve(target)  # an address: nothing to wait for
    found: dict[str, Any] = {}

    def look_up() -> None:
        try:
            found["addresses"] = resolve(target)
        except BaseException as error:  # handed to the sender, which raises it
            found["error"] = error

    lookup = threading.Thread(target=look_up, daemon=True, name="alerts-resolve")
    lookup.start()
    lookup.join(max(deadline.left(), 0))
    if lookup.is_alive():
        raise TimeoutError(f"resolving {target.host} took longer than the delivery's {deadline.seconds:g} s")
    if "error" in found:
        raise found["error"]
    return list(found["addresses"])


@dataclass(frozen=True)
class Answer:
    """A server's answer: status, headers (lower-case names) and the start of its body."""

    status: int
    headers: dict[str, str]
    body: bytes


class _CheckedConnection(http.client.HTTPConnection):
    """An HTTP connection whose socket goes to an address checked beforehand (`checked`, set before
    `connect`) while it speaks to the host by its name (Host header): nothing resolves the name again."""

    checked: IPAddress
    deadline: Deadline
    opened: list[socket.socket]  # the sockets opened, for the watchdog

    def connect(self) -> None:
        sock = socket.socket(socket.AF_INET6 if self.checked.version == 6 else socket.AF_INET, socket.SOCK_STREAM)
        self.opened.append(sock)
        try:
            sock.settimeout(self.deadline.step())  # TLS's handshake too waits at most this per step
            sock.connect((str(self.checked), self.port))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            sock.close()
            raise
        self.sock = sock


class _CheckedTLSConnection(http.client.HTTPSConnection, _CheckedConnection):
    """The same over TLS: `HTTPSConnection.connect` wraps the socket `_CheckedConnection.connect` opened
    (its `super()` is that class here), with the host's name for SNI and the certificate's check."""


class _BudgetedReads(io.RawIOBase):
    """The reads of a socket under a deadline: each sets the socket's timeout to what is left (at most a
    step) and none starts once the budget is spent, however steadily the other side drips."""

    def __init__(self, sock: socket.socket, deadline: Deadline) -> None:
        super().__init__()
        self._sock = sock
        self._raw = sock.makefile("rb", buffering=0)  # counts as a use of the socket, as http.client's would
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        self._sock.settimeout(self._deadline.step())
        return self._raw.readinto(buffer)

    def close(self) -> None:
        self._raw.close()
        super().close()


class _BudgetedSocket:
    """A connected socket as http.client uses it (sendall, makefile, close, ...), its sends and the reads of
    its answer (also those after the connection was dropped for `Connection: close`) under the deadline."""

    def __init__(self, sock: socket.socket, deadline: Deadline) -> None:
        self._sock = sock
        self._deadline = deadline

    def sendall(self, data: Any) -> None:
        self._sock.settimeout(self._deadline.step())  # a sendall's timeout is for all of it
        self._sock.sendall(data)

    def makefile(self, mode: str = "rb", *args: Any, **kwargs: Any) -> io.BufferedReader:
        return io.BufferedReader(_BudgetedReads(self._sock, self._deadline))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def _connection(target: Target, address: IPAddress, deadline: Deadline,
                opened: list[socket.socket]) -> _CheckedConnection:
    """A connection to `address` that speaks to the host by its name (Host header, TLS SNI and the
    certificate's check), never resolving the name again, each step under the deadline."""
    connection: _CheckedConnection
    if target.scheme == "https":
        connection = _CheckedTLSConnection(target.host, target.port, timeout=deadline.step_seconds,
                                           context=ssl.create_default_context())
    else:
        connection = _CheckedConnection(target.host, target.port, timeout=deadline.step_seconds)
    connection.checked, connection.deadline, connection.opened = address, deadline, opened
    return connection


def _cut(opened: list[socket.socket], expired: threading.Event) -> None:
    """The watchdog's work at the deadline: shut the delivery's sockets (a step still blocked then fails)."""
    expired.set()
    for sock in list(opened):
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST `body` to `url` under the guard above, all of it within one `delivery_deadline`: the host's
    checked addresses tried in turn until one connects. Raises `AddressRefused` (for good) or `OSError` (a
    network failure, a timeout, the deadline: worth a retry)."""
    deadline = delivery_deadline()
    target = parse(url)
    if literal_refused(target):
        raise AddressRefused("address_not_allowed", f"{target.host} may not be reached")
    opened: list[socket.socket] = []
    expired = threading.Event()
    # A moment after the deadline: the reads' own timeouts (what is left) end them first; the watchdog is for
    # a step that overruns its timeout (the TLS handshake's several reads).
    watchdog = threading.Timer(max(deadline.left(), 0) + WATCHDOG_GRACE, _cut, (opened, expired))
    watchdog.daemon = True
    watchdog.start()
    try:
        answer = _exchange(target, _resolve_within(target, deadline), body, headers, deadline, opened)
        if expired.is_set():  # the cut socket ended the answer early (as an end of file): no answer
            raise TimeoutError("cut at the deadline")
        return answer
    except (OSError, http.client.HTTPException) as failed:
        if expired.is_set() or deadline.left() <= 0:
            raise TimeoutError(f"the delivery took longer than its {deadline.seconds:g} s ({failed})") from failed
        if isinstance(failed, OSError):
            raise
        raise OSError(f"{type(failed).__name__}: {failed}") from failed
    finally:
        watchdog.cancel()


def _exchange(target: Target, checked: list[IPAddress], body: bytes, headers: dict[str, str], deadline: Deadline,
              opened: list[socket.socket]) -> Answer:
    """Connect to the first of the checked addresses that takes the connection, send, read the answer."""
    error: OSError | None = None
    for address in checked:
        connection = _connection(target, address, deadline, opened)
        try:
            connection.connect()  # only a failure to connect tries the next address: nothing was sent yet
        except OSError as failed:
            error = failed
            connection.close()
            if deadline.left() <= 0:
                break
            continue
        connection.sock = _BudgetedSocket(connection.sock, deadline)
        response: http.client.HTTPResponse | None = None
        try:
            connection.request("POST", target.path, body=body, headers={**headers, "Content-Length": str(len(body))})
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                          response.read(MAX_ANSWER_BYTES))
        finally:
            if response is not None:
                response.close()
            connection.close()
    raise error or OSError("no address answered")
