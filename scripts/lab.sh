#!/usr/bin/env bash
# The main job: set up a fresh machine and open JupyterLab on the tutorials.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
python3 -m venv .venv
.venv/bin/pip install -q -e '.[dev]' 2>pip.err || { grep -v '^WARNING: Location' pip.err; exit 1; }
root_flag=()
if [ "$(id -u)" = 0 ]; then root_flag=(--allow-root); fi
exec .venv/bin/jupyter lab "${root_flag[@]}" tutorials/ "$@"
