"""Browser push through the outbox: the payload reaches a local push endpoint, signed with VAPID (the JWT's
signature checked with the public key) and encrypted as RFC 8291 says (decrypted here with the browser's
private key); an expired subscription (404, 410) is removed; a push for a turn is that turn's notice in the
digest; the kinds pushed are the player's choice; the VAPID keys come from the settings or var/."""

from __future__ import annotations

import base64
import json
import time
from datetime import timedelta
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.utils import timezone

from alerts import push, vapid
from alerts.models import PushSubscription
from notifications import delivery, digests, preferences
from notifications.models import Channel, Kind, Outbox, Preference
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


def _b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def verify_vapid(authorization: str) -> dict[str, Any]:
    """Check `vapid t=<JWT>,k=<key>` (RFC 8292): the JWT's ES256 signature with the key; its claims."""
    scheme, _space, rest = authorization.partition(" ")
    assert scheme == "vapid"
    parts = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert parts["k"] == vapid.keys().public_key  # the site's public key, as the browser was given it
    head, claims, signature = parts["t"].split(".")
    assert json.loads(_b64(head)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _b64(parts["k"]))
    raw = _b64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    with pytest.raises(InvalidSignature):
        public.verify(der, f"{head}.{claims}x".encode(), ec.ECDSA(hashes.SHA256()))
    return dict(json.loads(_b64(claims)))


def _subscribed_game(verified_user: Any, receiver: Any, browser: Any, **kinds: Any) -> tuple[Any, dict[int, Any]]:
    """A started game of three whose players each subscribed one browser (before the start)."""
    users = [verified_user(name) for name in ("anna", "ben", "carl")]
    browsers = {}
    for user in users:
        keys = browser()
        push.subscribe(user, receiver.url(f"/push/{user.pk}"), keys.keys())
        browsers[user.pk] = keys
    return started_game(users), browsers


def _push_rows(game: Any, kind: str) -> list[Outbox]:
    return list(Outbox.objects.filter(game=game, channel=Channel.PUSH, kind=kind).order_by("id"))


def test_the_turn_push_reaches_the_push_endpoint_signed_and_encrypted(verified_user: Any, receiver: Any, browser: Any) -> None:
    game, browsers = _subscribed_game(verified_user, receiver, browser)
    turn_user = seat_users(game)[game.awaiting[0]]
    [row] = _push_rows(game, Kind.TURN)
    assert row.user_id == turn_user.pk and row.status == Outbox.Status.PENDING  # written with the events
    assert len(_push_rows(game, Kind.STARTED)) == 3

    assert delivery.deliver_rows([row.pk]) == {row.pk: "sent"}
    [request] = receiver.requests
    assert request.path == f"/push/{turn_user.pk}"
    assert request.headers["content-encoding"] == "aes128gcm"
    assert int(request.headers["ttl"]) > 0 and request.headers["urgency"] == "high"
    claims = verify_vapid(request.headers["authorization"])
    assert claims["aud"] == f"http://127.0.0.1:{receiver.port}"
    assert claims["sub"].startswith("mailto:") and time.time() < claims["exp"] <= time.time() + 24 * 3600
    keys = browsers[turn_user.pk]
    assert request.body[:16] != b"\0" * 16  # aes128gcm's header: salt, record size, key id (the server's key)
    plain = http_ece.decrypt(request.body, private_key=keys.private_key, auth_secret=keys.auth, version="aes128gcm")
    notice = json.loads(plain)
    assert notice["url"] == f"/games/{game.pk}/" and notice["kind"] == "turn" and notice["game"] == game.pk
    assert f"#{game.pk}" in notice["title"] and notice["body"]
    other = browsers[next(pk for pk in browsers if pk != turn_user.pk)]
    with pytest.raises((http_ece.ECEException, InvalidTag)):  # another browser's keys cannot read it
        http_ece.decrypt(request.body, private_key=other.private_key, auth_secret=other.auth, version="aes128gcm")
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT
    assert delivery.deliver_rows([row.pk]) == {} and len(receiver.requests) == 1  # sent once


def test_the_push_speaks_the_players_language(verified_user: Any, receiver: Any, browser: Any) -> None:
    anna, ben = verified_user("anna", language="de"), verified_user("ben", language="en")
    for user in (anna, ben):
        push.subscribe(user, receiver.url(f"/push/{user.pk}"), browser().keys())
    game = started_game([anna, ben])
    rows = _push_rows(game, Kind.STARTED)
    delivery.deliver_rows([row.pk for row in rows])
    assert len(receiver.requests) == 2
    # The payloads are encrypted: the rows' language is what the test can read here.
    assert {row.user_id: row.language for row in rows} == {anna.pk: "de", ben.pk: "en"}


