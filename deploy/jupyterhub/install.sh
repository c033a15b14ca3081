#!/usr/bin/env bash
# Install a class's JupyterHub on this machine, as root, into a folder of its own (not into the project's
# environment), and make the teacher's account:
#   sudo deploy/jupyterhub/install.sh TEACHER
# JupyterHub 5, sudospawner, jupyterhub-idle-culler and jupyterhub-nativeauthenticator from PyPI, vegas-tutor
# itself (its lessons travel inside the wheel), the hub's and the learners' server configuration, and
# configurable-http-proxy from npm; Debian's sudo if it is missing.
# Accounts and rights:
#   vthub            the hub's own unprivileged system user; the hub's database and cookie secret are its own
#                    (state/hub, mode 700, files 600)
#   vegas-learners   every learner's system user's group (the root helper makes those users)
#   /etc/sudoers.d/vegas-tutor-hub   vthub may run sudospawner's mediator as a member of vegas-learners, and
#                    the root helper sbin/vegas-tutor-learner as "make NAME" or "cap NAME": nothing else
# Everything else is root's and readable by all (the learners' servers run from it as their own users).
# TEACHER gets an approved admin account before the hub first starts, so nobody can sign up under that name;
# its password is printed (a new one for an existing teacher: make_teacher.py --reset, see below).
#   VEGAS_TUTOR_HUB_PREFIX     where to install (default /tmp/vegas-tutor-hub; /opt/vegas-tutor-hub for a class)
#   VEGAS_TUTOR_HUB_MEM_LIMIT  each learner's memory cap, server and kernels together (default 1G; 0: none)
#   PYTHON                     the Python 3.11+ to build the environment with (default /usr/bin/python3: the
#                              learners' servers run it as their own users, so it must not live in a private
#                              folder such as root's pyenv)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$REPO/deploy/jupyterhub"
PREFIX="${VEGAS_TUTOR_HUB_PREFIX:-/tmp/vegas-tutor-hub}"
PYTHON="${PYTHON:-/usr/bin/python3}"
MEM_LIMIT="${VEGAS_TUTOR_HUB_MEM_LIMIT:-1G}"
HUB_USER=vthub
LEARNERS=vegas-learners
if [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root (it makes system users and a sudoers rule)" >&2
  exit 1
fi
TEACHER="${1:-}"
if [ -z "$TEACHER" ] && [ -f "$PREFIX/etc/hub.json" ]; then
  TEACHER="$("$PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["teacher"])' "$PREFIX/etc/hub.json")"
fi
if [ -z "$TEACHER" ]; then
  echo "usage: install.sh TEACHER   (the teacher's user name: the hub's admin)" >&2
  exit 2
fi
if ! [[ "$TEACHER" =~ ^[a-z][a-z0-9_-]{1,30}$ ]]; then
  echo "install.sh: $TEACHER cannot be a user name (a-z first, then a-z, 0-9, _ or -, 2 to 31 characters)" >&2
  exit 2
fi
if ! [[ "$MEM_LIMIT" =~ ^[0-9]+[KMG]?$ ]]; then
  echo "install.sh: VEGAS_TUTOR_HUB_MEM_LIMIT=$MEM_LIMIT is not a size such as 1G, 512M or 0" >&2
  exit 2
fi
if ! command -v sudo >/dev/null || ! command -v visudo >/dev/null; then
  apt-get install -y -q sudo
fi

umask 022
getent group "$LEARNERS" >/dev/null || groupadd --system "$LEARNERS"
id -u "$HUB_USER" >/dev/null 2>&1 || useradd --system --user-group --home-dir /nonexistent --no-create-home \
  --shell /usr/sbin/nologin --comment "vegas-tutor class hub" "$HUB_USER"
# the folders: the install root's and open to all; state/ and learners/ let each learner through to their own
install -d -m 755 -o root -g root "$PREFIX" "$PREFIX/etc" "$PREFIX/sbin"
install -d -m 711 -o root -g root "$PREFIX/state" "$PREFIX/state/learners" /tmp/vegas-tutor-kernels
install -d -m 700 -o "$HUB_USER" -g "$HUB_USER" "$PREFIX/state/hub"
chown -R "$HUB_USER:$HUB_USER" "$PREFIX/state/hub"
chmod -R go= "$PREFIX/state/hub"

# the environment's interpreter (a venv links to it) and every folder above it must be open to other users
open_to_all='import os, sys, pathlib; p = pathlib.Path(os.path.realpath(sys.executable))
sys.exit(any(not os.stat(d).st_mode & 0o001 for d in p.parents) or not os.stat(p).st_mode & 0o001)'
if ! "$PYTHON" -c "$open_to_all"; then
  echo "install.sh: $PYTHON lives in a folder other users cannot enter; set PYTHON to another Python 3.11+" >&2
  exit 1
fi
if [ -x "$PREFIX/venv/bin/python" ] && ! "$PREFIX/venv/bin/python" -c "$open_to_all"; then
  echo "install.sh: $PREFIX/venv's Python is closed to other users: rebuilding it from $PYTHON" >&2
  rm -rf "$PREFIX/venv"
fi
if [ ! -x "$PREFIX/venv/bin/jupyterhub" ]; then
  "$PYTHON" -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/python" -m pip install -q --upgrade pip
fi
# JupyterHub 5: jupyterhub-nativeauthenticator 1.3 (the newest) does not work with JupyterHub 6 (statsd is gone)
"$PREFIX/venv/bin/python" -m pip install -q "jupyterhub>=5,<6" "jupyterhub-nativeauthenticator>=1.3" \
  "sudospawner>=1.0" "jupyterhub-idle-culler>=1.4" psutil
