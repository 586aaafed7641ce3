"""The session engine (SESSION_ENGINE): Django's database sessions, each signed-in one filed under its
account as it is saved (`SessionOwner`), so that deleting an account finds the account's sessions by an
index instead of decoding every session (accounts.deletion).

Filed at the save, not at the sign-in signal: a session gets a new key after the signal too (Django's
`update_session_auth_hash`, e.g. the admin's change of one's own password), and every key that holds a
user is saved through here. The session key -> user pair never changes (another user signing in on the
same browser gets a new key), so a row once filed stays right until its session goes, and takes it along.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db


class SessionStore(db.SessionStore):
    """Django's database session store that also files the signed-in sessions under their accounts."""

    def save(self, must_create: bool = False) -> None:
        if self.session_key is None:
            return self.create()  # which saves through here, with its new key
        super().save(must_create=must_create)
        self._file_owner()

    async def asave(self, must_create: bool = False) -> None:
        if self.session_key is None:
            return await self.acreate()
        await super().asave(must_create=must_create)
        await sync_to_async(self._file_owner)()

    def _file_owner(self) -> None:
        """File the saved session under the user it signs in, if it signs anybody in and is not filed yet
        (one INSERT ... ON CONFLICT DO NOTHING)."""
        from .models import SessionOwner

        user_id = getattr(self, "_session_cache", {}).get(SESSION_KEY)
        if user_id is not None and self.session_key is not None:
            SessionOwner.objects.bulk_create([SessionOwner(session_id=self.session_key, user_id=int(user_id))],
                                             ignore_conflicts=True)
