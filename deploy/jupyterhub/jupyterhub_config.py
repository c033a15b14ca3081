"""JupyterHub for a class on one machine: every learner gets the vegas-tutor lessons in Voilà, and nothing else.

``install.sh`` installs it (with ``learner_server.py``) into ``$VEGAS_TUTOR_HUB_PREFIX/etc``, beside JupyterHub,
sudospawner, jupyterhub-idle-culler, jupyterhub-nativeauthenticator and vegas-tutor in a virtual environment
of their own and configurable-http-proxy from npm. The hub runs as its own unprivileged user, ``vthub``::

    sudo -u vthub /opt/vegas-tutor-hub/venv/bin/jupyterhub -f /opt/vegas-tutor-hub/etc/jupyterhub_config.py

* **Loopback only**: the hub, its proxy and every learner's server listen on 127.0.0.1; put a TLS reverse
  proxy in front of ``VEGAS_TUTOR_HUB_PORT`` to open it to a classroom network.
* **Accounts** (jupyterhub-nativeauthenticator): the teacher's account (``teacher`` in ``etc/hub.json``) is
  made by ``install.sh`` before the hub first starts (the hub refuses to start without it), so nobody can
  sign up under that name; the teacher is JupyterHub's admin. Learners sign up at ``/hub/signup`` with a
  name and a password of their own, and may log in once the teacher has approved them at ``/hub/authorize``.
  Names of the machine's other accounts are refused. Five failed logins lock a name for a minute.
* **One system user per learner** (sudospawner, JupyterHub's documented way to run the hub unprivileged):
  before a learner's first server starts, the hub runs the root helper ``sbin/vegas-tutor-learner make
  NAME`` through sudo (the only root command it may run, with a learner's name), which makes the unprivileged
  account (group ``vegas-learners``, no login shell, a home of mode 700, a kernels folder of its own, a copy
  of the install's compiled simulators). sudospawner's mediator, which the hub may run with sudo as members
  of ``vegas-learners`` only, starts the learner's server as that user, unable to gain privileges. Then
  ``vegas-tutor-learner cap NAME`` puts the server (and so every kernel it starts) into a memory cgroup of
  the learner's with the install's ``memory_limit`` (``0``: none). The hub's database and cookie secret are
  ``vthub``'s, in ``state/hub`` (mode 700, files 600).
* **The learner's server** (``learner_server_config.py``, in ``etc/``): Voilà only, the lessons read-only,
  no terminals, no contents API, no kernel or session REST routes beyond the Voilà page's; its root is the
  lessons folder of the installed vegas-tutor and its default address the Voilà landing page
  (``/user/<name>/voila/render/index.ipynb``). Learners' own Jupyter configuration is ignored.
* **Culling, twice**: a lesson kernel idle for ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` seconds stops (even if its
  tab is still connected), and a learner's whole server idle for ``VEGAS_TUTOR_HUB_SERVER_IDLE`` seconds
  is stopped by jupyterhub-idle-culler.

Settings: ``etc/hub.json`` (written by ``install.sh``: ``teacher``, ``memory_limit``); environment, where the
hub is started with it (``run_load.py`` does): ``VEGAS_TUTOR_HUB_PREFIX`` (default: the folder above this
file's), ``VEGAS_TUTOR_HUB_PORT`` (8000), ``VEGAS_TUTOR_HUB_KERNEL_IDLE`` (600), ``VEGAS_TUTOR_HUB_SERVER_IDLE``
(1800), ``VEGAS_TUTOR_HUB_SPAWN_LIMIT`` (servers starting at once, 40), ``VEGAS_TUTOR_HUB_LESSON`` (the
lesson of the day: learners land on it instead of the index, e.g. ``01.02-payouts-and-ties.ipynb``),
``VEGAS_TUTOR_HUB_LOAD_TOKEN`` (optional: an API token for ``run_load.py`` to start servers).
"""

import asyncio
import grp
import json
import os
import pwd
import random
import socket
import sqlite3
import sys
from pathlib import Path

