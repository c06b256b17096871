"""The exercises of polis_nb.lessons: each solution is judged "Correct — ...", each shortfall "Not yet: ..."
with a hint that never names the solution, and what counts as solved comes from the kernel (a checker
asked about another position works out that position's answer). The notebooks' use of them is tested
in ``tests/test_tutorial_solutions.py``."""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

import polis_nb as pn
from polis_nb.analysis import translate
from polis_nb.lessons import EXERCISES, GameReader, Verdict, check, fresh, start, verdict
from polis_nb.lessons.battles import answers, deal, hand, say, words
from polis_nb.render.combatview import Step
from polis_nb.rules.topology import topology_of

GAMES = Path(__file__).resolve().parents[1] / "tutorials" / "games"
CORRECT, NOT_YET = "Correct — ", "Not yet: "


def _play(s, *decisions):
    for d in decisions:
        s = pn.apply(s, d)
    return s


@pytest.fixture(scope="module")
def record():
    g = pn.Game.load(GAMES / "annotated-2291.polis")
    return g, GameReader(g, playout_seed=2291)


@pytest.fixture(scope="module")
def growth_start(record):
    _, reader = record
    return reader.find("grow gytheion", "5b").parent.state


# --- the registry ---------------------------------------------------------------------------------
def test_every_tutorial_has_an_exercise_with_a_task_and_known_rules():
    numbers = sorted({ex_id[:2] for ex_id in EXERCISES})
    assert numbers == [f"{n:02d}" for n in range(1, 16)]
    for ex in EXERCISES.values():
        assert ex.task and ex.rules, ex.id
        assert all(r in pn.RULES for r in ex.rules), (ex.id, ex.rules)
        assert str(ex).startswith(f"{ex.id}: {ex.task} (rulebook: Ed")


def test_start_is_a_fresh_copy_every_time():
    a, b = start("10-feeding"), start("10-feeding")
    a.play("feed prestige")
    assert a.state != b.state and b.state.pending.kind == "feed"
    assert start("07-trade") == start("07-trade")


def test_unknown_exercise_names_the_known_ones():
    with pytest.raises(KeyError, match="07-trade"):
        check("07-trading", "")


def test_an_exercise_from_the_notebooks_record_needs_its_start():
    with pytest.raises(ValueError, match="start="):
        start("11-last-growth")


def test_check_prints_the_verdict_and_returns_nothing():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert check("02-phoros", "phoros 2") is None
    v = verdict("02-phoros", "phoros 2")
    assert isinstance(v, Verdict) and v.solved and out.getvalue() == v.text + "\n" and str(v) == v.text


def test_something_that_is_no_answer_is_not_yet():
    v = verdict("07-trade", 42)
    assert not v.solved and v.text.startswith(NOT_YET) and "not int" in v.text


def test_a_refused_decision_is_not_yet_with_the_kernels_reason():
    v = verdict("04-temple", "project; tile zeus; polis sparta; pay")
    assert not v.solved and "silver replaces a kind of good only in full" in v.text
    assert v.text.endswith("(see Ed1 · Actions › d. Starting a new project).") and "project.cost" not in v.text
    v = verdict("01-thebai", "hoplites; to atlantis")
    assert not v.solved and v.text.startswith(NOT_YET + "that does not work here")


