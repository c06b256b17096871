"""A bot you can watch (issue 17, item 6): the bot's reply named in words above the map and marked on
it; "thinking…" in the background with Cancel, stale replies thrown away; the end of the game (the
score in words, save, rematch, the review in the Board) and the review chart in the Viewer."""
from __future__ import annotations

import random
import re
import threading

import pytest

import polis_nb as pn
from polis_nb.render.playview import game_over_view, group_steps, reply_view
from polis_nb.rules.scoring import final_outcome
from polis_nb.widgets import Board, Viewer
from polis_nb.widgets.panels import review as board_module  # the review panel holds REVIEW_BUDGET, ReviewJob
from polis_nb.widgets.opponent import Opponent, last_reply

from .helpers import send

# notation that must never reach the screen (as in tests/browser/test_learner_view.py)
RAW = re.compile(r"\b[a-z]+(?:-[a-z]+)?:[a-z0-9]+\b|\[%|\b1 cubes\b")


def steps_of(g: pn.Game, start) -> list:
    """The record's steps after node ``start`` up to the current node."""
    path = g.node.path()
    k = next(i for i, n in enumerate(path) if n is start) if start is not g.root else -1
    return [(n.parent.state, n.action, n.state) for n in path[k + 1:]]


def finished_game(seed: int = 4, back: int = 12) -> pn.Game:
    """A short record that ends: the last ``back`` positions of a seeded game of random choices (the
    kernel's own: no bot, so the record stays the same while the bots improve)."""
    rng = random.Random(seed)
    s, states = pn.settle(pn.new_game(seed=seed)), []
    while not s.is_terminal:
        states.append(s)
        s = pn.settle(pn.apply(s, rng.choice(pn.legal_actions(s))))
    g = pn.Game.from_state(states[-back])
    rng = random.Random(seed + 1)
    while not g.state.is_terminal:
        g.play(rng.choice(pn.legal_actions(g.state)))
    return g


def scored_game() -> pn.Game:
    """A record whose game ended on the score (a position of seed 3 scored as if the last round ended)."""
    s = pn.settle(pn.new_game(seed=3))
    return pn.Game.from_state(s.evolve(outcome=final_outcome(s), phase="over"))


class Scripted:
    """A bot that plays given decisions, in order, then the first legal choice (the reply's words do
    not hang on a bot's taste)."""

    def __init__(self, text: str):
        self.moves = [x.strip() for x in text.split(";") if x.strip()]

    def choose(self, s, rng):
        return pn.parse_action(s, self.moves.pop(0)) if self.moves else pn.legal_actions(s)[0]


def scripted(text: str = "", side: str = "athens") -> Opponent:
    opp = Opponent("sensible", side)
    opp.bot = Scripted(text)
    return opp


def slow_search(side: str = "athens") -> Opponent:
    """A search bot that would think for minutes: only Cancel or a discarded reply ends it early."""
    return Opponent("search", side, iterations=(10**5, 10**5), seconds=None)


def held(opp: Opponent, gate: threading.Event) -> Opponent:
    """``opp``, whose reply is ready only once ``gate`` is set (or after 30 s)."""
    plan_of = opp.plan

    def plan(s, cancel=None, limit=2000):
        gate.wait(30)
        return plan_of(s, cancel, limit)

    opp.plan = plan  # type: ignore[method-assign]
    return opp


# --- the reply in words and on the map ---------------------------------------------------------------