import nativeauthenticator
from sudospawner import SudoSpawner

from vegas_tutor.resources import lessons_dir

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learner_server  # (beside this file: what a learner's server is, here and on Kubernetes)
from class_accounts import ClassAuthenticator  # (beside it too: the accounts, here and on Kubernetes)

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub provides it)

prefix = Path(os.environ.get("VEGAS_TUTOR_HUB_PREFIX") or Path(__file__).resolve().parent.parent)
settings = json.loads((prefix / "etc" / "hub.json").read_text())
teacher = settings["teacher"]
memory_limit = settings.get("memory_limit", "0")
hub_files = prefix / "state" / "hub"
database = hub_files / "jupyterhub.sqlite"
helper = prefix / "sbin" / "vegas-tutor-learner"
port = int(os.environ.get("VEGAS_TUTOR_HUB_PORT", "8000"))
kernel_idle = int(os.environ.get("VEGAS_TUTOR_HUB_KERNEL_IDLE", str(learner_server.KERNEL_IDLE)))
server_idle = int(os.environ.get("VEGAS_TUTOR_HUB_SERVER_IDLE", "1800"))
kernel_sockets = Path("/tmp/vegas-tutor-kernels")
homes = prefix / "state" / "learners"

if os.geteuid() == 0:
    sys.exit(f"jupyterhub_config.py: start the hub as its own user: sudo -u {learner_server.HUB_USER} ...")
if hub_files.stat().st_uid != os.geteuid() or hub_files.stat().st_mode & 0o077:
    sys.exit(f"jupyterhub_config.py: {hub_files} must be this user's with mode 700 (install.sh makes it so)")
try:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        made = db.execute("SELECT 1 FROM users_info WHERE username = ? AND is_authorized", (teacher,)).fetchone()
except sqlite3.Error:
    made = None
if not made:
    sys.exit(f"jupyterhub_config.py: the teacher's account {teacher!r} is not in {database}: install.sh makes "
             "it (or make_teacher.py), so that nobody can sign up under the teacher's name")
learners_gid = grp.getgrnam(learner_server.LEARNERS_GROUP).gr_gid
os.umask(0o077)  # the hub's files (database, cookie secret, pid files) are its own alone

