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


def test_values_pickle_and_copy_alike_in_both_kernels():
    """States, their parts, choices, explanations and component data pickle and copy by their fields
    (``data.types.picklable``): worker processes and Dask receive them pickled, and a compiled class
    cannot be rebuilt by pickle's default way."""
    import copy
    import pickle
    import random

    from polis_nb.analysis import sensible_policy
    from polis_nb.rules import topology_of

    seen_battle = False
    for seed in range(10):  # seeded games of the playout policy until one has had a battle (seed 1 has)
        rng = random.Random(seed)
        s = pn.new_game("ed2", seed=seed)
        while not s.is_terminal:
            for x in (s, s.pending, *s.log, s.battle, s.outcome, pn.legal_actions(s)[0]):
                if x is not None:
                    assert pickle.loads(pickle.dumps(x)) == x and copy.deepcopy(x) == x and copy.copy(x) == x, x
            seen_battle = seen_battle or s.battle is not None
            s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
        assert pickle.loads(pickle.dumps(s.outcome)) == s.outcome
        if seen_battle:
            break
    assert seen_battle
    e = pn.explain(s, "pass")
    comp = topology_of(s).comp
    for x in (e, e.rules[0] if e.rules else pn.RULES["turn.pass"], comp.markets[0].offers[0], comp.events[0]):
        assert pickle.loads(pickle.dumps(x)) == x
    t = pickle.loads(pickle.dumps(s))
    assert t.log == s.log and t.to_notation() == s.to_notation()
