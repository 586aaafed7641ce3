"""Webhooks through the outbox: signed (the HMAC checked here), in each format, retried with backoff after a
500 and delivered exactly once, with a short timeout; never to a private, loopback, link-local or reserved
address, also not through a name that resolves to one (the connection goes to the address checked)."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import ssl
import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from alerts import addresses, webhooks
from alerts.models import Webhook
from chat import services as chat
from games import services
from notifications import delivery, outbox
from notifications.models import Channel, Kind, Outbox
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def _hooked_game(verified_user: Any, receiver: Any, format: str = "json", events: Any = None) -> tuple[Any, list[Webhook]]:
    users = [verified_user(name) for name in ("anna", "ben")]
    hooks = [webhooks.add_webhook(user, receiver.url(f"/hook/{user.pk}"), format, events or ["turn", "started", "ended", "chat"])
             for user in users]
    return started_game(users), hooks


def _rows(game: Any, kind: str) -> list[Outbox]:
    return list(Outbox.objects.filter(game=game, channel=Channel.WEBHOOK, kind=kind).order_by("id"))


def test_a_json_webhook_is_signed_with_its_secret(verified_user: Any, receiver: Any) -> None:
    game, hooks = _hooked_game(verified_user, receiver)
    [row] = _rows(game, Kind.TURN)
    hook = next(h for h in hooks if h.pk == row.target)
    assert hook.user_id == seat_users(game)[game.awaiting[0]].pk
    assert delivery.deliver_rows([row.pk]) == {row.pk: "sent"}
    [request] = receiver.requests
    expected = "sha256=" + hmac.new(hook.secret.encode(), request.body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(request.headers["x-signature-256"], expected)
    forged = "sha256=" + hmac.new(b"another secret", request.body, hashlib.sha256).hexdigest()
    assert request.headers["x-signature-256"] != forged
    body = json.loads(request.body)
    assert body["event"] == "your_turn" == request.headers["x-webhook-event"]
    assert body["game"] == game.pk and body["url"].endswith(f"/games/{game.pk}/") and f"#{game.pk}" in body["title"]
    assert body["delivery"] == request.headers["x-webhook-delivery"]
    assert request.headers["content-type"] == "application/json"


def test_discord_and_slack_formats(verified_user: Any, receiver: Any) -> None:
    anna, ben = verified_user("anna"), verified_user("ben")
    discord = webhooks.add_webhook(anna, receiver.url("/discord"), "discord", ["started"])
    slack = webhooks.add_webhook(ben, receiver.url("/slack"), "slack", ["started"])
    game = started_game([anna, ben])
    delivery.deliver_rows([row.pk for row in _rows(game, Kind.STARTED)])
    by_path = {request.path: json.loads(request.body) for request in receiver.requests}
    assert set(by_path) == {"/discord", "/slack"}
    assert f"#{game.pk}" in by_path["/discord"]["content"] and by_path["/discord"]["allowed_mentions"] == {"parse": []}
    assert f"#{game.pk}" in by_path["/slack"]["text"] and f"/games/{game.pk}/>" in by_path["/slack"]["text"]
    assert {row.target for row in _rows(game, Kind.STARTED)} == {discord.pk, slack.pk}


def test_events_and_the_game_of_a_webhook_choose_what_it_is_told(verified_user: Any, receiver: Any) -> None:
    anna, ben = verified_user("anna"), verified_user("ben")
    game = started_game([anna, ben])
    other = started_game([anna, ben])
    only_chat = webhooks.add_webhook(anna, receiver.url("/chat"), "json", ["chat"], game=game.pk)
    chat.post(ben, game.pk, "hello @everyone")
    chat.post(ben, other.pk, "elsewhere")
    chat.post(anna, game.pk, "my own words are not news to me")
    rows = list(Outbox.objects.filter(channel=Channel.WEBHOOK))
    assert [(row.kind, row.game_id, row.target) for row in rows] == [(Kind.CHAT, game.pk, only_chat.pk)]
    delivery.deliver_rows([rows[0].pk])
    assert json.loads(receiver.requests[0].body)["event"] == "chat"


def test_retried_with_backoff_after_a_500_and_delivered_exactly_once(verified_user: Any, receiver: Any) -> None:
    game, _hooks = _hooked_game(verified_user, receiver)
    [row] = _rows(game, Kind.TURN)
    receiver.answers = [500]
    before = timezone.now()
    assert delivery.deliver_rows([row.pk]) == {row.pk: "retry"}
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.attempts == 1 and "HTTP 500" in row.last_error
    assert row.next_attempt_at >= before + delivery.backoff(1) - timedelta(seconds=1)
    # Not before its time: the sweep leaves it; after it, the retry delivers.
    assert row.pk not in set(delivery.due_for_delivery(timezone.now()).values_list("pk", flat=True))
    assert row.pk in set(delivery.due_for_delivery(row.next_attempt_at).values_list("pk", flat=True))
    assert delivery.deliver_rows([row.pk], now=row.next_attempt_at) == {row.pk: "sent"}
    first, second = [r for r in receiver.requests if json.loads(r.body)["event"] == "your_turn"]
    assert first.body == second.body and first.headers["x-webhook-delivery"] == second.headers["x-webhook-delivery"]
    # Sent: no further attempt, by the task, the sweep or the notice written again.
    assert delivery.deliver_rows([row.pk]) == {}
    assert row.pk not in set(delivery.due_for_delivery(timezone.now() + timedelta(days=1)).values_list("pk", flat=True))
    turn_user = seat_users(game)[game.awaiting[0]]
    notice = outbox.Mail(Kind.TURN, turn_user, game, row.params["notice"], seat=row.seat, version=row.version)
    outbox.enqueue([notice])
    assert len(_rows(game, Kind.TURN)) == 1
    assert len([r for r in receiver.requests if json.loads(r.body)["event"] == "your_turn"]) == 2


def test_a_refusal_for_good_is_not_retried(verified_user: Any, receiver: Any) -> None:
    game, _hooks = _hooked_game(verified_user, receiver)
    [row] = _rows(game, Kind.TURN)
    receiver.answers = [404]
    assert delivery.deliver_rows([row.pk]) == {row.pk: "failed"}


def test_a_slow_receiver_times_out_and_is_retried(verified_user: Any, receiver: Any, settings: Any) -> None:
    settings.ALERTS_TIMEOUT_SECONDS = 0.5
    game, _hooks = _hooked_game(verified_user, receiver)
    [row] = _rows(game, Kind.TURN)
    receiver.delay = 3
    started = time.monotonic()
    assert delivery.deliver_rows([row.pk]) == {row.pk: "retry"}
    assert time.monotonic() - started < 2
    row.refresh_from_db()
    assert "timed out" in row.last_error.lower()


REFUSED = ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "192.168.0.1", "172.16.0.1", "100.64.0.1", "0.0.0.0",
           "224.0.0.1", "::ffff:127.0.0.1", "fe80::1", "fc00::1", "240.0.0.1", "2002:7f00:1::1"]


@pytest.mark.parametrize("address", REFUSED)
def test_private_addresses_are_refused_as_urls(make_user: Any, address: str) -> None:
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(addresses.AddressRefused) as refused:
        addresses.post(f"https://{host}/hook", b"{}", {})
    assert refused.value.code == "address_not_allowed"
    from core.errors import ServiceError
    with pytest.raises(ServiceError) as error:
        webhooks.add_webhook(make_user(), f"https://{host}/hook", "json", ["turn"])
    assert error.value.code == "address_not_allowed" and not Webhook.objects.exists()


def _resolving_to(monkeypatch: Any, *ips: str) -> list[str]:
    asked: list[str] = []

    def fake(host: str, port: int, *args: Any, **kwargs: Any) -> list[Any]:
        asked.append(host)
        return [(socket.AF_INET6 if ":" in ip else socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port)) for ip in ips]

    monkeypatch.setattr(addresses.socket, "getaddrinfo", fake)
    return asked


@pytest.mark.parametrize("ips", [("127.0.0.1",), ("10.0.0.7",), ("169.254.169.254",), ("::1",),
                                 ("93.184.216.34", "10.0.0.7")])
def test_names_resolving_to_private_addresses_are_refused(verified_user: Any, monkeypatch: Any, ips: tuple[str, ...]) -> None:
    anna, ben = verified_user("anna"), verified_user("ben")
    webhooks.add_webhook(anna, "https://hooks.example.org/x", "json", ["started"])  # a name: checked when sent
    game = started_game([anna, ben])
    [row] = _rows(game, Kind.STARTED)
    connected: list[Any] = []
    monkeypatch.setattr(addresses.socket, "socket", lambda *a, **k: connected.append(a) or 1 / 0)
    asked = _resolving_to(monkeypatch, *ips)
    assert delivery.deliver_rows([row.pk]) == {row.pk: "failed"}  # for good: no retry
    row.refresh_from_db()
    assert "address_not_allowed" in row.last_error and asked == ["hooks.example.org"] and connected == []


def test_the_connection_goes_to_the_address_checked(receiver: Any, monkeypatch: Any, settings: Any) -> None:
    """The name is resolved once; the socket is opened to that address while the request names the host."""
    settings.ALERTS_TEST_TARGETS = [f"hooks.test:{receiver.port}"]
    asked = _resolving_to(monkeypatch, "127.0.0.1")
    answer = addresses.post(f"http://hooks.test:{receiver.port}/pinned", b"{}", {"Content-Type": "application/json"})
    assert answer.status == 201 and asked == ["hooks.test"]
    assert receiver.requests[0].headers["host"] == f"hooks.test:{receiver.port}"


def _tls_server(tmp_path: Any, name: str) -> tuple[socket.socket, ssl.SSLContext, list[str]]:
    """A listening socket on 127.0.0.1 and the TLS context of a server with a self-signed certificate for
    `name`, which records the names clients ask for (SNI)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = timezone.now()
    certificate = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .sign(key, hashes.SHA256())
    )
    (tmp_path / "cert.pem").write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    (tmp_path / "key.pem").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
    asked: list[str] = []
    context.sni_callback = lambda _sock, server_name, _context: asked.append(server_name)  # (None: go on)
    return socket.create_server(("127.0.0.1", 0)), context, asked


