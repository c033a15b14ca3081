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
# Compile the numba fast paths once, into the installed package's cache: otherwise the first lesson kernels
# after an install each compile them (tens of CPU-seconds apiece), and a class's first rolls wait for it.
# The learners' servers run as this same system user, so they find this cache next to the package.
"$PREFIX/venv/bin/python" -m vegas_tutor.warmup
# vegas-tutor's Voilà page template (no stylesheet from another host, the board's retry), as a named template
# the learners' servers use (VoilaConfiguration.template=vegas-tutor in jupyterhub_config.py)
TEMPLATE="$PREFIX/venv/share/jupyter/voila/templates/vegas-tutor"
mkdir -p "$TEMPLATE"
cp "$REPO/vegas_tutor/voila_template/index.html.j2" "$TEMPLATE/index.html.j2"
printf '{"base_template": "lab"}\n' > "$TEMPLATE/conf.json"
if [ ! -x "$PREFIX/node/node_modules/.bin/configurable-http-proxy" ]; then
  npm install --silent --no-audit --no-fund --prefix "$PREFIX/node" configurable-http-proxy
fi
echo "installed in $PREFIX: $("$PREFIX/venv/bin/jupyterhub" --version) (JupyterHub)," \
  "configurable-http-proxy $("$PREFIX/node/node_modules/.bin/configurable-http-proxy" --version)"
