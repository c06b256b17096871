"""Puzzles: the shipped set, proven again by the exact solver; check, hint and the file's errors.

The proofs here stand on the solver alone (:class:`polis_nb.analysis.solver.Solver`, fresh for each
puzzle), not on the figures stored in the file: every legal choice of a puzzle's position is solved,
choices are grouped by what they choose (:func:`polis_nb.rules.paid_with`), and the stored answer
must be the one group that wins while every other is worth less, or the only group that does not
lose. Hand-built positions (from ``tests/analysis/known_positions.py``, whose docstrings argue the
answers from the rulebooks) check that a puzzle made from them says what the rules say.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.analysis.solver import Solver
from polis_nb.puzzles import (EDITIONS, SHIPPED, THEMES, Puzzle, PuzzleError, by_id, check, hint, load, loads,
                              position_at, puzzles)
from polis_nb.lessons import start
from polis_nb.puzzles.generate import SAME_ANSWER, answer_key, mine_game, puzzle_at, select
from polis_nb.puzzles.studies import event_studies, phoros_study
from polis_nb.puzzles.words import QUIET_RULES, answer_name, section_name
from polis_nb.rules import RULES, paid_with
from polis_nb.render.puzzleview import choice_words
from polis_nb.rules.topology import topology_of
from polis_nb.rules.engine import apply_unchecked
from tests.analysis import known_positions as kp

SHIPPED_SET = puzzles()
IDS = [p.id for p in SHIPPED_SET]


def _raw() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def _text(d: dict) -> str:
    return json.dumps(d)


# --- the shipped set -----------------------------------------------------------------------------

def test_shipped_set_loads_with_puzzles_of_both_editions():
    assert len(SHIPPED_SET) >= 60
    for ed in EDITIONS:
        some = puzzles(edition=ed)
        assert len(some) >= 20, ed
        assert all(p.edition == ed and p.state().edition == ed for p in some)
    assert len(set(IDS)) == len(IDS)
    assert pn.puzzles() == SHIPPED_SET


def test_shipped_set_covers_several_themes_and_difficulties():
    themes = {t for p in SHIPPED_SET for t in p.themes}
    assert len(themes) >= 5, themes
    assert {p.difficulty for p in SHIPPED_SET} == {1, 2, 3, 4, 5}


def test_puzzles_filters_by_edition_theme_and_difficulty():
    assert puzzles(theme="siege") and all("siege" in p.themes for p in puzzles(theme="siege"))
    assert all(2 <= p.difficulty <= 3 for p in puzzles(difficulty=(2, 3)))
    assert len(puzzles(difficulty=(1, 5))) == len(SHIPPED_SET)
    assert sum(len(puzzles(edition=e, difficulty=d)) for e in EDITIONS for d in range(1, 6)) == len(SHIPPED_SET)


@pytest.mark.parametrize("kwargs", [{"edition": "ed3"}, {"theme": "wrestling"}, {"difficulty": 6},
                                    {"difficulty": (4, 2)}, {"difficulty": True}])
def test_puzzles_refuses_unknown_filters(kwargs):
    with pytest.raises(ValueError):
        puzzles(**kwargs)


def test_every_stored_answer_is_legal_in_its_position():
    for p in SHIPPED_SET:
        s = p.state()
        legal = {str(a): a for a in pn.legal_actions(s)}
        assert s.current_player == p.player, p.id
        assert p.accepted and all(a in legal for a in p.accepted), p.id
        for a in p.accepted:
            pw = paid_with(s, legal[a])
            assert (pw[0] if pw else a) == p.answer, p.id
        assert p.solution[0].action in p.accepted, p.id


def _proven(s: pn.State) -> dict[str, tuple[str, Fraction]]:
    """Each legal choice's answer (what it chooses, without the payment) and exact value for the
    side to decide, from a fresh solver."""
    solver = Solver()
    mover = s.pending.player
    out: dict[str, tuple[str, Fraction]] = {}
    for a in pn.legal_actions(s):
        proof = solver.solve(apply_unchecked(s, a), 200_000)
        assert proof is not None, f"{a} is too big to prove"
        pw = paid_with(s, a)
        out[str(a)] = (pw[0] if pw else str(a), proof.value if mover == 0 else 1 - proof.value)
    return out


@pytest.mark.parametrize("pid", IDS)
def test_shipped_puzzle_is_proven_again_by_the_solver(pid):
    p = by_id(pid)
    proven = _proven(p.state())
    vals: dict[str, Fraction] = {}
    for g, v in proven.values():  # an answer is worth its best payment
        vals[g] = max(vals.get(g, v), v)
    best = vals.pop(p.answer)
    assert best == p.value
    assert vals, "a puzzle needs a second answer"
    assert all(v < best for v in vals.values()), vals
    assert best == 1 or all(v == 0 for v in vals.values()), (best, vals)
    assert {a for a, (g, v) in proven.items() if g == p.answer and v == best} >= set(p.accepted)
    assert {c.action: (c.group, c.value) for c in p.choices} == proven  # the stored figures are the proof's


def test_explanation_names_the_answer_and_its_deciding_rules_in_words():
    for p in SHIPPED_SET:
        s = p.state()
        assert f"The answer: {answer_name(s, pn.parse_action(s, p.accepted[0]))}" in p.explanation, p.id
        named = [RULES[r].summary.rstrip(".") for r in p.rules[:4]]
        assert named and all(x in p.explanation for x in named), p.id
        assert ".." not in p.explanation and "  " not in p.explanation, p.id


# --- words, not notation -------------------------------------------------------------------------

RULE_ID = re.compile(r"\b[a-z0-9]+\.[a-z0-9][a-z0-9-]*\b")
CARD = re.compile(r"\b[a-z]+(?:-[a-z]+)*:[a-z]+\b")  # a combat card's notation, "phalanx:advance"


def _notation(p: Puzzle) -> set[str]:
    """The notation a text about puzzle ``p`` must not show: every legal choice of its position and
    of each step of its solution line, and their answers, where the notation is not a plain word
    ("grow chalkis", "proxenos +silver", "rows pacifists:3"; "pass" is also English)."""
    out: set[str] = set()
    for i in range(len(p.solution)):
        s = position_at(p, i)
        if s.pending.player in (0, 1):
            out |= {str(a) for a in pn.legal_actions(s)}
    out |= {c.group for c in p.choices} | {st.action for st in p.solution}
    return {x for x in out if re.search(r"[\s+:0-9]", x)}


def notation_problems(text: str, notation: set[str]) -> list[str]:
    """What in ``text`` is notation or a rule id rather than words (empty if nothing)."""
    found = [x for x in notation if re.search(rf"(?<![\w+]){re.escape(x)}(?![\w+])", text)]
    found += [m for m in RULE_ID.findall(text) if m in RULES]
    found += CARD.findall(text)
    found += ["[" for _ in re.findall(r"\[", text)]
    return found


def _is_sentence(text: str) -> bool:
    return len(text) > 20 and text[0].isupper() and text.endswith(".") and "  " not in text


def test_reasons_are_sentences_that_name_their_rules_in_words():
    """Every choice's reason names the choice in words, says what it achieves and names the rules
    that end the game that way by their summaries, each with its rulebook section in words."""
    for p in SHIPPED_SET:
        s = p.state()
        for c in p.choices:
            a = pn.parse_action(s, c.action)
            assert _is_sentence(c.reason), (p.id, c.reason)
            assert c.reason.startswith(choice_words(p, c.action) + " "), (p.id, c.reason)
            for r in (r for r in c.rules if r not in QUIET_RULES):
                sec = section_name(r, p.edition)
                assert RULES[r].summary.rstrip(".") + (f" ({sec})." if sec else ".") in c.reason, (p.id, r, c.reason)
            assert answer_name(s, a) in c.reason


def test_no_text_of_a_puzzle_shows_notation_or_rule_ids():
    for p in SHIPPED_SET:
        notation = _notation(p)
        for text in (p.explanation, *(c.reason for c in p.choices), check(p, p.accepted[0]).reason, hint(p)):
            assert not notation_problems(text, notation), (p.id, notation_problems(text, notation), text)
        assert _is_sentence(p.explanation), p.id


def test_the_notation_check_finds_notation_and_rule_ids():
    """The check above can fail: it finds a choice's notation, a rule id, a card and a bracket."""
    notation = {"grow chalkis", "proxenos +silver"}
    assert notation_problems("Grow Chalkis wins at once (End of the game).", notation) == []
    assert notation_problems("grow chalkis wins at once", notation) == ["grow chalkis"]
    assert notation_problems("It wins [end.score].", set()) == ["end.score", "["]
    assert notation_problems("Answer with phalanx:advance.", set()) == ["phalanx:advance"]


