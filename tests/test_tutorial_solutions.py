"""The tutorials' exercises ship unsolved, their checkers live in the package, and their folded
solutions solve them.

Every tutorial has at least one exercise, three cells found by the first line of each:

- the reader's cell, ``# exercise: <id>``: it starts from the exercise position and leaves the
  decisions to the reader (as shipped it decides nothing);
- the checker cell, ``# check: <id>``: a call of ``polis_nb.lessons.check("<id>", answer)``, collapsed
  in the notebook (its source hidden); its stored output says "Not yet: ..." with the reason and a hint;
- right after it, a markdown cell ``<details><summary>Solution</summary> ... </details>`` holding a
  fenced python block whose first line is ``# solution: <id>``.

For each exercise the test runs the notebook's code cells before the reader's cell in one namespace
(plain Python, no kernel: widgets are built without a browser), then the solution in place of the
reader's cell, then the checker, and expects the checker to say "Correct — ...". The shipped reader's
cell, checked the same way, must say "Not yet" (as its stored output does; nbval compares that one).
The checkers themselves are tested in ``tests/test_lessons.py``.

The translated tutorials (``tutorials/<lang>/NN-*.ipynb``, named here by that path) are checked the same
way; they set their language in their first cell, so "Correct" and "Not yet" are looked for in the words
of the lessons in that language.
"""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat
import pytest

import polis_nb as pn
from polis_nb.lessons.core import correct, not_yet

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
KNOWN = {  # notebook -> the ids of its exercises, in order (any other marked exercise is tested too)
    "01-tour.ipynb": ["01-thebai"],
    "02-setup-and-goal.ipynb": ["02-phoros"],
    "03-round-skeleton.ipynb": ["03-acting-alone"],
    "04-growing-a-league.ipynb": ["04-temple"],
    "05-moving-and-blocking.ipynb": ["05-galleys-in-order"],
    "06-sieges-and-tribute.ipynb": ["06-sikelia"],
    "07-trade.ipynb": ["07-trade"],
    "08-proxenos.ipynb": ["08-proxenos"],
    "09-battles.ipynb": ["09-sure-loss"],
    "10-round-and-game-end.ipynb": ["10-feeding"],
    "11-annotated-game.ipynb": ["11-last-growth"],
    "12-authoring.ipynb": ["12-annotate"],
    "13-editions.ipynb": ["13-free-ransom"],
    "14-puzzles.ipynb": ["14-puzzle"],
    "15-teaching.ipynb": ["15-worksheet"],
    "de/01-tour.ipynb": ["01-thebai"],
    "pl/01-tour.ipynb": ["01-thebai"],
}
SHORT_CELLS = {"09-battles.ipynb": 25, "11-annotated-game.ipynb": 25}  # their helpers live in polis_nb.lessons
SOLUTION = re.compile(r"<details>\s*<summary>Solution</summary>(.*?)</details>", re.S)
FENCE = re.compile(r"```python\n(.*?)```", re.S)


def _notebooks() -> list[Path]:
    """The English tutorials and their translations, a folder a language (tutorials/de/, tutorials/pl/)."""
    return sorted(TUTORIALS.glob("[0-9][0-9]-*.ipynb")) + sorted(TUTORIALS.glob("[a-z][a-z]/[0-9][0-9]-*.ipynb"))


def _verdicts(notebook: str) -> tuple[str, str]:
    """How a solved and an unsolved checker begin in ``notebook``'s language (its folder; English above)."""
    folder = Path(notebook).parent.name
    with pn.language(folder or "en"):
        return correct("").text.strip(), not_yet("").text.strip()


@pytest.fixture(autouse=True)
def keep_the_language():
    """The cells run here set the process's language (``pn.set_language`` in a translated tutorial)."""
    before = pn.get_language()
    yield
    pn.set_language(before)


def _first_line(cell) -> str:
    return cell.source.split("\n", 1)[0].strip()


def _index(nb, marker: str) -> int:
    hits = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and _first_line(c) == marker]
    assert len(hits) == 1, f"expected exactly one code cell starting with {marker!r}, found {len(hits)}"
    return hits[0]


def _stdout(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream"
                   and o.get("name") == "stdout")


def _solution(nb, name: str, after: int) -> str:
    cell = nb.cells[after + 1] if after + 1 < len(nb.cells) else None
    assert cell is not None and cell.cell_type == "markdown", "the solution must follow the checker cell"
    folded = SOLUTION.search(cell.source)
    assert folded, "the solution is folded in <details><summary>Solution</summary> ... </details>"
    blocks = FENCE.findall(folded.group(1))
    mine = [b for b in blocks if b.split("\n", 1)[0].strip() == f"# solution: {name}"]
    assert len(mine) == 1, f"one ```python block starting with '# solution: {name}' inside the <details>"
    return mine[0]


