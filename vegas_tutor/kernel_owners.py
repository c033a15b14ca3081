"""Only a page's own kernel: each lesson page gets a secret for its kernel, and every kernel route asks for it.

Voilà 0.5 lets any client that knows a kernel's id drive it (its websocket), shut it down (``DELETE
/api/kernels/<id>``, the page's beacon ``POST /voila/api/shutdown/<id>``) or read it (``GET
/api/kernels/<id>``). Here:

* When a lesson page is rendered, the kernel it gets (started for it, or taken from a pre-heated pool) is
  bound to a fresh secret (``secrets.token_urlsafe``) kept on the server, and the page's response sets it in an
  ``HttpOnly; SameSite=Strict`` cookie named after that kernel (:func:`cookie_name`, ``Path`` the server's
  root, so both the websocket and the beacon carry it; no script can read it).
* Every route that names a running kernel (:data:`OWNED_ROUTES`) answers 403 with a plain reason, logged,
  unless the request carries that kernel's secret (compared with ``hmac.compare_digest``). A kernel that is
  not running is answered 404, as Voilà does: a page whose kernel was shut down asks for it again (its
  reconnection), and must learn that it is gone rather than that it is refused.
* REST routes no page uses (:data:`REFUSED_ROUTES`: listing or starting kernels, interrupting or restarting
  one, sessions, terminals, the Jupyter contents API, kernel specs) answer 403 to everyone.
* When a kernel shuts down (its page left, culled, failed, deleted), its secret is forgotten and the cookie
  that request carried is expired; a later page also expires cookies of kernels that are gone.

The mechanism needs nothing else (no login, no class code): a secret is only ever given to the page that
got the kernel.

>>> owners, kernel = KernelOwners(), "3f1a2b3c-0000-4000-8000-000000000001"
>>> secret = owners.bind(kernel)
>>> owners.owns(kernel, secret), owners.owns(kernel, "x"), owners.owns(kernel, None)
(True, False, False)
>>> owners.forget(kernel)
>>> owners.owns(kernel, secret)
False
>>> cookie_name("3f1a2b3c-0000-4000-8000-000000000001")
'vegas_tutor_kernel_3f1a2b3c-0000-4000-8000-000000000001'
"""

from __future__ import annotations

import contextlib
import contextvars
import hmac
import logging
import secrets
from collections.abc import Callable, Iterator
from typing import Any

from vegas_tutor.i18n import _
from vegas_tutor.serving import Refusal, refuse

COOKIE_PREFIX = "vegas_tutor_kernel_"
"""The name of a kernel's cookie is this prefix and the kernel's id."""

SETTING = "vegas_tutor_kernel_owners"
"""The tornado setting holding the server's :class:`KernelOwners`."""

SECRET_BYTES = 32
"""Random bytes in a kernel's secret."""

OWNED_ROUTES = (r"/api/kernels/", r"/voila/api/shutdown/", r"/voila/execution/")
"""Route prefixes of Voilà's handlers that take a kernel id: the kernel's REST model (GET, DELETE) and its
websocket (``.../channels``), the page's shutdown beacon, and progressive rendering's websocket."""

REFUSED_ROUTES = (
    r"/api/kernels/?",
    r"/api/kernels/[^/]+/(?:interrupt|restart)/?",
    r"/api/sessions(?:/.*)?",
    r"/api/terminals(?:/.*)?",
    r"/api/contents(?:/.*)?",
    r"/api/kernelspecs(?:/.*)?",
)
"""Routes no lesson page uses, refused to every client (regular expressions below the server's root)."""

_page: contextvars.ContextVar[Callable[[str], None] | None] = contextvars.ContextVar("vegas_tutor_page", default=None)
"""While a lesson page is rendered: what to do with the kernel it gets."""

_log = logging.getLogger("vegas_tutor")


def cookie_name(kernel_id: str) -> str:
    """The cookie carrying ``kernel_id``'s secret."""
    return COOKIE_PREFIX + kernel_id


class KernelOwners:
    """Kernel id -> the secret of the one page it was given to."""

    def __init__(self) -> None:
        self._secrets: dict[str, str] = {}

    def bind(self, kernel_id: str) -> str:
        """Make and keep a new secret for ``kernel_id`` (replacing any earlier one) and return it."""
        secret = secrets.token_urlsafe(SECRET_BYTES)
        self._secrets[kernel_id] = secret
        return secret

    def owns(self, kernel_id: str, secret: str | None) -> bool:
        """Whether ``secret`` is ``kernel_id``'s (in constant time; no secret owns a kernel that has none)."""
        kept = self._secrets.get(kernel_id)
        if kept is None or secret is None:
            return False
        return hmac.compare_digest(kept.encode(), secret.encode())

    def forget(self, kernel_id: str) -> None:
        """Drop ``kernel_id``'s secret (its kernel is gone)."""
        self._secrets.pop(kernel_id, None)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self._secrets

    def __len__(self) -> int:
        return len(self._secrets)


