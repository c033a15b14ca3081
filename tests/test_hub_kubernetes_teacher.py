"""On Zero to JupyterHub the teacher's account exists before anyone can sign up, as on one machine.

``deploy/kubernetes/values.yaml``'s ``hub.extraConfig.teacher-account`` runs in the hub's configuration with
``make_teacher.py`` and ``learner_server.py`` mounted beside it. Here it runs as the hub would run it (its
``c`` a traitlets config holding the values' ``hub.config`` and a database URL), in the installed one-machine
hub's Python (JupyterHub and jupyterhub-nativeauthenticator, as in the chart's hub image), on a database of the
test's own. Skipped unless ``VEGAS_TUTOR_HUB_PREFIX`` names a hub installed by ``deploy/jupyterhub/install.sh``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import yaml
from installed_hub import PYTHON, needs_installed_hub

REPO = Path(__file__).resolve().parent.parent
VALUES = yaml.safe_load((REPO / "deploy" / "kubernetes" / "values.yaml").read_text())
pytestmark = needs_installed_hub

RUN = """
import json, sys
from traitlets.config import Config
c = Config(json.loads(sys.argv[1]))
c.JupyterHub.db_url = sys.argv[2]
snippet = sys.argv[3].replace('"/usr/local/etc/vegas-tutor"', repr(sys.argv[4]))
exec(compile(snippet, "teacher-account", "exec"), {"c": c})
from jupyterhub import orm
from nativeauthenticator.orm import UserInfo
info = UserInfo.find(orm.new_session_factory(sys.argv[2])(), "teacher")
print(info is not None and info.is_authorized, info is not None and info.is_valid_password(sys.argv[5]))
"""


def run_snippet(database: Path, password: str, check: str) -> subprocess.CompletedProcess[str]:
    hub = VALUES["hub"]
    env = {"PATH": os.environ["PATH"], "VEGAS_TUTOR_TEACHER_PASSWORD": password}
    return subprocess.run(
        [str(PYTHON), "-c", RUN, json.dumps(hub["config"]), f"sqlite:///{database}",
         hub["extraConfig"]["teacher-account"], str(REPO / "deploy" / "jupyterhub"), check],
        capture_output=True, text=True, timeout=120, env=env)


def test_the_values_mount_what_the_snippet_imports() -> None:
    hub = VALUES["hub"]
    mounts = {Path(entry["mountPath"]).name for entry in hub["extraFiles"].values()}
    assert mounts == {"make_teacher.py", "learner_server.py", "class_accounts.py"}
    assert {Path(entry["mountPath"]).parent for entry in hub["extraFiles"].values()} == {
        Path("/usr/local/etc/vegas-tutor")}
    secret = hub["extraEnv"]["VEGAS_TUTOR_TEACHER_PASSWORD"]["valueFrom"]["secretKeyRef"]
    assert secret == {"name": "vegas-tutor-teacher", "key": "password"}
    assert hub["config"]["Authenticator"]["admin_users"] == ["teacher"]


def test_the_teacher_exists_approved_before_anyone_signs_up(tmp_path: Path) -> None:
    database = tmp_path / "jupyterhub.sqlite"
    first = run_snippet(database, "first-password-1", "first-password-1")
    assert first.returncode == 0, first.stderr
    assert first.stdout.split() == ["True", "True"]
    # the hub starts again (a restarted pod): the account keeps the password the teacher may have changed
    again = run_snippet(database, "another-password-2", "first-password-1")
    assert again.returncode == 0, again.stderr
    assert again.stdout.split() == ["True", "True"]


def test_a_missing_or_short_password_stops_the_hub(tmp_path: Path) -> None:
    answer = run_snippet(tmp_path / "jupyterhub.sqlite", "short", "short")
    assert answer.returncode != 0
    assert "8 characters" in answer.stderr
    assert not (tmp_path / "jupyterhub.sqlite").exists() or "True" not in answer.stdout
