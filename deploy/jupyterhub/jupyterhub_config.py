"""JupyterHub for a class on one machine: every learner gets the vegas-tutor lessons in Voilà, and nothing else.

Installed by ``install.sh`` beside this file (JupyterHub, jupyterhub-idle-culler, jupyterhub-nativeauthenticator
and vegas-tutor in a virtual environment of their own, configurable-http-proxy from npm), started as root (the
spawner switches to each learner's system user) by ``run_load.py``, ``check_security.py`` or by hand::

    VEGAS_TUTOR_HUB_PREFIX=/tmp/vegas-tutor-hub \\
        /tmp/vegas-tutor-hub/venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

* **Loopback only**: the hub, its proxy and every learner's server listen on 127.0.0.1; put a TLS reverse
  proxy in front of ``VEGAS_TUTOR_HUB_PORT`` to open it to a classroom network.
* **Accounts** (jupyterhub-nativeauthenticator): learners sign up at ``/hub/signup`` with a name and a password
  of their own, and may log in once the teacher has approved them at ``/hub/authorize``. The teacher
  (``VEGAS_TUTOR_HUB_TEACHER``, default ``teacher``) is JupyterHub's admin and is approved on sign-up: sign up
  as the teacher before giving the class the address. Five failed logins lock a name for a minute.
* **One system user per learner**: the first start of a learner's server creates the unprivileged system
  user of that name (group ``vegas-learners``, no login shell, a home of mode 700 under the state folder's
  ``learners/``, a kernels folder of its own, and a copy of the install's compiled simulators);
  ``LocalProcessSpawner`` runs the learner's server as that user.
  Names of existing system accounts cannot be used. The hub's database and cookie secret are in the state
  folder (mode 700, root's). JupyterHub's local spawner switches users, so the hub itself runs as root here.
* **The learner's server** (``learner_server_config.py``, installed to ``$VEGAS_TUTOR_HUB_PREFIX/etc``): Voilà
  only, the lessons read-only, no terminals, no contents API, no kernel or session REST routes beyond the
  Voilà page's; its root is the lessons folder of the installed vegas-tutor and its default address the Voilà
  landing page (``/user/<name>/voila/render/index.ipynb``). Learners' own Jupyter configuration is ignored.
* **Culling, twice**: a lesson kernel idle for ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` seconds stops (even if its
  tab is still connected), and a learner's whole server idle for ``VEGAS_TUTOR_HUB_SERVER_IDLE`` seconds
  is stopped by jupyterhub-idle-culler.

Environment: ``VEGAS_TUTOR_HUB_PREFIX`` (default /tmp/vegas-tutor-hub), ``VEGAS_TUTOR_HUB_PORT`` (8000),
``VEGAS_TUTOR_HUB_TEACHER`` (teacher), ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` (600), ``VEGAS_TUTOR_HUB_SERVER_IDLE``
(1800), ``VEGAS_TUTOR_HUB_SPAWN_LIMIT`` (servers starting at once, 10), ``VEGAS_TUTOR_HUB_LOAD_TOKEN``
(optional: an API token for ``run_load.py`` to start servers).
"""

import asyncio
import grp
import os
import pwd
import re
import shutil
import sys
from pathlib import Path

import nativeauthenticator

from vegas_tutor.resources import lessons_dir

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learner_server  # (beside this file: what a learner's server is, here and on Kubernetes)

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub provides it)

prefix = Path(os.environ.get("VEGAS_TUTOR_HUB_PREFIX", "/tmp/vegas-tutor-hub"))
state = prefix / "state"
homes = state / "learners"
kernel_sockets = Path("/tmp/vegas-tutor-kernels")  # short: a kernel socket's path must stay under 108 characters
for folder, mode in ((prefix, 0o755), (state, 0o711), (homes, 0o711), (kernel_sockets, 0o711)):
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(mode)  # learners may pass through to their own folder, and list or read nothing else here
port = int(os.environ.get("VEGAS_TUTOR_HUB_PORT", "8000"))
teacher = os.environ.get("VEGAS_TUTOR_HUB_TEACHER", "teacher")
kernel_idle = int(os.environ.get("VEGAS_TUTOR_HUB_KERNEL_IDLE", str(learner_server.KERNEL_IDLE)))
server_idle = int(os.environ.get("VEGAS_TUTOR_HUB_SERVER_IDLE", "1800"))
LEARNERS = "vegas-learners"
NUMBA_CACHE = ".numba-cache"  # in each learner's home
numba_seed = prefix / "numba-cache"  # install.sh's warm-up
NAME = r"[a-z][a-z0-9_-]{1,30}"
if os.geteuid() != 0:
    sys.exit("jupyterhub_config.py: start the hub as root: it runs each learner's server as their own system user")
