"""JupyterHub for a class on one machine: every learner gets the vegas-tutor lessons in Voilà.

Installed by ``install.sh`` beside this file (JupyterHub, jupyterhub-idle-culler and vegas-tutor in a
virtual environment of their own, configurable-http-proxy from npm), started by ``run_load.py`` or by hand::

    VEGAS_TUTOR_HUB_PREFIX=/tmp/vegas-tutor-hub VEGAS_TUTOR_HUB_PASSWORD=<class password> \\
        /tmp/vegas-tutor-hub/venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

* **Loopback only**: the hub, its proxy and every learner's server listen on 127.0.0.1; put a TLS reverse
  proxy in front of ``VEGAS_TUTOR_HUB_PORT`` to open it to a classroom network.
* **Learners**: any name with the shared class password (JupyterHub's dummy authenticator; swap in the
  school's own authenticator for real accounts). Each learner's server runs as the hub's own system user
  (``SimpleLocalProcessSpawner``), with a home of its own under the state folder.
* **The lessons**: each server's root is the lessons folder of the installed vegas-tutor, and its default
  address is the Voilà landing page (``/user/<name>/voila/render/index.ipynb``).
* **Culling, twice**: a lesson kernel idle for ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` seconds stops (even if its
  tab is still connected), and a learner's whole server idle for ``VEGAS_TUTOR_HUB_SERVER_IDLE`` seconds
  is stopped by jupyterhub-idle-culler.

Environment: ``VEGAS_TUTOR_HUB_PREFIX`` (default /tmp/vegas-tutor-hub), ``VEGAS_TUTOR_HUB_PORT`` (8000),
``VEGAS_TUTOR_HUB_PASSWORD`` (required), ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` (600), ``VEGAS_TUTOR_HUB_SERVER_IDLE``
(1800), ``VEGAS_TUTOR_HUB_LOAD_TOKEN`` (optional: an API token for ``run_load.py`` to start servers).
"""

import os
import sys
import tempfile
from pathlib import Path

from vegas_tutor.resources import lessons_dir

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub provides it)

prefix = Path(os.environ.get("VEGAS_TUTOR_HUB_PREFIX", "/tmp/vegas-tutor-hub"))
state = prefix / "state"
state.mkdir(parents=True, exist_ok=True)
port = int(os.environ.get("VEGAS_TUTOR_HUB_PORT", "8000"))
kernel_idle = int(os.environ.get("VEGAS_TUTOR_HUB_KERNEL_IDLE", "600"))
server_idle = int(os.environ.get("VEGAS_TUTOR_HUB_SERVER_IDLE", "1800"))
password = os.environ.get("VEGAS_TUTOR_HUB_PASSWORD")
kernel_sockets = Path(tempfile.gettempdir()) / "vegas-tutor-kernels"
kernel_sockets.mkdir(mode=0o700, exist_ok=True)
if not password:
    sys.exit("jupyterhub_config.py: set VEGAS_TUTOR_HUB_PASSWORD, the class password")

# --- the hub and its proxy, on loopback only
c.JupyterHub.bind_url = f"http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = port + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 2}"
c.ConfigurableHTTPProxy.command = [str(prefix / "node" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every learner's server

# --- learners: any name, the class password
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = password
c.Authenticator.allow_all = True

# --- one server per learner, as this system user, serving the lessons with Voilà
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(state / "homes" / "{username}")
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [str(prefix / "venv" / "bin" / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(lessons_dir())
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.start_timeout = 180  # a class logging in at once on a small machine
c.Spawner.http_timeout = 120
c.Spawner.environment = {"JUPYTER_RUNTIME_DIR": str(kernel_sockets)}
c.Spawner.args = [
    f"--MappingKernelManager.cull_idle_timeout={kernel_idle}",
    f"--MappingKernelManager.cull_interval={max(1, min(60, kernel_idle // 20))}",
    "--MappingKernelManager.cull_connected=True",
    # Kernels on Unix sockets (no TCP port of theirs can be taken by another process), in a short runtime
    # folder (below): a socket's path must stay under 108 characters, which a learner's home would not.
    "--KernelManager.transport=ipc",
    "--ServerApp.open_browser=False",
    # vegas-tutor's page template (installed by install.sh): nothing loaded from another host, and a lesson
    # whose widget or kernel failed reloads once, then says so with a Reload button
    "--VoilaConfiguration.template=vegas-tutor",
]
if os.geteuid() == 0:  # the spawner runs learners' servers as the hub's user: root on a throwaway machine
    c.Spawner.args.append("--allow-root")
c.JupyterHub.concurrent_spawn_limit = 100

# --- whole servers left idle are stopped by jupyterhub-idle-culler
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={server_idle}",
                    f"--cull-every={max(10, min(300, server_idle // 10))}"],
    }
]

# --- an optional token for deploy/jupyterhub/run_load.py, which starts the learners' servers itself
load_token = os.environ.get("VEGAS_TUTOR_HUB_LOAD_TOKEN")
if load_token:
    c.JupyterHub.services.append({"name": "load-test", "api_token": load_token})
    c.JupyterHub.load_roles.append(
        {"name": "load-test", "scopes": ["admin:users", "admin:servers"], "services": ["load-test"]}
    )