def test_the_bots_reply_is_named_above_the_map_and_marked_on_it():
    g = pn.Game(seed=3)  # Sparta starts: the bot answers before the user's first decision
    b = Board(g, opponent=scripted("tribute; rows metal:1,silver:2; train; pay metal"))
    r = b.view["reply"]
    assert r["side"] == "sparta" and r["title"] == "Sparta's reply"
    texts = [s["text"] for s in r["sentences"]]
    assert texts == ["Round 3 begins: Theatre with Episkenion, Phidias and Festival of Demeter go on display; "
                     "the event is Xerxes is Assassinated.",
                     "Sparta demanded tribute from Lakedaimon and got 1 metal and 3 silver.",
                     "Sparta trained 1 hoplite in Pylos, paying 1 metal."]
    assert [s["side"] for s in r["sentences"]] == [None, "sparta", "sparta"]
    assert r["marks"] == [{"kind": "highlight", "targets": ["lakedaimon"], "colour": "red"},
                          {"kind": "highlight", "targets": ["pylos"], "colour": "red"}]
    marks = dict(b.view["svg_layers"])["marks"]  # Python decides the marks; the browser only draws them
    assert marks.count('data-colour="red"') == 2 and "Lakedaimon" in marks and "Pylos" in marks
    assert any("Lakedaimon pays Sparta" in e["text"] and e["cite"] for e in r["details"])  # every step, cited
    assert not any(RAW.search(t) for t in texts)
    # the reply stays until the bot answers again, while the user takes an action in several steps
    send(b, kind="choose", action="hoplites")
    assert b.view["reply"]["sentences"] == r["sentences"]
    assert "athens against the sensible bot" in repr(b)  # (its decisions scripted here)


def test_a_move_and_a_siege_in_one_sentence_each_with_an_arrow():
    g = pn.Game(seed=3)
    start = g.node
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
    g.play("siege; polis argos")
    r = reply_view(steps_of(g, start), "sparta")
    texts = [s["text"] for s in r["sentences"]]
    assert texts[0] == "Sparta moved 3 hoplites from Lakedaimon to Arkadia."
    assert re.fullmatch(r"Sparta besieged Argos: the siege die showed \d — (Sparta took it|the siege failed)\.",
                        texts[1])
    assert {"kind": "arrow", "targets": ["lakedaimon", "arkadia"], "colour": "red"} in r["marks"]
    assert {"kind": "highlight", "targets": ["argos"], "colour": "red"} in r["marks"]
    assert [gr.kind for gr in group_steps(steps_of(g, start))] == ["hoplites", "siege"]


def test_the_die_of_the_users_own_siege_is_not_the_bots_reply():
    """Athens besieges Samos, the die decides, then Sparta answers: the die resolved Athens' own move,
    so it is said apart ("before", shown with the user's move), never as Sparta's reply."""
    rng = random.Random(25)
    g = pn.Game(seed=25)
    while g.state.ply < 42:  # a seeded game of random choices, up to Athens choosing the polis to besiege
        g.play(rng.choice(pn.legal_actions(g.state)))
    assert [str(a) for a in pn.legal_actions(g.state)] == ["polis samos"] and g.state.current_player == "athens"
    b = Board(g, opponent=scripted(), threaded=False)
    send(b, kind="choose", action="polis samos")
    r = b.view["reply"]
    assert r["title"] == "Sparta's reply"
    assert r["before"] == [{"text": "Siege of Samos fails (die 1 < fortification 3): Athens loses a hoplite in Ionia.",
                            "side": None}]
    assert r["sentences"] and all(s["side"] == "sparta" and s["text"].startswith("Sparta ") for s in r["sentences"])
    assert not any("Samos" in s["text"] or "die" in s["text"] for s in r["sentences"])
    assert any("Siege of Samos fails" in e["text"] for e in r["details"])  # every step, in the details


def test_a_reply_of_athens_is_athens_reply_never_athenss():
    b = Board(pn.Game(seed=3), opponent=scripted(side="sparta"), threaded=False)  # the user plays Sparta
    send(b, kind="choose", action="pass")
    assert b.view["reply"]["title"] == "Athens' reply"


