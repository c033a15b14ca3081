"""What ``vegas-tutor`` adds to Voilà to serve a class safely: request guards, culling, an offline template.

* **Host and Origin.** The server answers only requests addressed to it by the names it listens on
  (``127.0.0.1:PORT`` and ``localhost:PORT``; in class mode, the :class:`ServedNames` ``vegas_tutor.classroom``
  finds), which stops DNS-rebinding pages, and refuses any request whose ``Origin`` is another site. A lesson
  page (which starts a kernel) is also refused when the browser says the navigation came from another site
  (``Sec-Fetch-Site``): the learner gets a link to open it from here.
* **Culling.** Idle kernels stop after ``--cull-idle`` seconds even when their page is still connected
  (a closed laptop keeps its socket), checked every ``cull_interval(seconds)``; a class's kernels are shut
  down all at once (``cull_in_parallel``).
* **Pre-heated pools** fill one kernel at a time (``fill_pools_one_at_a_time``), so refilling a pool a class
  has just emptied uses one core, not all of them; a kernel taken from a pool counts as active from then
  (``fresh_when_taken``), or the culler would stop it before its page connects.
* **A kernel that fails.** When a page's kernel dies before its page is drawn, Voilà keeps the request open
  for ever; ``ended_on_failure`` ends the page instead with a plain message and a Reload button, and marks
  the page (``data-vegas-tutor-kernel="failed"`` on its body) for the board's own retry.
* **Offline.** Voilà's lab template links Font Awesome from a CDN; ``TEMPLATE_DIR`` holds a template that
  extends it and drops every stylesheet link to another host (the boards use no icon font).
* **One thread of linear algebra per kernel.** The coach's matrix products gain nothing from OpenBLAS's threads
  (measured: the same wall time, 1.7 times the CPU), and a class's kernels share the server's cores:
  :data:`KERNEL_THREADS` goes into the environment kernels start with.
* **The page's language.** A page under the Spanish lessons (``.../es/<lesson>.ipynb``) is Spanish
  (:func:`page_language`): its refusal page, and the template's own words (:data:`PAGE_WORDS`, ``<html lang>``
  from the notebook's ``lang`` metadata), which :func:`page_words_script` gives the template.

>>> host_refusal("localhost:8866", 8866) is None
True
>>> host_refusal("evil.example:8866", 8866)
"this server answers only at 127.0.0.1:8866 and localhost:8866, not at 'evil.example:8866'"
>>> origin_refusal("http://127.0.0.1:8866", 8866) is None, origin_refusal(None, 8866) is None
(True, True)
>>> page_refusal("cross-site", None, 8866)
'the lesson was opened from another site'
>>> page_refusal("cross-site", None, 8866).in_language("es")
'la lección se abrió desde otro sitio'
>>> page_language("/voila/render/es/01.01-una-ronda.ipynb"), page_language("/voila/render/01.01-one-round.ipynb")
('es', 'en')
>>> cull_interval(600), cull_interval(5)
(30, 1)
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from vegas_tutor.i18n import LANGUAGES, N_, _, tr, using

TEMPLATE_DIR = Path(__file__).resolve().parent / "voila_template"
"""Jinja templates searched before Voilà's own (see the module docstring)."""

LOCAL_NAMES = ("127.0.0.1", "localhost")
"""The host names the server answers to; it binds 127.0.0.1 only."""

PAGE_FETCH_SITES = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values that may open a lesson: a link on our own pages, or an address typed,
bookmarked or opened by ``vegas-tutor`` itself."""

KERNEL_THREADS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
"""Variables a lesson kernel starts with (unless already set): its numpy runs on one core."""
DEFAULT_CULL_IDLE = 600
"""Seconds a kernel may stay idle before it is shut down (``--cull-idle``)."""


def page_language(path: str | None) -> str:
    """The language of a served page by its address: a lesson in a language's folder (``es/``) speaks it,
    everything else English."""
    parts = urlsplit(path or "").path.split("/")
    return parts[-2] if len(parts) >= 2 and parts[-2] in LANGUAGES[1:] else "en"


class Refusal(str):
    """Why a request is refused: the English text (logged), and the same reason in a page's language."""

    def __new__(cls, say: Callable[[], str]) -> Refusal:
        with using("en"):
            refusal = super().__new__(cls, say())
        refusal._say = say
        return refusal

    _say: Callable[[], str]

    def in_language(self, lang: str) -> str:
        """The reason in ``lang``."""
        with using(lang):
            return self._say()


