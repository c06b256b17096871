"""The terminal demo (`polis-demo`) narrates a seeded game of either edition to its end."""
import pytest

from polis_nb.demo import main


@pytest.mark.parametrize("edition,first_round", [("ed1", "Round 3 begins"), ("ed2", "Round Alpha (Λ) begins")])
def test_demo_narrates_a_whole_game(capsys, edition, first_round):
    assert main(["--seed", "7", "--edition", edition]) == 0
    out = capsys.readouterr().out
    assert first_round in out
    assert ("wins" in out or "Shared result" in out) and out.count("\n") > 20


def test_demo_quiet_prints_only_the_end(capsys):
    assert main(["--seed", "7", "--edition", "ed2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "begins" not in out and "Polis (ed2)" in out
