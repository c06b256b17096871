"""Which kernel runs: ``pn.COMPILED`` is True exactly when the modules ``scripts/wheel.sh`` compiles
(``[tool.polis_nb.compiled]`` in pyproject.toml) are imported as extension modules, and the run of the
kernel's tests against the compiled wheel (``scripts/compiled_tests.sh``, which sets
``POLIS_NB_EXPECT_COMPILED=1``) fails if it silently imports the Python source instead."""
from __future__ import annotations

import importlib
import os
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import polis_nb as pn
from polis_nb.rules import state

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _compiled_names() -> list[str]:
    with open(PYPROJECT, "rb") as f:
        return tomllib.load(f)["tool"]["polis_nb"]["compiled"]["modules"]


def _is_extension(name: str) -> bool:
    return str(importlib.import_module(name).__file__).endswith(tuple(EXTENSION_SUFFIXES))


def test_compiled_says_which_kernel_runs():
    names = _compiled_names()
    assert "polis_nb.rules.engine" in names and "polis_nb.rules.state" in names
    kinds = {name: _is_extension(name) for name in names}
    assert len(set(kinds.values())) == 1, kinds  # all compiled or none
    assert pn.COMPILED is state.COMPILED is kinds["polis_nb.rules.engine"]
    assert pn.COMPILED is (os.environ.get("POLIS_NB_EXPECT_COMPILED") == "1")


def test_the_boundary_stays_python():
    """The modules that check outside input word their own TypeErrors, so they are not compiled (a
    compiled function checks its declared argument types itself, in other words)."""
    for name in ("polis_nb.rules.editor", "polis_nb.rules.notation", "polis_nb.rules.statefields"):
        assert name not in _compiled_names()
        assert not _is_extension(name)
