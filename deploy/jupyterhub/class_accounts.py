"""The class hub's accounts: jupyterhub-nativeauthenticator, with its password check off the hub's event loop.

Both hubs use :class:`ClassAuthenticator`: on one machine ``jupyterhub_config.py`` imports it from beside
itself (``install.sh`` copies this file to ``etc/``); on Kubernetes ``deploy/kubernetes/values.yaml`` mounts
this file in the hub's pod and names the class as ``authenticator_class``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import bcrypt
from nativeauthenticator import NativeAuthenticator


class ClassAuthenticator(NativeAuthenticator):  # type: ignore[misc]
    """NativeAuthenticator whose password check (bcrypt, about 0.25 CPU-seconds) runs in a thread: the hub is
    one process, and a class logging in at once would otherwise queue every other request of the hub (OAuth
    hand-overs, the proxy's routes, the spawn pages) behind each hash in turn (bcrypt lets other threads run
    meanwhile). The same rules as its parent: an unknown name fails, a name locked after too many failures
    fails without a check, and a right password of an account the teacher has not approved fails and counts
    as a failure, as a wrong one does."""

    async def authenticate(self, handler: Any, data: dict[str, Any]) -> str | None:
        name = self.normalize_username(data["username"])
        account = self.get_user(name)
        if account is None or (self.allowed_failed_logins and self.is_blocked(name)):
            return None
        password = str(data.get("password", "")).encode()
        right = await asyncio.to_thread(bcrypt.checkpw, password, account.password)
        if right and account.is_authorized and (not account.has_2fa or account.is_valid_token(data.get("2fa"))):
            self.successful_login(name)
            return str(name)
        self.add_login_attempt(name)
        return None