def test_tls_goes_to_the_address_checked_and_asks_for_the_host_by_name(tmp_path: Any, monkeypatch: Any, settings: Any) -> None:
    """Over https too the socket goes to the address resolved once, and TLS names the host (SNI) and checks
    its certificate against that name: a certificate no authority signed is refused before anything is sent."""
    listener, context, asked_tls = _tls_server(tmp_path, "hooks.test")
    port = listener.getsockname()[1]

    def serve() -> None:
        connection, _ = listener.accept()
        try:
            with context.wrap_socket(connection, server_side=True) as tls:
                tls.recv(1)
        except OSError:  # the client gives up on the certificate
            pass

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    settings.ALERTS_TEST_TARGETS = [f"hooks.test:{port}"]
    asked_dns = _resolving_to(monkeypatch, "127.0.0.1")
    try:
        with pytest.raises(ssl.SSLCertVerificationError):
            addresses.post(f"https://hooks.test:{port}/x", b"{}", {"Content-Type": "application/json"})
        server.join(10)
    finally:
        listener.close()
    assert asked_dns == ["hooks.test"] and asked_tls == ["hooks.test"]


def test_https_is_required_but_for_a_test_server(settings: Any) -> None:
    settings.ALERTS_TEST_TARGETS = []
    for url in ("http://hooks.example.org/x", "ftp://hooks.example.org/x", "https://user:pw@hooks.example.org/x", "https:///x"):
        with pytest.raises(addresses.AddressRefused):
            addresses.parse(url)
    assert addresses.parse("https://hooks.example.org:8443/a?b=1").path == "/a?b=1"