# --- a set worth a lesson ------------------------------------------------------------------------

def _answers_in_words(theme: str) -> Counter:
    out: Counter = Counter()
    for p in puzzles(theme=theme):
        s = p.state()
        out[(s.pending.kind, answer_name(s, pn.parse_action(s, p.accepted[0])))] += 1
    return out


@pytest.mark.parametrize("theme", THEMES)
def test_within_a_theme_at_most_two_puzzles_give_the_same_answer(theme):
    """The same decision in words ("Grow Chalkis", "Demand tribute"), of both editions together; the
    generator's key (the decision and the choice up to its payment) is stricter still, as a polis
    has the same id in both editions and another name in the second (Chalkis, Chalcis)."""
    answers = _answers_in_words(theme)
    assert answers and all(n <= SAME_ANSWER == 2 for n in answers.values()), answers.most_common(3)
    keys = Counter(answer_key(p.to_dict()) for p in puzzles(theme=theme))
    assert all(n <= 2 for n in keys.values()), keys.most_common(3)


def test_selection_keeps_at_most_two_puzzles_of_one_theme_with_the_same_answer():
    d = _raw()
    base = next(r for r in d["puzzles"] if "growth" in r["themes"])
    copies = [dict(base, id=f"copy-{i}", source=dict(base["source"], game=1000 + i)) for i in range(5)]
    other = next(r for r in d["puzzles"] if "growth" in r["themes"] and answer_key(r) != answer_key(base))
    chosen = select(copies + [other])
    assert [r["id"] for r in chosen if answer_key(r) == answer_key(base)] == ["copy-0", "copy-1"]
    assert other in chosen


