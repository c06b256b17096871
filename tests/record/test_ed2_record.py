"""Records of second-edition games: the same file formats, turn labels named after the Ed2 rounds."""
import random

import polis_nb as pn
from polis_nb.analysis import sensible_policy


def _played(seed: int, decisions: int = 5000) -> pn.Game:
    g = pn.Game(edition="ed2", seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        s = g.state
        if s.is_terminal:
            break
        g.play(str(pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng)))
    return g


def test_ed2_game_round_trips_through_text_and_json():
    g = _played(5)
    assert g.state.is_terminal
    text = g.to_text()
    assert '[Edition "ed2"]' in text and "alpha.S1." in text and "alpha.A1." in text
    back = pn.Game.from_text(text, strict=True)
    assert back.same_record(g)
    assert pn.Game.from_json(g.to_json()).same_record(g)
    assert back.replay() == []


def test_ed2_record_replays_to_the_same_final_position():
    g = _played(8)
    back = pn.Game.from_text(g.to_text(), strict=True)
    back.goto(back.line()[-1])
    assert back.state == g.state and back.state.to_notation() == g.state.to_notation()


def test_ed2_variation_and_comment_survive_a_save(tmp_path):
    g = _played(3, decisions=40)
    g.undo()
    while not (g.state.pending.kind == "turn" and pn.Action("pass", ()) in pn.legal_actions(g.state)
               and g.node.next().action != pn.Action("pass", ())):
        g.undo()  # back to a turn where this side could have passed instead
    g.branch("waiting").play("pass")
    g.comment("what if this side had waited?")
    path = tmp_path / "ed2.polis"
    g.save(path)
    back = pn.Game.load(path, strict=True)
    assert back.same_record(g)
    assert back.headers["Edition"] == "ed2"
    assert "what if this side had waited?" in back.to_text() and "waiting" in back.to_text()