def test_the_search_bots_reply_in_the_view_model():
    g = pn.Game(seed=3)
    opp = Opponent("search", "athens", iterations=(16, 8), seconds=None)
    b = Board(g, opponent=opp, threaded=False)
    assert b.state.current_player == "athens" and b.view["thinking"] is None
    r = b.view["reply"]
    assert r["side"] == "sparta" and len(r["sentences"]) >= 2 and r["marks"]
    assert all(s["text"].startswith(("Sparta ", "Round ")) and s["text"].endswith(".") for s in r["sentences"])
    again = Board(pn.Game(seed=3), opponent=Opponent("search", "athens", iterations=(16, 8), seconds=None),
                  threaded=False)
    assert again.view["reply"]["sentences"] == r["sentences"]  # iteration budgets: the same reply every time
    steps, end = last_reply(b.node, "athens")
    assert end is b.node and steps[-1][2] == b.state


def test_a_time_cap_shortens_a_long_reply_but_it_stays_legal():
    s = pn.settle(pn.new_game(seed=3))
    plan = Opponent("search", "athens", seconds=1e-9).plan(s)
    assert plan.capped and plan.decisions and plan.end.current_player == "athens"
    assert Opponent("search", "athens", iterations=(16, 8), seconds=None).plan(s).capped is False


# --- thinking in the background, cancel, stale replies ----------------------------------------------

def test_thinking_is_shown_and_cancel_plays_the_best_choice_found_so_far():
    g = pn.Game(seed=3)
    b = Board(g, opponent=slow_search())  # the search bot thinks in the background by default
    try:
        assert b.thinking and b.view["thinking"] == {"side": "sparta", "text": "Sparta is thinking…",
                                                     "cancelling": False}
        assert b.view["prompt"] == "Sparta is thinking…" and b.view["buttons"] == [] and b.view["targets"] == {}
        assert "Sparta is thinking" in repr(b)
        before = b.node
        send(b, kind="choose", action="pass")  # the user's clicks are answered at once: not now
        assert b.view["note"] == "Refused: Sparta is thinking: wait for its answer, or press Cancel"
        assert b.node is before
        send(b, kind="cancel")
        assert b.view["thinking"]["cancelling"] and b.view["note"].startswith("Cancelled:")
        assert b.wait(60)
    finally:
        b._opp_panel.stop()
    assert not b.thinking and b.state.current_player == "athens"
    assert b.view["note"] == "You cancelled the search: Sparta played the best choices it had found so far."
    r = b.view["reply"]
    assert r["cut_short"] and "cut short" in r["title"] and r["sentences"]
    send(b, kind="cancel")  # nothing left to cancel
    assert b.view["note"] == "Refused: nothing to cancel, the bot has already answered."


def test_undo_while_the_bot_thinks_throws_its_reply_away():
    g = pn.Game(seed=3)
    b = Board(g, opponent=scripted())  # the quick opening reply
    mine = b.node
    gate = threading.Event()
    b._opp_panel.opp = held(scripted(), gate)
    b._threaded = True
    send(b, kind="choose", action="pass")
    job = b._opp_panel.job
    assert b.thinking and job is not None
    decided = b.node
    send(b, kind="undo")
    assert not b.thinking and b.node is mine and job.cancel.is_set()
    gate.set()  # the reply arrives late
    job.thread.join(30)
    assert not job.thread.is_alive()
    assert decided.variations == [] and b.node is mine  # the late reply was not played anywhere
    assert b.view["thinking"] is None and b.view["prompt"].startswith("Athens:")


def test_a_reply_for_a_position_no_longer_shown_is_discarded():
    g = pn.Game(seed=3)
    gate = threading.Event()
    gate.set()
    b = Board(g, opponent=held(scripted(), gate), threaded=True)
    assert b.wait(30)  # the bot's opening reply, in the background too
    mine = b.node
    gate.clear()  # from now on the bot finishes only when the test says so
    send(b, kind="choose", action="pass")
    job = b._opp_panel.job
    assert job is not None
    b.goto(mine)  # Python moves the board: the position searched is gone
    gate.set()
    job.thread.join(30)
    assert b.node is mine and not b.thinking
    assert all(not n.variations for n in mine.variations)  # "pass" is in the record, no reply after it
    # a new game while the bot thinks drops the reply too
    gate.clear()
    send(b, kind="choose", action="pass")
    job = b._opp_panel.job
    send(b, kind="rematch")
    gate.set()
    job.thread.join(30)
    assert b.game is not g and b.game.seed == 4 and b.wait(30)
    assert b.state.current_player == "athens"


