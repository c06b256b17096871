"""Task functions for tests/analysis/test_cluster.py (module-level: they travel to Dask workers by
name, so the workers import this module)."""
from __future__ import annotations

from polis_nb.analysis.cluster import task_rng

SLOW_DRAWS = 3_000_000  # about 0.3 s of CPU on one core of the test machine


def draw(seed: int, index: int) -> float:
    """A quick seeded task."""
    return task_rng("test", seed, index).random()


def slow_draw(seed: int, index: int, draws: int = SLOW_DRAWS) -> float:
    """A seeded task that keeps one core busy for a while (a sum of ``draws`` seeded draws)."""
    r = task_rng("test-slow", seed, index)
    return sum(r.random() for _ in range(draws))