# --- each exercise: solutions, shortfalls, hints ----------------------------------------------------
SOLVED = {  # exercise -> an answer that solves it (as decisions from its start)
    "01-thebai": "hoplites; to boiotia; from attika; from attika",
    "02-phoros": "phoros 2",
    "03-acting-alone": "galleys +oil; polis athenai; pay wood kyklades; galleys +oil; polis chios; pay wood noties",
    "04-temple": "project; tile zeus; polis sparta; pay silver-for:wood",
    "05-galleys-in-order": "fleet; to thrakikon; from noties; from kyklades; from kyklades",
    "06-sikelia": "tribute; area sikelia; rows wine:2,wheat:2",
    "07-trade": "trade; offer aigyptos.1 exchange",
    "08-proxenos": "proxenos; polis argos by sea",
    "09-sure-loss": "play archers:shoot peltasts:hold",
    "13-free-ransom": "ransom; proxenos; polis argos by land; civilwar",
}
GIVEAWAY = {  # what a hint must never say: the decisions that solve it
    "01-thebai": ["from attika; from attika"], "02-phoros": ["phoros 2"], "03-acting-alone": ["+oil", "chios"],
    "04-temple": ["silver-for:wood"], "05-galleys-in-order": ["from noties"], "06-sikelia": ["wine:2,wheat:2"],
    "07-trade": ["aigyptos.1", "Aigyptos"], "08-proxenos": ["argos by sea"], "09-sure-loss": ["archers:shoot", "Archers"],
    "10-feeding": ["release chalkis", "Chalkis"], "11-last-growth": ["grow sparta"],
    "13-free-ransom": ["argos", "Argos"],
}
SHORT = [  # (exercise, answer, words the verdict must contain)
    ("01-thebai", "", "nothing decided yet"),
    ("01-thebai", "hoplites; to boiotia; from attika; end", "at least 3 hoplites"),
    ("01-thebai", "hoplites; to boiotia; from attika", "not finished"),
    ("02-phoros", "", "ostracised"),
    ("02-phoros", "phoros 1", "could turn more prestige into silver"),
    ("02-phoros", "phoros 3", "Sparta wins: Athens had no prestige after Phoros."),
    ("03-acting-alone", "", "Sparta has passed"),
    ("03-acting-alone", "galleys +oil; polis athenai; pay wood kyklades", "one build action uses one polis"),
    ("03-acting-alone", "galleys +wheat; polis athenai; pay wood kyklades; galleys +oil; polis chios; "
                        "pay wood noties", "gave up 1 wheat"),
    ("04-temple", "", "only for all of it"),
    ("04-temple", "project; tile zeus; polis sparta", "not finished"),
    ("05-galleys-in-order", "", "one at a time"),
    ("05-galleys-in-order", "fleet; to thrakikon; from kyklades; from kyklades", "2 of Athens' 3 galleys"),
    ("06-sikelia", "", "number under its last hoplite"),
    ("06-sikelia", "tribute; area sikelia; rows wine:3,wheat:1", "1 wheat is too little"),
    ("06-sikelia", "tribute; area sikelia; rows oil:2,wheat:2", "only 0 wine"),
    ("07-trade", "", "Persis is blocked"),
    ("07-trade", "trade; offer thrake.0 buy", "paid 3 silver"),
    ("07-trade", "trade; offer thrake.0 exchange", "only 3 wheat"),
    ("08-proxenos", "", "not in Argos"),
    ("08-proxenos", "proxenos; polis argos by land", "took 3 silver"),
    ("09-sure-loss", "", "no attack written yet"),
    ("09-sure-loss", "play phalanx:othismos cavalry:advance", "loses nothing"),
    ("10-feeding", "", "has not finished feeding"),
    ("10-feeding", "feed prestige", "ostracised"),
    ("10-feeding", "release chios; feed prestige", "keeps only 6 cubes"),
    ("13-free-ransom", "", "nothing decided yet"),
    ("13-free-ransom", "ransom; proxenos; polis argos by land", "no polis has joined"),
    ("13-free-ransom", "ransom; proxenos; polis naupaktos by land; civilwar", "would bring more"),
]


@pytest.mark.parametrize("ex_id", sorted(SOLVED))
def test_solution_is_correct(ex_id):
    v = verdict(ex_id, SOLVED[ex_id])
    assert v.solved and v.text.startswith(CORRECT), v.text


@pytest.mark.parametrize("ex_id,answer,says", SHORT, ids=[f"{e}:{a[:30]}" for e, a, _ in SHORT])
def test_shortfall_is_not_yet_with_a_hint(ex_id, answer, says):
    if ex_id == "10-feeding":  # played in a record
        g = start(ex_id)
        if answer:
            g.play(answer)
        answer = g
    v = verdict(ex_id, answer)
    assert not v.solved and v.text.startswith(NOT_YET), v.text
    assert says in v.text
    assert not any(word in v.text for word in GIVEAWAY.get(ex_id, [])), v.text


def test_the_answer_may_be_a_state_a_game_or_a_widget():
    s = _play(start("07-trade"), "trade", "offer aigyptos.1 exchange")

    class Widget:  # a Board shows its position as .state
        state = s

    for answer in (s, pn.Game.from_state(s, settle=False), Widget()):
        assert verdict("07-trade", answer).solved


def test_the_battle_answer_may_be_the_combat_widget():
    ex = start("09-sure-loss")

    class CombatLike:  # the Combat widget: its trail of positions
        def __init__(self, *decisions):
            self.trail, s = [Step(ex)], ex
            for d in decisions:
                before, s = s, pn.apply(s, d)
                self.trail.append(Step(s, pn.parse_action(before, d), before))

    assert verdict("09-sure-loss", CombatLike("play archers:shoot peltasts:hold")).solved
    assert "has not attacked in the widget" in verdict("09-sure-loss", CombatLike()).text
    assert verdict("09-sure-loss", "play peltasts:hold archers:shoot").solved  # the cards in either order


def test_feeding_names_the_release_the_kernel_finds_best():
    g = start("10-feeding")
    g.play("release chalkis; feed prestige")
    v = verdict("10-feeding", g)
    assert v.solved and "Chalkis (1 cube)" in v.text and "keeps 7 cubes" in v.text


