"""The engine panel of the Board and the Viewer: on request, the search (:func:`polis_nb.analyse`)
evaluates the position the widget shows, in this process, with a fixed budget and seed (the same
position always gets the same answer). The result belongs to that position only: once the widget
shows another one, the panel is empty until asked again."""
from __future__ import annotations

from ..analysis.evaluate import analyse
from ..record.node import Mark
from ..render.analysisview import analysis_view, best_marks
from ..rules import State

BUDGET = 400  # playouts: a few seconds here, intervals of about ±5 points on the best choice
SEED = 1


class Engine:
    def __init__(self, budget: int = BUDGET, seed: int = SEED):
        self.budget, self.seed = budget, seed
        self._state: State | None = None
        self._view: dict | None = None
        self._marks: tuple[Mark, ...] = ()

    def run(self, s: State) -> str:
        """Analyse ``s`` (blocks while the search runs); returns the note for the widget ("" when done)."""
        if s.is_terminal:
            return "The game is over: there is nothing to analyse."
        a = analyse(s, budget=self.budget, seed=self.seed, client="serial")
        self._state, self._view, self._marks = s, analysis_view(a), tuple(best_marks(s, a))
        return ""

    def view(self, s: State) -> dict | None:
        """The panel for ``s``, if it was analysed (None otherwise)."""
        return self._view if self._state is not None and self._state == s else None

    def marks(self, s: State) -> tuple[Mark, ...]:
        """Board marks of the analysis of ``s``: the best choice's place and move."""
        return self._marks if self.view(s) is not None else ()