def test_the_set_has_event_and_phoros_puzzles_in_the_editions_that_have_them():
    """Several event-card puzzles, of the first edition (the second edition knows no card of its
    last round), each with a card of its round's deck in force; and Phoros puzzles of both editions
    whose position is the Phoros decision itself (the first edition's only have "keep the prestige"
    as their answer, so the answer rule lets few of them in)."""
    events = puzzles(theme="events")
    assert len(events) >= 3 and all(p.edition == "ed1" for p in events)
    for p in events:
        s = p.state()
        b = topology_of(s)
        assert s.event and next(e for e in b.comp.events if e.id == s.event).deck == b.comp.rounds[s.round].label
    assert len({answer_key(p.to_dict()) for p in events}) >= 2
    at_phoros = {ed: [p for p in puzzles(edition=ed, theme="phoros") if p.state().pending.kind == "phoros"]
                 for ed in EDITIONS}
    assert len(at_phoros["ed1"]) >= 1 and len(at_phoros["ed2"]) >= 2, at_phoros
    assert len({p.answer for p in at_phoros["ed2"]}) >= 2


def test_counts_per_theme_and_edition_match_the_files_header():
    """Every theme has puzzles, and the figures the tutorial prints add up."""
    per = Counter((p.edition, t) for p in SHIPPED_SET for t in p.themes)
    for t in THEMES:
        assert per[("ed1", t)] + per[("ed2", t)] == len(puzzles(theme=t)) >= 1, t
    assert _raw()["generator"]["kept"] == len(SHIPPED_SET)