# --- the end of the game -------------------------------------------------------------------------------

def test_game_over_panel_gives_the_score_in_words():
    g = scored_game()
    b = Board(g, opponent="sensible", side="athens")
    o = b.view["game_over"]
    out = g.state.outcome
    assert o["winner"] == out.winner and not o["sudden"]
    totals = [r["total"] for r in o["scores"]]
    assert tuple(totals) == out.scores
    assert all(r["cubes"] + r["prestige"] + r["projects"] == r["total"] for r in o["scores"])
    a, s = o["scores"]
    assert o["text"] == (f"{o['title']}, {out.scores[0]} to {out.scores[1]} (Athens to Sparta): {out.reason}. "
                         f"Athens: {a['cubes']} cubes in its poleis, {a['prestige']} prestige, {a['projects']} from "
                         f"projects; Sparta: {s['cubes']} cubes, {s['prestige']} prestige, {s['projects']} from "
                         "projects.")
    # the deciding rule by id for links, and its rulebook section in words on screen (no rule id)
    assert o["rule"]["id"] == "end.score" and o["rule"]["cite"].endswith("End of the game")
    assert "end.score" not in o["rule"]["cite"]
    assert o["can_review"] and o["can_save"] and o["next_seed"] == 4 and o["reviewing"] is None
    assert not RAW.search(o["text"]) and b.view["buttons"] == []
    sudden = Board(finished_game()).view["game_over"]  # this one ends at once: how, in words
    assert sudden["sudden"] and " at once: " in sudden["text"] and sudden["rule"]["summary"]


def test_a_sudden_death_is_told_in_words():
    s = pn.settle(pn.new_game(seed=3))
    over = s.evolve(outcome=pn.Outcome("athens", None, "Sparta had no prestige after Phoros", ("end.ostracism",)),
                    phase="over")
    o = game_over_view(over)
    assert o["sudden"] and o["text"] == ("Athens wins at once: Sparta had no prestige after Phoros — Sparta loses "
                                         "the game before its end.")
    assert o["rule"]["summary"] == pn.RULES["end.ostracism"].summary


def test_save_never_overwrites(tmp_path):
    g = finished_game()
    b = Board(g, save_dir=tmp_path)
    (tmp_path / "game-4.polis").write_text("mine\n")
    send(b, kind="save")
    first = tmp_path / "game-4-2.polis"
    assert b.view["note"] == f"Saved the game to {first.resolve()}." and b.view["game_over"]["saved"] == str(first)
    send(b, kind="save")
    assert (tmp_path / "game-4-3.polis").exists()
    assert (tmp_path / "game-4.polis").read_text() == "mine\n"
    assert pn.Game.load(first).same_record(g)
    on_state = Board(g.state, save_dir=tmp_path)
    send(on_state, kind="save")
    assert on_state.view["note"].startswith("Refused: a Board on a position has no record to save")


def test_rematch_is_a_new_game_with_the_same_bot_and_side():
    g = finished_game()
    b = Board(g, opponent="sensible", side="sparta")
    send(b, kind="rematch")
    assert b.game is not g and b.game.seed == 5 and b.game.headers["Seed"] == "5"
    assert b.opponent.bot_name == "sensible" and b.opponent.user == "sparta"
    assert b.view["note"] == "A new game, seed 5 against the sensible bot; you play Sparta. board.game is its record."
    assert b.view["game_over"] is None and b.state.current_player == "sparta"  # the user's turn (bot answered)
    assert b.game.node.path()[0].parent is b.game.root


