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
# Extra arguments go to `jupyter lab`. The script chooses the address, port, token and folder only
# where the user gave none (`--port 8890`, `--port=8890`, `--ip`, `--IdentityProvider.token`, ...).
given() {  # given NAME...: the value the user passed for one of these options (empty if none)
  local prev="" a n
  for a in "${user_args[@]}"; do
    for n in "$@"; do
      case "$a" in "$n="*) echo "${a#*=}"; return ;; esac
      if [ "$prev" = "$n" ]; then echo "$a"; return; fi
    done
    prev="$a"
  done
}
has() { local a n; for a in "${user_args[@]}"; do for n in "$@"; do
  case "$a" in "$n"|"$n="*) return 0 ;; esac; done; done; return 1; }
user_args=("$@")
own=()
port=$(given --port --ServerApp.port)
if [ -z "$port" ]; then
  port=$(.venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  own+=(--port="$port")
  has --port-retries --ServerApp.port_retries || own+=(--port-retries=0)
fi
ip=$(given --ip --ServerApp.ip)
if [ -z "$ip" ]; then ip=127.0.0.1; own+=(--ip=127.0.0.1); fi
if has --IdentityProvider.token --ServerApp.token --NotebookApp.token; then
  token=$(given --IdentityProvider.token --ServerApp.token --NotebookApp.token)
else
  token=$(.venv/bin/python -c "import secrets; print(secrets.token_hex(16))")
  own+=(--IdentityProvider.token="$token")
fi
has --ServerApp.root_dir --notebook-dir --ServerApp.notebook_dir || own+=(--ServerApp.root_dir=tutorials)
if [ "$(id -u)" = 0 ] && ! has --allow-root; then own+=(--allow-root); fi
host=$ip
case "$host" in 0.0.0.0|"*"|"") host=127.0.0.1 ;; esac
.venv/bin/jupyter lab "${own[@]}" "$@" >lab.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; exit 0' INT TERM
for _ in $(seq 1 300); do
  if ! kill -0 "$server" 2>/dev/null; then
    echo "JupyterLab stopped while starting; the end of lab.log:" >&2; tail -n 20 lab.log >&2; exit 1
  fi
  if .venv/bin/python -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)" \
       "http://$host:$port/api/status?token=$token" 2>/dev/null; then
    break
  fi
  sleep 0.2
done

url="http://$host:$port/lab/tree/01-tour.ipynb${token:+?token=$token}"
printf '\nJupyterLab is running. Open this address in your browser:\n\n    %s\n\n' "$url"
printf 'Start with 01-tour.ipynb. Press Ctrl-C here to stop the server.\n'
wait "$server"
