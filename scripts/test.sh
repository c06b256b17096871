#!/usr/bin/env bash
# Set up a fresh machine and run the whole test suite (unit, conformance, notebooks, real browser).
# Installs Debian's chromium with apt where it is missing and we are allowed to (root).
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    echo "note: /usr/bin/chromium is missing and we are not root; browser tests will not run" >&2
  fi
fi
python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]' 2>pip.err || { grep -v '^WARNING: Location' pip.err; exit 1; }
# The tests run on every core (pytest-xdist, at most POLIS_TEST_WORKERS processes, default: the cores, up to
# 2), a test file to a process (a notebook's cells share one kernel; the browser tests of a process share
# its JupyterLab server). POLIS_TEST_WORKERS=1 (or 0) runs them all in this process.
workers=${POLIS_TEST_WORKERS:-$(n=$(nproc 2>/dev/null || echo 1); [ "$n" -gt 2 ] && echo 2 || echo "$n")}
if [ "$workers" -gt 1 ]; then par=(-n "$workers" --dist loadfile); else par=(); fi
exec .venv/bin/python -m pytest -q -ra --durations=10 "${par[@]}" "$@"
