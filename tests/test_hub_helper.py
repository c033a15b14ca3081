"""The class hub's root helper (deploy/jupyterhub/vegas_tutor_learner.py) refuses whatever is not a learner's.

The hub may run it through sudo as ``make NAME`` or ``cap NAME`` only; these tests call it as the machine's
user (root on CI), with names and accounts it must refuse, so nothing on the machine changes. The sudoers
rule and ``install.sh``'s check of the teacher's name must accept exactly the names the helper does.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HUB = REPO / "deploy" / "jupyterhub"
sys.path.insert(0, str(HUB))

import learner_server  # noqa: E402
import vegas_tutor_learner as helper  # noqa: E402


@pytest.mark.parametrize("name", ["", "a", "Alice", "alice x", "../etc", "alice;id", "-rf", "a" * 32, "1abc",
                                  "alice\n"])
def test_names_that_cannot_be_a_learners_are_refused(name: str) -> None:
    with pytest.raises(helper.Refused):
        helper.learner_name(name)
    assert helper.main(["make", name]) in (1, 2)


@pytest.mark.parametrize("name", ["root", "daemon", "nobody"])
def test_the_machines_own_accounts_are_never_a_learners(name: str) -> None:
    with pytest.raises(helper.Refused):
        helper.learner_account(name)
    assert helper.main(["cap", name]) in (1, 2)  # 2 when not root: refused before looking


def test_only_make_and_cap_and_remove_with_one_name() -> None:
    assert helper.main(["useradd", "alice"]) == 2
    assert helper.main(["make"]) == 2
    assert helper.main(["make", "alice", "bob"]) == 2


def test_sizes_and_a_zero_limit(tmp_path: Path) -> None:
    assert helper.in_bytes("1G") == 2**30 and helper.in_bytes("300M") == 300 * 2**20 and helper.in_bytes("0") == 0
    with pytest.raises(helper.Refused):
        helper.in_bytes("lots")
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "hub.json").write_text(json.dumps({"teacher": "teacher", "memory_limit": "0"}))
    assert "no memory cap" in helper.cap("nobody-here", tmp_path)


def test_processes_of_a_user_include_this_one() -> None:
    assert os.getpid() in helper.processes_of(os.getuid())


def test_install_and_sudoers_accept_the_helpers_names() -> None:
    script = (HUB / "install.sh").read_text()
    bash_check = re.search(r'\[\[ "\$TEACHER" =~ \^(.+?)\$ \]\]', script)
    sudo_rule = re.search(r"vegas-tutor-learner \^\(make\|cap\) (.+?)\\\$", script)
    assert bash_check and sudo_rule
    assert bash_check.group(1) == sudo_rule.group(1) == learner_server.NAME_PATTERN
    assert f"{learner_server.HUB_USER} ALL=(%{learner_server.LEARNERS_GROUP}) NOPASSWD:" in script.replace(
        "$HUB_USER", learner_server.HUB_USER).replace("$LEARNERS", learner_server.LEARNERS_GROUP)


def test_learners_kernels_start_with_one_thread_of_linear_algebra_as_the_apps_do() -> None:
    from vegas_tutor.serving import KERNEL_THREADS

    assert KERNEL_THREADS.items() <= learner_server.environment().items()