def test_a_removed_webhook_is_not_posted_to(verified_user: Any, receiver: Any) -> None:
    game, hooks = _hooked_game(verified_user, receiver)
    [row] = _rows(game, Kind.TURN)
    assert webhooks.remove_webhook(Webhook.objects.get(pk=row.target).user, row.target)
    assert delivery.deliver_rows([row.pk]) == {row.pk: "failed"} and receiver.requests == []


def test_the_game_end_is_told(verified_user: Any, receiver: Any) -> None:
    game, _hooks = _hooked_game(verified_user, receiver, events=["ended"])
    for user in seat_users(game).values():
        game.refresh_from_db()
        if game.status == game.Status.FINISHED:
            break
        services.resign(user, game.pk)
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    rows = _rows(game, Kind.ENDED)
    assert len(rows) == 2
    delivery.deliver_rows([row.pk for row in rows])
    assert {json.loads(r.body)["event"] for r in receiver.requests} == {"game_ended"}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_senders_at_once_post_a_webhook_once(verified_user: Any, receiver: Any) -> None:
    """Two workers given the same row at the same moment (the task after commit and the sweep): the claim
    lets one send it; the other finds it taken (SKIP LOCKED) or sent."""
    import threading

    from django.db import connection, connections

    assert connection.vendor == "postgresql", "row locks across threads need PostgreSQL (DATABASE_URL=postgres://...)"
    game, _hooks = _hooked_game(verified_user, receiver)
    [row] = _rows(game, Kind.TURN)
    receiver.delay = 0.5  # the first sender is still waiting for the answer when the second one looks
    barrier = threading.Barrier(2)
    outcomes: list[dict[int, str]] = []

    def sender() -> None:
        barrier.wait()
        try:
            outcomes.append(delivery.deliver_rows([row.pk]))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sender) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes, key=len) == [{}, {row.pk: "sent"}]
    assert len([r for r in receiver.requests if json.loads(r.body)["event"] == "your_turn"]) == 1


def test_a_receiver_that_trickles_its_answer_is_cut_off(settings: Any) -> None:
    """Each byte within the step's timeout, but the whole answer far too slow: cut at three timeouts."""
    import threading

    settings.ALERTS_TIMEOUT_SECONDS = 0.5
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    settings.ALERTS_TEST_TARGETS = [f"127.0.0.1:{port}"]

    def trickle() -> None:
        peer, _address = server.accept()
        peer.recv(65536)
        try:
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 100:
                peer.sendall(bytes([byte]))
                time.sleep(0.2)
        except OSError:
            pass
        finally:
            peer.close()

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        addresses.post(f"http://127.0.0.1:{port}/slow", b"{}", {})
    assert 1.4 < time.monotonic() - started < 3
    server.close()
