"""Where a push or a webhook may be sent, and the one way it is sent (server-side request forgery guard).

A player names the address (a webhook's URL, a browser's push endpoint), so the server must never be made
to reach its own network: https only; the host resolved and every address it resolves to checked (no
private, loopback, link-local, multicast, reserved, shared or unspecified address, also not inside an
IPv4-mapped, 6to4 or Teredo IPv6 address); the connection then made to the address that was checked (the
name is not resolved again, so a DNS answer that changes in between cannot bypass the check), with TLS
verified for the name. Redirects are not followed; each step waits `ALERTS_TIMEOUT_SECONDS` at most, and
the whole exchange after connecting three times that (a receiver that trickles its answer byte by byte is
cut off), so a slow receiver holds a sender a few seconds, not its lease.
`ALERTS_TEST_TARGETS` lets tests reach their local server over http.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
MAX_ANSWER_BYTES = 64 * 1024  # read of an answer at most (its status is what counts)


class AddressRefused(ValueError):
    """The URL may not be reached: `code` says why (`https_required`, `invalid_url`, `address_not_allowed`)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code


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

    def connect(self) -> None:
        sock = socket.socket(socket.AF_INET6 if self.checked.version == 6 else socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.settimeout(self.timeout)
            sock.connect((str(self.checked), self.port))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            sock.close()
            raise
        self.sock = sock


class _CheckedTLSConnection(http.client.HTTPSConnection, _CheckedConnection):
    """The same over TLS: `HTTPSConnection.connect` wraps the socket `_CheckedConnection.connect` opened
    (its `super()` is that class here), with the host's name for SNI and the certificate's check."""


def _connection(target: Target, address: IPAddress, timeout: float) -> http.client.HTTPConnection:
    """A connection to `address` that speaks to the host by its name (Host header, TLS SNI and the
    certificate's check), never resolving the name again."""
    connection: _CheckedConnection
    if target.scheme == "https":
        connection = _CheckedTLSConnection(target.host, target.port, timeout=timeout,
                                           context=ssl.create_default_context())
    else:
        connection = _CheckedConnection(target.host, target.port, timeout=timeout)
    connection.checked = address
    return connection


def _cut(connection: http.client.HTTPConnection, expired: threading.Event) -> None:
    """The watchdog's work: end an exchange that ran past its time (the blocked read then fails)."""
    expired.set()
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST `body` to `url` under the guard above: the host's checked addresses tried in turn until one
    connects. Raises `AddressRefused` (for good) or `OSError` (a network failure, a timeout: worth a retry)."""
    target = parse(url)
    if literal_refused(target):
        raise AddressRefused("address_not_allowed", f"{target.host} may not be reached")
    timeout = float(settings.ALERTS_TIMEOUT_SECONDS)
    error: OSError | None = None
    for address in resolve(target):
        connection = _connection(target, address, timeout)
        try:
            connection.connect()  # only a failure to connect tries the next address: nothing was sent yet
        except OSError as failed:
            error = failed
            connection.close()
            continue
        expired = threading.Event()
        watchdog = threading.Timer(3 * timeout, _cut, (connection, expired))
        watchdog.start()
        try:
            connection.request("POST", target.path, body=body, headers={**headers, "Content-Length": str(len(body))})
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                          response.read(MAX_ANSWER_BYTES))
        except (OSError, http.client.HTTPException) as failed:
            if expired.is_set():
                raise TimeoutError(f"the exchange took longer than {3 * timeout:g} s") from failed
            if isinstance(failed, OSError):
                raise
            raise OSError(f"{type(failed).__name__}: {failed}") from failed
        finally:
            watchdog.cancel()
            connection.close()
    raise error or OSError("no address answered")
