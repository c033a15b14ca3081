"""What one learner can reach through the class JupyterHub: probes with raw HTTP and the lesson kernel's websocket.

Needs ``install.sh`` first (same ``VEGAS_TUTOR_HUB_PREFIX``) and root. Starts a fresh hub as its own user from the
installed ``jupyterhub_config.py`` on loopback, with the teacher's account made beforehand as ``install.sh`` does;
signs up learners A and B with passwords of their own (approved by the teacher), starts both servers and, as
learner A, tries what a learner should not manage: a terminal, writing or reading through the contents API,
starting kernels or sessions, JupyterLab, the file browser, B's server, stopping B's server, the hub's admin
pages, logging in as B, guessing a password (5 wrong ones lock the name for a minute), signing up and logging in
unapproved, under a system account's name or under the teacher's name; then opens a lesson and, through that
lesson's kernel (any page's websocket can run code in it), reads the hub's database and cookie secret, B's home
and kernel files, writes into the lessons, signals B's server, runs sudo, and checks the kernel is held by A's
memory cap. It also checks that the hub runs as its own user and that its files are its own alone. Each probe
prints ``ok`` (refused, or for the lesson: it plays) or ``EXPOSED``.

Usage: ``python deploy/jupyterhub/check_security.py`` (exit status 0 when every probe is ok).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import pwd
import secrets
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import learner_server  # noqa: E402
import vegas_tutor_learner  # noqa: E402
from run_load import PREFIX, Hub, log_in, sign_up, user_cookies  # noqa: E402

A, B = "alice", "bob"
PROBE_FILE = "written-by-a-learner.ipynb"
"""What the contents probe tries to create in the lessons (removed afterwards if an exposed hub let it)."""


def status(opener: urllib.request.OpenerDirector, url: str, method: str = "GET", body: bytes | None = None,
           headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    """The status and body of one request (an HTTP error is an answer too)."""
    request = urllib.request.Request(url, method=method, data=body, headers=headers or {})
    try:
        with opener.open(request, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def who(hub: Hub, opener: urllib.request.OpenerDirector) -> str | None:
    """The name the hub knows this browser as, or None when it is not logged in."""
    code, body = status(opener, hub.url + "hub/api/user")
    return json.loads(body).get("name") if code == 200 else None


def wait_ready(hub: Hub, name: str) -> bool:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if hub.api("GET", f"users/{name}").get("servers", {}).get("", {}).get("ready"):  # type: ignore[union-attr]
            return True
        time.sleep(1)
    return False


async def run_in_kernel(url: str, cookies: dict[str, str], code: str) -> str:
    """Run ``code`` in the kernel at ``url`` (its websocket, as a lesson page talks to it); what it printed."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    header = "; ".join(f"{k}={v}" for k, v in cookies.items())
    socket = await websocket_connect(HTTPRequest(f"{url}?session_id={session}", headers={"Cookie": header}))
    msg_id = uuid.uuid4().hex
    socket.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "", "session": session,
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                    "allow_stdin": False, "stop_on_error": True},
    }))
    printed: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        raw = await asyncio.wait_for(socket.read_message(), timeout=60)
        if raw is None:
            break
        message = json.loads(raw)
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = message["header"]["msg_type"]
        if kind == "stream":
            printed.append(message["content"]["text"])
        elif kind == "error":
            printed.append(f"error: {message['content']['ename']}: {message['content']['evalue']}")
        elif kind == "status" and message["content"]["execution_state"] == "idle":
            break
    socket.close()
    return "".join(printed)