# vegas-tutor, reinstalled each time so the hub serves this checkout's lessons
"$PREFIX/venv/bin/python" -m pip install -q --force-reinstall --no-deps "$REPO"
"$PREFIX/venv/bin/python" -m pip install -q "$REPO"
# A lighter learner's server: jsonschema's optional IRI checker rfc3987-syntax (pulled in by jupyter-events'
# jsonschema[format-nongpl]) compiles some 35 Lark parsers whenever it is imported, about 1.2 of the 2.6
# CPU-seconds a learner's server takes to start; no Jupyter schema checks IRIs and jsonschema does without it.
"$PREFIX/venv/bin/python" -m pip uninstall -y -q rfc3987-syntax 2>/dev/null || true

# the hub's configuration and the learners' server's (Voilà only, the lessons read-only, no terminals)
for file in jupyterhub_config.py learner_server.py learner_server_config.py make_teacher.py class_accounts.py; do
  install -m 644 -o root -g root "$HERE/$file" "$PREFIX/etc/$file"
done
"$PYTHON" -c 'import json, sys; json.dump({"teacher": sys.argv[2], "memory_limit": sys.argv[3]},
    open(sys.argv[1], "w"), indent=1)' "$PREFIX/etc/hub.json" "$TEACHER" "$MEM_LIMIT"
chmod 644 "$PREFIX/etc/hub.json"
# the root helper (with the system's Python in isolated mode) and the mediator's wrapper (no new privileges)
install -m 755 -o root -g root "$HERE/vegas_tutor_learner.py" "$PREFIX/sbin/vegas-tutor-learner"
install -m 755 -o root -g root "$HERE/sudospawner-singleuser" "$PREFIX/venv/bin/sudospawner-singleuser"
# sudospawner's mediator without its package's import of the hub's database layer (see the file)
install -m 755 -o root -g root "$HERE/sudospawner-mediator" "$PREFIX/venv/bin/sudospawner"
rules="$(mktemp)"
cat > "$rules" <<EOF
# vegas-tutor's class hub (deploy/jupyterhub/install.sh): the hub's user may start learners' servers as
# learners (sudospawner's mediator), and make or cap a learner's account with the root helper.
Defaults:$HUB_USER !requiretty, env_reset
$HUB_USER ALL=(%$LEARNERS) NOPASSWD: $PREFIX/venv/bin/sudospawner --logging=INFO
$HUB_USER ALL=(root) NOPASSWD: $PREFIX/sbin/vegas-tutor-learner ^(make|cap) [a-z][a-z0-9_-]{1,30}\$
EOF
visudo -cq -f "$rules"
install -m 440 -o root -g root "$rules" /etc/sudoers.d/vegas-tutor-hub
rm -f "$rules"

# Compile the numba fast paths once, into the install's own cache folder (NUMBA_CACHE_DIR): otherwise the first
# lesson kernels after an install each compile them (tens of CPU-seconds apiece). numba uses a cache folder only
# where it may write, so each learner gets a private copy of this one, made of hard links, with their account.
rm -rf "$PREFIX/numba-cache"
# -P: the installed package, never the checkout this script runs from (its folder names another cache)
NUMBA_CACHE_DIR="$PREFIX/numba-cache" "$PREFIX/venv/bin/python" -P -m vegas_tutor.warmup
# vegas-tutor's Voilà page template (no stylesheet from another host, the board's retry), as a named template
# the learners' servers use (VoilaConfiguration.template=vegas-tutor in learner_server_config.py)
TEMPLATE="$PREFIX/venv/share/jupyter/voila/templates/vegas-tutor"
mkdir -p "$TEMPLATE"
install -m 644 "$REPO/vegas_tutor/voila_template/index.html.j2" "$TEMPLATE/index.html.j2"
install -m 644 "$HERE/voila_template_conf.json" "$TEMPLATE/conf.json"
if [ ! -x "$PREFIX/node/node_modules/.bin/configurable-http-proxy" ]; then
  npm install --silent --no-audit --no-fund --prefix "$PREFIX/node" configurable-http-proxy
fi

# the teacher: a system account like a learner's (refused if TEACHER is another account of this machine) and
# the hub's admin account, approved, made before the hub first starts
"$PREFIX/sbin/vegas-tutor-learner" make "$TEACHER"
# and a memory cgroup for it: fails here, not at a learner's first login, on a machine without memory cgroups
"$PREFIX/sbin/vegas-tutor-learner" cap "$TEACHER"
as_hub=(setpriv "--reuid=$HUB_USER" "--regid=$HUB_USER" --init-groups)
database="sqlite:///$PREFIX/state/hub/jupyterhub.sqlite"
if password="$(cd "$PREFIX/state/hub" && umask 077 && "${as_hub[@]}" "$PREFIX/venv/bin/python" \
    "$PREFIX/etc/make_teacher.py" --db "$database" "$TEACHER")"; then
  teacher_note="the teacher's account $TEACHER has the password $password (change it at /hub/change-password)"
else
  teacher_note="the teacher's account $TEACHER already exists; a new password: cd $PREFIX/state/hub && sudo -u"
  teacher_note+=" $HUB_USER $PREFIX/venv/bin/python $PREFIX/etc/make_teacher.py --db $database $TEACHER --reset"
fi
echo "installed in $PREFIX: $("$PREFIX/venv/bin/jupyterhub" --version) (JupyterHub)," \
  "configurable-http-proxy $("$PREFIX/node/node_modules/.bin/configurable-http-proxy" --version)," \
  "each learner's memory capped at $MEM_LIMIT"
echo "$teacher_note"
echo "start it: cd $PREFIX/state/hub && sudo -u $HUB_USER $PREFIX/venv/bin/jupyterhub -f $PREFIX/etc/jupyterhub_config.py"
