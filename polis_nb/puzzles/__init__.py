"""Puzzles: positions where one choice is proven best, as lichess's puzzles are for chess.

    >>> import polis_nb as pn
    >>> from polis_nb.puzzles import check, hint
    >>> p = pn.puzzles(edition="ed1")[0]
    >>> p.player in ("athens", "sparta"), p.edition, 1 <= p.difficulty <= 5
    (True, 'ed1', True)
    >>> check(p, p.solution[0].action).right
    True

Every shipped puzzle is **proven** by the exact solver (:class:`polis_nb.analysis.solver.Solver`):
its answer (a choice, up to how it is paid: :func:`polis_nb.rules.paid_with`) either wins by force
while every other answer is worth less, or is the only answer that does not lose by force. The file
records each choice's exact value and reason, the solution line, themes, a difficulty and an
explanation, in words that name the rules and their rulebook sections (the rule ids stay in the
``rules`` fields, for code); the tests re-prove every puzzle from its position.

* :func:`puzzles` — the shipped set, filtered by edition, theme and difficulty;
* :class:`Puzzle` — one puzzle (``state()``, ``solution``, ``choices``, ``to_dict()`` for a view);
* :func:`check` — right or wrong, with the proven reason;
* :func:`hint` — a nudge that does not give the answer away;
* :func:`puzzle_at` — a puzzle of any position whose answer the solver can prove;
* ``python -m polis_nb.puzzles.generate`` — mine a new set from seeded self-play games and
  studies (:mod:`polis_nb.puzzles.generate`, :mod:`polis_nb.puzzles.studies`).
"""
from .model import (EDITIONS, FORMAT, SHIPPED, Choice, Puzzle, PuzzleError, Rating, Source, Verdict, by_id, check,
                    hint, load, loads, position_at, puzzles, solution_text)
from .prove import Step
from .record import puzzle_at
from .words import THEMES

__all__ = ["EDITIONS", "FORMAT", "SHIPPED", "THEMES", "Choice", "Puzzle", "PuzzleError", "Rating", "Source", "Step",
           "Verdict", "by_id", "check", "hint", "load", "loads", "position_at", "puzzle_at", "puzzles",
           "solution_text"]
