"""What a notebook prints speaks in words (issue 23 item 2): the reprs, ``str()`` and ``_repr_html_()``
of analyses, record nodes, games, turns, commentary and comparisons, and every checker text of the
lessons, hold no action notation and no rule ids (the detector is tests/wordscan.py). Scanned: every
node of the tutorials' saved records, every choice at every shipped puzzle position and its solution,
analyses of a position of each kind of decision in a tutorial record and of each puzzle theme, and
each exercise's check on a missing, a wrong and a right answer, and every output stored in the teaching
tutorial (notebook 15), which nbval compares with a fresh run."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

import polis_nb as pn
from polis_nb.lessons import EXERCISES, GameReader, start, verdict
from polis_nb.record.compare import Comparison

from .test_lessons import SHORT, SOLVED, WORKSHEET_CASES, worksheet_answer
from .wordscan import assert_words

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
GAMES = sorted((TUTORIALS / "games").glob("*.polis"))
#: tutorials whose every stored output (printed text, reprs, HTML, pictures) must be words: the teaching notebook,
#: whose output a teacher copies into what a class reads
IN_WORDS = ["15-teaching.ipynb"]
BUDGET = 16  # playouts per analysis: enough for a table, a line and endings
#: how much of each tutorial record a scan covers at least: nodes, commentary entries, and the kinds of
#: decision analysed (the long annotated game of notebooks 11 and 12; the short game a student handed in,
#: notebook 15)
LEAST = {
    "annotated-2291.polis": (300, 300, {"turn", "move-from", "battle-attack", "tribute-rows", "trade-offer", "grow",
                                        "phoros"}),
    "student-2.polis": (60, 60, {"turn", "tribute-rows", "trade-offer", "proxenos-dest", "feed", "phoros"}),
}


@pytest.fixture(scope="module", params=GAMES, ids=[p.name for p in GAMES])
def record(request):
    return pn.Game.load(request.param)


@pytest.fixture
def least(request):
    """The :data:`LEAST` row of the record the test runs on."""
    return LEAST[request.node.callspec.params["record"].name]


def test_every_tutorial_record_has_its_least_coverage():
    assert {p.name for p in GAMES} == set(LEAST)


def _analysis_shown(a, what: str) -> None:
    for form, text, html in (("repr", repr(a), False), ("str", str(a), False), ("html", a._repr_html_(), True)):
        assert_words(text, f"{what} ({form})", html=html)


# --- record nodes, games, turns, commentary ---------------------------------------------------------
def test_every_node_of_the_tutorial_records_prints_in_words(record, least):
    nodes = list(record.root.walk())
    assert len(nodes) > least[0]
    for n in nodes:
        assert_words(repr(n), f"node {n.number}")
    assert repr(nodes[-1]).startswith(f"<Node {nodes[-1].number} · ")


def test_the_tutorial_records_game_turns_and_commentary_print_in_words(record, least):
    record.goto(record.root.end())
    for form, text, html in (("repr", repr(record), False), ("str", str(record), False),
                             ("html", record._repr_html_(), True),
                             ("turns", repr(record.turns(every_step=True)), False)):
        assert_words(text, f"game ({form})", html=html)
    commentary = record.commentary()
    assert len(commentary.entries) > least[1]
    for form, text, html in (("str", str(commentary), False), ("markdown", commentary._repr_markdown_(), False),
                             ("html", commentary._repr_html_(), True), ("last turn", str(record.last_turn()), False)):
        assert_words(text, f"commentary ({form})", html=html)


def test_every_choice_at_every_puzzle_position_prints_in_words():
    puzzles = pn.puzzles()
    assert len(puzzles) > 50
    kinds = set()
    for p in puzzles:
        g = pn.Game.from_state(p.state(), settle=False)
        for a in pn.legal_actions(g.root.state):
            assert_words(repr(g.root.add_variation(a)), f"puzzle {p.id}, choice {a}")
            kinds.add(a.kind)
        node = g.root
        for step in p.solution:
            node = node.add_variation(pn.parse_action(node.state, step.action))
            assert_words(repr(node), f"puzzle {p.id}, solution")
    assert len(kinds) >= 8  # the choices of many kinds of decision


# --- analyses ---------------------------------------------------------------------------------------
def test_analyses_of_each_kind_of_decision_print_in_words(record, least):
    seen = set()
    for n in record.root.end().path():
        s = n.parent.state
        if s.is_chance or s.pending.kind in seen or len(pn.legal_actions(s)) < 2:
            continue
        seen.add(s.pending.kind)
        _analysis_shown(pn.analyse(s, budget=BUDGET, seed=1), f"analysis at a {s.pending.kind} decision")
    assert least[2] <= seen


def test_analyses_of_each_puzzle_theme_print_in_words():
    first = {}
    for p in pn.puzzles():
        first.setdefault((p.edition, p.themes[0]), p)
    assert len(first) >= 10
    for (edition, theme), p in sorted(first.items()):
        a = pn.analyse(p.state(), budget=BUDGET, seed=1)
        assert a.proven is not None or any(c.proven for c in a.choices)  # proven reasons are scanned too
        _analysis_shown(a, f"analysis of the {edition} {theme} puzzle {p.id}")


def test_analyses_of_a_chance_step_and_of_a_finished_game_print_in_words(record):
    _analysis_shown(pn.analyse(pn.new_game("ed1", seed=4), budget=BUDGET, seed=1), "analysis at a chance step")
    done = pn.analyse(record.root.end().state)
    assert done.player == "terminal"
    _analysis_shown(done, "analysis of a finished game")


def test_a_comparison_with_evaluations_prints_in_words(record):
    line = record.root.end().path()
    k = min(120, len(line) - 2)
    c = Comparison(line[k].state, line[k + 1].state, evaluate={"budget": BUDGET, "seed": 1})
    for form, text, html in (("str", str(c), False), ("html", c._repr_html_(), True)):
        assert_words(text, f"comparison ({form})", html=html)
    assert "best choice: " in str(c)


# --- the lessons' checker texts ---------------------------------------------------------------------
def _judged(ex_id: str, answer):
    if ex_id == "10-feeding":  # played in a record
        g = start(ex_id)
        if answer:
            g.play(answer)
        answer = g
    return verdict(ex_id, answer)


CHECKS = ([(e, "", "missing") for e in sorted(SOLVED) + ["10-feeding"]]
          + [(e, a, "wrong") for e, a, _ in SHORT] + [(e, a, "right") for e, a in sorted(SOLVED.items())]
          # a decision the rules refuse (a refusal of mistyped notation, e.g. 'to atlantis', is answered with the
          # kernel's help on what to type, which names decisions as they are typed)
          + [("04-temple", "project; tile zeus; polis sparta; pay", "refused"),
             ("09-sure-loss", "play phalanx:advance cavalry:hold", "refused")])


@pytest.mark.parametrize("ex_id,answer,how", CHECKS, ids=[f"{e}:{h}:{a[:24]}" for e, a, h in CHECKS])
def test_checker_texts_are_in_words(ex_id, answer, how):
    v = _judged(ex_id, answer)
    assert v.solved == (how == "right"), v.text
    assert_words(v.text, f"{ex_id} on a {how} answer")
    assert_words(repr(v), f"{ex_id} verdict repr")


def test_checker_texts_of_the_exercises_on_records_are_in_words():
    g = pn.Game.load(next(p for p in GAMES if p.name == "annotated-2291.polis"))  # notebook 11's game
    reader = GameReader(g)
    growth = reader.find("grow gytheion", "5b").parent.state
    grown = pn.apply(pn.apply(pn.apply(pn.apply(growth, "grow sparta"), "grow sparta"), "grow sparta"), "grow gytheion")
    for answer, solved in ((growth, False), (pn.apply(growth, "grow gytheion"), False), (grown, True)):
        v = verdict("11-last-growth", answer, start=growth)
        assert v.solved == solved
        assert_words(v.text, "11-last-growth")
    partial = pn.Game(seed=1)
    partial.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
    for answer in ("", partial):
        assert_words(verdict("12-annotate", answer).text, "12-annotate")


def test_every_exercise_is_described_in_words():
    for ex in EXERCISES.values():
        assert_words(str(ex), f"exercise {ex.id}")


def test_the_puzzle_exercise_texts_are_in_words():
    ex = start("14-puzzle")
    for answer in ["", *[str(a) for a in pn.legal_actions(ex)]]:
        assert_words(verdict("14-puzzle", answer).text, "14-puzzle")


@pytest.mark.parametrize("how", sorted(WORKSHEET_CASES))
def test_the_worksheet_exercise_texts_are_in_words(how, tmp_path):
    v = verdict("15-worksheet", worksheet_answer(tmp_path, how))
    assert_words(v.text, f"15-worksheet ({how})")


# --- a tutorial's stored outputs --------------------------------------------------------------------
@pytest.mark.parametrize("name", IN_WORDS)
def test_every_output_of_the_tutorial_is_in_words(name):
    nb = nbformat.read(TUTORIALS / name, as_version=4)
    scanned = set()
    for k, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if o.output_type == "stream":
                assert_words(o.text, f"{name} cell {k} (printed)")
                scanned.add("printed")
            for mime, html in (("text/plain", False), ("text/html", True), ("image/svg+xml", True)):
                if mime in o.get("data", {}):
                    assert_words(o.data[mime], f"{name} cell {k} ({mime})", html=html, attributes=("aria-label",))
                    scanned.add(mime)
    assert scanned == {"printed", "text/plain", "text/html", "image/svg+xml"}, scanned
