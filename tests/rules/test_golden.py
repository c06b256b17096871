"""Golden playthroughs replay line by line (regenerate: python -m polis_nb.analysis.playthrough tests/golden)."""
import difflib
import pathlib

import pytest

from polis_nb.analysis.playthrough import GOLDEN, filename, playthrough

FOLDER = pathlib.Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize("edition,seed,policy", GOLDEN)
def test_golden_playthrough(edition, seed, policy):
    path = FOLDER / filename(edition, seed, policy)
    expected = path.read_text(encoding="utf-8").splitlines()
    got = playthrough(edition, seed, policy).splitlines()
    if got != expected:
        diff = "\n".join(list(difflib.unified_diff(expected, got, "golden", "now", lineterm="", n=1))[:40])
        pytest.fail(f"{path.name} differs (regenerate if the change is intended):\n{diff}")
