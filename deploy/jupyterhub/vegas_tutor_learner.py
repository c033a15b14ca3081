#!/usr/bin/python3 -I
"""The class hub's one root helper: makes a learner's system account, and caps a learner's memory.

The hub runs as its own unprivileged user (``vthub``) and cannot create users; ``install.sh`` installs this
file as ``$VEGAS_TUTOR_HUB_PREFIX/sbin/vegas-tutor-learner`` (root's, mode 755) and lets the hub run it with
sudo in exactly two forms (``/etc/sudoers.d/vegas-tutor-hub``)::

    vegas-tutor-learner make NAME   # before a learner's server starts: the account, home, kernels folder
    vegas-tutor-learner cap NAME    # once it has started: every process of NAME into NAME's memory cgroup

and, for root alone (not in the sudoers rule), ``vegas-tutor-learner remove NAME`` to delete a learner's
account, home and cgroup at the end of a course. ``NAME`` must be a learner's name (``learner_server.NAME_PATTERN``);
an existing account counts only if it is in the learners' group with a user id of ``FIRST_UID`` or more, so
the hub can never touch root, itself or any other account of the machine. The memory limit is the install's
(``memory_limit`` in ``etc/hub.json``), never the caller's.
"""

from __future__ import annotations

import contextlib
import grp
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

PREFIX = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(PREFIX / "etc"), str(Path(__file__).resolve().parent)]  # installed copy, or the checkout's

import learner_server  # noqa: E402

KERNEL_SOCKETS = Path("/tmp/vegas-tutor-kernels")
"""Each learner's kernel sockets (``JUPYTER_RUNTIME_DIR``), short: a socket's path stays under 108 characters."""
NUMBA_CACHE = ".numba-cache"
"""In each learner's home: a private copy of the install's compiled simulators."""
CGROUP_V2 = Path("/sys/fs/cgroup")
CGROUP_V1_MEMORY = Path("/sys/fs/cgroup/memory")
CGROUP_NAME = "vegas-tutor"


class Refused(Exception):
    """What the caller asked cannot be done (the message says why); nothing was changed."""


def learner_name(name: str) -> str:
    """``name`` when it can be a learner's, else :class:`Refused`."""
    if not re.fullmatch(learner_server.NAME_PATTERN, name):
        raise Refused(f"{name!r} is not a learner's name ({learner_server.NAME_PATTERN})")
    return name


def learner_account(name: str) -> pwd.struct_passwd | None:
    """The learner's existing system account, None when there is none; :class:`Refused` for any other account."""
    try:
        entry = pwd.getpwnam(learner_name(name))
    except KeyError:
        return None
    if entry.pw_gid != learners_gid() or entry.pw_uid < learner_server.FIRST_UID:
        raise Refused(f"{name!r} is a system account of this machine, not a learner's")
    return entry


def learners_gid() -> int:
    try:
        return grp.getgrnam(learner_server.LEARNERS_GROUP).gr_gid
    except KeyError:
        raise Refused(f"group {learner_server.LEARNERS_GROUP} is missing: run install.sh") from None


def settings(prefix: Path = PREFIX) -> dict[str, str]:
    """The install's settings (``etc/hub.json``, root's)."""
    loaded = json.loads((prefix / "etc" / "hub.json").read_text())
    return {str(key): str(value) for key, value in loaded.items()}


def make(name: str, prefix: Path = PREFIX) -> None:
    """The learner's account (group ``vegas-learners``, no login shell), home and kernels folder (700,
    theirs), and a fresh copy of the install's compiled simulators in their home."""
    home = prefix / "state" / "learners" / name
    entry = learner_account(name)
    if entry is None:
        subprocess.run(["/usr/sbin/useradd", "--gid", learner_server.LEARNERS_GROUP, "--no-user-group",
                        "--home-dir", str(home), "--no-create-home", "--shell", "/usr/sbin/nologin",
                        "--comment", "vegas-tutor learner", name], check=True)
        entry = learner_account(name)
        assert entry is not None
    if entry.pw_dir != str(home):  # made by an older install that kept homes elsewhere
        subprocess.run(["/usr/sbin/usermod", "--home", str(home), name], check=True)
    KERNEL_SOCKETS.mkdir(mode=0o711, exist_ok=True)
    for folder in (home, KERNEL_SOCKETS / name):
        folder.mkdir(mode=0o700, exist_ok=True)
        os.lchown(folder, entry.pw_uid, entry.pw_gid)
        folder.chmod(0o700)
    mine, seed = home / NUMBA_CACHE, prefix / "numba-cache"
    if mine.is_symlink() or mine.is_file():
        mine.unlink()
    elif mine.exists():
        shutil.rmtree(mine)
    if seed.is_dir():  # hard links to root's read-only files, in folders of the learner's (numba only uses a
        shutil.copytree(seed, mine, copy_function=os.link)  # folder it may write to; it replaces, never edits)
        for folder in (mine, *(path for path in mine.rglob("*") if path.is_dir() and not path.is_symlink())):
            os.lchown(folder, entry.pw_uid, entry.pw_gid)


