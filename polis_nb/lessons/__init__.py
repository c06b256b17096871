"""Exercises for the tutorials, and the helpers the tutorials read their lessons with.

Every tutorial ships at least one exercise unsolved. A notebook builds the exercise's starting position
with :func:`start`, leaves the decisions to the reader, and asks :func:`check`::

    from polis_nb.lessons import check, start
    exercise = start("07-trade")          # a fresh State (or Game) every call
    answer = pn.apply(exercise, "trade")  # ... the reader's decisions
    check("07-trade", answer)             # prints "Correct — ..." or "Not yet: ..." with a hint

An answer may be decisions as text (``"trade; offer aigyptos.1 exchange"``, played from the start), a
``State``, a ``Game`` or ``Node`` (its position), or a widget showing one. :func:`verdict` returns the
same judgement as a :class:`Verdict` instead of printing it. The checkers work out what counts as
solved from the kernel (the best payment, the largest harvest, the cheapest route...), so the notebook
above the reader's cell never has to print the answer. ``EXERCISES`` lists them all, each with its task
and the rule ids it practises; ``check(..., start=position)`` judges an answer from another position.

Helpers for two tutorials live here too, so the notebooks stay short: :mod:`polis_nb.lessons.battles`
(notebook 09: forced deals, hands, the table of answers) and :class:`GameReader` (notebook 11: finding,
narrating and annotating the decisions of a long record).
"""
from .core import EXERCISES, Exercise, Verdict, check, start, verdict
from .positions import fresh
from .reading import GameReader
from . import exercises as _exercises  # noqa: F401 - registers the exercises

__all__ = ["EXERCISES", "Exercise", "GameReader", "Verdict", "check", "fresh", "start", "verdict"]