try:
    grp.getgrnam(LEARNERS)
except KeyError:
    os.spawnlp(os.P_WAIT, "groupadd", "groupadd", "--system", LEARNERS)
learners_gid = grp.getgrnam(LEARNERS).gr_gid

# --- the hub and its proxy, on loopback only; its own files readable by root alone
c.JupyterHub.bind_url = f"http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = port + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 2}"
c.ConfigurableHTTPProxy.command = [str(prefix / "node" / "node_modules" / ".bin" / "configurable-http-proxy")]
hub_files = state / "hub"
hub_files.mkdir(mode=0o700, exist_ok=True)
hub_files.chmod(0o700)
c.JupyterHub.db_url = f"sqlite:///{hub_files / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(hub_files / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(hub_files / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every learner's server

# --- accounts: learners sign up, the teacher approves them and is the hub's admin
c.JupyterHub.authenticator_class = "native"
c.JupyterHub.template_paths = [str(Path(nativeauthenticator.__file__).parent / "templates")]
c.NativeAuthenticator.open_signup = False
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5
c.NativeAuthenticator.seconds_before_next_try = 60
c.Authenticator.admin_users = {teacher}
c.Authenticator.allow_all = True  # every approved account (NativeAuthenticator refuses the others)
c.Authenticator.username_pattern = f"^{NAME}$"
# a name is a system user: no account may take the name of one this recipe did not create
c.Authenticator.blocked_users = {entry.pw_name for entry in pwd.getpwall() if entry.pw_gid != learners_gid}


async def make_learner(spawner) -> None:  # type: ignore[no-untyped-def]
    """Before a server starts: its user's unprivileged system account, home (700) and kernels folder (700)."""
    name = spawner.user.name
    if not re.fullmatch(NAME, name):
        raise ValueError(f"{name!r} cannot be a system user's name")
    if name not in {entry.pw_name for entry in pwd.getpwall()}:
        home = homes / name
        made = await asyncio.create_subprocess_exec(
            "useradd", "--gid", LEARNERS, "--no-user-group", "--home-dir", str(home), "--no-create-home",
            "--shell", "/usr/sbin/nologin", "--comment", "vegas-tutor learner", name)
        if await made.wait() != 0:
            raise RuntimeError(f"useradd {name} failed")
    entry = pwd.getpwnam(name)
    if entry.pw_gid != learners_gid or entry.pw_uid < learner_server.FIRST_UID:
        raise PermissionError(f"{name!r} is a system account, not a learner's")
    if entry.pw_dir != str(homes / name):  # a learner of an install that kept homes elsewhere
        moved = await asyncio.create_subprocess_exec("usermod", "--home", str(homes / name), name)
        if await moved.wait() != 0:
            raise RuntimeError(f"usermod {name} failed")
        entry = pwd.getpwnam(name)
    for folder in (Path(entry.pw_dir), kernel_sockets / name):
        folder.mkdir(mode=0o700, exist_ok=True)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        folder.chmod(0o700)
    seed_numba_cache(entry)


def seed_numba_cache(entry: pwd.struct_passwd) -> None:
    """The learner's own numba cache: hard links to the install's compiled simulators (root's, read-only), in
    folders of the learner's (numba only uses a cache folder it may write to; what it writes replaces links)."""
    mine = Path(entry.pw_dir) / NUMBA_CACHE
    if mine.exists():
        shutil.rmtree(mine)
    if not numba_seed.is_dir():
        return
    shutil.copytree(numba_seed, mine, copy_function=os.link)
    for folder in (mine, *(path for path in mine.rglob("*") if path.is_dir() and not path.is_symlink())):
        os.chown(folder, entry.pw_uid, entry.pw_gid)


# --- one server per learner, as their own system user, serving the lessons with Voilà only
c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.pre_spawn_hook = make_learner
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [*learner_server.NO_NEW_PRIVILEGES, str(prefix / "venv" / "bin" / learner_server.COMMAND)]
c.Spawner.args = learner_server.args(str(prefix / "etc"))
c.Spawner.disable_user_config = True
c.Spawner.notebook_dir = str(lessons_dir())
c.Spawner.default_url = learner_server.DEFAULT_URL
c.Spawner.start_timeout = 180  # a class logging in at once on a small machine
c.Spawner.http_timeout = 120
c.Spawner.environment = {
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(kernel_sockets / spawner.user.name),
    "NUMBA_CACHE_DIR": lambda spawner: str(homes / spawner.user.name / NUMBA_CACHE),
    **learner_server.environment(kernel_idle),
}
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("VEGAS_TUTOR_HUB_SPAWN_LIMIT", "10"))

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
