#!/usr/bin/env bash
# Build the tutorials as an offline JupyterLite site in build/lite/: JupyterLab and a Python kernel
# (Pyodide, Python 3.14) running in the browser from plain files, with polis_nb preloaded, every
# tutorial, the glossary and the games. Everything comes from PyPI and npm at build time; nothing
# at run time comes from another host than the one serving the folder.
#
#   bash scripts/lite.sh                    build (or reuse the cached build of) build/lite/
#   bash scripts/lite.sh --serve [--port N] and serve it on 127.0.0.1 (port 8000 unless given)
#   bash scripts/lite.sh --pytest ARGS...   run pytest on the site's Python (Pyodide's 3.14, in Node)
#                                           over this checkout, e.g. --pytest tests/rules -q
#
# Downloads and builds are cached in ~/.cache/polis_nb/lite (POLIS_LITE_CACHE), each under a key
# made from its inputs (the versions below, scripts/lite-wheels.txt, these scripts, the polis_nb
# wheel's sources, the tutorials), so a second run with nothing changed only copies the site.
# Installs Debian's nodejs and npm with apt where npm is missing and we are root.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PIP_DISABLE_PIP_VERSION_CHECK=1 DEBIAN_FRONTEND=noninteractive
JUPYTERLITE=0.8.6   # jupyterlite-core and jupyterlite-pyodide-kernel (0.8.7 needs a newer core)
PYODIDE=314.0.6     # the Pyodide that kernel pins (Python 3.14); from npm
# what the kernel loads as it starts (from the lock): its own packages, then polis_nb
PRELOAD=(micropip piplite ipykernel comm pyodide-kernel jedi ipython polis-nb)
OUT=build/lite
CACHE=${POLIS_LITE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/polis_nb/lite}
step() { printf '==> %s\n' "$*"; }
die() { printf 'lite.sh: %s\n' "$*" >&2; exit 1; }

serve=0 port=8000 mode=site pytest_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --serve) serve=1 ;;
    --port) [ $# -ge 2 ] || die "--port needs a number"; port=$2; shift ;;
    --port=*) port=${1#--port=} ;;
    --pytest) shift; pytest_args=("$@"); mode=pytest; break ;;
    -h|--help) sed -n '2,15p' scripts/lite.sh | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
  shift
done
case "$port" in ''|*[!0-9]*) die "--port wants a number from 0 to 65535, not '$port'" ;; esac
[ "$port" -le 65535 ] || die "--port wants a number from 0 to 65535, not '$port'"
if [ "$serve" = 1 ] && [ "$port" != 0 ]; then  # a taken port is said now, not after the build
  python3 - "$port" 2>/dev/null <<'EOF' || die "port $port on 127.0.0.1 is already in use: choose another with --port N"
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", int(sys.argv[1])))
EOF
fi

# digest FILE-OR-FOLDER...: 16 hex digits from the names and contents of the files (no caches)
digest() {
  find "$@" -type f ! -name '*.pyc' ! -path '*/__pycache__/*' ! -path '*/.ipynb_checkpoints/*' -print0 \
    | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16
}

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9  # one build at a time per cache (several checkouts may share it)

if ! command -v npm >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    step "Installing Debian's nodejs and npm (to fetch Pyodide from npm)"
    apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
  else
    die "npm is missing and we are not root: install Debian's nodejs and npm, then run this again"
  fi
fi

tools=$CACHE/tools-$(printf '%s\n' "$JUPYTERLITE" "$(python3 -V)" | sha256sum | cut -c1-16)
if [ ! -e "$tools/.done" ]; then
  step "Installing the site builder (jupyterlite $JUPYTERLITE) in $tools"
  rm -rf "$tools"
  python3 -m venv "$tools"
  "$tools/bin/pip" install -q "jupyterlite-core[contents]==$JUPYTERLITE" \
    "jupyterlite-pyodide-kernel==$JUPYTERLITE" packaging 2>"$CACHE/pip.err" \
    || { grep -v '^WARNING: Location' "$CACHE/pip.err" >&2; exit 1; }
  touch "$tools/.done"
fi
kernel_wheels=$("$tools/bin/python" -c 'import sys; print(sys.prefix)')/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi

pyodide=$CACHE/pyodide-$PYODIDE
if [ ! -e "$pyodide/.done" ]; then
  step "Fetching Pyodide $PYODIDE from npm"
  rm -rf "$pyodide" && mkdir -p "$pyodide"
  (cd "$pyodide" && npm pack --silent "pyodide@$PYODIDE" >/dev/null && tar xzf "pyodide-$PYODIDE.tgz")
  for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
    [ -s "$pyodide/package/$f" ] || die "npm's pyodide@$PYODIDE has no $f"
  done
  touch "$pyodide/.done"
fi

