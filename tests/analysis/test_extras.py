"""Dask and tqdm are the ``analysis`` extra, not dependencies of the kernel: ``import polis_nb`` imports
neither, and a run that needs one that is missing says how to install it."""
from __future__ import annotations

import subprocess
import sys

import pytest

from polis_nb.analysis import cluster
from polis_nb.analysis.cluster import INSTALL_ANALYSIS, run_tasks

EXTRA = r"polis_nb\[analysis\]"


def test_importing_polis_nb_imports_no_dask_and_no_tqdm():
    code = ("import sys, polis_nb, polis_nb.analysis; "
            "print(sorted(m for m in ('dask', 'distributed', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _square(x):
    return x * x


def test_a_progress_bar_without_tqdm_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(ImportError, match=f"progress=True needs tqdm.*{EXTRA}"):
        run_tasks(_square, [(1,), (2,)], progress=True)
    assert run_tasks(_square, [(1,), (2,)]) == [1, 4]  # no bar asked: no tqdm needed


def test_a_scheduler_address_without_dask_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=f"needs distributed.*{EXTRA}"):
        run_tasks(_square, [(1,), (2,)], client="tcp://127.0.0.1:1")
    assert "polis_nb[analysis]" in INSTALL_ANALYSIS and "pip install" in INSTALL_ANALYSIS


def test_a_review_shows_its_progress_without_tqdm_or_dask(monkeypatch, capsys):
    """The review's progress (a line here, a bar in a notebook) and its worker processes need neither
    extra: a JupyterLab install without them reviews with progress on both cores."""
    from .test_review_job import sensible_game

    for name in ("tqdm", "tqdm.auto", "distributed", "dask"):
        monkeypatch.setitem(sys.modules, name, None)
    g = sensible_game()
    r = g.review(budget=2, seed=1, workers=2, progress=True)
    out = capsys.readouterr().out
    assert len(r.decisions) == 29 and out.split("\r")[-1].rstrip() == "Reviewed 29 decisions."
    assert cluster.extra("random", "a test").Random  # what is installed is simply imported
