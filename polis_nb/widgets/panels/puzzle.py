"""The puzzle panel of the PuzzleBoard: the puzzle shown, its judge (the play panel's hook: a choice is
checked by :func:`polis_nb.puzzles.check`, never played), ``hint``, ``solution`` (after a wrong try or a
hint), ``next``; the streak and the score per theme; and the view, map included
(:func:`...render.puzzleview.puzzle_view`: what the map may show depends on whether it is solved)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...puzzles import THEMES, Puzzle, check, hint as puzzle_hint
from ...render.choiceview import explanation_words
from ...render.puzzleview import puzzle_view, verdict_words
from ...rules import Action, State
from ..control import Controller, Judge
from ..intents import IntentError
from .panel import Intent, Panel
from ...i18n import message
from ...render.say import say

NO_HINT = message("puzzle.no-hint", "No hint for this one: compare what each choice leads to.")
LAST = message("puzzle.refused.last", "that was the last puzzle ({n} of {n}); make a new PuzzleBoard (another "
                                      "seed or theme) for more")
SOLVED = message("puzzle.refused.solved", "this puzzle is solved; press Next puzzle for another")
SHOWN = message("puzzle.refused.shown", "this puzzle is done: its solution is shown; press Next puzzle for another")
HINTED = message("puzzle.refused.hinted", "the hint is shown already (above the map)")
TRY_FIRST = message("puzzle.refused.try-first", "try first: the solution can be shown after a wrong try or a hint")

if TYPE_CHECKING:
    from ..puzzle import PuzzleBoard


class PuzzlePanel(Panel["PuzzleBoard"]):
    name = "puzzle"
    js = None  # puzzle.js is the PuzzleBoard's layout and draws this panel's view
    widgets = {"puzzle": 20}
    intents = (Intent("hint"), Intent("solution"), Intent("next"))

    def __init__(self) -> None:
        self.items: tuple[Puzzle, ...] = ()
        self.k = 0
        self.streak = self.best = 0
        self.scores: dict[str, list[int]] = {}
        self.reset_puzzle()

    @property
    def puzzle(self) -> Puzzle:
        return self.items[self.k]

    @property
    def score(self) -> dict[str, tuple[int, int]]:
        """Per theme (in the order of THEMES, tried themes only): (solved at the first try, tried)."""
        return {t: (self.scores[t][0], self.scores[t][1]) for t in THEMES if t in self.scores}

    def show(self, ctx: PuzzleBoard, k: int) -> None:
        """Show puzzle ``k``: its position is the widget's (its Controller)."""
        self.k = k
        self.reset_puzzle()
        ctx._ctl = Controller(self.puzzle.state(), None)

    def reset_puzzle(self) -> None:
        self.status = "open"
        self.tries = 0
        self.hinted = False
        self.hint: str | None = None
        self.feedback: dict | None = None
        self.counted: bool | None = None  # the first verdict: right at the first try or not
        self.committed = False

    # --- the learner's intents -----------------------------------------------------------------------
    def on_next(self, ctx: PuzzleBoard, intent: dict) -> tuple[Any, str]:
        if self.k + 1 >= len(self.items):
            raise IntentError(say(LAST, n=len(self.items)))
        self._commit()
        self.show(ctx, self.k + 1)
        return None, ""

    def _open(self) -> None:
        if self.status != "open":
            raise IntentError(say(SOLVED if self.status == "solved" else SHOWN))

    def on_hint(self, ctx: PuzzleBoard, intent: dict) -> tuple[Any, str]:
        self._open()
        if self.hinted:
            raise IntentError(say(HINTED))
        self.hinted = True
        self.streak = 0
        self.hint = puzzle_hint(self.puzzle) or say(NO_HINT)
        return None, ""

    def on_solution(self, ctx: PuzzleBoard, intent: dict) -> tuple[Any, str]:
        self._open()
        if not (self.tries or self.hinted):
            raise IntentError(say(TRY_FIRST))
        self._count(right_first=False)
        self.status = "shown"
        self.streak = 0
        self._commit()
        return None, ""

    def judging(self) -> Judge:
        """The play panel's judge hook: the learner's choice is checked, not played."""
        panel = self

        class Check(Judge):
            def ready(self, s: State) -> None:
                panel._open()

            def judge(self, s: State, a: Action) -> bool:
                panel._judge(a)
                return True

        return Check()

    def _judge(self, a: Action) -> None:
        p = self.puzzle
        v = check(p, a)
        first = self.tries == 0 and not self.hinted
        self._count(right_first=v.right and first)
        self.feedback = verdict_words(p, v)
        if v.right:
            self.status = "solved"
            self._commit()
            self.streak = self.streak + 1 if first else 0
            self.best = max(self.best, self.streak)
        else:
            self.tries += 1
            self.streak = 0

    def _count(self, right_first: bool) -> None:
        """Note the puzzle's first verdict (or its solution shown): tried, and solved if right then. The
        score takes it when the puzzle is done or left (:meth:`_commit`): while it is open, a theme's
        count going up would tell the learner the puzzle's themes."""
        if self.counted is None:
            self.counted = right_first

    def _commit(self) -> None:
        if self.counted is None or self.committed:
            return
        self.committed = True
        for t in self.puzzle.themes:
            row = self.scores.setdefault(t, [0, 0])
            row[1] += 1
            row[0] += int(self.counted)

    # --- the view ------------------------------------------------------------------------------------
    def view(self, ctx: PuzzleBoard) -> dict[str, Any]:
        p = self.puzzle
        explanation, note = ctx.drawing
        return puzzle_view(
            p, rev=ctx.rev, number=self.k + 1, count=len(self.items), status=self.status, tries=self.tries,
            hinted=self.hinted, hint=self.hint, feedback=self.feedback, streak=self.streak, best=self.best,
            score=self.score, note=note,
            explanation=explanation_words(p.state(), explanation) if explanation is not None else None)
