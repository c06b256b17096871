"""The engine panel of the Board and the Viewer: on request, the search (:func:`polis_nb.analyse`)
evaluates the position the widget shows, in this process, with a fixed budget and seed (the same
position always gets the same answer). The result belongs to that position only: once the widget
shows another one, the panel is empty until asked again."""
from __future__ import annotations

from ..analysis.evaluate import analyse
from ..record.node import Mark
from ..render.analysisview import analysis_view
from ..rules import State

BUDGET = 400  # playouts: a few seconds here, intervals of about ±5 points on the best choice
SEED = 1


class Engine:
    def __init__(self, budget: int = BUDGET, seed: int = SEED):
        self.budget, self.seed = budget, seed
        self._state: State | None = None
        self._view: dict | None = None

    def run(self, s: State) -> None:
        """Analyse ``s`` (blocks while the search runs)."""
        self._view = analysis_view(analyse(s, budget=self.budget, seed=self.seed, client="serial"))
        self._state = s

    def view(self, s: State) -> dict | None:
        """The panel for ``s``, if it was analysed (None otherwise)."""
        return self._view if self._state is not None and self._state == s else None

    def marks(self, s: State) -> tuple[Mark, ...]:
        """Board marks of the analysis of ``s``: the best choice's place and move."""
        v = self.view(s)
        return tuple(Mark(m["kind"], tuple(m["targets"]), m["colour"]) for m in v["marks"]) if v else ()
