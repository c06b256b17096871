"""The Puzzle widget (``PuzzleBoard``): proven puzzles one at a time, as lichess's puzzles are for chess.

``PuzzleBoard(puzzles=None, *, edition=None, theme=None, seed=0)`` shows one puzzle of the shipped
set (:func:`polis_nb.puzzles`, or the puzzles given) at a time, in an order fixed by ``seed``. The
position is on the map, the prompt in words ("Athens to play: find the best choice"), the choices
as on the Board: places on the map and buttons, the ways to pay for one choice grouped under it.

The learner's choice is judged by :func:`polis_nb.puzzles.check`: right → "Right —" with the proven
reason and the solution line in words; wrong → "Not this one —" with the proven value of that choice
in words, and the learner tries again. A click on a place that is no choice now is explained and is
no try. "Hint" gives :func:`polis_nb.puzzles.hint` (which never names the answer); "Show the
solution" comes only after a wrong try or a hint; "Next puzzle" goes on.

The **streak** counts the puzzles solved one after the other at the first try without a hint; a
wrong try, a hint or a shown solution ends it. The **score** (:attr:`PuzzleBoard.score`) counts per
theme the puzzles tried (a first verdict, or the solution shown) and solved (right at the first try,
without a hint), counted once the puzzle is solved, shown or left (an open puzzle's count would tell
its themes). Nothing on screen gives the answer away before it is found: no engine, and the view
model holds no solution, explanation or themes of the puzzle until it is solved or shown.

A composition of panels (:mod:`.panels`): play (the choices, through the puzzle panel's judge) and
the puzzle panel. Intents (``{"kind": ..., "rev": n, ...}``): ``choose`` (``action``), ``click`` (``target``: a place),
``why`` (``target``), ``hint``, ``solution``, ``next``.
"""
from __future__ import annotations

import random
from typing import Any, Iterable

import traitlets

from ..puzzles import Puzzle, puzzles as shipped
from ..render.viewmodel import view_svg
from ..render.widgetwords import puzzle_words
from ._assets import css, esm
from .base import MapWidget
from .panels import composition, scripts
from .panels.play import PlayPanel
from .panels.puzzle import PuzzlePanel


class PuzzleBoard(MapWidget):
    """Solve proven puzzles one at a time (see the module's doc)."""

    _kind = traitlets.Unicode("puzzle").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)  # the words of its controls (render/widgetwords.py), sent once
    PANELS = composition("puzzle")  # the panels that name it (panels/*.py), by their place
    _esm, _css = esm("puzzle", scripts(PANELS)), css("puzzle")  # widgets/core.js + widgets/puzzle.js (and the .css)

    def __init__(self, puzzles: Puzzle | Iterable[Puzzle] | None = None, *, edition: str | None = None,
                 theme: str | None = None, seed: int = 0, language: str | None = None, **kwargs: Any) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be a whole number, not {type(seed).__name__}")
        if puzzles is None:
            items = list(shipped(edition=edition, theme=theme))
        else:
            items = [puzzles] if isinstance(puzzles, Puzzle) else list(puzzles)
            bad = next((x for x in items if not isinstance(x, Puzzle)), None)
            if bad is not None:
                raise TypeError(f"PuzzleBoard shows Puzzles (from pn.puzzles()), not {type(bad).__name__}")
            shipped(edition=edition, theme=theme)  # the same checks of edition and theme
            items = [p for p in items if (edition is None or p.edition == edition)
                     and (theme is None or theme in p.themes)]
        if not items:
            raise ValueError("no puzzle to show" + (f" for edition {edition!r}" if edition else "")
                             + (f" and theme {theme!r}" if theme else ""))
        random.Random(seed).shuffle(items)
        super().__init__(language=language, **kwargs)
        self._seed = seed
        self._puzzle = self.panel(PuzzlePanel)
        self._puzzle.items = tuple(items)
        self._puzzle.show(self, 0)
        self.panel(PlayPanel).judge = self._puzzle.judging()
        self._words()
        self._refresh()

    def _words(self) -> None:
        self.words = puzzle_words()
        super()._words()

    # --- what Python sees ------------------------------------------------------------------------
    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles in the order shown."""
        return self._puzzle.items

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return self._puzzle.puzzle

    @property
    def number(self) -> int:
        """The number of the puzzle shown, from 1."""
        return self._puzzle.k + 1

    @property
    def status(self) -> str:
        """"open", "solved" (found) or "shown" (the solution was shown)."""
        return self._puzzle.status

    @property
    def streak(self) -> int:
        """Puzzles solved one after the other at the first try, without a hint."""
        return self._puzzle.streak

    @property
    def score(self) -> dict[str, tuple[int, int]]:
        """Per theme (in the order of THEMES, tried themes only): (solved at the first try, tried)."""
        return self._puzzle.score

    def static_svg(self) -> str:
        return view_svg(self.view["board"])

    def __repr__(self) -> str:
        p = self.puzzle
        return (f"PuzzleBoard(puzzle {self.number} of {len(self.puzzles)}, seed {self._seed}: "
                f"{p.player.capitalize()} to play, {self.status}, streak {self.streak})")