def test_the_tutorial_exercise_is_none_of_the_shipped_puzzles():
    """Tutorial 14's exercise is built by hand: its position is neither a shipped puzzle's nor any
    position along a shipped solution line, and it is proven on its own."""
    ex = start("14-puzzle")
    key = ex.evolve(ply=0)
    for p in SHIPPED_SET:
        for i in range(len(p.solution)):
            assert position_at(p, i).evolve(ply=0) != key, p.id
    mine = puzzle_at(ex)
    assert mine.id not in IDS and mine.answer == "tribute" and "events" in mine.themes


def test_puzzle_round_trips_through_its_dict():
    for p in SHIPPED_SET[::9]:
        assert Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p


def test_mining_a_game_is_deterministic():
    a, b = mine_game("ed1", 0, 1), mine_game("ed1", 0, 1)
    assert a == b
    assert a != mine_game("ed1", 0, 2) or not a["puzzles"]


# --- check and hint ------------------------------------------------------------------------------

def test_check_accepts_the_answer_and_explains_why():
    for p in SHIPPED_SET[::7]:
        v = check(p, p.accepted[0])
        assert v.right and v.value == p.value and v.text.startswith("Right: "), p.id
        assert check(p, pn.parse_action(p.state(), p.accepted[0])).right  # an Action as well as its text


def test_check_rejects_every_other_answer_with_its_proven_reason():
    for p in SHIPPED_SET[::7]:
        for c in p.choices:
            if c.group == p.answer:
                continue
            v = check(p, c.action)
            assert not v.right and v.value == c.value < p.value, (p.id, c.action)
            assert v.text.startswith("Wrong: ") and c.reason in v.reason
            if v.verdict == "loss":
                assert "loses" in v.reason


def test_check_calls_an_illegal_choice_wrong_with_the_kernels_reason():
    p = puzzle_at(kp.ed1_capital_unfed_after_paying_with_wheat())  # Athens holds no wine
    v = check(p, "trade +wine")
    assert not v.right and v.value is None and "not a legal choice here" in v.reason and v.rules


def _answer_words(p: Puzzle) -> list[str]:
    """The answer's group and notation and the places its solving side's steps act on (ids and
    names)."""
    b = topology_of(p.state())
    names = {x.id: x.name for x in (*b.comp.poleis, *b.comp.areas)}
    out = [p.answer, *p.accepted]
    for st in p.solution:
        if st.who == p.player:
            out.append(st.action)
            out += [w for part in re.split(r"[\s:,]+", st.action) if part in names for w in (part, names[part])]
    return out


def _names(text: str, phrase: str) -> bool:
    pattern = r"(?<![\w+])" + r"\W+".join(re.escape(w) for w in re.findall(r"[\w+]+", phrase.lower())) + r"(?![\w+])"
    return re.search(pattern, text.lower()) is not None


def test_hint_never_names_the_answer_nor_its_places():
    for p in (*SHIPPED_SET, puzzle_at(kp.ed1_siege_in_the_last_round())):
        h = hint(p)
        assert h, p.id
        leaked = [w for w in _answer_words(p) if _names(h, w)]
        assert not leaked, (p.id, leaked, h)


def test_hint_of_a_siege_puzzle_keeps_quiet_about_the_polis_to_take():
    p = puzzle_at(kp.ed1_siege_in_the_last_round())
    assert p.solution[1].action == "polis chalkis"
    assert "siege" in p.themes
    h = hint(p).lower()
    assert "chalkis" not in h and "siege" not in h and "hoplites" in h  # a nudge, not the answer


# --- hand-built positions: what the rules say ----------------------------------------------------

def test_passing_is_the_only_win_when_any_action_starves_the_capital():
    """Ed1 · Spielende: a side that cannot feed its capital loses; acting alone costs a good (see
    known_positions.ed1_capital_unfed_after_paying_with_wheat)."""
    p = puzzle_at(kp.ed1_capital_unfed_after_paying_with_wheat())
    assert (p.answer, p.accepted, p.value, p.verdict) == ("pass", ("pass",), 1, "win")
    assert [str(st) for st in p.solution] == ["Athens: pass"]
    assert "starvation" in p.themes
    v = check(p, "hoplites +wheat")
    assert not v.right and v.verdict == "loss" and "end.capital-unfed" in v.rules and "Athenai" in v.reason
    assert check(p, "pass").right


