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

Intents (``{"kind": ..., "rev": n, ...}``): ``choose`` (``action``), ``click`` (``target``: a place),
``why`` (``target``), ``hint``, ``solution``, ``next``.
"""
from __future__ import annotations

import random

import traitlets

from ..puzzles import THEMES, Puzzle, check, hint as puzzle_hint, puzzles as shipped
from ..render.choiceview import explanation_words
from ..render.puzzleview import puzzle_view, verdict_words
from ..render.viewmodel import view_svg
from ..rules import Action, IllegalActionError, InvalidActionError, choices_at, parse_action
from ._assets import css, esm
from .base import IntentWidget
from .control import Controller, check_place
from .intents import IntentError

KINDS = {"choose": ("action",), "click": ("target",), "why": ("target",), "hint": (), "solution": (), "next": ()}


class PuzzleBoard(IntentWidget):
    """Solve proven puzzles one at a time (see the module's doc)."""

    _kind = traitlets.Unicode("puzzle").tag(sync=True)
    _esm, _css = esm("puzzle"), css("puzzle")  # widgets/core.js + widgets/puzzle.js (and the .css)
    KINDS = KINDS

    def __init__(self, puzzles=None, *, edition: str | None = None, theme: str | None = None, seed: int = 0,
                 **kwargs):
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
        super().__init__(**kwargs)
        self._items = tuple(items)
        self._seed = seed
        self._k = 0
        self._streak = self._best = 0
        self._score: dict[str, list[int]] = {}
        self._reset()
        self._refresh()

    # --- what Python sees ------------------------------------------------------------------------
    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles in the order shown."""
        return self._items

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return self._items[self._k]

    @property
    def number(self) -> int:
        """The number of the puzzle shown, from 1."""
        return self._k + 1

    @property
    def status(self) -> str:
        """"open", "solved" (found) or "shown" (the solution was shown)."""
        return self._status

    @property
    def streak(self) -> int:
        """Puzzles solved one after the other at the first try, without a hint."""
        return self._streak

    @property
    def score(self) -> dict[str, tuple[int, int]]:
        """Per theme (in the order of THEMES, tried themes only): (solved at the first try, tried)."""
        return {t: (self._score[t][0], self._score[t][1]) for t in THEMES if t in self._score}

    def static_svg(self) -> str:
        return view_svg(self.view["board"])

    # --- the learner's intents -------------------------------------------------------------------
    def _reset(self) -> None:
        self._status = "open"
        self._tries = 0
        self._hinted = False
        self._hint: str | None = None
        self._feedback: dict | None = None
        self._counted: bool | None = None  # the first verdict: right at the first try or not
        self._committed = False

    def _act(self, intent: dict):
        kind = intent["kind"]
        p = self.puzzle
        s = p.state()
        if kind == "next":
            if self._k + 1 >= len(self._items):
                raise IntentError(f"that was the last puzzle ({len(self._items)} of {len(self._items)}); "
                                  "make a new PuzzleBoard (another seed or theme) for more")
            self._commit()
            self._k += 1
            self._reset()
            return None, ""
        if kind == "why":
            check_place(s, intent["target"])
            return Controller(s, None).why(intent["target"])
        if self._status != "open":
            what = "solved" if self._status == "solved" else "done: its solution is shown"
            raise IntentError(f"this puzzle is {what}; press Next puzzle for another")
        if kind == "hint":
            if self._hinted:
                raise IntentError("the hint is shown already (above the map)")
            self._hinted = True
            self._streak = 0
            self._hint = puzzle_hint(p) or "No hint for this one: compare what each choice leads to."
            return None, ""
        if kind == "solution":
            if not (self._tries or self._hinted):
                raise IntentError("try first: the solution can be shown after a wrong try or a hint")
            self._count(right_first=False)
            self._status = "shown"
            self._streak = 0
            self._commit()
            return None, ""
        if kind == "click":
            check_place(s, intent["target"])
            here = choices_at(s, intent["target"])
            if not here:
                return Controller(s, None).why(intent["target"])  # no choice there: explained, no try
            if len(here) > 1:
                return None, "Several choices there: pick one of the buttons that name it"
            return self._judge(here[0])
        try:  # choose
            a = parse_action(s, intent["action"])
        except IllegalActionError as e:
            return explanation_words(s, e.explanation), ""  # not a choice here: explained, no try
        except InvalidActionError as e:
            raise IntentError(e.problem) from None
        return self._judge(a)

    def _judge(self, a: Action):
        p = self.puzzle
        v = check(p, a)
        first = self._tries == 0 and not self._hinted
        self._count(right_first=v.right and first)
        self._feedback = verdict_words(p, v)
        if v.right:
            self._status = "solved"
            self._commit()
            self._streak = self._streak + 1 if first else 0
            self._best = max(self._best, self._streak)
        else:
            self._tries += 1
            self._streak = 0
        return None, ""

    def _count(self, right_first: bool) -> None:
        """Note the puzzle's first verdict (or its solution shown): tried, and solved if right then. The
        score takes it when the puzzle is done or left (:meth:`_commit`): while it is open, a theme's
        count going up would tell the learner the puzzle's themes."""
        if self._counted is None:
            self._counted = right_first

    def _commit(self) -> None:
        if self._counted is None or self._committed:
            return
        self._committed = True
        for t in self.puzzle.themes:
            row = self._score.setdefault(t, [0, 0])
            row[1] += 1
            row[0] += int(self._counted)

    def _refresh(self, explanation=None, note: str = "") -> None:
        self._rev += 1
        p = self.puzzle
        self.view = puzzle_view(
            p, rev=self._rev, number=self.number, count=len(self._items), status=self._status, tries=self._tries,
            hinted=self._hinted, hint=self._hint, feedback=self._feedback, streak=self._streak, best=self._best,
            score=self.score, note=note,
            explanation=explanation_words(p.state(), explanation) if explanation is not None else None)

    def __repr__(self) -> str:
        p = self.puzzle
        return (f"PuzzleBoard(puzzle {self.number} of {len(self._items)}, seed {self._seed}: "
                f"{p.player.capitalize()} to play, {self._status}, streak {self._streak})")