def test_review_in_the_board_and_its_chart_opens_a_decision(monkeypatch):
    monkeypatch.setattr(board_module, "REVIEW_BUDGET", 8)
    g = finished_game()
    b = Board(g, opponent="sensible", side="athens", threaded=False)
    end = b.node
    send(b, kind="review")
    rv = b.view["review"]
    assert rv is not None and not b.view["game_over"]["can_review"]
    assert [s["name"] for s in rv["summary"]] == ["Athens", "Sparta"]
    assert sum(s["decisions"] for s in rv["summary"]) == len(rv["nodes"]) >= 5
    assert all(f["glyph"] in ("?!", "?", "??") for f in rv["flagged"])
    assert rv["chart"].startswith("<svg") and all(f'data-node="{n}"' in rv["chart"] for n in rv["nodes"])
    assert not any(RAW.search(f["words"] + f["text"] + f["better"]) for f in rv["flagged"])
    assert g.review_result() is not None  # the record holds the review: Viewer(g) shows it
    target = rv["nodes"][len(rv["nodes"]) // 2]
    send(b, kind="chart", node=target)
    focus = b.view["review"]["focus"]
    assert focus["node"] == target and b.node is not end
    assert b.node.variations and any(f"n{k}" == target for k, n in enumerate(g.root.walk()) if n.parent is b.node)
    assert b.view["review"]["at_end"] is False and b.view["reply"] is None
    assert not RAW.search(focus["words"] + focus["text"] + focus["better"])
    send(b, kind="chart", node="n999999")
    assert b.view["note"].startswith("Refused: n999999 is no decision of the review (its chart has")
    send(b, kind="review-end")
    assert b.node is end and b.view["review"]["at_end"]


# --- the Viewer: the review chart jumps to its decision --------------------------------------------

def test_viewer_chart_goes_to_the_decision_and_refuses_unknown_ids():
    g = finished_game()
    g.review(budget=8, seed=1)
    g.goto(g.root)
    v = Viewer(g)
    rv = v.view["review"]
    assert rv["nodes"] and 'class="pn-review-point" data-node="n' in rv["chart"]
    assert rv["flagged"], "this record has marked decisions (random play blunders)"
    flagged = rv["flagged"][-1]
    send(v, kind="chart", node=flagged["node"])
    assert v.view["current"] == flagged["node"] and v.view["node"]["num"] == flagged["num"]
    assert v.view["review"]["focus"]["node"] == flagged["node"]
    row = next(r for r in v.view["rows"] if r.get("id") == flagged["node"])
    assert row["glyphs"] == flagged["glyph"]  # the glyph stands in the record list
    for bad, why in (("n999999", "is no decision of the review"), ("n0", "is no decision of the review"),
                     ("x12", "is not a node id like 'n12'")):
        send(v, kind="chart", node=bad)
        assert v.view["board"]["note"].startswith("Refused:") and why in v.view["board"]["note"], bad
        assert v.view["current"] == flagged["node"]
    plain = Viewer(pn.Game(seed=3))
    assert plain.view["review"] is None
    send(plain, kind="chart", node="n1")
    assert "holds no review" in plain.view["board"]["note"]


def test_a_review_loaded_from_a_file_shows_in_the_viewer(tmp_path):
    g = finished_game()
    g.review(budget=8, seed=1)
    g.save(tmp_path / "r.polis")
    v = Viewer(pn.Game.load(tmp_path / "r.polis"))
    assert v.view["review"]["summary"] == Viewer(g).view["review"]["summary"]


def test_opponent_refuses_bad_budgets():
    with pytest.raises(ValueError, match="iterations"):
        Opponent("search", "athens", iterations=(0, 5))
    with pytest.raises(ValueError, match="seconds"):
        Opponent("search", "athens", seconds=-1)
    with pytest.raises(TypeError, match="threaded"):
        Board(pn.Game(seed=3), threaded="yes")
