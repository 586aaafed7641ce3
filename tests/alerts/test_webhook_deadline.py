"""Issue 35, the webhook drip, probed with real sockets on 127.0.0.1: a receiver that answers `Connection:
close` and then drips one byte at a time (each well within the step's timeout) held a sender for as long
as it liked. Now one deadline bounds the whole delivery (`ALERTS_DELIVERY_SECONDS`), and a player's
stalled receiver holds their receivers (`alerts.holds`), so the other players' deliveries go on."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from alerts import addresses, holds, webhooks
from alerts.models import ReceiverHold
from chat import services as chat
from notifications import delivery
from notifications.models import Channel, Outbox
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

STEP, BUDGET = 0.5, 1.5  # seconds: each step's timeout, and the whole delivery's
DRIP_EVERY = 0.2  # seconds between two bytes: within the step's timeout, forever slower than the budget


@dataclass
class Dripper:
    """A receiver that reads the request, answers 200 with `Connection: close` and then drips a byte every
    DRIP_EVERY seconds (for 12 s at most, so that a sender without a deadline ends too, late)."""

    port: int = 0
    connections: list[float] = field(default_factory=list)
    head: bytes = b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n"

    def url(self, path: str = "/drip") -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@pytest.fixture
def dripper(settings: Any, receiver: Any) -> Iterator[Dripper]:
    state = Dripper()
    listener = socket.create_server(("127.0.0.1", 0))
    state.port = listener.getsockname()[1]
    stop = threading.Event()

    def drip(peer: socket.socket) -> None:
        try:
            peer.recv(65536)
            peer.sendall(state.head)
            ends = time.monotonic() + 12
            while not stop.is_set() and time.monotonic() < ends:
                peer.sendall(b"x")
                time.sleep(DRIP_EVERY)
        except OSError:
            pass  # the sender gave up
        finally:
            peer.close()

    def serve() -> None:
        while not stop.is_set():
            try:
                peer, _address = listener.accept()
            except OSError:
                return
            state.connections.append(time.monotonic())
            threading.Thread(target=drip, args=(peer,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    settings.ALERTS_TEST_TARGETS = [f"127.0.0.1:{state.port}", f"127.0.0.1:{receiver.port}"]
    settings.ALERTS_TIMEOUT_SECONDS, settings.ALERTS_DELIVERY_SECONDS = STEP, BUDGET
    yield state
    stop.set()
    listener.close()


def test_a_dripped_answer_after_connection_close_is_cut_at_the_budget(dripper: Dripper) -> None:
    for _attempt in range(3):  # each time a timeout, never the drip cut short taken for an answer
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            addresses.post(dripper.url(), b"{}", {"Content-Type": "application/json"})
        took = time.monotonic() - started
        assert BUDGET - 0.1 < took < BUDGET + 0.4, took


def test_dripped_headers_are_cut_at_the_budget_too(dripper: Dripper) -> None:
    dripper.head = b""  # no status line at all: the drip is the answer's first line
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        addresses.post(dripper.url(), b"{}", {})
    assert time.monotonic() - started < BUDGET + 0.4


def test_a_slow_name_lookup_counts_against_the_budget(dripper: Dripper, monkeypatch: Any, settings: Any) -> None:
    settings.ALERTS_TEST_TARGETS = ["hooks.test:443"]

    def slow_lookup(*args: Any, **kwargs: Any) -> list[Any]:
        time.sleep(3 * BUDGET)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 443))]

    monkeypatch.setattr(addresses.socket, "getaddrinfo", slow_lookup)
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        addresses.post("https://hooks.test/x", b"{}", {})
    assert time.monotonic() - started < BUDGET + 0.4


def _chat_rows(verified_user: Any, dripper: Dripper, receiver: Any) -> tuple[list[Outbox], list[Outbox]]:
    """Anna's three webhooks drip, Ben's one answers at once; the chat gives each a notice of the other's
    message, Anna's rows first (the worst order: they stand before Ben's in the batch)."""
    anna, ben = verified_user("anna"), verified_user("ben")
    for n in range(3):
        webhooks.add_webhook(anna, dripper.url(f"/anna/{n}"), "json", ["chat"])
    webhooks.add_webhook(ben, receiver.url("/ben"), "json", ["chat"])
    game = started_game([anna, ben])
    chat.post(ben, game.pk, "hello Anna")
    chat.post(anna, game.pk, "hello Ben")
    rows = list(Outbox.objects.filter(channel=Channel.WEBHOOK).order_by("id"))
    annas = [row for row in rows if row.user_id == anna.pk]
    bens = [row for row in rows if row.user_id == ben.pk]
    assert len(annas) == 3 and len(bens) == 1 and max(r.pk for r in annas) < bens[0].pk
    return annas, bens


def test_one_players_dripping_webhooks_do_not_stall_another_players(
    verified_user: Any, dripper: Dripper, receiver: Any
) -> None:
    annas, bens = _chat_rows(verified_user, dripper, receiver)
    started = time.monotonic()
    outcomes = delivery.deliver_rows([row.pk for row in annas + bens])
    took = time.monotonic() - started
    # One budget lost to the first dripping delivery; Anna's other rows wait without a connection.
    assert took < BUDGET + 0.8, took
    assert outcomes == {**{row.pk: "retry" for row in annas}, bens[0].pk: "sent"}
    assert len(dripper.connections) == 1
    assert [json.loads(r.body)["text"] for r in receiver.requests] and receiver.requests[0].path == "/ben"
    errors = dict(Outbox.objects.filter(pk__in=[r.pk for r in annas]).values_list("pk", "last_error"))
    assert "TimeoutError" in errors[annas[0].pk]
    assert all("held" in errors[row.pk] for row in annas[1:]), errors
    # Anna's receivers rest for the pause; after it, her rows are tried again.
    hold = ReceiverHold.objects.get(user_id=annas[0].user_id)
    assert hold.until > hold.until.now(hold.until.tzinfo) + holds.STALL_PAUSE * 0.9


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_players_deliveries_are_one_at_a_time_across_senders(
    verified_user: Any, dripper: Dripper, receiver: Any
) -> None:
    """While one sender waits on Anna's dripping receiver, another sender's row of hers is not tried (no
    second connection, at once back to the backoff) and Ben's is delivered meanwhile."""
    from django.db import connection, connections

    assert connection.vendor == "postgresql", "senders in threads need PostgreSQL (DATABASE_URL=postgres://...)"
    annas, bens = _chat_rows(verified_user, dripper, receiver)
    first: list[dict[int, str]] = []

    def sender() -> None:
        try:
            first.append(delivery.deliver_rows([annas[0].pk]))
        finally:
            connections.close_all()

    thread = threading.Thread(target=sender)
    thread.start()
    while not dripper.connections:
        time.sleep(0.02)
    started = time.monotonic()
    assert delivery.deliver_rows([annas[1].pk, bens[0].pk]) == {annas[1].pk: "retry", bens[0].pk: "sent"}
    assert time.monotonic() - started < 0.5 * BUDGET
    thread.join()
    assert first == [{annas[0].pk: "retry"}] and len(dripper.connections) == 1
    assert [r.path for r in receiver.requests] == ["/ben"]