@dataclass(frozen=True)
class ServedNames:
    """The names the server answers to: each of ``names`` followed by the server's port, and each of
    ``proxied`` as it is (a reverse proxy's public name: ``NAME`` for one on port 80 or 443, which browsers
    leave out of ``Host`` and ``Origin``, or ``NAME:PORT``); ``Origin`` may use any of ``schemes``.

    >>> ServedNames(("127.0.0.2", "localhost"), ("classroom.test",)).hosts(8866)
    ('127.0.0.2:8866', 'localhost:8866', 'classroom.test')
    """

    names: tuple[str, ...] = LOCAL_NAMES
    proxied: tuple[str, ...] = ()
    schemes: tuple[str, ...] = ("http",)

    def hosts(self, port: int) -> tuple[str, ...]:
        """The ``Host`` header values accepted when the server listens on ``port``."""
        return tuple(dict.fromkeys([*(f"{name}:{port}" for name in self.names), *self.proxied]))


LOCAL_SERVED = ServedNames()
"""What the server answers to outside class mode: 127.0.0.1 and localhost, plain HTTP."""


def allowed_hosts(port: int, served: ServedNames = LOCAL_SERVED) -> tuple[str, ...]:
    """The ``Host`` header values the server accepts."""
    return served.hosts(port)


def host_refusal(host: str | None, port: int, served: ServedNames = LOCAL_SERVED) -> Refusal | None:
    """Why a request with this ``Host`` header is refused, or None when it is addressed to this server."""
    hosts = allowed_hosts(port, served)
    if host is not None and host.lower() in hosts:
        return None
    if len(hosts) == 2:
        first, second = hosts
        return Refusal(lambda: _("this server answers only at {first} and {second}, not at {host!r}", first=first,
                                 second=second, host=host))
    shown, asked = ", ".join(hosts), (host or "")[:100]
    return Refusal(lambda: _("this server answers only at {hosts}, not at {host!r}", hosts=shown, host=asked))


def origin_refusal(origin: str | None, port: int, served: ServedNames = LOCAL_SERVED) -> Refusal | None:
    """Why a request with this ``Origin`` header is refused, or None when it has none or it is ours.

    A browser sends ``Origin: null`` from sandboxed frames and local files: that is another origin too.
    """
    if origin is None:
        return None
    parts = urlsplit(origin.lower())
    if parts.scheme in served.schemes and parts.netloc in allowed_hosts(port, served) and parts.path in ("", "/"):
        return None
    shown = origin[:100]
    return Refusal(lambda: _("requests from {origin!r} are refused: only this server's own pages may call it",
                             origin=shown))


def page_refusal(
    fetch_site: str | None, origin: str | None, port: int, served: ServedNames = LOCAL_SERVED
) -> Refusal | None:
    """Why a request for a lesson page (which starts a kernel) is refused, or None.

    Browsers say where a request comes from in ``Sec-Fetch-Site``; a client that sends none (a script, an
    old browser) is judged by its ``Origin`` alone.
    """
    if fetch_site is not None and fetch_site.lower() not in PAGE_FETCH_SITES:
        return Refusal(lambda: _("the lesson was opened from another site"))
    return origin_refusal(origin, port, served)


def refusal_page(reason: str, url: str | None = None, lang: str = "en") -> str:
    """A small self-contained HTML page in ``lang`` saying why a request was refused (and a link to try from
    here)."""
    if isinstance(reason, Refusal):
        reason = reason.in_language(lang)
    with using(lang):
        anchor = "" if url is None else '<a href="' + html.escape(url) + '">'
        link = "" if url is None else "<p>{}</p>".format(
            _("{link_start}Open the lesson here{link_end}.", link_start=anchor, link_end="</a>"))
        title, heading = _("vegas-tutor: refused"), _("Refused")
        said = _("vegas-tutor refused this request: {reason}.", reason=html.escape(reason))
    return (
        f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"</head><body><h1>{html.escape(heading)}</h1><p>{said}</p>{link}</body></html>"
    )