def test_the_solvers_reason_says_one_cube_in_the_singular():
    """Ed1 · Spielende: the proof of a game lost for an unfed capital quotes the kernel's sentence,
    which counts the capital's single cube as "1 cube" (never "1 cubes")."""
    s = pn.position(seed=1, round="4", to_move="sparta", passed=["athens"],
                    poleis={"chalkis": "neutral", "chios": "neutral", "athenai": ("athens", 1)},
                    goods={"athens": {"wheat": 0}, "sparta": {"wheat": 7}}, prestige={"athens": 0, "sparta": 3})
    proof = Solver().solve(pn.apply(s, "pass"))
    assert proof is not None and proof.value == 0
    assert proof.why == "Athens cannot feed its capital Athenai (1 cube, 0 wheat, 0 prestige) and loses the game"
    assert not any("1 cubes" in c.reason for p in SHIPPED_SET for c in p.choices)


def test_trade_paid_with_wheat_is_the_right_idea_paid_the_wrong_way():
    """Ed1 · Aktionen › i.: Athens must buy 3 wheat with its 3 wine and pay for acting alone with
    the oil; paying with wheat leaves too little to grow (known_positions.ed1_trade_for_wheat_to_grow)."""
    p = puzzle_at(kp.ed1_trade_for_wheat_to_grow())
    assert (p.answer, p.accepted) == ("trade", ("trade +oil",))
    assert [st.action for st in p.solution] == ["trade +oil", "offer persis.0 exchange"]
    assert check(p, "trade +oil").right
    v = check(p, "trade +wheat")
    assert not v.right and v.value == 0 and "right idea" in v.reason and v.reason.endswith("Pay another way.")
    v = check(p, "pass")
    assert not v.right and "right idea" not in v.reason and "end.score" in v.rules


def test_tribute_paid_with_either_spare_good_is_right():
    """Ed1 · Aktionen › h.: as known_positions.ed1_tribute_for_wheat_before_passing, but Sparta holds
    one metal and one wood. It must take Messenia's tribute all in wheat (three hoplites on the
    wheat row, 6 wheat for its 6 cubes); either good pays for acting alone and the other is left
    either way, so both payments win. Every other action, and passing, leaves its capital unfed."""
    s = kp.bare("ed1", "5b", to_move="sparta", passed=["athens"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4), "pylos": ("sparta", 2)},
                units={"messenia": (0, 3)}, ships_port={"sparta": 0}, tribute_done=["lakedaimon"],
                goods={"athens": {"wheat": 5}, "sparta": {"metal": 1, "wood": 1}},
                prestige={"athens": 1, "sparta": 2})
    p = puzzle_at(s, limit=20_000, total=50_000)
    assert p.answer == "tribute" and set(p.accepted) == {"tribute +metal", "tribute +wood"}
    assert check(p, "tribute +metal").right and check(p, "tribute +wood").right
    assert all(c.value == 0 for c in p.choices if c.group != "tribute")
    v = check(p, "pass")
    assert not v.right and "end.capital-unfed" in v.rules


def test_a_later_step_of_the_solution_is_checked_by_the_solver():
    """Only three hoplites on Messenia's wheat row feed Sparta (known_positions.
    ed1_tribute_for_wheat_before_passing): any other split of the rows loses."""
    p = puzzle_at(kp.ed1_tribute_for_wheat_before_passing())
    assert [st.action for st in p.solution] == ["tribute +metal", "area messenia", "rows wheat:3"]
    rows = position_at(p, 2)
    assert rows.pending.kind == "tribute-rows"
    for a in pn.legal_actions(rows):
        v = check(p, a, at=2)
        assert v.right == (str(a) == "rows wheat:3"), str(a)
        if not v.right:
            assert "end.capital-unfed" in v.rules


