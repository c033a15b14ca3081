"""A learner's server: the vegas-tutor lessons in Voilà, and nothing else of Jupyter Server.

Loaded by every learner's ``jupyterhub-singleuser`` with ``--config=<this file>``, by the hub on one machine
(``jupyterhub_config.py``; ``install.sh`` copies it to ``$VEGAS_TUTOR_HUB_PREFIX/etc/``) and by Zero to
JupyterHub (``deploy/kubernetes/values.yaml`` mounts the same text at ``/etc/jupyter/``). It switches off
what a lesson page never uses, with Jupyter Server's and Voilà's own settings:

* **Extensions**: Voilà and JupyterHub's single-user extension only; terminals, JupyterLab, the classic
  notebook and the language servers are switched off even where the image has them (``ServerApp.terminals_enabled``
  as well), so ``/lab``, ``/tree``, ``/terminals`` and ``/api/terminals`` do not exist.
* **Routes**: :class:`LessonsOnly`, the single-user server's authorizer (JupyterHub's own, which checks the
  learner's ``access:servers`` scope, narrowed as its documentation invites), grants a learner only what a
  Voilà page does through the REST API: reading a kernel's model (``GET /api/kernels/<id>``) and talking to it
  on its websocket. Starting, deleting, interrupting or restarting kernels, sessions, the contents API (read
  or write), ``/files/``, ``/nbconvert/``, kernel specs, config and shutting the server down answer 403.
  Voilà renders lessons and starts their kernels itself, and the page's leaving beacon
  (``POST /voila/api/shutdown/<id>``) is Voilà's own route.
* **Lessons read-only**: the server's root is the lessons folder of the installed package, owned by the
  hub's installer, not by the learner (file permissions), and the contents API is refused anyway.
* **Kernels**: a lesson kernel idle for ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` seconds (600) stops even if its tab
  is still connected (Jupyter Server's culler), and so does one whose page has been gone that long even if
  it is still working (:class:`LessonKernels`: Jupyter Server counts a kernel's own output as activity, and
  the coach goes on reviewing a departed learner's last moves, which kept such kernels alive). Kernels talk
  over Unix sockets in the learner's own ``JUPYTER_RUNTIME_DIR``.
* **The first page waits ready**: the page the hub lands the learner on (``JUPYTERHUB_DEFAULT_URL``: the
  lesson of the day, or the landing page) has run in a kernel of Voilà's pre-heated pool since the server
  started (:class:`FirstPageReady`), so a learner whose server the teacher started before class only has to
  be handed the page. The pool holds that one kernel and is not refilled: a second opening starts a kernel
  as any other page does, and no refills compete with a class arriving at once.
* **Page**: vegas-tutor's Voilà template (no stylesheet from another host, the board's retry), and MathJax
  from the page's own bundle rather than from cdnjs.
"""

import os
import time
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyterhub.singleuser.extension import JupyterHubAuthorizer
from traitlets import Dict
from voila.configuration import VoilaConfiguration
from voila.notebook_renderer import NotebookRenderer
from voila.paths import collect_template_paths
from voila.utils import get_page_config
from voila.voila_kernel_manager import voila_kernel_manager_factory

from vegas_tutor.serving import fresh_when_taken

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (Jupyter provides it)

GRANTED = frozenset({("read", "kernels"), ("execute", "kernels")})
"""(action, resource) pairs a learner may use through Jupyter Server's REST API: what a Voilà page does."""


class LessonsOnly(JupyterHubAuthorizer):
    """JupyterHub's authorizer (the learner's ``access:servers`` scope), granting only :data:`GRANTED`."""

    def is_authorized(self, handler: object, user: object, action: str, resource: str) -> bool:
        if (action, resource) not in GRANTED:
            self.log.warning("refused to %s: %s %s", getattr(user, "username", "?"), action, resource)
            return False
        return bool(super().is_authorized(handler, user, action, resource))