def test_annotate_needs_a_record_with_every_annotation():
    assert "the answer is a record" in verdict("12-annotate", "").text
    g = pn.Game(seed=1)
    g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
    g.arrow("lakedaimon", "arkadia", "red")
    g.play("siege; polis argos")
    v = verdict("12-annotate", g)
    assert not v.solved and "a glyph" in v.text and "an arrow" not in v.text
    g.glyph("?!")
    g.comment("Two prestige spent on a one-in-two chance.")
    g.what_if(die=3)
    assert verdict("12-annotate", g).solved


def test_last_growth_from_the_notebooks_record(growth_start):
    grow = lambda *d: _play(growth_start, *d)  # noqa: E731
    v = verdict("11-last-growth", grow("grow sparta", "grow sparta", "grow sparta", "grow gytheion"),
                start=growth_start)
    assert v.solved and "Sparta scores 9 against 7" in v.text
    for answer, says in ((growth_start, "nothing grown"), (grow("grow gytheion"), "still a point to gain"),
                         (grow("grow sparta", "grow sparta", "grow sparta"), "still a point to gain")):
        v = verdict("11-last-growth", answer, start=growth_start)
        assert not v.solved and says in v.text and "grow sparta" not in v.text


def test_free_ransom_needs_one_turn_and_the_first_edition_could_not():
    ex = start("13-free-ransom")
    two_turns = _play(ex, "ransom", "proxenos", "polis argos by land", "train", "polis pylos", "pay iron",
                      "pass", "civilwar +wood")  # Athens passes; Sparta, alone, pays a good for the civil war
    v = verdict("13-free-ransom", two_turns)
    assert not v.solved and "more than Sparta's one turn" in v.text
    ed1 = _play(translate(ex, "ed1"), "ransom", "proxenos", "polis argos by land")
    assert ed1.current_player == "athens" and ed1.turn_actions == ()  # the ransom took one of the two actions


# --- what counts as solved comes from the kernel ----------------------------------------------------
def test_a_checker_works_out_the_answer_of_another_position():
    five = fresh(round="5a", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 5)},
                 goods={"sparta": {"wine": 0, "oil": 0, "wheat": 0}})
    assert verdict("06-sikelia", "tribute; area sikelia; rows wine:3,wheat:2", start=five).solved
    assert not verdict("06-sikelia", "tribute; area sikelia; rows wine:2,oil:1,wheat:2", start=five).solved
    rich = pn.apply(pn.position(seed=1, round="4", to_move="sparta", passed=["athens"], prestige={"athens": 5},
                                goods={"athens": {"wheat": 8, "silver": 0}, "sparta": {"wheat": 7}}), "pass")
    assert verdict("02-phoros", "phoros 4", start=rich).solved
    assert not verdict("02-phoros", "phoros 2", start=rich).solved


# --- helpers of notebooks 09 and 11 ---------------------------------------------------------------
def test_fresh_places_only_the_named_units():
    s = fresh(round="4", units={"boiotia": (2, 1)})
    b = topology_of(s)
    assert s.units[b.area_index["boiotia"]] == (2, 1)
    assert sum(a + sp for a, sp in s.units) == 3


def test_battle_helpers(capsys):
    ex = start("09-sure-loss")
    assert hand(ex, "athens") == ("2x Phalanx (Advance), Cavalry (Hold position), Mercenaries (Hold position)")
    assert words("card salpinx:ambush") == "card Salpinx (Ambush)"
    say(pn.apply(ex, "play archers:shoot peltasts:hold").log)
    answers(pn.apply(ex, "play archers:shoot peltasts:hold"))
    out = capsys.readouterr().out
    assert "Athens' answers, cheapest first" in out and "Mercenaries (Hold position)" in out
    g = pn.Game.from_state(pn.apply(ex, "play archers:shoot peltasts:hold"), settle=False)
    g.play("answer phalanx:advance mercenaries:hold", settle=False)
    g.play("fight; fight", settle=False)
    deal(g, "cavalry:advance", "peltasts:hold")
    assert [str(n.action) for n in g.node.path()[-2:]] == ["card cavalry:advance", "card peltasts:hold"]


def test_game_reader_finds_narrates_and_annotates(record, capsys):
    g, reader = record
    siege = reader.find("polis samos", "5b")
    assert reader.round_of(siege) == "5b" and str(siege.action) == "polis samos"
    reader.show(siege, count=2)
    assert "Round 5β, Athens: Besiege Samos" in capsys.readouterr().out
    copy = pn.Game.load(GAMES / "annotated-2291.polis")
    node = GameReader(copy).find("polis samos", "5b")
    GameReader(copy).note(node, "An even chance.", "!?", arrows=[("ionia", "noties")], highlight=["samos"])
    assert node.comment == "An even chance." and node.glyphs and len(node.marks) == 2
    assert 0 <= reader.playouts(reader.find("grow gytheion", "5b"), n=1) <= 1


