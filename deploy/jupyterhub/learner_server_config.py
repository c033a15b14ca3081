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
* **Page**: vegas-tutor's Voilà template (no stylesheet from another host, the board's retry), and MathJax
  from the page's own bundle rather than from cdnjs.
"""

import os
import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyterhub.singleuser.extension import JupyterHubAuthorizer
from traitlets import Dict

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


kernel_idle = int(os.environ.get("VEGAS_TUTOR_HUB_KERNEL_IDLE", "600"))

c.ServerApp.authorizer_class = LessonsOnly
c.ServerApp.kernel_manager_class = LessonKernels
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