@pytest.mark.parametrize("status", [410, 404])
def test_an_expired_subscription_is_removed(verified_user: Any, receiver: Any, browser: Any, status: int) -> None:
    game, _browsers = _subscribed_game(verified_user, receiver, browser)
    [row] = _push_rows(game, Kind.TURN)
    receiver.answers = [status]
    assert delivery.deliver_rows([row.pk]) == {row.pk: "failed"}
    row.refresh_from_db()
    assert row.status == Outbox.Status.FAILED and "expired" in row.last_error
    assert not PushSubscription.objects.filter(pk=row.target).exists()
    # The player's other notices to that browser are not sent either (nothing is posted for them).
    started = next(r for r in _push_rows(game, Kind.STARTED) if r.target == row.target)
    assert delivery.deliver_rows([started.pk]) == {started.pk: "failed"} and len(receiver.requests) == 1


def test_a_push_service_error_is_retried_with_backoff(verified_user: Any, receiver: Any, browser: Any) -> None:
    game, _browsers = _subscribed_game(verified_user, receiver, browser)
    [row] = _push_rows(game, Kind.TURN)
    receiver.answers = [503]
    before = timezone.now()
    assert delivery.deliver_rows([row.pk]) == {row.pk: "retry"}
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.next_attempt_at >= before + delivery.backoff(1) - timedelta(seconds=1)
    assert PushSubscription.objects.filter(pk=row.target).exists()
    assert delivery.deliver_pending(now=row.next_attempt_at + timedelta(seconds=1)) >= 1
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT and len([r for r in receiver.requests if r.path == receiver.requests[0].path]) >= 2


def test_only_the_chosen_kinds_are_pushed(verified_user: Any, receiver: Any, browser: Any) -> None:
    users = [verified_user(name) for name in ("anna", "ben")]
    for user in users:
        push.subscribe(user, receiver.url(f"/push/{user.pk}"), browser().keys())
        push.set_push_kinds(user, [Kind.STARTED])
    game = started_game(users)
    assert _push_rows(game, Kind.TURN) == [] and len(_push_rows(game, Kind.STARTED)) == 2


def test_a_player_without_email_still_gets_pushes(verified_user: Any, receiver: Any, browser: Any) -> None:
    users = [verified_user(name) for name in ("anna", "ben")]
    for user in users:
        preferences.update_preferences(user, mode=Preference.Mode.NONE)
        push.subscribe(user, receiver.url(f"/push/{user.pk}"), browser().keys())
    game = started_game(users)
    assert not Outbox.objects.filter(game=game, channel=Channel.EMAIL).exists()
    assert len(_push_rows(game, Kind.TURN)) == 1


def test_a_pushed_turn_is_that_turns_notice_in_the_digest(verified_user: Any, receiver: Any, browser: Any) -> None:
    users = [verified_user(name) for name in ("anna", "ben")]
    for user in users:
        preferences.update_preferences(user, mode=Preference.Mode.DIGEST, opted_out=[Kind.STARTED])
        push.subscribe(user, receiver.url(f"/push/{user.pk}"), browser().keys())
        push.set_push_kinds(user, [Kind.TURN])
    game = started_game(users)
    turn_user = seat_users(game)[game.awaiting[0]]
    held = Outbox.objects.get(game=game, channel=Channel.EMAIL, kind=Kind.TURN)
    assert held.status == Outbox.Status.HELD and held.user_id == turn_user.pk
    [pushed] = _push_rows(game, Kind.TURN)
    assert pushed.params["notice"] == held.dedupe_key

    # Not sent yet: the digest tells the turn.
    assert digests.told_by_push([held]) == set()
    # Sent: the push was the turn's notice; the digest has nothing else to tell, so none is written.
    delivery.deliver_rows([pushed.pk])
    assert digests.told_by_push([held]) == {held.dedupe_key}
    assert digests.send_digests() == 0
    held.refresh_from_db()
    assert held.status == Outbox.Status.DIGESTED
    assert not Outbox.objects.filter(kind=Kind.DIGEST).exists()


