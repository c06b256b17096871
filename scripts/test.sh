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

# The kernel's tests run once more against the compiled wheel (scripts/compiled_tests.sh), with the whole
# suite only (not with a chosen part of it). Its mypyc build (cached by its inputs, see scripts/wheel.sh)
# starts first at the lowest CPU priority, so it takes only the time the main run leaves idle (the browser
# tests wait on JupyterLab and Chromium); its tests run after the main run.
wheel_log=""
if [ $# -eq 0 ]; then
  wheel_log=$(mktemp)
  nice -n 19 bash scripts/wheel.sh >"$wheel_log" 2>&1 &
  wheel_pid=$!
fi

# The tests run on every core (pytest-xdist, at most POLIS_TEST_WORKERS processes, default: the cores, up to
# 2), a test file to a process (a notebook's cells share one kernel; the browser tests of a process share
# its JupyterLab server). POLIS_TEST_WORKERS=1 (or 0) runs them all in this process.
workers=${POLIS_TEST_WORKERS:-$(n=$(nproc 2>/dev/null || echo 1); [ "$n" -gt 2 ] && echo 2 || echo "$n")}
if [ "$workers" -gt 1 ]; then par=(-n "$workers" --dist loadfile); else par=(); fi
rc=0
.venv/bin/python -m pytest -q -ra --durations=10 "${par[@]}" "$@" || rc=$?
[ -n "$wheel_log" ] || exit "$rc"

if ! wait "$wheel_pid"; then
  echo "the compiled wheel did not build (scripts/wheel.sh):" >&2
  cat "$wheel_log" >&2
  exit 1
fi
rm -f "$wheel_log"
echo "+ the kernel's tests against the compiled wheel (scripts/compiled_tests.sh)"
bash scripts/compiled_tests.sh -q -ra || rc=$?
exit "$rc"