# fetch FILE: the pure wheels (for Pyodide's Python 3.14) listed in FILE, cached; prints their folder
fetch() {
  local dir
  dir=$CACHE/wheels-$(digest "$1")
  if [ ! -e "$dir/.done" ]; then
    step "Downloading pure wheels from PyPI ($1)" >&2
    rm -rf "$dir"
    "$tools/bin/pip" download -q --no-deps --only-binary=:all: --platform any --python-version 3.14 \
      --implementation py --abi none -d "$dir" -r "$1" 2>"$CACHE/pip.err" \
      || { grep -v '^WARNING: Location' "$CACHE/pip.err" >&2; exit 1; }
    touch "$dir/.done"
  fi
  touch "$dir"  # in use: spared by the clean-up of week-old builds
  echo "$dir"
}

if [ "$mode" = pytest ]; then
  test_wheels=$(fetch scripts/lite-test-wheels.txt)
  exec 9>&-
  exec node scripts/lite_pytest.mjs "$pyodide/package" . "$test_wheels"/*.whl -- "${pytest_args[@]}"
fi

wheels=$(fetch scripts/lite-wheels.txt)

pnb=$CACHE/polis_nb-$(digest pyproject.toml README.md polis_nb widgets)
if [ ! -e "$pnb/.done" ]; then
  step "Building the polis_nb wheel"
  rm -rf "$pnb"
  "$tools/bin/pip" wheel -q --no-deps -w "$pnb" . 2>"$CACHE/pip.err" \
    || { grep -v '^WARNING: Location' "$CACHE/pip.err" >&2; exit 1; }
  touch "$pnb/.done"
fi

key=$( { printf '%s\n' "$JUPYTERLITE" "$PYODIDE" "${PRELOAD[*]}"; digest scripts/lite.sh scripts/lite_lock.py \
  scripts/lite-wheels.txt tutorials; sha256sum "$pnb"/*.whl | cut -d' ' -f1; } | sha256sum | cut -c1-16)
site=$CACHE/site-$key
if [ ! -e "$site/.done" ]; then
  step "Building the site (JupyterLab, Pyodide, $(ls "$wheels" "$pnb" | grep -c '\.whl$') wheels, the tutorials)"
  rm -rf "$site"
  stage=$site/stage
  mkdir -p "$stage/static/pyodide"
  cp "$pyodide"/package/{pyodide.mjs,pyodide.asm.mjs,pyodide.asm.wasm,python_stdlib.zip} "$stage/static/pyodide/"
  "$tools/bin/python" scripts/lite_lock.py --lock "$pyodide/package/pyodide-lock.json" \
    --out "$stage/static/pyodide" --settings "$stage/jupyter-lite.json" --preload "${PRELOAD[@]}" -- \
    "$wheels"/*.whl "$pnb"/*.whl "$kernel_wheels"/{piplite,pyodide_kernel,ipykernel}-*.whl \
    "$kernel_wheels"/widgetsnbextension-4.*.whl
  # the front end's widget managers come from the same wheels the kernel gets
  extensions=$(printf '"%s",' "$wheels"/anywidget-*.whl "$wheels"/jupyterlab_widgets-*.whl)
  (cd "$stage" && "$tools/bin/jupyter" lite build --apps lab --no-sourcemaps --no-unused-shared-packages \
      --contents "$ROOT/tutorials" --output-dir "$site/site" \
      --LiteBuildConfig.federated_extensions="[${extensions%,}]") >"$site/build.log" 2>&1 \
    || { tail -n 30 "$site/build.log" >&2; die "jupyter lite build failed (its log: $site/build.log)"; }
  [ -s "$site/site/static/pyodide/pyodide-lock.json" ] && [ -d "$site/site/files/games" ] \
    && [ -s "$site/site/files/de/01-tour.ipynb" ] && [ -s "$site/site/files/pl/01-tour.ipynb" ] \
    || die "the build left no Pyodide or no tutorials in $site/site (its log: $site/build.log)"
  rm -rf "$stage"
  # browsers ask every host for /favicon.ico: answer from the site, not with a 404
  cp "$site/site/lab/favicon.ico" "$site/site/favicon.ico"
  touch "$site/.done"
  # keyed builds unused for a week go (other checkouts sharing the cache keep theirs meanwhile)
  find "$CACHE" -maxdepth 1 \( -name 'site-*' -o -name 'polis_nb-*' -o -name 'wheels-*' \) -mtime +7 \
    -exec rm -rf {} +
fi
touch "$site" "$pnb"  # in use: the week-old clean-up above spares them

if [ "$(cat build/.lite-key 2>/dev/null)" != "$key" ] || [ ! -e "$OUT/jupyter-lite.json" ]; then
  rm -rf "$OUT" build/.lite-key
  mkdir -p build
  cp -a "$site/site" "$OUT"
  echo "$key" >build/.lite-key
fi
exec 9>&-
step "Built $OUT ($(du -sh "$OUT" | cut -f1)): serve it with any static file server, or: bash scripts/lite.sh --serve"

if [ "$serve" = 1 ]; then
  exec python3 scripts/lite_serve.py "$OUT" --port "$port"
fi
