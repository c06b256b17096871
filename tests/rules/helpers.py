"""Small shared helpers for the per-rule tests (keep this module small and stable; only add to it)."""
from __future__ import annotations

import pytest

import polis_nb as pn


def play(s: pn.State, *texts: str) -> pn.State:
    """Apply each decision text in order (checked) and return the final state."""
    for t in texts:
        s = pn.apply(s, t)
    return s


def rule_ids(s: pn.State) -> set[str]:
    """Every rule id cited by the log of the decision that made ``s``."""
    return {r for e in s.log for r in e.rules}


def play_ids(s: pn.State, *texts: str) -> tuple[pn.State, set[str]]:
    """Like :func:`play`, but also return every rule id cited along the way."""
    ids: set[str] = set()
    for t in texts:
        s = pn.apply(s, t)
        ids |= rule_ids(s)
    return s, ids


def refused(s: pn.State, text: str) -> pn.Explanation:
    """Assert that ``text`` is illegal in ``s`` and leaves ``s`` unchanged; return the explanation."""
    before = s.to_dict()
    with pytest.raises(pn.IllegalActionError) as err:
        pn.apply(s, text)
    assert s.to_dict() == before
    e = err.value.explanation
    assert not e.legal
    return e


def refused_for(s: pn.State, text: str, *rules: str) -> pn.Explanation:
    """:func:`refused`, plus: ``pn.explain`` agrees and every one of ``rules`` is cited."""
    e = refused(s, text)
    x = pn.explain(s, text)
    assert not x.legal and x.rule_ids == e.rule_ids, (x, e)
    missing = [r for r in rules if r not in e.rule_ids]
    assert not missing, f"{text!r}: {missing} not cited by: {e}"
    return e