def cull_interval(idle_seconds: int) -> int:
    """How often to look for idle kernels: a twentieth of the idle time, between 1 s and 60 s. A kernel
    idle since ``t`` is gone by ``t + idle_seconds + cull_interval(idle_seconds)``."""
    return max(1, min(60, idle_seconds // 20))


def culling_argv(idle_seconds: int) -> list[str]:
    """Voilà arguments for culling kernels idle for ``idle_seconds`` (0: never)."""
    if idle_seconds <= 0:
        return ["--MappingKernelManager.cull_idle_timeout=0"]
    return [
        f"--MappingKernelManager.cull_idle_timeout={idle_seconds}",
        f"--MappingKernelManager.cull_interval={cull_interval(idle_seconds)}",
        "--MappingKernelManager.cull_connected=True",  # a sleeping laptop keeps its socket open
    ]


def cull_in_parallel(manager: Any) -> None:
    """Make a kernel manager's culler check every kernel at once.

    jupyter_server shuts idle kernels down one after the other (a second or more each under load), so the
    last of a class's kernels went well past its cull period. Voilà's own check (kernels waiting in a
    pre-heated pool are kept) still runs for each. Call before the first kernel starts (the culler starts
    with it).
    """

    async def cull_kernels() -> None:
        ids = list(manager._kernels)
        results = await asyncio.gather(*(manager.cull_kernel_if_idle(k) for k in ids), return_exceptions=True)
        for kernel_id, result in zip(ids, results, strict=True):
            if isinstance(result, Exception):
                manager.log.error("vegas-tutor: checking whether kernel %s is idle failed: %r", kernel_id, result)

    manager.cull_kernels = cull_kernels


def fill_pools_one_at_a_time(manager: Any) -> None:
    """Make Voilà's pre-heated pools start one kernel at a time, each running its lesson to the end before
    the next starts.

    Voilà refills a pool as soon as a kernel is taken: when a class takes 30 at once, 30 kernel starts and
    lesson runs (about a CPU-second each) would compete with the learners' first clicks. One at a time,
    with a pause as long as each start took while more wait, a refill uses about half of one core. A kernel
    restarted in place (``kernel_id`` given) is not held back.
    """
    initialize = manager._initialize
    gate: asyncio.Lock | None = None
    queued = 0

    async def one_at_a_time(notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
        nonlocal gate, queued
        if kernel_id is not None:
            return await initialize(notebook_path, kernel_id, **kwargs)
        gate = gate or asyncio.Lock()  # made on the server's event loop
        queued += 1
        try:
            async with gate:
                started = time.monotonic()
                content = await initialize(notebook_path, kernel_id, **kwargs)
                await asyncio.wait([content["task"]])  # the lesson has run (or failed: the page says so)
                if queued > 1:  # more to start: leave the core free as long again
                    await asyncio.sleep(time.monotonic() - started)
                return content
        finally:
            queued -= 1

    manager._initialize = one_at_a_time


def fresh_when_taken(manager: Any) -> None:
    """Make a kernel taken from Voilà's pre-heated pool count as active from that moment.

    A pooled kernel's last activity is when it ran its lesson, maybe long before a learner takes it; the
    culler, which spares it only while it waits in the pool, would shut it down before the learner's page
    could connect to it (with ``--cull-idle 600`` and a pool filled ten minutes before the class).
    """
    from jupyter_server._tz import utcnow

    take = manager.get_rendered_notebook

    async def get_rendered_notebook(notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        taken = await take(notebook_name, *args, **kwargs)
        manager.get_kernel(taken[2]).last_activity = utcnow()  # (render task, cells, kernel id)
        return taken

    manager.get_rendered_notebook = get_rendered_notebook


def guarded(
    handler_class: type[Any],
    port: Callable[[], int],
    served: ServedNames = LOCAL_SERVED,
    gate: Callable[[Any], bool] | None = None,
) -> type[Any]:
    """A subclass of a tornado handler that first refuses a foreign ``Host`` or ``Origin`` with 403.

    ``port()`` gives the port the server listens on (Voilà may pick it after the routes are made). In class
    mode ``gate(handler)`` then runs: it answers a request without the class cookie itself (a redirect to the
    join page, or 403) and returns True, and the handler's method is not run.
    """

    class Guarded(handler_class):  # type: ignore[misc]  # a tornado handler class
        def prepare(self) -> Any:
            headers = self.request.headers
            reason = host_refusal(headers.get("Host"), port(), served) or origin_refusal(
                headers.get("Origin"), port(), served)
            if reason is not None:
                refuse(self, reason)
                return None
            if gate is not None and gate(self):
                return None
            return super().prepare()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{handler_class.__name__}"
    return Guarded


def masked_uri(uri: str | None) -> str:
    """``uri`` with the value of a ``code`` argument (the class code) replaced by ``******``, for the log.

    >>> masked_uri("/vegas-tutor/join?next=/&code=K7PX2Q")
    '/vegas-tutor/join?next=/&code=******'
    """
    return re.sub(r"(?i)([?&;]code=)[^&;#]*", r"\1******", uri or "")


def refuse(handler: Any, reason: str, url: str | None = None) -> None:
    """Answer a tornado request with 403 and ``refusal_page``; the handler's method is not run."""
    handler.clear()
    handler.set_status(403)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    request = handler.request
    logging.getLogger("vegas_tutor").warning("vegas-tutor refused %s %s: %s", request.method,
                                             masked_uri(request.uri), reason)
    handler.finish(refusal_page(reason, url, page_language(request.path)))


KERNEL_FAILED_MESSAGE = N_("The lesson's Python kernel could not start. Reload the page to try again.")

PAGE_WORDS = {
    "kernel_failed": KERNEL_FAILED_MESSAGE,
    "reason": N_("Reason: {reason}"),
    "reload": N_("Reload"),
    "widget_failed": N_("This part of the lesson could not be shown. Reload the page to try again: a game you "
                        "played is kept."),
    "reload_page": N_("Reload the page"),
    "running": N_("Opening the lesson…"),
    "executing": N_("Preparing the lesson: step {index} of {count}"),
}
"""The served page's own words (the template's and :func:`kernel_failure_snippet`'s), by key."""


def page_words(lang: str) -> dict[str, str]:
    """:data:`PAGE_WORDS` in ``lang``."""
    with using(lang):
        return {key: tr(text) for key, text in PAGE_WORDS.items()}


def page_words_script() -> str:
    """A ``<script>`` giving the page :data:`PAGE_WORDS` in every language (``window.vegasTutorPageWords``);
    the page takes those of its ``<html lang>``. The template holds a copy (a test keeps it current)."""
    table = json.dumps({lang: page_words(lang) for lang in LANGUAGES}, ensure_ascii=False, sort_keys=True)
    return f"<script>window.vegasTutorPageWords = {_script_safe(table)};</script>"


def kernel_failure_snippet(reason: str) -> str:
    """HTML ending a page whose kernel failed: drops Voilà's spinner, shows ``KERNEL_FAILED_MESSAGE`` in the
    page's language (and the reason, shortened) with a Reload button, and sets
    ``data-vegas-tutor-kernel="failed"`` on the body."""
    detail = _script_string(reason[:200])
    words = _script_safe(json.dumps({lang: page_words(lang) for lang in LANGUAGES}, ensure_ascii=False))
    return f"""<script>(function () {{
  var table = {words};
  var words = table[document.documentElement.lang] || table.en;
  var spinner = document.getElementById('loading');
  if (spinner) spinner.remove();
  document.body.dataset.vegasTutorKernel = 'failed';
  var box = document.createElement('div');
  box.className = 'vegas-tutor-kernel-failed';
  box.setAttribute('role', 'alert');
  box.style.cssText = 'margin:3em auto;max-width:40em;padding:1em 1.5em;border:2px solid #b00020;font:16px sans-serif';
  var text = document.createElement('p');
  text.textContent = words.kernel_failed;
  var why = document.createElement('p');
  why.style.cssText = 'color:#555;font-size:13px';
  why.textContent = words.reason.replace('{{reason}}', function () {{ return {detail}; }});
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = words.reload;
  button.addEventListener('click', function () {{ window.location.reload(); }});
  box.append(text, why, button);
  document.body.appendChild(box);
}})();</script>
"""


def _script_string(text: str) -> str:
    """A JavaScript string literal that cannot end the ``<script>`` element holding it."""
    return _script_safe(json.dumps(text))


def _script_safe(json_text: str) -> str:
    """JSON text that cannot end the ``<script>`` element holding it."""
    return json_text.replace("<", "\\u003c").replace(">", "\\u003e")


async def ended_on_failure(
    snippets: AsyncIterator[tuple[str, Any]], on_failure: Callable[[Exception], Awaitable[None]]
) -> AsyncIterator[tuple[str, Any]]:
    """Voilà's page snippets, ending with ``kernel_failure_snippet`` instead of an exception (after
    ``on_failure(error)``) when the kernel dies or fails to start while the page is drawn."""
    try:
        async for item in snippets:
            yield item
    except Exception as error:  # whatever stopped the page, the learner must not wait for ever
        await on_failure(error)
        yield kernel_failure_snippet(f"{type(error).__name__}: {error}"), None