def test_the_sweep_hands_webhook_rows_to_tasks_apart_from_the_mails(
    verified_user: Any, receiver: Any, monkeypatch: Any
) -> None:
    """A task of mails never waits behind a player's receiver: the sweep keeps the channels apart."""
    anna, ben = verified_user("anna"), verified_user("ben")
    webhooks.add_webhook(anna, receiver.url("/anna"), "json", ["started", "turn"])
    game = started_game([anna, ben])
    channels = dict(Outbox.objects.filter(game=game).values_list("pk", "channel"))
    assert Channel.WEBHOOK in channels.values() and Channel.EMAIL in channels.values()
    queued: list[list[int]] = []
    monkeypatch.setattr(delivery.deliver_outbox_rows, "delay", lambda ids: queued.append(ids))
    assert delivery.sweep() == len(channels)
    assert sorted(pk for task in queued for pk in task) == sorted(channels)
    assert all(len({channels[pk] == Channel.EMAIL for pk in task}) == 1 for task in queued), queued


def _trusting(monkeypatch: Any, tmp_path: Any) -> None:
    """The client's TLS trusts the test server's self-signed certificate (and checks it as usual)."""
    import ssl

    trusted = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
    monkeypatch.setattr(addresses.ssl, "create_default_context", lambda: trusted)


@pytest.mark.parametrize("drips", [False, True])
def test_over_tls_an_answer_is_read_and_a_drip_is_cut_at_the_budget(
    tmp_path: Any, monkeypatch: Any, settings: Any, drips: bool
) -> None:
    from tests.alerts.test_webhooks import _resolving_to, _tls_server

    listener, context, _asked = _tls_server(tmp_path, "hooks.test")
    port = listener.getsockname()[1]

    def serve() -> None:
        peer, _address = listener.accept()
        try:
            with context.wrap_socket(peer, server_side=True) as tls:
                request = b""
                while not request.endswith(b"{}"):  # the whole request (its body is "{}")
                    request += tls.recv(65536)
                tls.sendall(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + (b"" if drips else b"accepted"))
                for _ in range(int(12 / DRIP_EVERY) if drips else 0):
                    tls.sendall(b"x")
                    time.sleep(DRIP_EVERY)
        except OSError:
            pass

    threading.Thread(target=serve, daemon=True).start()
    settings.ALERTS_TEST_TARGETS = [f"hooks.test:{port}"]
    settings.ALERTS_TIMEOUT_SECONDS, settings.ALERTS_DELIVERY_SECONDS = STEP, BUDGET
    _resolving_to(monkeypatch, "127.0.0.1")
    _trusting(monkeypatch, tmp_path)
    started = time.monotonic()
    try:
        if drips:
            with pytest.raises(TimeoutError):
                addresses.post(f"https://hooks.test:{port}/x", b"{}", {})
            assert BUDGET - 0.1 < time.monotonic() - started < BUDGET + 0.4
        else:
            answer = addresses.post(f"https://hooks.test:{port}/x", b"{}", {})
            assert answer.status == 200 and answer.body == b"accepted"
    finally:
        listener.close()
