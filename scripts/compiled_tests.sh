#!/usr/bin/env bash
# Run the kernel's tests (tests/rules and tests/record) against the compiled wheel (scripts/wheel.sh).
#
#   bash scripts/compiled_tests.sh [PYTEST ARGS...]     e.g. -q, or -k siege
#
# The wheel is installed into .venv-compiled, which takes the test dependencies from .venv (made by
# scripts/test.sh: '.[test]') through a .pth file; its own site-packages, holding the compiled polis_nb,
# comes first. The tests are imported without putting the checkout on sys.path (PYTHONSAFEPATH,
# --import-mode=importlib), and tests/rules/test_compiled.py fails if the Python source is imported
# instead of the compiled modules (POLIS_NB_EXPECT_COMPILED=1). The conformance run plays 200 seeded games
# per component set here (POLIS_CONFORMANCE_GAMES; the pure run plays 1000). The build is cached (see
# wheel.sh), so a second run with the kernel unchanged only packs and installs the wheel.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
[ -x .venv/bin/python ] || { echo "compiled_tests.sh: .venv is missing: run scripts/test.sh first" >&2; exit 1; }
whl=$(bash scripts/wheel.sh)
[ -x .venv-compiled/bin/python ] || python3 -m venv .venv-compiled
purelib() { "$1" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'; }
purelib .venv/bin/python > "$(purelib .venv-compiled/bin/python)/_polis_nb_test_deps.pth"
.venv-compiled/bin/python -m pip install -q --no-deps --force-reinstall "$whl"
POLIS_CONFORMANCE_GAMES=${POLIS_CONFORMANCE_GAMES:-200} POLIS_NB_EXPECT_COMPILED=1 PYTHONSAFEPATH=1 exec .venv-compiled/bin/python -m pytest --import-mode=importlib \
  tests/rules tests/record "$@"