def watch(manager: Any) -> KernelOwners:
    """The owners of ``manager``'s kernels: a kernel a page gets while :func:`page` is active is bound to
    that page, and a kernel's secret is forgotten when the manager shuts it down. Call before serving."""
    owners = KernelOwners()
    start_kernel = manager.start_kernel
    shutdown_kernel = manager.shutdown_kernel

    async def started(*args: Any, **kwargs: Any) -> Any:
        kernel_id = await start_kernel(*args, **kwargs)
        _given(kernel_id)
        return kernel_id

    async def shut_down(kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return await shutdown_kernel(kernel_id, *args, **kwargs)
        finally:  # once it is gone: while it stops, its page may still ask for it (and is answered)
            owners.forget(kernel_id)

    manager.start_kernel = started
    manager.shutdown_kernel = shut_down
    if hasattr(manager, "get_rendered_notebook"):  # Voilà's pre-heating manager: a kernel taken from a pool
        take = manager.get_rendered_notebook

        async def taken(*args: Any, **kwargs: Any) -> Any:
            rendered = await take(*args, **kwargs)
            _given(rendered[2])  # (render task, cells, kernel id)
            return rendered

        manager.get_rendered_notebook = taken
    return owners


def _given(kernel_id: str) -> None:
    give = _page.get()
    if give is not None:
        give(kernel_id)


@contextlib.contextmanager
def page(handler: Any) -> Iterator[None]:
    """While a lesson page is rendered by ``handler``: bind the kernel it gets to a new secret and set that
    secret's cookie on the response (before its first byte). Also expires the cookies of kernels gone."""
    owners: KernelOwners = handler.settings[SETTING]
    path = handler.settings.get("base_url") or "/"
    for name in handler.request.cookies:
        if name.startswith(COOKIE_PREFIX) and name[len(COOKIE_PREFIX):] not in owners:
            handler.clear_cookie(name, path=path)

    given = False

    def give(kernel_id: str) -> None:
        nonlocal given
        if given:  # a page gets one kernel (a pool refilled meanwhile is not this page's)
            return
        given = True
        if kernel_id in owners:  # a kernel that somebody else's page holds is never given twice
            _log.warning("vegas-tutor: kernel %s was handed out again; its first page keeps it", kernel_id)
            return
        if handler._headers_written:  # Voilà sends nothing before it has the kernel: this would be a change there
            _log.error("vegas-tutor: kernel %s came after its page's headers: the page cannot reach it", kernel_id)
            return
        handler.set_cookie(cookie_name(kernel_id), owners.bind(kernel_id), path=path, httponly=True,
                           samesite="Strict")

    token = _page.set(give)
    try:
        yield
    finally:
        _page.reset(token)


def kernel_refusal(handler: Any, kernel_id: str) -> Refusal | None:
    """Why ``handler``'s request may not use ``kernel_id``, or None when it carries the kernel's secret."""
    owners: KernelOwners = handler.settings[SETTING]
    if owners.owns(kernel_id, handler.get_cookie(cookie_name(kernel_id))):
        return None
    return Refusal(lambda: _("this lesson's kernel belongs to another page: reload the lesson to get one of "
                             "your own"))


def owned(handler_class: type[Any]) -> type[Any]:
    """A subclass of a handler whose route names a kernel: it refuses with 403 a request that does not carry
    that kernel's secret, and expires the cookie once it has shut the kernel down."""

    from tornado.web import HTTPError

    class Owned(handler_class):  # type: ignore[misc]  # a tornado handler class
        def prepare(self) -> Any:
            values = [*self.path_kwargs.values(), *self.path_args]
            kernel_id = str(values[0]) if values else ""
            if kernel_id not in self.kernel_manager:
                # gone (its page left, culled, a restarted server): nothing to protect, and a page whose
                # kernel is gone learns it from the 404 and stops asking
                raise HTTPError(404, "no such kernel")
            reason = kernel_refusal(self, kernel_id)
            if reason is not None:
                refuse(self, reason)
                return None
            self._vegas_tutor_kernel = kernel_id
            return super().prepare()

        def finish(self, *args: Any, **kwargs: Any) -> Any:
            kernel_id = getattr(self, "_vegas_tutor_kernel", None)
            if kernel_id is not None and kernel_id not in self.settings[SETTING] and not self._headers_written:
                self.clear_cookie(cookie_name(kernel_id), path=self.settings.get("base_url") or "/")
            return super().finish(*args, **kwargs)

    Owned.__name__ = Owned.__qualname__ = f"Owned{handler_class.__name__}"
    return Owned


def refused_handler() -> type[Any]:
    """A handler answering 403 to every method (the routes of :data:`REFUSED_ROUTES`)."""
    from tornado.web import RequestHandler

    class Refused(RequestHandler):
        def prepare(self) -> None:
            refuse(self, Refusal(lambda: _("lesson pages do not use this address")))

    return Refused


def owned_routes(routes: list[Any], server_url: str) -> list[Any]:
    """Voilà's routes with each kernel route made :func:`owned`, after the :data:`REFUSED_ROUTES`."""
    from jupyter_server.utils import url_path_join

    prefixes = tuple(url_path_join(server_url, prefix) for prefix in OWNED_ROUTES)
    mine = [(route[0], owned(route[1]), *route[2:]) if str(route[0]).startswith(prefixes) else route
            for route in routes]
    refused = refused_handler()
    return [*((url_path_join(server_url, pattern), refused) for pattern in REFUSED_ROUTES), *mine]
