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


def test_demo_language_flag_narrates_in_that_language(capsys, monkeypatch):
    """``--language pl`` makes Polish the current language for the whole run (the language set for the
    process is left alone); by default the current language (POLIS_LANG, the locale), else English."""
    import polis_nb as pn
    from polis_nb import demo

    seen: list[str] = []
    policy = demo.sensible_policy
    monkeypatch.setattr(demo, "sensible_policy", lambda s, rng: seen.append(pn.get_language()) or policy(s, rng))
    before = pn.get_language()
    assert main(["--seed", "7", "--quiet", "--language", "pl"]) == 0
    assert seen and set(seen) == {"pl"} and pn.get_language() == before
    seen.clear()
    with pn.language("de"):
        assert main(["--seed", "7", "--quiet"]) == 0
    assert set(seen) == {"de"}
    capsys.readouterr()


def test_demo_refuses_a_language_without_words(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--language", "fr"])
    assert stop.value.code == 2
    assert "invalid choice: 'fr' (choose from 'en', 'de', 'pl')" in capsys.readouterr().err


def test_demo_narrates_in_polish(capsys):
    import polis_nb as pn

    assert main(["--seed", "7", "--language", "pl"]) == 0
    out = capsys.readouterr().out
    first = pn.new_game("ed1", seed=7).log[0]
    assert first.words("pl") in out and first.text not in out