KERNEL_PROBES = '''
import os, pwd, signal, subprocess, sys
def probe(label, action):
    try:
        action()
        print(label, "DONE")
    except OSError as error:
        print(label, "refused", type(error).__name__)
def must_succeed(command):
    if subprocess.run(command, capture_output=True, timeout=60).returncode:
        raise PermissionError(command[0])
print("user", pwd.getpwuid(os.getuid()).pw_name)
print("no-new-privs", [l.split()[1] for l in open("/proc/self/status") if l.startswith("NoNewPrivs")][0])
print("memory-cgroup", [l.strip().split(":", 2)[2] for l in open("/proc/self/cgroup")
                        if l.split(":")[1] in ("memory", "")][0])
probe("read-db", lambda: open({db!r}, "rb").read(16))
probe("read-cookie-secret", lambda: open({secret!r}, "rb").read(16))
probe("list-hub-files", lambda: os.listdir({hub_files!r}))
probe("list-other-home", lambda: os.listdir({other_home!r}))
probe("read-other-file", lambda: open({other_file!r}, "rb").read(16))
probe("list-other-kernels", lambda: os.listdir({other_kernels!r}))
probe("write-lessons", lambda: open(os.path.join({lessons!r}, "probe.txt"), "w").write("x"))
probe("signal-other-server", lambda: os.kill({other_pid}, 0))
probe("sudo-helper", lambda: must_succeed(["sudo", "-n", {helper!r}, "make", "eve"]))
probe("sudo-mediator", lambda: must_succeed(["sudo", "-n", "-u", {other!r}, {mediator!r}, "--logging=INFO"]))
over = subprocess.run([sys.executable, "-c", "b = bytearray({too_much}); print(len(b))"], capture_output=True)
print("over-the-cap", "stopped" if over.returncode else "allocated", over.returncode)
'''