def test_a_failed_push_leaves_the_turn_in_the_digest(verified_user: Any, receiver: Any, browser: Any) -> None:
    users = [verified_user(name) for name in ("anna", "ben")]
    for user in users:
        preferences.update_preferences(user, mode=Preference.Mode.DIGEST, opted_out=[Kind.STARTED])
        push.subscribe(user, receiver.url(f"/push/{user.pk}"), browser().keys())
    game = started_game(users)
    held = Outbox.objects.get(game=game, channel=Channel.EMAIL, kind=Kind.TURN)
    [pushed] = _push_rows(game, Kind.TURN)
    receiver.answers = [410]
    delivery.deliver_rows([pushed.pk])
    assert digests.send_digests() == 1
    digest = Outbox.objects.get(kind=Kind.DIGEST)
    assert digest.params["held"] == [held.pk]


def test_vapid_keys_are_generated_into_var_once(settings: Any, tmp_path: Any) -> None:
    first = vapid.keys().public_key
    stored = json.loads((tmp_path / "vapid.json").read_text())
    assert stored["public_key"] == first and len(_b64(first)) == 65
    assert oct((tmp_path / "vapid.json").stat().st_mode & 0o777) == "0o600"
    vapid.keys.cache_clear()
    assert vapid.keys().public_key == first  # read again, not made again


def test_vapid_keys_from_the_settings(settings: Any, tmp_path: Any) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = vapid.b64url(key.private_numbers().private_value.to_bytes(32, "big"))
    public = vapid.b64url(key.public_key().public_bytes(
        vapid.serialization.Encoding.X962, vapid.serialization.PublicFormat.UncompressedPoint))
    settings.VAPID_PUBLIC_KEY = public
    assert vapid.keys().public_key == public
    assert not (tmp_path / "vapid.json").exists()
    vapid.keys.cache_clear()
    settings.VAPID_PUBLIC_KEY = vapid.b64url(b"\4" + bytes(64))
    with pytest.raises(ValueError, match="not the public key"):
        vapid.keys()


def test_players_without_push_or_webhooks_cost_the_outbox_no_statement(verified_user: Any, django_assert_num_queries: Any) -> None:
    from alerts import notices
    from notifications import recipients
    from notifications.outbox import Mail

    users = [verified_user(name) for name in ("anna", "ben")]
    game = started_game(users)
    seats = recipients.seats_of(game)  # the players as the outbox's writers load them, preferences with them
    mails = [Mail(Kind.TURN, seat.user, game, f"turn:test:{seat.user_id}", seat=seat.index, version=game.version)
             for seat in seats]
    with django_assert_num_queries(0):
        assert notices.rows_for(mails) == []


def test_the_channels_a_player_has_are_kept_on_their_preferences(verified_user: Any, receiver: Any, browser: Any) -> None:
    from alerts.models import Webhook

    def channels(user: Any) -> list[str]:
        return list(Preference.objects.get(user=user).channels)

    anna, ben = verified_user("anna"), verified_user("ben")
    push.subscribe(anna, receiver.url("/push/a"), browser().keys())
    assert channels(anna) == [Channel.PUSH]
    assert not Preference.objects.filter(user=ben).exists()  # a player without any keeps the defaults
    hook = Webhook.objects.create(user=anna, url=receiver.url("/hook"), events=[Kind.TURN], secret="s" * 64)  # as the admin does
    assert channels(anna) == [Channel.PUSH, Channel.WEBHOOK]
    preferences.update_preferences(Preference.objects.get(user=anna).user, mode=Preference.Mode.DIGEST)
    assert channels(anna) == [Channel.PUSH, Channel.WEBHOOK]  # changing the email settings keeps them
    PushSubscription.objects.filter(user=anna).delete()  # as the push sender does for a browser that is gone
    assert channels(anna) == [Channel.WEBHOOK]
    hook.delete()
    assert channels(anna) == []
    push.subscribe(ben, receiver.url("/push/b"), browser().keys())
    ben.delete()  # the account goes with its browsers and preferences, and nothing is left behind
    assert not Preference.objects.filter(user_id=ben.pk).exists()


def test_production_without_vapid_keys_is_warned(settings: Any) -> None:
    settings.DEBUG = False
    assert [message.id for message in vapid.check_keys_set()] == ["alerts.W001"]
    settings.VAPID_PRIVATE_KEY = vapid.b64url(bytes(31) + b"\1")
    assert vapid.check_keys_set() == []
    settings.DEBUG, settings.VAPID_PRIVATE_KEY = True, ""
    assert vapid.check_keys_set() == []