def in_bytes(size: str) -> int:
    """``1G``, ``512M``, ``300K`` or a plain number of bytes."""
    match = re.fullmatch(r"(\d+)([KMG]?)", size.strip().upper())
    if match is None:
        raise Refused(f"memory_limit {size!r} is not a size such as 1G or 512M")
    return int(match.group(1)) * {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}[match.group(2)]


def memory_cgroup(name: str) -> tuple[Path, str]:
    """The learner's memory cgroup (made if missing) and the name of its limit file (cgroup v2 or v1)."""
    controllers = CGROUP_V2 / "cgroup.controllers"
    if controllers.is_file() and "memory" in controllers.read_text().split():
        parent = CGROUP_V2 / CGROUP_NAME
        parent.mkdir(exist_ok=True)
        for level in (CGROUP_V2, parent):  # the memory controller handed down to the learners' cgroups
            (level / "cgroup.subtree_control").write_text("+memory")
        limit_file = "memory.max"
    elif (CGROUP_V1_MEMORY / "memory.limit_in_bytes").is_file():
        parent = CGROUP_V1_MEMORY / CGROUP_NAME
        parent.mkdir(exist_ok=True)
        limit_file = "memory.limit_in_bytes"
    else:
        raise Refused("this machine has no memory cgroup to cap a learner with (neither cgroup v2's memory "
                      "controller nor a cgroup v1 memory hierarchy): set memory_limit to 0 in etc/hub.json")
    group = parent / name
    group.mkdir(exist_ok=True)
    return group, limit_file


def processes_of(uid: int) -> list[int]:
    """Every process whose real user id is ``uid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
            except OSError:
                continue  # gone meanwhile
            real = next((line.split()[1] for line in status.splitlines() if line.startswith("Uid:")), "")
            if real == str(uid):
                found.append(int(entry.name))
    return found


def cap(name: str, prefix: Path = PREFIX) -> str:
    """Put every process of the learner (their server, and so every kernel it starts later) into their memory
    cgroup with the install's limit; what was done."""
    limit = in_bytes(settings(prefix).get("memory_limit", "0"))
    if not limit:
        return f"{name}: no memory cap (memory_limit is 0)"
    entry = learner_account(name)
    if entry is None:
        raise Refused(f"{name!r} has no account yet")
    group, limit_file = memory_cgroup(name)
    (group / limit_file).write_text(str(limit))
    if limit_file == "memory.limit_in_bytes":
        with_swap = group / "memory.memsw.limit_in_bytes"
        if with_swap.is_file():  # swap counted too, where the kernel accounts it
            with_swap.write_text(str(limit))
    elif (group / "memory.swap.max").is_file():
        (group / "memory.swap.max").write_text("0")
    moved = 0
    for pid in processes_of(entry.pw_uid):
        try:
            (group / "cgroup.procs").write_text(str(pid))
            moved += 1
        except ProcessLookupError:
            pass  # ended meanwhile
    return f"{name}: {moved} processes in {group} ({limit_file} {limit})"


def remove(name: str, prefix: Path = PREFIX) -> str:
    """Delete the learner's account, home, kernels folder and memory cgroup (root only, not the hub's)."""
    entry = learner_account(name)
    if entry is None:
        raise Refused(f"{name!r} has no account")
    for pid in processes_of(entry.pw_uid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    subprocess.run(["/usr/sbin/userdel", name], check=True)
    for folder in (prefix / "state" / "learners" / name, KERNEL_SOCKETS / name):
        shutil.rmtree(folder, ignore_errors=True)
    for parent in (CGROUP_V2 / CGROUP_NAME, CGROUP_V1_MEMORY / CGROUP_NAME):
        if (parent / name).is_dir():
            with contextlib.suppress(OSError):  # a process of theirs still ending: an empty cgroup costs nothing
                (parent / name).rmdir()
    return f"{name}: removed"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("make", "cap", "remove"):
        print("usage: vegas-tutor-learner make|cap|remove NAME", file=sys.stderr)
        return 2
    if os.geteuid() != 0:
        print("vegas-tutor-learner: run it as root (the hub does, through sudo)", file=sys.stderr)
        return 2
    os.umask(0o022)
    action, name = argv
    try:
        learner_name(name)
        if action == "make":
            make(name)
            print(f"{name}: ready")
        else:
            print(cap(name) if action == "cap" else remove(name))
    except (Refused, OSError, subprocess.CalledProcessError) as error:
        print(f"vegas-tutor-learner {action} {name}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
