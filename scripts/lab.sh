#!/usr/bin/env bash
# The main job: set up a fresh machine and open JupyterLab on the tutorials.
# Installs only what reading the tutorials needs (polis_nb, JupyterLab, a kernel), shows what it is
# installing, keeps the server's own log in lab.log, and prints the address to open last.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
step() { printf '\n==> %s\n' "$*"; }

step "Creating the Python environment in .venv"
python3 -m venv .venv

step "Installing polis_nb and JupyterLab (about a minute on a fresh machine)"
# One line per package as pip collects it; pip's harmless mirror warnings are dropped.
set +e
.venv/bin/pip install -e '.[lab]' 2>pip.err | awk '
  /^Collecting /   { n++; printf "  [%3d] %s\n", n, $2; fflush() }
  /^Successfully installed/ { print "  done: " NF-2 " packages installed"; fflush() }'
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" != 0 ]; then grep -v '^WARNING: Location' pip.err >&2; exit "$rc"; fi
.venv/bin/python -c "import polis_nb, jupyterlab" || { echo "the install did not complete" >&2; exit 1; }

step "Starting JupyterLab on tutorials/ (its log goes to lab.log)"
port=$(.venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
token=$(.venv/bin/python -c "import secrets; print(secrets.token_hex(16))")
root_flag=()
if [ "$(id -u)" = 0 ]; then root_flag=(--allow-root); fi
.venv/bin/jupyter lab "${root_flag[@]}" --ip=127.0.0.1 --port="$port" --port-retries=0 \
  --IdentityProvider.token="$token" --ServerApp.root_dir=tutorials "$@" >lab.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; exit 0' INT TERM
for _ in $(seq 1 300); do
  if ! kill -0 "$server" 2>/dev/null; then
    echo "JupyterLab stopped while starting; the end of lab.log:" >&2; tail -n 20 lab.log >&2; exit 1
  fi
  if .venv/bin/python -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)" \
       "http://127.0.0.1:$port/api/status?token=$token" 2>/dev/null; then
    break
  fi
  sleep 0.2
done

url="http://127.0.0.1:$port/lab/tree/01-tour.ipynb?token=$token"
printf '\nJupyterLab is running. Open this address in your browser:\n\n    %s\n\n' "$url"
printf 'Start with 01-tour.ipynb. Press Ctrl-C here to stop the server.\n'
wait "$server"