# --- 15 · a worksheet of one question ---------------------------------------------------------------
WORKSHEET_HINT = "A row pays the number under its last hoplite. Which good does Athens have none of?"
#: the comment on the answer in the exercise's record
LATER_WORDS = "Three hoplites on one row pay the most: six silver, and no prestige spent at home."
#: the ways an answer to 15-worksheet is made (see worksheet_answer) -> words its verdict must contain
WORKSHEET_CASES = {
    "right": "Correct — one question, decision 15 (Round 3 · Athens, turn 1), with the hint",
    "not a pair": "hand in the record and the worksheet's file together, as a pair: (answer, sheet).",
    "not a record": "the first of the pair is the record (a Game from start(\"15-worksheet\")), not str.",
    "another game": "that record is not the exercise's game",
    "a decision more": "that record is not the exercise's game",
    "no question": "the record holds no question yet",
    "another decision": "the question asks for “Demand tribute”, decision 13 (Round 3 · Athens, turn 1); the "
                        "exercise asks how Athens spreads its hoplites on the tribute rows, decision 15.",
    "two questions": "the record asks 2 questions; the worksheet should ask one. Take back the other (decision 13)",
    "no hint": "the question has no hint",
    "no file": "there is no worksheet at sheet.html yet",
    "answer key": "sheet.html is the answer key: it names the answer",
    "whole game": "sheet.html is the page of the whole game, not a worksheet",
    "no page": "sheet.html is no page of polis_nb, not a worksheet",
    "written before": "it was written before the question or its hint last changed",
    "leaks": f"holds words from the answer or after it (“{LATER_WORDS}",
    "name not a path": "the second of the pair is the worksheet's file name, not int.",
}


def worksheet_answer(folder: Path, how: str):
    """An answer to 15-worksheet made the way ``how`` (a key of :data:`WORKSHEET_CASES`) says: right, or
    in one of the ways it typically goes wrong."""
    g = start("15-worksheet")
    sheet = folder / "sheet.html"
    first = g.turn("3", "athens")  # Demand tribute
    rows = first.next().next()     # the rows: the decision asked
    if how == "not a pair":
        return g
    if how == "not a record":
        return "a record", sheet
    if how == "another game":
        g = pn.Game(seed=1)
        g.play("hoplites; to arkadia; from lakedaimon; from lakedaimon; from lakedaimon")
        g.quiz(g.node, hint=WORKSHEET_HINT)
        return g, sheet
    if how == "a decision more":
        g.goto(g.root.end())
        g.play("pass")
    if how == "no question":
        return g, sheet
    if how in ("another decision", "two questions"):
        g.quiz(first, hint=WORKSHEET_HINT)
    if how != "another decision":
        g.quiz(rows, hint="" if how == "no hint" else WORKSHEET_HINT)
    if how == "no file":
        return g, sheet
    if how == "no page":
        sheet.write_text("Question 1 of 1: where do the hoplites go?", encoding="utf-8")
    elif how in ("answer key", "whole game"):
        g.to_html(sheet, worksheet=how == "answer key", answers=how == "answer key")
    else:
        g.to_html(sheet, worksheet=True)
    if how == "written before":
        g.quiz(rows, hint="Another hint, given after the worksheet was written.")
    if how == "leaks":
        page = sheet.read_text(encoding="utf-8")
        sheet.write_text(page.replace("</body>", f"<p>{LATER_WORDS}</p></body>"), encoding="utf-8")
    return (g, 3) if how == "name not a path" else (g, sheet)


@pytest.mark.parametrize("how", sorted(WORKSHEET_CASES))
def test_worksheet_exercise_judges_the_record_and_the_file(how, tmp_path):
    v = verdict("15-worksheet", worksheet_answer(tmp_path, how))
    assert v.solved == (how == "right"), v.text
    assert v.text.startswith(CORRECT if how == "right" else NOT_YET), v.text
    assert WORKSHEET_CASES[how] in v.text
    assert str(tmp_path) not in v.text  # the file is named, never the folder: the notebook's output stays the same


def test_worksheet_exercise_solved_leaves_the_answer_out_of_the_file(tmp_path):
    answer, sheet = worksheet_answer(tmp_path, "right")
    v = verdict("15-worksheet", (answer, str(sheet)))  # the file's name as text does as well
    assert v.solved and v.text.endswith("holds neither the answer nor the 2 comments that follow it."), v.text
    page = sheet.read_text(encoding="utf-8")
    assert WORKSHEET_HINT in page and LATER_WORDS not in page
    assert "3 hoplites on the silver row" in page  # one of the choices offered ...
    assert "Athens chose “Tribute: 3 hoplites on the silver row”" not in page  # ... but not named the answer
    assert start("15-worksheet").questions() == []  # the exercise's record starts without a question