def probes(hub: Hub) -> list[tuple[str, bool, str]]:
    """Every probe: (what, refused-or-working as it should, what was seen)."""
    import psutil

    results: list[tuple[str, bool, str]] = []
    started = time.time()

    def note(what: str, ok: bool, seen: str) -> None:
        results.append((what, ok, seen))
        print(f"{'ok     ' if ok else 'EXPOSED'} {what}: {seen}", flush=True)

    hub_user = psutil.Process(hub.process.pid)  # setpriv has become jupyterhub
    note("the hub runs as its own user, not root", hub_user.username() == learner_server.HUB_USER,
         f"{hub_user.username()} (pid {hub_user.pid})")
    hub_files = PREFIX / "state" / "hub"
    modes = {path.name: (path.stat().st_uid, path.stat().st_mode & 0o777)
             for path in (hub_files, hub_files / "jupyterhub.sqlite", hub_files / "jupyterhub_cookie_secret")}
    hub_uid = pwd.getpwnam(learner_server.HUB_USER).pw_uid
    note("the hub's folder (700), database and cookie secret (600) are the hub user's alone",
         all(uid == hub_uid and not mode & 0o077 for uid, mode in modes.values()),
         ", ".join(f"{name} {mode:o}" for name, (_uid, mode) in modes.items()))

    code, body = status(hub.teacher, hub.url + "hub/api/user")
    teacher = json.loads(body) if code == 200 else {}
    note("the teacher made by install logs in and is the hub's admin",
         teacher.get("name") == hub.teacher_name and teacher.get("admin") is True,
         f"{code} {teacher.get('name')} admin={teacher.get('admin')}")
    squatter = secrets.token_hex(8)
    sign_up(hub, hub.teacher_name, squatter)
    _jar, as_teacher = log_in(hub, hub.teacher_name, squatter)
    seen = who(hub, as_teacher)
    note("a sign-up under the teacher's name logs in as the teacher", seen is None, f"logged in as {seen}")

    passwords = {A: secrets.token_hex(8), B: secrets.token_hex(8)}
    for name, password in passwords.items():
        hub.enrol(name, password)
    log_in(hub, B, passwords[B])
    jar, opener = log_in(hub, A, passwords[A])
    ready = wait_ready(hub, A) and wait_ready(hub, B)
    note("both learners' servers start", ready, "ready" if ready else "not ready in 180 s")

    _jar, as_b = log_in(hub, B, passwords[A])
    seen = who(hub, as_b)
    note("A logs in as B with the password A knows", seen != B, f"logged in as {seen}")
    mallory = secrets.token_hex(8)
    sign_up(hub, "mallory", mallory)
    _jar, unapproved = log_in(hub, "mallory", mallory)
    note("an unapproved sign-up logs in with its own password", who(hub, unapproved) is None,
         f"logged in as {who(hub, unapproved)}")
    guessed = secrets.token_hex(8)
    hub.enrol("carol", guessed)
    for _ in range(5):
        log_in(hub, "carol", secrets.token_hex(8))
    _jar, after_guesses = log_in(hub, "carol", guessed)
    note("after 5 wrong passwords, the right one logs in at once (no lock)", who(hub, after_guesses) is None,
         f"logged in as {who(hub, after_guesses)}")
    password = secrets.token_hex(8)
    sign_up(hub, "daemon", password)
    hub.teacher.open(f"{hub.url}hub/authorize/daemon", timeout=60).read()
    _jar, system = log_in(hub, "daemon", password)
    seen = who(hub, system)
    note("a system account's name (daemon), signed up and approved, logs in", seen is None, f"logged in as {seen}")

    base = f"{hub.url}user/{A}/"
    code, page = status(opener, base + "voila/render/index.ipynb")
    cookies = user_cookies(jar, A)
    xsrf = {"X-XSRFToken": cookies.get("_xsrf", ""), "Content-Type": "application/json"}
    kernel = page.decode("utf-8", "replace").split('"kernelId": "', 1)[-1].split('"', 1)[0] if code == 200 else ""
    note("A's lesson landing page renders with its kernel", code == 200 and len(kernel) == 36,
         f"{code}, kernel {kernel or '-'}")
    code, _ = status(opener, f"{base}api/kernels/{kernel}")
    note("the page reads its kernel's model (GET /api/kernels/<id>)", code == 200, str(code))

    for what, method, path, body in [
        ("open a terminal", "POST", "api/terminals", b"{}"),
        ("list terminals", "GET", "api/terminals", None),
        ("write into the lessons (PUT /api/contents)", "PUT", f"api/contents/{PROBE_FILE}",
         json.dumps({"type": "file", "format": "text", "content": "x"}).encode()),
        ("create a file (POST /api/contents)", "POST", "api/contents", json.dumps({"type": "file"}).encode()),
        ("read the contents API", "GET", "api/contents", None),
        ("download a file (/files/)", "GET", "files/index.ipynb", None),
        ("start a kernel (POST /api/kernels)", "POST", "api/kernels", b"{}"),
        ("restart the page's kernel", "POST", f"api/kernels/{kernel}/restart", b"{}"),
        ("start a session (POST /api/sessions)", "POST", "api/sessions",
         json.dumps({"path": "x.ipynb", "type": "notebook", "kernel": {"name": "python3"}}).encode()),
        ("list sessions", "GET", "api/sessions", None),
        ("list kernel specs", "GET", "api/kernelspecs", None),
        ("export with nbconvert", "GET", "nbconvert/html/index.ipynb", None),
        ("open JupyterLab (/lab)", "GET", "lab", None),
        ("open the file browser (/tree)", "GET", "tree", None),
    ]:
        code, answer = status(opener, base + path, method, body, xsrf)
        note(f"A: {what}", not 200 <= code < 300, f"{code} {answer[:60]!r}")

    other = f"{hub.url}user/{B}/"
    code, answer = status(opener, other + "voila/render/index.ipynb")
    note("A opens B's server", code != 200 or b"kernelId" not in answer, str(code))
    code, answer = status(opener, other + "api/kernels")
    note("A lists B's kernels", not 200 <= code < 300 or b"[" not in answer[:2], str(code))
    hub_xsrf = {"X-XSRFToken": next((c.value for c in jar if c.name == "_xsrf" and c.path.startswith("/hub")), "")}
    code, _ = status(opener, f"{hub.url}hub/api/users/{B}/server", "DELETE", None, hub_xsrf)
    note("A stops B's server (DELETE /hub/api/users/B/server)", code in (401, 403, 404), str(code))
    for path in ("hub/admin", "hub/api/users", "hub/authorize"):
        code, _ = status(opener, hub.url + path)
        note(f"A opens the hub's {path}", code != 200, str(code))

    servers = {}
    for process in hub.processes():
        with contextlib.suppress(psutil.Error):  # ended meanwhile, or a zombie
            if "jupyterhub-singleuser" in " ".join(process.cmdline()) and process.environ().get(
                    "JUPYTERHUB_USER") == B:
                servers[B] = process.pid
    lessons = hub.lessons()
    other_home = PREFIX / "state" / "learners" / B
    files = [path for path in sorted(other_home.rglob("*")) if path.is_file()]
    other_uid = pwd.getpwnam(B).pw_uid  # a file B wrote, else one of B's copies of the compiled simulators
    other_file = next((path for path in files if path.stat().st_uid == other_uid), files[0] if files else other_home)
    limit = json.loads((PREFIX / "etc" / "hub.json").read_text()).get("memory_limit", "0")
    limit_bytes = vegas_tutor_learner.in_bytes(limit)
    code_text = KERNEL_PROBES.format(
        db=str(hub_files / "jupyterhub.sqlite"), secret=str(hub_files / "jupyterhub_cookie_secret"),
        hub_files=str(hub_files), other_home=str(other_home), other_file=str(other_file),
        other_kernels=f"/tmp/vegas-tutor-kernels/{B}", lessons=lessons, other=B,
        other_pid=servers.get(B, -1), helper=str(PREFIX / "sbin" / "vegas-tutor-learner"),
        mediator=str(PREFIX / "venv" / "bin" / "sudospawner"), too_much=max(limit_bytes, 2**30) * 3 // 2)
    ws = base.replace("http://", "ws://") + f"api/kernels/{kernel}/channels"
    try:
        printed = asyncio.run(run_in_kernel(ws, cookies, code_text))
    except Exception as error:  # the probe's verdict, with the reason
        printed = f"websocket failed: {error}"
    lines = dict(line.split(" ", 1) for line in printed.splitlines() if " " in line)
    note("the lesson's kernel runs code for its page (websocket)", "user" in lines, lines.get("user", printed[:200]))
    note("the kernel runs as A's own system user, not root", lines.get("user") == A, f"user {lines.get('user')}")
    note("the kernel cannot gain privileges (NoNewPrivs)", lines.get("no-new-privs") == "1",
         f"NoNewPrivs {lines.get('no-new-privs')}")
    for key, what in [("read-db", "reads the hub's database"), ("read-cookie-secret", "reads the hub's cookie secret"),
                      ("list-hub-files", "lists the hub's folder"), ("list-other-home", "lists B's home"),
                      ("read-other-file", f"reads a file of B's ({other_file.name})"),
                      ("list-other-kernels", "lists B's kernel connection files"),
                      ("write-lessons", "writes into the lessons folder"),
                      ("signal-other-server", "signals B's server process"),
                      ("sudo-helper", "runs the hub's root helper with sudo"),
                      ("sudo-mediator", "runs sudospawner's mediator as B with sudo")]:
        seen = lines.get(key, "-") + (f" (B's server: pid {servers.get(B, '-')})" if "signal" in key else "")
        note(f"A's kernel {what}", lines.get(key, "").startswith("refused") and bool(servers), seen)
    try:
        pwd.getpwnam("eve")
        note("no account was made by A's sudo attempt", False, "eve exists")
    except KeyError:
        note("no account was made by A's sudo attempt", True, "no eve")
    if limit_bytes:
        group = lines.get("memory-cgroup", "-")
        note(f"A's kernel is in A's memory cgroup ({limit})", group.endswith(f"/vegas-tutor/{A}"), group)
        over = lines.get("over-the-cap", "-")
        note(f"a process of A's allocating {max(limit_bytes, 2**30) * 3 // 2 >> 20} MB past the cap is stopped",
             over.startswith("stopped"), over)
    else:
        print("skipped: memory_limit is 0 in etc/hub.json, no memory cap to probe", flush=True)
    form = f"_xsrf={cookies.get('_xsrf', '')}".encode()
    code, _ = status(opener, f"{base}voila/api/shutdown/{kernel}", "POST", form)
    note("the page's leaving beacon stops its kernel", 200 <= code < 300, str(code))
    code, answer = status(opener, base + "api/shutdown", "POST", b"", xsrf)  # last: it may stop A's server
    note("A: shut the server down (POST /api/shutdown)", not 200 <= code < 300, f"{code} {answer[:60]!r}")
    for written in (Path(lessons) / PROBE_FILE, Path(lessons) / "untitled", Path(lessons) / "probe.txt"):
        if written.is_file() and written.stat().st_mtime > started:  # what an exposed hub let the probes write
            written.unlink()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.parse_args(argv)
    if not (PREFIX / "venv" / "bin" / "jupyterhub").is_file():
        print(f"check_security.py: no JupyterHub in {PREFIX}: run deploy/jupyterhub/install.sh first", file=sys.stderr)
        return 2
    hub = Hub(kernel_idle=600)
    try:
        results = probes(hub)
    finally:
        hub.stop()
    exposed = [what for what, ok, _seen in results if not ok]
    print(f"{len(results) - len(exposed)}/{len(results)} probes ok; log in {hub.folder}")
    return 1 if exposed else 0


if __name__ == "__main__":
    sys.exit(main())