def test_a_position_with_two_winning_answers_makes_no_puzzle():
    """As ed1_trade_for_wheat_to_grow, but Sparta scores only 5: passing (6 to 5) wins as well as
    trading, so no answer is best."""
    s = kp.bare("ed1", "5b", to_move="athens", passed=["sparta"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)},
                goods={"athens": {"wheat": 5, "wine": 3, "oil": 1}, "sparta": {"wheat": 4, "metal": 2}},
                prestige={"athens": 1, "sparta": 1})
    with pytest.raises(PuzzleError, match="no answer is proven best"):
        puzzle_at(s)


# --- bad files -----------------------------------------------------------------------------------

def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(PuzzleError, match=r"missing\.json: cannot read"):
        load(tmp_path / "missing.json")


@pytest.mark.parametrize("text, says", [
    ("{not json", r"bad\.json: not JSON"),
    ("[]", r"bad\.json: a puzzle file is a JSON object"),
    ('{"format": "polis-puzzles/9", "puzzles": []}', r"bad\.json: field 'format'"),
    ('{"format": "polis-puzzles/1", "puzzles": {}}', r"bad\.json: field 'puzzles' must be a list"),
    ('{"format": "polis-puzzles/1", "puzzles": [7]}', r"bad\.json: puzzle 0: a puzzle is an object"),
])
def test_a_malformed_file_names_the_file_and_the_fault(text, says):
    with pytest.raises(PuzzleError, match=says):
        loads(text, "bad.json")


def _broken(change) -> str:
    d = _raw()
    d["puzzles"] = d["puzzles"][:2]
    change(d["puzzles"][1])
    return _text(d)


def _tie(p: dict) -> None:
    other = next(c for c in p["choices"] if c["group"] != p["answer"])
    other["value"] = p["value"]


def _illegal_step(p: dict) -> None:
    p["solution"][0]["action"] = "siege +gold"


@pytest.mark.parametrize("change, says", [
    (lambda p: p.update(edition="ed3"), r"field 'edition' must be one of ed1, ed2"),
    (lambda p: p.update(position="polis/1 nonsense"), r"field 'position' is not a position"),
    (lambda p: p.update(player="sparta" if p["player"] == "athens" else "athens"), r"field 'player'"),
    (lambda p: p["choices"].pop(), r"field 'choices' must list exactly the legal choices"),
    (lambda p: p.update(answer="dance"), r"field 'answer' 'dance' is not a group"),
    (_tie, r"another answer is worth as much"),
    (lambda p: p.update(value="3/2"), r"field 'value' must lie between 0 and 1"),
    (lambda p: p.update(themes=["wrestling"]), r"field 'themes'"),
    (lambda p: p.update(difficulty=9), r"field 'difficulty' must be a whole number from 1 to 5"),
    (lambda p: p.update(rules=["no.such-rule"]), r"'no.such-rule' is not a rule id"),
    (_illegal_step, r"solution step 0: 'siege \+gold' is not legal here"),
])
def test_a_bad_puzzle_names_the_file_the_puzzle_and_the_field(change, says):
    d = _raw()
    pid = d["puzzles"][1]["id"]
    with pytest.raises(PuzzleError, match=rf"^bad\.json: puzzle 1 \({re.escape(pid)}\)"):
        loads(_broken(change), "bad.json")
    with pytest.raises(PuzzleError, match=says):
        loads(_broken(change), "bad.json")


def test_a_repeated_puzzle_is_refused():
    d = _raw()
    d["puzzles"] = [d["puzzles"][0], d["puzzles"][0]]
    with pytest.raises(PuzzleError, match="ids must be unique"):
        loads(_text(d), "bad.json")


def test_puzzle_error_is_a_polis_error_and_a_value_error():
    assert issubclass(PuzzleError, pn.PolisError) and issubclass(PuzzleError, ValueError)
    assert pn.PuzzleError is PuzzleError and pn.Puzzle is Puzzle


def test_check_and_hint_need_a_puzzle():
    with pytest.raises(TypeError, match="needs a Puzzle"):
        check("ed1-0", "pass")
    with pytest.raises(TypeError, match="needs a Puzzle"):
        hint(None)


