#!/usr/bin/env bash
# Install a class's JupyterHub on this machine into a folder of its own (not into the project's environment):
# JupyterHub, jupyterhub-idle-culler and jupyterhub-nativeauthenticator from PyPI, vegas-tutor itself (its
# lessons travel inside the wheel), the learners' server configuration, and configurable-http-proxy from npm.
# Everything here is root's and readable by all (the learners' servers run from it as their own users); the
# hub keeps its own files in state/hub (mode 700).
#   VEGAS_TUTOR_HUB_PREFIX  where to install (default /tmp/vegas-tutor-hub)
#   PYTHON                  the Python 3.11+ to build the environment with (default /usr/bin/python3: the
#                           learners' servers run it as their own users, so it must not live in a private
#                           folder such as root's pyenv)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
PREFIX="${VEGAS_TUTOR_HUB_PREFIX:-/tmp/vegas-tutor-hub}"
PYTHON="${PYTHON:-/usr/bin/python3}"

umask 022
mkdir -p "$PREFIX"
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
  "$PREFIX/venv/bin/python" -m pip install -q "jupyterhub>=5,<6" "jupyterhub-idle-culler>=1.4" psutil
fi
# JupyterHub 5: jupyterhub-nativeauthenticator 1.3 (the newest) does not work with JupyterHub 6 (statsd is gone)
"$PREFIX/venv/bin/python" -m pip install -q "jupyterhub>=5,<6" "jupyterhub-nativeauthenticator>=1.3"
# what every learner's server loads (--config): Voilà only, the lessons read-only, no terminals
install -D -m 644 "$REPO/deploy/jupyterhub/learner_server_config.py" "$PREFIX/etc/learner_server_config.py"
# vegas-tutor, reinstalled each time so the hub serves this checkout's lessons
"$PREFIX/venv/bin/python" -m pip install -q --force-reinstall --no-deps "$REPO"
"$PREFIX/venv/bin/python" -m pip install -q "$REPO"
# Compile the numba fast paths once, into the installed package's cache: otherwise the first lesson kernels
# after an install each compile them (tens of CPU-seconds apiece), and a class's first rolls wait for it.
# Into a cache folder of the install's own (NUMBA_CACHE_DIR), not next to the package: numba uses a cache
# folder only where it may write, so each learner's server and kernels get a private copy of this one, made
# of hard links, when their account is made (jupyterhub_config.py), and none of them compiles anything.
rm -rf "$PREFIX/numba-cache"
NUMBA_CACHE_DIR="$PREFIX/numba-cache" "$PREFIX/venv/bin/python" -m vegas_tutor.warmup
# vegas-tutor's Voilà page template (no stylesheet from another host, the board's retry), as a named template
# the learners' servers use (VoilaConfiguration.template=vegas-tutor in jupyterhub_config.py)
TEMPLATE="$PREFIX/venv/share/jupyter/voila/templates/vegas-tutor"
mkdir -p "$TEMPLATE"
cp "$REPO/vegas_tutor/voila_template/index.html.j2" "$TEMPLATE/index.html.j2"
install -m 644 "$REPO/deploy/jupyterhub/voila_template_conf.json" "$TEMPLATE/conf.json"
if [ ! -x "$PREFIX/node/node_modules/.bin/configurable-http-proxy" ]; then
  npm install --silent --no-audit --no-fund --prefix "$PREFIX/node" configurable-http-proxy
fi
echo "installed in $PREFIX: $("$PREFIX/venv/bin/jupyterhub" --version) (JupyterHub)," \
  "configurable-http-proxy $("$PREFIX/node/node_modules/.bin/configurable-http-proxy" --version)"
