"""What a learner's server is, wherever it runs: the one description both hubs are built from.

``jupyterhub_config.py`` (one machine, ``SudoSpawner``), the root helper ``vegas_tutor_learner.py`` and the
test of ``deploy/kubernetes/values.yaml`` (Zero to JupyterHub, ``KubeSpawner``) read it, so a learner's server
has the same command, arguments, address, environment and privileges in both: ``jupyterhub-singleuser``
loading ``learner_server_config.py``, as an unprivileged user that cannot gain privileges (``setpriv
--no-new-privs`` here, ``allowPrivilegeEscalation: false`` in a pod), with its memory capped (a memory cgroup
here, the pod's limit there).
"""

COMMAND = "jupyterhub-singleuser"
"""The single-user server JupyterHub starts for each learner."""

CONFIG_FILE = "learner_server_config.py"
"""Its configuration (Voilà only, no terminals, lessons read-only), beside this file."""

DEFAULT_URL = "/voila/render/index.ipynb"
"""Where a learner lands: the lessons' index, rendered by Voilà."""


def lesson_url(lesson: str | None) -> str:
    """Where a learner lands when the teacher names the lesson of the day (a notebook of the lessons folder,
    e.g. ``01.02-payouts-and-ties.ipynb`` or ``es/01.02-...``), or the index when ``lesson`` is empty."""
    if not lesson:
        return DEFAULT_URL
    parts = lesson.split("/")
    if (not lesson.endswith(".ipynb") or len(parts) > 2 or any(part in ("", ".", "..") for part in parts)
            or any(not part.replace("-", "").replace(".", "").replace("_", "").isalnum() for part in parts)):
        raise ValueError(f"{lesson!r} is not a lesson's file name such as 01.02-payouts-and-ties.ipynb")
    return f"/voila/render/{lesson}"

NO_NEW_PRIVILEGES = ("setpriv", "--no-new-privs")
"""On one machine, the command's prefix that keeps the server and its kernels from gaining privileges
(util-linux; Kubernetes' ``allowPrivilegeEscalation: false`` sets the same kernel flag). sudospawner runs
``sudospawner-singleuser`` beside it when there is one: that wrapper (installed by ``install.sh``) adds it."""

KERNEL_IDLE = 600
"""Seconds a lesson kernel may stay idle (even with its tab connected) before it is stopped."""

MEM_GUARANTEE = "300M"
MEM_LIMIT = "1G"
"""Memory reserved for (Kubernetes) and allowed to one learner (server and kernels; on one machine a memory
cgroup of the learner's, made by the root helper)."""

FIRST_UID = 1000
"""Learners' user ids start here (never root, never a system account)."""

NAME_PATTERN = r"[a-z][a-z0-9_-]{1,30}"
"""A learner's (and the teacher's) name: a hub user's name and a system user's name at once."""

LEARNERS_GROUP = "vegas-learners"
"""Every learner's system user is in this group (its primary group), and nobody else is."""

HUB_USER = "vthub"
"""The unprivileged system user the one-machine hub runs as."""


def args(config_dir: str) -> list[str]:
    """The server's arguments when :data:`CONFIG_FILE` is installed in ``config_dir``."""
    return [f"--config={config_dir.rstrip('/')}/{CONFIG_FILE}"]


def environment(kernel_idle: int = KERNEL_IDLE) -> dict[str, str]:
    """The variables :data:`CONFIG_FILE` reads (besides JupyterHub's own and ``JUPYTER_RUNTIME_DIR``), and one
    thread of linear algebra per kernel (``vegas_tutor.serving.KERNEL_THREADS``)."""
    return {"VEGAS_TUTOR_HUB_KERNEL_IDLE": str(kernel_idle), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
