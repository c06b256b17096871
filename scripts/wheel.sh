#!/usr/bin/env bash
# Build the compiled wheel of polis_nb into dist/: the rules kernel compiled with mypyc from the same
# typed source (hatch_build.py says which modules), the rest of the package as in the pure wheel.
#
#   bash scripts/wheel.sh            build dist/polis_nb-<version>-cp3XX-...whl and print its path
#
# The compiled modules are cached in ~/.cache/polis_nb/wheel/<hash of their inputs> (POLIS_NB_COMPILE_CACHE;
# the inputs are hatch_build.py's INPUTS, the Python and the mypy), so a second build with the kernel
# unchanged only packs the wheel. `pip install .` without this script stays pure Python (as JupyterLite gets it).
# Needs a C compiler and the Python headers (Debian: gcc, python3-dev); PYTHON picks the interpreter
# the wheel is for (python3 unless given).
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
export POLIS_NB_COMPILE=1
export POLIS_NB_COMPILE_CACHE=${POLIS_NB_COMPILE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/polis_nb/wheel}
PYTHON=${PYTHON:-python3}
mkdir -p "$POLIS_NB_COMPILE_CACHE" dist
exec 9>"$POLIS_NB_COMPILE_CACHE/.lock"
flock 9  # one build at a time per cache (several checkouts may share it)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$PYTHON" -m pip wheel -q --no-deps -w "$out" . 2>"$out/pip.err" || { grep -v '^WARNING: Location' "$out/pip.err" >&2; exit 1; }
whl=$(ls "$out"/polis_nb-*.whl)
case "$whl" in *-none-any.whl) echo "wheel.sh: the wheel came out pure ($whl): nothing was compiled" >&2; exit 1 ;; esac
rm -f dist/polis_nb-*-cp*.whl
mv "$whl" dist/
echo "dist/$(basename "$whl")"