def _run(source: str, ns: dict, label: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, label, "exec"), ns)
    return out.getvalue()


def _exercises() -> dict[str, list[str]]:
    found = {}
    for path in _notebooks():
        nb = nbformat.read(path, as_version=4)
        names = [_first_line(c)[len("# exercise: "):] for c in nb.cells
                 if c.cell_type == "code" and _first_line(c).startswith("# exercise: ")]
        if names:
            found[path.relative_to(TUTORIALS).as_posix()] = names
    return found


CASES = [(nb, name) for nb, names in _exercises().items() for name in names]
IDS = [name if "/" not in nb else f"{Path(nb).parent}/{name}" for nb, name in CASES]


def test_the_known_exercises_are_marked():
    found = _exercises()
    for notebook, names in KNOWN.items():
        assert set(names) <= set(found.get(notebook, [])), \
            f"{notebook}: expected the exercises {names} marked '# exercise: <id>', found {found.get(notebook)}"


def test_every_tutorial_has_an_exercise_checked_by_the_package():
    from polis_nb.lessons import EXERCISES

    found = _exercises()
    for path in _notebooks():
        notebook = path.relative_to(TUTORIALS).as_posix()
        assert found.get(notebook), f"{notebook} has no exercise"
    for notebook, names in found.items():
        for name in names:
            assert name in EXERCISES and name.startswith(Path(notebook).name[:3]), \
                f"{notebook}: '{name}' is not an exercise of polis_nb.lessons for this notebook"


@pytest.mark.parametrize("notebook,name", CASES, ids=IDS)
def test_checker_cell_calls_the_package_and_is_collapsed(notebook, name):
    nb = nbformat.read(TUTORIALS / notebook, as_version=4)
    cell = nb.cells[_index(nb, f"# check: {name}")]
    code = [line for line in cell.source.splitlines()[1:] if line.strip() and not line.startswith("#")]
    assert len(code) <= 2 and any(line.startswith(f'check("{name}", ') for line in code), \
        f"the checker cell should only call polis_nb.lessons.check({name!r}, ...): {cell.source!r}"
    assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, "the checker cell is collapsed"


@pytest.mark.parametrize("notebook", sorted(SHORT_CELLS))
def test_no_long_code_cells(notebook):
    nb = nbformat.read(TUTORIALS / notebook, as_version=4)
    long = [(k, len(c.source.splitlines())) for k, c in enumerate(nb.cells)
            if c.cell_type == "code" and len(c.source.splitlines()) > SHORT_CELLS[notebook]]
    assert not long, f"{notebook}: code cells longer than {SHORT_CELLS[notebook]} lines (cell, lines): {long}"


@pytest.mark.parametrize("notebook,name", CASES, ids=IDS)
def test_exercise_ships_unsolved_and_its_solution_solves_it(notebook, name, monkeypatch):
    nb = nbformat.read(TUTORIALS / notebook, as_version=4)
    mine, check = _index(nb, f"# exercise: {name}"), _index(nb, f"# check: {name}")
    assert mine < check
    solved, unsolved = _verdicts(notebook)  # "Correct —", "Not yet:" in English
    stored = _stdout(nb.cells[check])
    assert stored.startswith(unsolved), f"the shipped checker's stored output must say 'Not yet': {stored!r}"
    above = "".join(_stdout(c) for c in nb.cells[:mine] if c.cell_type == "code")
    assert solved not in above, "a cell above the reader's prints a solved checker"
    solution = _solution(nb, name, check)

    monkeypatch.chdir((TUTORIALS / notebook).parent)
    ns: dict = {"__name__": "__main__"}
    for k, cell in enumerate(nb.cells[:mine]):
        if cell.cell_type == "code":
            _run(cell.source, ns, f"{notebook} cell {k}")
    between = [c.source for c in nb.cells[mine + 1:check] if c.cell_type == "code"]

    shipped = dict(ns)
    _run(nb.cells[mine].source, shipped, f"{notebook} exercise")
    for k, src in enumerate(between):
        _run(src, shipped, f"{notebook} between {k}")
    said = _run(nb.cells[check].source, shipped, f"{notebook} check")
    assert said.startswith(unsolved), said

    _run(solution, ns, f"{notebook} solution")
    for k, src in enumerate(between):
        _run(src, ns, f"{notebook} between {k}")
    said = _run(nb.cells[check].source, ns, f"{notebook} check")
    assert said.startswith(solved) and unsolved not in said, said
