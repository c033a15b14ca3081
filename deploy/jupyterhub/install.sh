#!/usr/bin/env bash
# Install a class's JupyterHub on this machine into a folder of its own (not into the project's environment):
# JupyterHub and jupyterhub-idle-culler from PyPI, vegas-tutor itself (its lessons travel inside the wheel),
# and configurable-http-proxy from the npm registry.
#   VEGAS_TUTOR_HUB_PREFIX  where to install (default /tmp/vegas-tutor-hub)
#   PYTHON                  the Python 3.11+ to build the environment with (default python3)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
PREFIX="${VEGAS_TUTOR_HUB_PREFIX:-/tmp/vegas-tutor-hub}"
PYTHON="${PYTHON:-python3}"

mkdir -p "$PREFIX"
if [ ! -x "$PREFIX/venv/bin/jupyterhub" ]; then
  "$PYTHON" -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/python" -m pip install -q --upgrade pip
  "$PREFIX/venv/bin/python" -m pip install -q "jupyterhub>=5" "jupyterhub-idle-culler>=1.4" psutil
fi
# vegas-tutor, reinstalled each time so the hub serves this checkout's lessons
"$PREFIX/venv/bin/python" -m pip install -q --force-reinstall --no-deps "$REPO"
"$PREFIX/venv/bin/python" -m pip install -q "$REPO"
if [ ! -x "$PREFIX/node/node_modules/.bin/configurable-http-proxy" ]; then
  npm install --silent --no-audit --no-fund --prefix "$PREFIX/node" configurable-http-proxy
fi
echo "installed in $PREFIX: $("$PREFIX/venv/bin/jupyterhub" --version) (JupyterHub)," \
  "configurable-http-proxy $("$PREFIX/node/node_modules/.bin/configurable-http-proxy" --version)"
