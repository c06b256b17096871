"""The package type-checks: ``python -m mypy`` run from the repository root passes with the ``[tool.mypy]``
settings of pyproject.toml, which list what it checks (``files``): every module of the package, nothing
excluded and no module's errors silenced; the widgets, data, analysis, puzzles and lessons strictly (every
function annotated).

mypy checks the source tree whether polis_nb is installed editable, as a wheel or not at all: the checked
files are named by path, the repository root is the first place imports are looked up (``mypy_path``), and
no module's errors are silenced.
About 6 s of CPU cold; the cache (outside the clone, one per clone, mypy and Python version) makes a
rerun take a fraction of a second.

mypy comes with the ``test`` extra (``pip install -e '.[test]'``, as scripts/test.sh does). Without it
the test skips locally, and fails when ``CI`` is set, so a missing checker never passes for green in CI.
"""
from __future__ import annotations

import hashlib
import os
import pathlib
import re
import sys
import tempfile
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
STRICT = {"polis_nb", "polis_nb.notebook", "polis_nb.demo", "polis_nb.data.*", "polis_nb.i18n", "polis_nb.i18n.*",
          "polis_nb.analysis.*", "polis_nb.puzzles.*", "polis_nb.lessons.*", "polis_nb.widgets.*"}


def _mypy_api():
    try:
        from mypy import api
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("mypy is not installed, and CI is set: install the test extra (pip install -e '.[test]')")
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    return api


def _cache_dir() -> str:
    from mypy.version import __version__

    key = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    name = f"polis_nb-mypy-{key}-{__version__}-py{sys.version_info[0]}{sys.version_info[1]}"
    return os.path.join(tempfile.gettempdir(), name)


def _checked() -> set[str]:
    """The modules [tool.mypy] names: ``files`` (files, or folders walked) less ``exclude``."""
    out = set()
    for f in CONFIG["files"]:
        path = ROOT / f
        found = [path] if path.is_file() else sorted(path.rglob("*.py"))
        out |= {p.relative_to(ROOT).as_posix() for p in found}
    return {p for p in out if not any(re.search(x, p) for x in CONFIG.get("exclude", []))}


def test_types_package_passes_mypy(monkeypatch):
    api = _mypy_api()
    monkeypatch.chdir(ROOT)  # pyproject.toml's [tool.mypy] is read from here, and its files are relative to it
    out, err, status = api.run(["--cache-dir", _cache_dir(), "--no-error-summary"])
    assert status == 0, f"mypy (the files of pyproject's [tool.mypy]) found problems:\n{out}{err}"
    assert "note:" not in out + err, f"mypy has notes on the configuration:\n{out}{err}"


def test_types_every_module_is_checked_and_the_widgets_strictly():
    everything = {p.relative_to(ROOT).as_posix() for p in (ROOT / "polis_nb").rglob("*.py")}
    assert _checked() == everything
    assert "exclude" not in CONFIG
    assert not any(o.get("ignore_errors") for o in CONFIG.get("overrides", []))
    strict = next(o for o in CONFIG["overrides"] if o.get("disallow_untyped_defs"))
    assert set(strict["module"]) == STRICT and strict["disallow_incomplete_defs"]
