"""deploy/kubernetes/values.yaml: the learner's pod on Zero to JupyterHub is the one-machine hub's learner server.

No cluster runs here: the values are checked against ``deploy/jupyterhub/learner_server.py`` (which the
one-machine hub's ``jupyterhub_config.py`` builds its spawner from), and, where ``jupyterhub-kubespawner`` is
installed, the pod KubeSpawner would create from them is built offline and its command, arguments,
environment, memory and security context are checked.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
VALUES = REPO / "deploy" / "kubernetes" / "values.yaml"
sys.path.insert(0, str(REPO / "deploy" / "jupyterhub"))

import learner_server  # noqa: E402

CONFIG_DIR = "/etc/jupyter"


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    loaded = yaml.safe_load(VALUES.read_text())
    assert isinstance(loaded, dict)
    return loaded


def set_files() -> dict[str, Path]:
    """The files the values' install command passes with ``--set-file``, by extraFiles key."""
    found = re.findall(r"--set-file singleuser\.extraFiles\.([\w-]+)\.stringData=(\S+)", VALUES.read_text())
    return {key: REPO / path for key, path in found}


def test_values_describe_the_same_learner_server(values: dict[str, Any]) -> None:
    single, spawner = values["singleuser"], values["hub"]["config"]["KubeSpawner"]
    assert single["cmd"] == learner_server.COMMAND
    assert spawner["args"] == learner_server.args(CONFIG_DIR)
    assert single["defaultUrl"] == learner_server.DEFAULT_URL
    assert single["extraEnv"] == learner_server.environment()
    assert single["memory"] == {"guarantee": learner_server.MEM_GUARANTEE, "limit": learner_server.MEM_LIMIT}
    assert spawner["disable_user_config"] is True
    assert single["uid"] >= learner_server.FIRST_UID
    assert single["allowPrivilegeEscalation"] is False
    assert spawner["container_security_context"]["runAsNonRoot"] is True
    assert spawner["notebook_dir"].endswith("/site-packages/vegas_tutor/_data/lessons")
    assert single["storage"]["type"] == "none"
    assert values["cull"]["enabled"] is True
    hub = values["hub"]
    assert hub["config"]["JupyterHub"]["authenticator_class"] == "class_accounts.ClassAuthenticator"
    assert hub["extraFiles"]["class-accounts"]["mountPath"] == "/usr/local/etc/vegas-tutor/class_accounts.py"
    assert 'sys.path.insert(0, "/usr/local/etc/vegas-tutor")' in hub["extraConfig"]["class-accounts"]
    assert "--set-file hub.extraFiles.class-accounts.stringData=deploy/jupyterhub/class_accounts.py" in (
        VALUES.read_text())
    local = (REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text()
    assert "from class_accounts import ClassAuthenticator" in local
    # a learner past the spawn limit comes back after 5 to 10 s on both hubs (JupyterHub's own trait for it is
    # not configurable: both set the handlers' setting)
    assert hub["config"]["JupyterHub"]["tornado_settings"] == {"spawn_throttle_retry_range": [5, 10]}
    assert 'c.JupyterHub.tornado_settings = {"spawn_throttle_retry_range": (5, 10)}' in local
    assert "spawn_throttle_retry_range" not in hub["config"]["JupyterHub"]  # (ignored there, with a warning)
    assert "c.JupyterHub.authenticator_class = ClassAuthenticator" in local
    assert values["hub"]["config"]["NativeAuthenticator"]["open_signup"] is False


def test_the_local_hub_starts_the_same_server_without_new_privileges() -> None:
    """sudospawner runs ``sudospawner-singleuser`` (installed beside it) with the spawner's arguments: it must be
    ``setpriv --no-new-privs jupyterhub-singleuser``, the one-machine form of the pod's command."""
    wrapper = (REPO / "deploy" / "jupyterhub" / "sudospawner-singleuser").read_text()
    (command,) = [line for line in wrapper.splitlines() if line.startswith("exec ")]
    setpriv, *flags = learner_server.NO_NEW_PRIVILEGES
    assert command == f'exec /usr/bin/{setpriv} {" ".join(flags)} "$(dirname "$0")/{learner_server.COMMAND}" "$@"'
    config = (REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text()
    assert 'c.Spawner.args = learner_server.args(str(prefix / "etc"))' in config


def test_every_mounted_file_comes_from_this_checkout(values: dict[str, Any]) -> None:
    files = single_files = values["singleuser"]["extraFiles"]
    passed = set_files()
    assert set(passed) == set(single_files), "each extraFiles entry is filled by one --set-file"
    for key, path in passed.items():
        assert path.is_file(), f"{key}: {path} does not exist"
    mounts = {entry["mountPath"] for entry in files.values()}
    assert f"{CONFIG_DIR}/{learner_server.CONFIG_FILE}" in mounts
    assert passed["learner-server-config"] == REPO / "deploy" / "jupyterhub" / learner_server.CONFIG_FILE
    config = passed["learner-server-config"].read_text()
    assert "c.ServerApp.terminals_enabled = False" in config
    assert '"jupyter_server_terminals": False' in config and '"jupyterlab": False' in config
    assert all(entry["mode"] == 0o444 for entry in files.values())


def kubespawner_config(values: dict[str, Any]) -> Any:
    """The traitlets config Zero to JupyterHub's hub gives KubeSpawner for these values (the chart's mapping
    of the ``singleuser`` keys used here, and ``hub.config`` as it is)."""
    from traitlets.config import Config

    single = values["singleuser"]
    config = Config(values["hub"]["config"])
    spawner = config.KubeSpawner
    spawner.image = f"{single['image']['name']}:{single['image']['tag']}"
    spawner.cmd = [single["cmd"]]
    spawner.default_url = single["defaultUrl"]
    spawner.uid = single["uid"]
    spawner.fs_gid = single["fsGid"]
    spawner.allow_privilege_escalation = single["allowPrivilegeEscalation"]
    spawner.mem_guarantee = single["memory"]["guarantee"]
    spawner.mem_limit = single["memory"]["limit"]
    spawner.start_timeout = single["startTimeout"]
    spawner.environment = dict(single["extraEnv"])
    spawner.volumes = [{"name": "files", "secret": {"secretName": "singleuser", "items": [
        {"key": key, "path": key, "mode": entry["mode"]} for key, entry in single["extraFiles"].items()]}}]
    spawner.volume_mounts = [{"name": "files", "mountPath": entry["mountPath"], "subPath": key}
                             for key, entry in single["extraFiles"].items()]
    return config


def in_bytes(size: str) -> int:
    """``300M`` or ``1G`` as KubeSpawner writes it into the pod (binary units, as JupyterHub reads them)."""
    return int(size[:-1]) * {"K": 2**10, "M": 2**20, "G": 2**30}[size[-1]]


OFFLINE_CLUSTER = """\
apiVersion: v1
kind: Config
current-context: offline
clusters: [{name: offline, cluster: {server: "https://127.0.0.1:9"}}]
contexts: [{name: offline, context: {cluster: offline, user: offline}}]
users: [{name: offline, user: {token: offline}}]
"""
"""A cluster KubeSpawner's client is configured for and never reaches (building a pod asks no server)."""


def test_kubespawner_builds_the_learner_pod_of_the_local_hub(values: dict[str, Any], tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    kubespawner = pytest.importorskip("kubespawner")
    (tmp_path / "kubeconfig").write_text(OFFLINE_CLUSTER)
    from kubernetes_asyncio.config import kube_config  # KubeSpawner's client: reads $KUBECONFIG at import

    monkeypatch.setattr(kube_config, "KUBE_CONFIG_DEFAULT_LOCATION", str(tmp_path / "kubeconfig"))

    async def build() -> Any:  # in a running loop, as in the hub
        spawner = kubespawner.KubeSpawner(config=kubespawner_config(values), _mock=True)
        return await spawner.get_pod_manifest()

    # in a thread of its own: a browser test run earlier in this process leaves Playwright's loop marked running
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        pod = thread.submit(asyncio.run, build()).result(timeout=60)
    (container,) = pod.spec.containers
    assert container.image == "vegas-tutor:latest"
    # the one-machine hub runs [setpriv --no-new-privs] jupyterhub-singleuser <args>: the same server, and
    # in the pod the kernel's no-new-privileges flag comes from allowPrivilegeEscalation: false
    assert container.args == [learner_server.COMMAND, *learner_server.args(CONFIG_DIR)]
    assert container.resources.limits["memory"] == in_bytes(learner_server.MEM_LIMIT) == 2**30
    assert container.resources.requests["memory"] == in_bytes(learner_server.MEM_GUARANTEE) == 300 * 2**20
    context = container.security_context  # KubeSpawner merges its own fields with ours, as the API writes them
    assert context["runAsNonRoot"] is True
    assert context["runAsUser"] >= learner_server.FIRST_UID
    assert context["allowPrivilegeEscalation"] is False
    assert context["capabilities"] == {"drop": ["ALL"]}
    assert not context.get("privileged")
    env = {variable.name: variable.value for variable in container.env}
    assert env["VEGAS_TUTOR_HUB_KERNEL_IDLE"] == learner_server.environment()["VEGAS_TUTOR_HUB_KERNEL_IDLE"]
    assert env["JUPYTERHUB_DEFAULT_URL"] == learner_server.DEFAULT_URL
    assert env["JUPYTERHUB_ROOT_DIR"].endswith("/vegas_tutor/_data/lessons")
    assert env["JUPYTERHUB_DISABLE_USER_CONFIG"] == "1"
    mounted = {mount.mount_path: mount.sub_path for mount in container.volume_mounts}
    assert mounted[f"{CONFIG_DIR}/{learner_server.CONFIG_FILE}"] == "learner-server-config"
    assert "/usr/local/share/jupyter/voila/templates/vegas-tutor/index.html.j2" in mounted


def test_the_lesson_of_the_day_is_a_lesson_file_or_the_index() -> None:
    assert learner_server.lesson_url("") == learner_server.lesson_url(None) == learner_server.DEFAULT_URL
    assert learner_server.lesson_url("01.02-payouts-and-ties.ipynb") == "/voila/render/01.02-payouts-and-ties.ipynb"
    assert learner_server.lesson_url("es/01.01-colocar-dados.ipynb") == "/voila/render/es/01.01-colocar-dados.ipynb"
    for wrong in ("../secret.ipynb", "a/b/c.ipynb", "/etc/passwd", "01.02.py", "x y.ipynb", "es//a.ipynb",
                  "01.02?next=/hub.ipynb"):
        with pytest.raises(ValueError, match="not a lesson"):
            learner_server.lesson_url(wrong)