class LessonKernels(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter Server's kernel manager, whose culler also stops a kernel no page has been connected to for
    ``cull_idle_timeout`` seconds, whatever the kernel itself still sends (a learner's intents are what
    counts: they come from a page)."""

    _alone_since = Dict()
    """Kernel id: when its last page disconnected (``time.monotonic()``)."""

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._alone_since[kernel_id] = time.monotonic()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        for gone in [known for known in self._alone_since if known not in self._kernels]:
            del self._alone_since[gone]
        alone = self._alone_since.get(kernel_id)
        if alone is not None and time.monotonic() - alone > self.cull_idle_timeout:
            self.log.warning("Culling kernel %s: no page connected for %d seconds", kernel_id,
                             time.monotonic() - alone)
            del self._alone_since[kernel_id]
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)


RENDER_PREFIX = "/voila/render/"


def first_page(default_url: str) -> str | None:
    """The notebook (relative to the lessons folder) of the page the hub lands a learner on, or ``None``."""
    if not default_url.startswith(RENDER_PREFIX) or not default_url.endswith(".ipynb"):
        return None
    return default_url[len(RENDER_PREFIX):]


class FirstPageReady(voila_kernel_manager_factory(LessonKernels, True, 0)):  # type: ignore[misc]
    """:class:`LessonKernels` with Voilà's pre-heated pool (the standalone ``voila`` app's own, here inside
    Jupyter Server), holding one kernel that has run the learner's first page; never refilled.

    Voilà's pool reads the standalone app's attributes from its parent; inside Jupyter Server the parent is
    the server, so the few it needs are given from the server's own (its settings, the Voilà configuration
    its Voilà extension reads, the same template paths), and the pool starts once the server's loop runs.
    """

    def __init__(self, **kwargs: Any) -> None:
        LessonKernels.__init__(self, **kwargs)  # not Voilà's: it would pre-heat every notebook of the folder
        self._wait_at_startup = True
        self.notebook_data = {}
        self._pools = {}
        self.root_dir = self.parent.root_dir
        self.notebook_path = None
        self._filled: set[str] = set()
        fresh_when_taken(self)  # taken after an hour in the pool, the kernel is not idle for the culler
        page = first_page(os.environ.get("JUPYTERHUB_DEFAULT_URL", ""))
        if page is not None and (Path(self.root_dir) / page).is_file():
            self.kernel_pools_config = {page: {"pool_size": 1}}
            self.fill_if_needed(delay=0, notebook_name=page)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       extra_kernel_env_variables: dict[str, str] | None = None, **kwargs: Any) -> None:
        if notebook_name not in self.kernel_pools_config or notebook_name in self._filled:
            return
        self._filled.add(notebook_name)
        server = self.parent
        if not hasattr(server, "server_url"):  # Voilà's pool gives the kernel the app's server_url; here the
            server.server_url = server.base_url  # server's base address, as a Voilà page of this server has
        super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables or {}, **kwargs)

    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> NotebookRenderer:
        server = self.parent
        settings = server.web_app.settings
        voila = VoilaConfiguration(parent=server)
        page_config = get_page_config(base_url=server.base_url, settings=settings, log=server.log,
                                      voila_configuration=voila)
        return NotebookRenderer(
            voila_configuration=voila, traitlet_config=server.config, notebook_path=notebook_path,
            template_paths=collect_template_paths(["voila", "nbconvert"], voila.template),
            config_manager=settings["config_manager"], contents_manager=server.contents_manager,
            base_url=server.base_url, kernel_spec_manager=server.kernel_spec_manager, page_config=page_config,
            mathjax_config=settings.get("mathjax_config"), mathjax_url=settings.get("mathjax_url"),
        )


kernel_idle = int(os.environ.get("VEGAS_TUTOR_HUB_KERNEL_IDLE", "600"))

c.ServerApp.authorizer_class = LessonsOnly
c.ServerApp.kernel_manager_class = FirstPageReady
c.ServerApp.terminals_enabled = False
c.ServerApp.jpserver_extensions = {
    "voila": True,
    "jupyter_server_terminals": False,
    "jupyterlab": False,
    "notebook": False,
    "nbclassic": False,
    "notebook_shim": False,
    "jupyter_lsp": False,
    "jupyter_server_ydoc": False,
    "jupyter_collaboration": False,
    "jupyter_resource_usage": False,
    "jupyter_server_proxy": False,
}
c.ServerApp.open_browser = False
c.ServerApp.quit_button = False
c.FileContentsManager.allow_hidden = False
c.MappingKernelManager.cull_idle_timeout = kernel_idle
c.MappingKernelManager.cull_interval = max(1, min(60, kernel_idle // 20))
c.MappingKernelManager.cull_connected = True
# Kernels on Unix sockets (no TCP port of theirs for another process to take), in the learner's own runtime
# folder (JUPYTER_RUNTIME_DIR, short: a socket's path must stay under 108 characters)
c.KernelManager.transport = "ipc"
c.VoilaConfiguration.template = "vegas-tutor"
# MathJax from the page's own bundle, as in the standalone app: Voilà as a server extension otherwise points the
# page at cdnjs (its default when these settings are absent), and the lessons must load nothing from elsewhere
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}
