"""The VAPID key pair that signs every push (RFC 8292): from the settings, or generated once into
var/vapid.json when they are unset (the embedded default, so that a laptop needs no setup)."""

from __future__ import annotations

import base64
import functools
import json
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core import checks
from py_vapid import Vapid


def b64url(data: bytes) -> str:
    """Base64url without padding, as Web Push writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """The bytes of a base64url text (padding optional); ValueError when it is not base64url."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as error:
        raise ValueError("not base64url") from error


@dataclass(frozen=True)
class VapidKeys:
    """The signer (py_vapid) and the public key as browsers take it (applicationServerKey)."""

    signer: Vapid
    public_key: str


def _public_of(private: ec.EllipticCurvePrivateKey) -> str:
    return b64url(private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


def _generated(path: Path) -> str:
    """The private key kept in `path`, made (raw scalar, base64url) and written there first when it is not;
    O_EXCL, so two processes starting at once keep the one that was written first."""
    if not path.exists():
        key = ec.generate_private_key(ec.SECP256R1())
        raw = key.private_numbers().private_value.to_bytes(32, "big")
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(handle, "w") as file:
                json.dump({"private_key": b64url(raw), "public_key": _public_of(key)}, file)
    return str(json.loads(path.read_text())["private_key"])


@functools.cache
def keys() -> VapidKeys:
    """The key pair in use (read once per process)."""
    private = settings.VAPID_PRIVATE_KEY or _generated(Path(settings.VAR_DIR) / "vapid.json")
    signer = Vapid.from_string(private)
    public = _public_of(signer.private_key)
    if settings.VAPID_PUBLIC_KEY and settings.VAPID_PUBLIC_KEY.rstrip("=") != public:
        raise ValueError("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY")
    return VapidKeys(signer=signer, public_key=public)


def authorization(endpoint_origin: str, expires_at: int) -> str:
    """The Authorization header of a push to a push service at `endpoint_origin` (scheme://host[:port]):
    `vapid t=<JWT signed ES256>, k=<public key>`."""
    claims = {"aud": endpoint_origin, "sub": settings.VAPID_SUBJECT, "exp": expires_at}
    return str(keys().signer.sign(claims)["Authorization"])


def check_keys_set(app_configs: object = None, **kwargs: object) -> list[checks.CheckMessage]:
    """System check: with DEBUG off the keys should come from the settings. A pair generated into var/ is
    one host's: a second web or worker host would make its own, and the push services would refuse the
    pushes it signs for the browsers subscribed with the other's key."""
    if settings.DEBUG or settings.VAPID_PRIVATE_KEY:
        return []
    return [checks.Warning(
        "VAPID_PRIVATE_KEY is not set: browser pushes are signed with a key generated into var/vapid.json.",
        hint="Set VAPID_PRIVATE_KEY (and VAPID_PUBLIC_KEY) to one key pair shared by every host "
             "(docs/configuration.md).",
        id="alerts.W001",
    )]
