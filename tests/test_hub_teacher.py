"""The teacher's account exists before anyone can sign up (deploy/jupyterhub/make_teacher.py).

Runs ``make_teacher.py`` with the installed hub's Python on a fresh database of the test's own, as
``install.sh`` does, and checks the account with jupyterhub-nativeauthenticator's own code: approved, with the
printed password; a second run does not change it, ``--reset`` does; a name that cannot be a user's is
refused. (``check_security.py`` checks on a running hub that a sign-up under the teacher's name cannot log
in and that the teacher is the admin.) Skipped unless ``VEGAS_TUTOR_HUB_PREFIX`` names an installed hub.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from installed_hub import PYTHON, needs_installed_hub

REPO = Path(__file__).resolve().parent.parent
MAKE = REPO / "deploy" / "jupyterhub" / "make_teacher.py"

pytestmark = needs_installed_hub

CHECK = """
import sys
from jupyterhub import orm
from nativeauthenticator.orm import UserInfo
db = orm.new_session_factory(sys.argv[1])()
info = UserInfo.find(db, sys.argv[2])
print(info is not None and info.is_authorized, info is not None and info.is_valid_password(sys.argv[3]))
"""


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PYTHON), *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_the_teacher_is_made_once_with_the_printed_password(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
    made = run(str(MAKE), "--db", db, "mrs-lopez")
    assert made.returncode == 0, made.stderr
    password = made.stdout.strip()
    assert len(password) >= 12
    assert run("-c", CHECK, db, "mrs-lopez", password).stdout.split() == ["True", "True"]

    again = run(str(MAKE), "--db", db, "mrs-lopez", "--password-stdin", stdin="a-squatters-guess\n")
    assert again.returncode == 1 and "already has an account" in again.stderr
    assert run("-c", CHECK, db, "mrs-lopez", password).stdout.split() == ["True", "True"]

    reset = run(str(MAKE), "--db", db, "mrs-lopez", "--password-stdin", "--reset", stdin="a new password\n")
    assert reset.returncode == 0, reset.stderr
    assert run("-c", CHECK, db, "mrs-lopez", "a new password").stdout.split() == ["True", "True"]
    assert run("-c", CHECK, db, "mrs-lopez", password).stdout.split() == ["True", "False"]


@pytest.mark.parametrize(("name", "password"), [("Mrs Lopez", "long enough"), ("teacher", "short")])
def test_bad_names_and_short_passwords_are_refused(tmp_path: Path, name: str, password: str) -> None:
    db = f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
    refused = run(str(MAKE), "--db", db, name, "--password-stdin", stdin=password + "\n")
    assert refused.returncode == 2
    assert run("-c", CHECK, db, name, password).stdout.split() == ["False", "False"]
