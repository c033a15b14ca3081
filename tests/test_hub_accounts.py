"""The class hubs' logins (deploy/jupyterhub/class_accounts.py): NativeAuthenticator's rules, the hash in a thread.

Runs :class:`ClassAuthenticator` in the installed hub's Python (JupyterHub and jupyterhub-nativeauthenticator)
on an in-memory database of the test's own: the right password of an approved account logs in, and nothing
else does (a wrong password, an unapproved account with its own password, an unknown name, a name locked by
failed logins even with its right password); while a class's logins are being checked, the hub's event loop
keeps answering. Skipped unless ``VEGAS_TUTOR_HUB_PREFIX`` names a hub installed by
``deploy/jupyterhub/install.sh``.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from installed_hub import PYTHON, needs_installed_hub

REPO = Path(__file__).resolve().parent.parent
pytestmark = needs_installed_hub

RUN = """
import asyncio, json, sys, time
import bcrypt
sys.path.insert(0, sys.argv[1])
from jupyterhub import orm
from nativeauthenticator.orm import UserInfo
from class_accounts import ClassAuthenticator

db = orm.new_session_factory("sqlite://")()
for name, password, approved in (("ann", "ann-password", True), ("bob", "bob-password", False),
                                 ("cy", "cy-password", True)):
    db.add(UserInfo(username=name, password=bcrypt.hashpw(password.encode(), bcrypt.gensalt()),
                    is_authorized=approved))
db.commit()
auth = ClassAuthenticator(db=db, allowed_failed_logins=3, seconds_before_next_try=60)

async def log_in(name, password):
    return await auth.authenticate(None, {"username": name, "password": password})

async def main():
    seen = {
        "right": await log_in("ann", "ann-password"),
        "wrong": await log_in("ann", "bob-password"),
        "unapproved": await log_in("bob", "bob-password"),
        "unknown": await log_in("dee", "dee-password"),
    }
    for _ in range(3):
        await log_in("cy", "not-cy-password")
    seen["locked"] = await log_in("cy", "cy-password")
    ticks = 0
    async def tick():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1
    ticker = asyncio.ensure_future(tick())
    started = time.perf_counter()
    checks = await asyncio.gather(*(log_in("ann", "ann-password") for _ in range(4)))
    seen["four at once"] = checks
    seen["seconds"] = time.perf_counter() - started
    seen["ticks"] = ticks
    ticker.cancel()
    print(json.dumps(seen))

asyncio.run(main())
"""


def test_only_an_approved_account_with_its_password_logs_in() -> None:
    answer = subprocess.run([str(PYTHON), "-c", RUN, str(REPO / "deploy" / "jupyterhub")],
                            capture_output=True, text=True, timeout=120)
    assert answer.returncode == 0, answer.stderr
    seen = json.loads(answer.stdout.strip().splitlines()[-1])
    assert seen["right"] == "ann"
    assert seen["wrong"] is None and seen["unapproved"] is None and seen["unknown"] is None
    assert seen["locked"] is None, "three failures lock the name, even for its right password"
    assert seen["four at once"] == ["ann"] * 4
    # the loop ran while the hashes were checked: at 10 ms a tick, most of the time it took
    assert seen["ticks"] >= 0.5 * seen["seconds"] / 0.01, seen
