"""The package type-checks: ``python -m mypy`` run from the repository root passes with the ``[tool.mypy]``
settings of pyproject.toml, which list what it checks (``files``): every package but the widgets (rebuilt by
the panels work, issue 25), which ``exclude`` names.

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
# the widgets rebuilt as panels (issue 25), checked strictly; the other widget modules are not yet
WIDGETS_CHECKED = re.compile(r"polis_nb/widgets/(panels/.*|base\.py|board\.py|viewer\.py)")
# widget modules not yet rebuilt that the checked ones follow (through the package's __init__) and that are not
# yet clean: their errors are silenced by name
WIDGETS_SILENCED = {"polis_nb/widgets/combat.py"}


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


def test_types_every_module_but_the_widgets_not_yet_rebuilt_is_checked():
    everything = {p.relative_to(ROOT).as_posix() for p in (ROOT / "polis_nb").rglob("*.py")}
    widgets = {p for p in everything if p.startswith("polis_nb/widgets/") and not WIDGETS_CHECKED.fullmatch(p)}
    assert _checked() == everything - widgets
    silenced = next(o["module"] for o in CONFIG["overrides"] if o.get("ignore_errors"))
    assert sorted(silenced) == sorted(p[:-3].replace("/", ".") for p in WIDGETS_SILENCED)
    assert WIDGETS_SILENCED <= widgets
