#!/usr/bin/env bash
# The main job: set up a fresh machine and open JupyterLab on the tutorials.
# Installs only what reading the tutorials needs (polis_nb, JupyterLab, a kernel), shows what it is
# installing, keeps the server's own log in lab-<port>.log (one file per server: the port it listens
# on), and prints last the address of the server it started, checked to answer with its token.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\n%s\n' "$*" >&2; exit 1; }

# --- the address, checked before anything is installed ---------------------------------------------
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
ip=$(given --ip --ServerApp.ip)
if [ -z "$ip" ]; then ip=127.0.0.1; own+=(--ip=127.0.0.1); fi
# JupyterLab moves to the next port when the one asked for is taken: the address printed would then be
# another server's. Unless the user allows it (--port-retries), a taken port is refused here, at once.
retries=$(given --port-retries --ServerApp.port_retries)
if [ -z "$retries" ]; then retries=0; own+=(--port-retries=0); fi
port=$(given --port --ServerApp.port)
if [ -z "$port" ]; then
  port=$(python3 -c "import socket, sys; s = socket.socket(); s.bind((sys.argv[1], 0)); print(s.getsockname()[1])" \
           "$ip" 2>/dev/null) || port=$(python3 -c "import socket; s = socket.socket(); s.bind(('', 0)); print(s.getsockname()[1])")
  own+=(--port="$port")
else
  case "$port" in ''|*[!0-9]*) fail "--port must be a port number (0 to 65535), not '$port'." ;; esac
  [ "$port" -le 65535 ] || fail "--port must be a port number (0 to 65535), not '$port'."
  if [ "$retries" = 0 ] && ! python3 - "$ip" "$port" <<'PY'
import errno, socket, sys
host, port = sys.argv[1], int(sys.argv[2])
host = "" if host in ("*", "0.0.0.0") else host
# bind the way JupyterLab's server will (every address of the host, SO_REUSEADDR): only a port that
# another program listens on fails here
for family, kind, proto, _, addr in socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                        flags=socket.AI_PASSIVE):
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                sys.exit(1)
PY
  then
    fail "Port $port is already in use on $ip: another JupyterLab (or another program) listens there.
Stop it, choose another port (bash scripts/lab.sh --port <number>), or leave --port out and the script
picks a free one. Nothing was started."
  fi
fi
host=$ip
case "$host" in 0.0.0.0|"*"|"") host=127.0.0.1 ;; esac
if has --IdentityProvider.token --ServerApp.token --NotebookApp.token; then
  token=$(given --IdentityProvider.token --ServerApp.token --NotebookApp.token)
else
  token=$(python3 -c "import secrets; print(secrets.token_hex(16))")
  own+=(--IdentityProvider.token="$token")
fi
has --ServerApp.root_dir --notebook-dir --ServerApp.notebook_dir || own+=(--ServerApp.root_dir=tutorials)
if [ "$(id -u)" = 0 ] && ! has --allow-root; then own+=(--allow-root); fi
log="lab-starting-$$.log"  # renamed lab-<port>.log once the server says which port it listens on

step "Creating the Python environment in .venv"
python3 -m venv .venv

step "Installing polis_nb and JupyterLab (about a minute on a fresh machine)"
# One line per package pip takes in: collected from an index ("Collecting"), taken from a local file
# ("Processing"), this checkout ("Obtaining") or already installed; pip's harmless mirror warnings are dropped.
set +e
.venv/bin/pip install -e '.[lab]' 2>pip.err | awk '
  function show(name, note) {
    key = tolower(name); gsub(/[-_.]+/, "-", key)
    if (key in seen) return
    seen[key] = 1; n++
    printf "  [%3d] %s%s\n", n, name, note; fflush()
  }
  /^Obtaining /   { show("polis_nb (this checkout)", ""); next }
  /^Collecting /  { x = $2; sub(/[<>=!~;[(@ ].*$/, "", x); show(x, ""); next }
  /^Processing /  { x = $2; sub(/^.*\//, "", x); sub(/-[0-9].*$/, "", x); show(x, ""); next }
  /^Requirement already satisfied: / { x = $4; sub(/[<>=!~;[(@ ].*$/, "", x); show(x, " (already installed)"); old++; next }
  /^Successfully installed/ { new = NF - 2 }
  END { printf "  done: %d packages: %d installed now, %d already installed\n", n, new, old }'
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" != 0 ]; then grep -v '^WARNING: Location' pip.err >&2; exit "$rc"; fi
.venv/bin/python -c "import polis_nb, jupyterlab" || fail "the install did not complete"

# JupyterLab's news and update toasts ("Would you like to receive official Jupyter news?") cover the
# widgets' corner: off by default in this environment (overrides.d/, never the user's own settings).
settings=$(.venv/bin/python -c "import os; from jupyterlab.commands import get_app_dir; print(os.path.join(get_app_dir(), 'settings'))")
mkdir -p "$settings/overrides.d"
cp scripts/jupyterlab-settings.json "$settings/overrides.d/polis_nb.json"

step "Starting JupyterLab on tutorials/"
.venv/bin/jupyter-lab "${own[@]}" "$@" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; exit 0' INT TERM
# Wait for *this* server: the port it reports in its own runtime file (jpserver-<its pid>.json) must
# answer /api/status with the token. Exit 2: it stopped; 3: no answer in time.
set +e
port=$(.venv/bin/python - "$server" "$host" "$token" "$(given --ServerApp.runtime_dir)" <<'PY'
import json, os, signal, sys, time, urllib.request
from jupyter_core.paths import jupyter_runtime_dir

signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: the script's trap stops the server, no traceback
pid, host, token, runtime = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
info = os.path.join(runtime or jupyter_runtime_dir(), f"jpserver-{pid}.json")


def alive() -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        try:
            os.kill(pid, 0)
            return True
        except OSError:
            return False


deadline = time.monotonic() + 180
while time.monotonic() < deadline:
    if not alive():
        sys.exit(2)
    try:
        with open(info) as f:
            port = int(json.load(f)["port"])
        url = f"http://{host}:{port}/api/status" + (f"?token={token}" if token else "")
        with urllib.request.urlopen(url, timeout=2) as r:
            if r.status == 200:
                print(port)
                sys.exit(0)
    except (OSError, ValueError, KeyError):
        pass
    time.sleep(0.2)
sys.exit(3)
PY
)
rc=$?
set -e
if [ "$rc" = 2 ]; then
  echo "JupyterLab stopped while starting; the end of $log:" >&2; tail -n 20 "$log" >&2; exit 1
elif [ "$rc" != 0 ]; then
  echo "JupyterLab did not answer within 3 minutes; the end of $log:" >&2; tail -n 20 "$log" >&2
  kill "$server" 2>/dev/null; exit 1
fi

mv -f "$log" "lab-$port.log"  # the server writes on into the same file
log="lab-$port.log"
url="http://$host:$port/lab/tree/01-tour.ipynb${token:+?token=$token}"
printf '\nJupyterLab is running. Open this address in your browser:\n\n    %s\n\n' "$url"
printf 'Start with 01-tour.ipynb. Its log is %s. Press Ctrl-C here to stop the server.\n' "$log"
wait "$server"