# --- the hub and its proxy, on loopback only
c.JupyterHub.bind_url = f"http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = port + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 2}"
c.ConfigurableHTTPProxy.command = [str(prefix / "node" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(hub_files / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{database}"
c.JupyterHub.cookie_secret_file = str(hub_files / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(hub_files / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every learner's server

# --- accounts: the teacher's made at install, learners sign up and the teacher approves them (NativeAuthenticator)
c.JupyterHub.authenticator_class = ClassAuthenticator
c.JupyterHub.template_paths = [str(Path(nativeauthenticator.__file__).parent / "templates")]
c.NativeAuthenticator.open_signup = False
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5
c.NativeAuthenticator.seconds_before_next_try = 60
c.Authenticator.admin_users = {teacher}
c.Authenticator.allow_all = True  # every approved account (NativeAuthenticator refuses the others)
c.Authenticator.username_pattern = f"^{learner_server.NAME_PATTERN}$"
# a name is a system user: no account may take the name of one that is not a learner's
c.Authenticator.blocked_users = {entry.pw_name for entry in pwd.getpwall() if entry.pw_gid != learners_gid}


async def run_helper(action: str, name: str) -> str:
    """``sudo vegas-tutor-learner ACTION NAME`` (the one root command the hub may run); what it printed."""
    process = await asyncio.create_subprocess_exec(
        "sudo", "-n", str(helper), action, name, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await process.communicate()
    if process.returncode:
        raise RuntimeError(f"vegas-tutor-learner {action} {name} failed: {err.decode(errors='replace').strip()}")
    return out.decode(errors="replace").strip()


async def make_learner(spawner) -> None:  # type: ignore[no-untyped-def]
    """Before a server starts: its user's unprivileged system account, home and kernels folder."""
    spawner.log.info("%s", await run_helper("make", spawner.user.name))


def server_port() -> int:
    """A free loopback port for a learner's server, below the machine's ephemeral range.

    sudospawner takes one the system gives out (binding port 0), from the range every outgoing connection also
    takes its own port from: while a class arrives, the hub, its proxy and the servers open hundreds of
    connections, and one of them took a server's port before the server could listen (a load run of 30: the
    server stopped, "port 43179 is not available", and the hub, which may not signal its learners' processes,
    waited 300 s for it). No outgoing connection takes a port below that range.
    """
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    for _ in range(100):
        port = random.randint(SERVER_PORTS_FROM, max(SERVER_PORTS_FROM, low - 1))
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port for a learner's server between {SERVER_PORTS_FROM} and {low - 1}")


SERVER_PORTS_FROM = 20000


class LearnerSpawner(SudoSpawner):  # type: ignore[misc]
    """sudospawner with the server's port from :func:`server_port`, then the learner's memory cap (a server
    that cannot be capped is stopped)."""

    async def start(self):  # type: ignore[no-untyped-def]
        self.port = server_port()  # (sudospawner's own start, with this port instead of an ephemeral one)
        reply = await self.do(action="spawn", args=self.get_args(), env=self.get_env())
        self.pid = reply["pid"]
        address = (self.ip or "127.0.0.1", self.port)
        if memory_limit not in ("", "0"):
            try:
                self.log.info("%s", await run_helper("cap", self.user.name))
            except RuntimeError:
                await self.stop(now=True)
                raise
        return address


# --- one server per learner, as their own system user, serving the lessons with Voilà only
c.JupyterHub.spawner_class = LearnerSpawner
c.SudoSpawner.sudospawner_path = str(prefix / "venv" / "bin" / "sudospawner")
c.SudoSpawner.mediator_log_level = "INFO"  # /etc/sudoers.d/vegas-tutor-hub allows exactly this argument
c.Spawner.pre_spawn_hook = make_learner
c.Spawner.ip = "127.0.0.1"
# sudospawner starts venv/bin/sudospawner-singleuser: setpriv --no-new-privs jupyterhub-singleuser <args>
c.Spawner.args = learner_server.args(str(prefix / "etc"))
c.Spawner.disable_user_config = True
c.Spawner.notebook_dir = str(lessons_dir())
lesson_of_the_day = os.environ.get("VEGAS_TUTOR_HUB_LESSON", "")
try:
    c.Spawner.default_url = learner_server.lesson_url(lesson_of_the_day)
except ValueError as error:
    sys.exit(f"jupyterhub_config.py: VEGAS_TUTOR_HUB_LESSON: {error}")
if lesson_of_the_day and not (lessons_dir() / lesson_of_the_day).is_file():
    sys.exit(f"jupyterhub_config.py: VEGAS_TUTOR_HUB_LESSON: no lesson {lesson_of_the_day!r} in {lessons_dir()}")
c.Spawner.start_timeout = 300  # a class logging in at once on a small, busy machine
c.Spawner.http_timeout = 300
c.Spawner.environment = {
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(kernel_sockets / spawner.user.name),
    "NUMBA_CACHE_DIR": lambda spawner: str(homes / spawner.user.name / ".numba-cache"),
    **learner_server.environment(kernel_idle),
}
# servers starting at once: a class logs in at once, and a learner past the limit is told to come back after
# spawn_throttle_retry_range seconds (JupyterHub's 30 to 60 s, here 5 to 10): the default holds a class of 40.
# JupyterHub 5 does not take that range as configuration (the trait is not configurable: "Config option
# `spawn_throttle_retry_range` not recognized"); its handlers read it from the tornado settings, which
# tornado_settings overrides.
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("VEGAS_TUTOR_HUB_SPAWN_LIMIT", "40"))
c.JupyterHub.tornado_settings = {"spawn_throttle_retry_range": (5, 10)}

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