def test_every_theme_is_known_to_the_file():
    assert tuple(_raw()["themes"]) == THEMES


# --- studies: positions searched for directly ----------------------------------------------------

def _sparta_alone_at_home(**units) -> pn.State:
    """Ed1, round 5β (the last): Athens has passed; Sparta acts alone with hoplites in Lakedaimon
    (its home region) and where ``units`` says, 2 metal and 1 wood, no event card in force."""
    return kp.bare("ed1", "5b", to_move="sparta", passed=["athens"],
                   poleis={"athenai": ("athens", 6), "sparta": ("sparta", 5)},
                   units={"lakedaimon": (0, 3), **units}, goods={"athens": {"wheat": 6},
                                                                 "sparta": {"metal": 2, "wood": 1, "wheat": 5}},
                   prestige={"athens": 3, "sparta": 2})


def test_event_studies_put_a_tribute_card_of_the_round_in_force():
    """Ed1 · the 5β deck: Pacifism (tribute at home may go on the pacifists for prestige) is tried
    in Sparta's home region; Etna (at most 3 hoplites collect in Sikelia) only where Sparta has more
    than 3 hoplites in Sikelia. Each study keeps that territory's units and one good, and Sparta's
    wheat becomes prestige (the same score once fed)."""
    assert [w for _, w in event_studies(_sparta_alone_at_home())] == ["event pacifism-5b"]
    assert [w for _, w in event_studies(_sparta_alone_at_home(sikelia=(0, 3)))] == ["event pacifism-5b"]
    got = dict((w, t) for t, w in event_studies(_sparta_alone_at_home(sikelia=(0, 4))))
    assert sorted(got) == ["event etna", "event pacifism-5b"]
    t = got["event pacifism-5b"]
    b = topology_of(t)
    assert t.event == "pacifism-5b" and t.pending.kind == "turn" and t.current_player == "sparta"
    assert [b.area_ids[i] for i, u in enumerate(t.units) if u != (0, 0)] == ["lakedaimon"]
    assert sum(t.goods[1]) == 1 and t.goods[1][b.good_index["metal"]] == 1 and t.prestige[1] == 2 + 5
    rows = pn.apply(pn.apply(t, "tribute +metal"), "area lakedaimon")
    assert any("pacifists" in str(a) for a in pn.legal_actions(rows))
    assert got["event etna"].event == "etna"
    assert event_studies(kp.ed1_capital_unfed_after_paying_with_wheat()) == []  # no hoplites at home


def _phoros_before_the_last_round(edition: str) -> pn.State:
    """Both sides pass at the end of the round before the last and are fed; then Athens (more
    prestige: it reads first) decides its Phoros, then Sparta."""
    r = "5a" if edition == "ed1" else "epsilon"
    s = kp.bare(edition, r, to_move="athens", poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4),
                                                     "chalkis": ("athens", 1), "gytheion": ("sparta", 1)},
                goods={"athens": {"wheat": 6, "silver": 2}, "sparta": {"wheat": 5, "silver": 1}},
                prestige={"athens": 3, "sparta": 2})
    s = pn.apply(pn.apply(s, "pass"), "pass")
    while s.pending.kind != "phoros":
        s = pn.apply(s, pn.legal_actions(s)[0])
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_phoros_study_is_the_second_sides_phoros_with_a_bare_last_round(edition):
    s = _phoros_before_the_last_round(edition)
    assert s.current_player == "athens" and phoros_study(s) is None  # Sparta's Phoros comes after
    s = pn.apply(s, "phoros 0")
    assert s.pending.kind == "phoros" and s.current_player == "sparta"
    t = phoros_study(s)
    assert t is not None and t.pending == s.pending and t.prestige == s.prestige
    assert all(u == (0, 0) for u in t.units) and t.display == () and t.pile == () and t.ships_port == (0, 0)
    silver = topology_of(t).good_index["silver"]
    assert t.goods[1][silver] == 1 and sum(t.goods[0]) == t.goods[0][-1]  # Athens keeps only wheat
    assert phoros_study(kp.ed1_capital_unfed_after_paying_with_wheat()) is None
