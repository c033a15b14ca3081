"""What a learner's server is, wherever it runs: the one description both hubs are built from.

``jupyterhub_config.py`` (one machine, ``LocalProcessSpawner``) and the test of ``deploy/kubernetes/values.yaml``
(Zero to JupyterHub, ``KubeSpawner``) read it, so a learner's server has the same command, arguments, address,
environment and privileges in both: ``jupyterhub-singleuser`` loading ``learner_server_config.py``, as an
unprivileged user that cannot gain privileges (``setpriv --no-new-privs`` here, ``allowPrivilegeEscalation:
false`` in a pod), with its memory reserved and capped where the spawner can do it (Kubernetes).
"""

COMMAND = "jupyterhub-singleuser"
"""The single-user server JupyterHub starts for each learner."""

CONFIG_FILE = "learner_server_config.py"
"""Its configuration (Voilà only, no terminals, lessons read-only), beside this file."""

DEFAULT_URL = "/voila/render/index.ipynb"
"""Where a learner lands: the lessons' index, rendered by Voilà."""

NO_NEW_PRIVILEGES = ("setpriv", "--no-new-privs")
"""On one machine, the command's prefix that keeps the server and its kernels from gaining privileges
(util-linux; Kubernetes' ``allowPrivilegeEscalation: false`` sets the same kernel flag)."""

KERNEL_IDLE = 600
"""Seconds a lesson kernel may stay idle (even with its tab connected) before it is stopped."""

MEM_GUARANTEE = "300M"
MEM_LIMIT = "1G"
"""Memory reserved for and allowed to one learner (server and kernels), on Kubernetes."""

FIRST_UID = 1000
"""Learners' user ids start here (never root, never a system account)."""


def args(config_dir: str) -> list[str]:
    """The server's arguments when :data:`CONFIG_FILE` is installed in ``config_dir``."""
    return [f"--config={config_dir.rstrip('/')}/{CONFIG_FILE}"]


def environment(kernel_idle: int = KERNEL_IDLE) -> dict[str, str]:
    """The variables :data:`CONFIG_FILE` reads (besides JupyterHub's own and ``JUPYTER_RUNTIME_DIR``)."""
    return {"VEGAS_TUTOR_HUB_KERNEL_IDLE": str(kernel_idle)}
