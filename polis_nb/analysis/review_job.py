"""The game review as a job that runs in chunks: :class:`ReviewJob`.

    job = ReviewJob(g, budget=100, seed=1)
    while job.step():                      # a little more work each time
        print(job.done, "of", job.total)   # decisions judged so far
    review = job.result()                  # the record gets the review only now

:meth:`polis_nb.Game.review` runs a job to its end (with a progress bar in a notebook); the Board
runs one in a background thread and shows its progress; a browser's Python (Pyodide, no threads)
can call :meth:`ReviewJob.step` between frames.

**What it computes.** The positions of the main line before and after every reviewed decision
(:func:`plan`) are searched in order, in *stretches* of :data:`STRETCH` positions. Within a stretch
the search tree goes along: the position after a decision is in the tree of the position before it
(and the next decision's position follows), so each search starts from what the previous one learnt
there (:meth:`.search.Tree.follow`) instead of from nothing. As those visits were spread by the
playout policy's prior rather than by the root's own choice, a review's search prefers the choice
with the best value less one standard error, not the most visited one (``Tree.by_value``).

``budget`` is the average number of playouts per analysed position: a first pass brings every
position's tree to :data:`FIRST` of it (with at least :data:`MIN_NEW` of it new), and what is left of
the stretch's ``budget`` × positions then goes, one wave at a time, to the decision whose verdict
is least certain (the one whose loss is nearest a mark's threshold, 0.10, 0.20 or 0.30, in units of
its standard error; where the engine's choice was played, whether another choice beats it by 0.10),
to the less sure of its two positions, until every verdict is :data:`CLEAR` standard errors from a
threshold (the rest of the budget is then not spent). A decision whose positions are proven is
settled. Proofs come as in :func:`.evaluate.analyse` (the solver at the root's choices near a
round's end, score bounds in the tree). The playouts stop after :data:`HORIZON` decisions, half as
far as an analysis's, and the cut-off evaluation scores the rest: at the same cost twice as many
playouts (``bench/review.py`` compares the marks with a review at 4× the budget).

**Determinism.** Every position's generators are seeded from the review's seed and the position's
ply (:func:`.review.position_seed`), and the stretches are fixed by the record alone, so the same
record and seed give the same review in this process or on any number of worker processes
(:mod:`.workers`: by default as many as the machine has cores, where subprocesses can run).
"""
from __future__ import annotations

import math
import os
import random
import sys
import warnings
from typing import TYPE_CHECKING, Any, Callable, Generator

from ..record.game import Game
from ..record.node import Node
from ..rules import CHANCE, Action, State, topology_of, register_components
from .evaluate import Analysis, analysis_of, is_default_components
from .search import WAVE, Tree
from .solver import Solver
from . import workers as _workers

if TYPE_CHECKING:
    from .review import Review

#: a reviewed decision in a stretch: (position before, position after or None when it lies in another
#: stretch, the action played)
Link = tuple[int, int | None, Action]
#: one stretch's work, the arguments of :func:`stretch`
Task = tuple[list[State], list[tuple[Action, ...]], list[int], int, list[Link], Any]

BUDGET = 80  # the default: playouts per analysed position, on average
STRETCH = 16  # positions searched as one chain (fixed, so that a review does not depend on the workers)
FIRST = 0.5  # the first pass brings each position's tree to this share of the budget ...
MIN_NEW = 0.25  # ... with at least this share of new playouts
CLEAR = 2.5  # a loss this many standard errors from every threshold needs no more playouts
HORIZON = 20  # decisions a playout plays before the cut-off evaluation scores it (analyse: 40)
ROOT_SOLVE = 1000  # solver nodes for the root's choices near a round's end (plus 2 per playout of the budget)
THRESHOLDS = (0.10, 0.20, 0.30)
WORKERS_FROM = 3000  # playouts in all from which a review (workers=None) starts worker processes


def plan(game: Game) -> tuple[list[Node], list[Node], list[tuple[Action, ...]]]:
    """(the reviewed decisions, the positions to analyse, the actions from each position to the next
    on the main line): every position before or after a reviewed decision, in the order of the line."""
    from .review import reviewed

    decisions = [n for n in game.root.mainline() if reviewed(n)]
    keep = {id(x) for d in decisions for x in (d.parent, d)}
    places: list[Node] = []
    paths: list[tuple[Action, ...]] = []
    path: list[Action] = []
    for n in (game.root, *game.root.mainline()):
        if n.parent is not None:
            path.append(n.action)  # type: ignore[arg-type]
        if id(n) in keep:
            places.append(n)
            paths.append(tuple(path))
            path = []
    return decisions, places, paths


def stretches(n: int) -> list[range]:
    """The stretches of ``n`` positions (each a chain of :data:`STRETCH`, the last may be shorter)."""
    return [range(k, min(n, k + STRETCH)) for k in range(0, n, STRETCH)]


# --- one stretch -----------------------------------------------------------------------------------

def stretch(states: list[State], paths: list[tuple[Action, ...]], seeds: list[int], budget: int,
            links: list[Link], comp: Any = None
            ) -> Generator[int, None, list[Analysis | None]]:
    """Search one stretch of positions (see the module docstring): yields the index of each position
    as its first pass ends (then -1 after each further wave), returns an :class:`.evaluate.Analysis` per position (None for the end
    of the game). ``paths[i]`` leads from position ``i - 1`` to ``i``; ``seeds[i]`` seeds position
    ``i``; ``links`` are the reviewed decisions as (position before, position after or None when it
    lies in another stretch, the action played)."""
    if comp is not None:
        register_components(comp)
    solver = Solver()
    trees: list[Tree | None] = []
    rngs = [random.Random(f"polis:review:{s}") for s in seeds]
    first = max(1, round(budget * FIRST))
    least = max(1, round(budget * MIN_NEW))
    spent = 0
    prev: Tree | None = None
    for i, s in enumerate(states):
        if s.is_terminal:
            trees.append(None)
            prev = None
            yield i
            continue
        tree = prev.follow(paths[i], s) if prev is not None else None
        if tree is None:
            tree = Tree(s, solver=solver, horizon=HORIZON)
            tree.by_value = True
        tree.solve_root_choices(ROOT_SOLVE + 2 * budget)
        n = max(first - tree.root.visits, least)
        before = tree.iterations
        tree.run(rngs[i], n, seed=seeds[i])
        spent += tree.iterations - before
        trees.append(tree)
        prev = tree
        yield i
    left = budget * len(states) - spent
    while left > 0:
        j = _least_certain(trees, links)
        if j is None:
            break
        t = trees[j]
        before = t.iterations  # type: ignore[union-attr]
        t.run(rngs[j], min(WAVE, left), seed=seeds[j])  # type: ignore[union-attr]
        left -= max(1, t.iterations - before)  # type: ignore[union-attr]
        yield -1  # (a chunk of its own: a browser's single thread draws in between)
    return [None if t is None else analysis_of(s, t, seed, "mover", 0.0) for s, t, seed in zip(states, trees, seeds)]


def stretch_result(*args: Any) -> list[Analysis | None]:
    """:func:`stretch` run to its end (for a Dask client)."""
    return _workers.call(("polis_nb.analysis.review_job", "stretch", args))


def _value(tree: Tree) -> tuple[float, float, bool]:
    """(Athens' value at the tree's root, its standard error, whether it is proven): the best choice's
    at a decision, over the outcomes at a chance step."""
    root = tree.root
    if root.proof is not None:
        return float(root.proof.value), 0.0, True
    node = tree.choices()[0][1] if tree.player != CHANCE and root.children else root
    return (float(node.proof.value), 0.0, True) if node.proof is not None else (node.mean(), node.se(), False)


def _least_certain(trees: list[Tree | None], links: list[Link]) -> int | None:
    """The position (an index of ``trees``) to search more: of the decision whose verdict more
    playouts would most likely change, the position before or after it, whichever value is the less
    sure. None when every loss is :data:`CLEAR` standard errors from each threshold (or proven).
    Where the player took the engine's choice, the question is whether another choice beats it by
    a mark."""
    best, best_z = None, CLEAR
    for b, a, played in links:
        tb = trees[b]
        if tb is None or tb.player == CHANCE or not tb.root.children:
            continue
        sign = 1.0 if tb.player == 0 else -1.0  # Athens' values, seen by the side that decides
        ta = trees[a] if a is not None else None
        if ta is not None:
            va, sa, pa = _value(ta)
        elif a is not None:
            va, sa, pa = _end_value(tb, played)
        else:  # the position after lies in the next stretch: its subtree here stands for it
            c = tb.root.children.get(played)
            if c is None or not c.visits:
                continue
            va, sa, pa = (float(c.proof.value), 0.0, True) if c.proof is not None else (c.mean(), c.se(), False)
        after = a if ta is not None and not pa and not ta.settled() else b
        if tb.choices()[0][0] != played:
            vb, sb, pb = _value(tb)
            if pb and pa:
                continue
            z = min(abs(sign * (vb - va) - t) for t in THRESHOLDS) / max(math.hypot(sb, sa), 1e-9)
            here = b if sb >= sa or after == b else after
        else:  # could another choice beat the one played by a mark?
            z, sb = CLEAR, 0.0
            for act, c in tb.root.children.items():
                if act != played and c.visits and c.proof is None:
                    gap = abs(sign * (c.mean() - va) - THRESHOLDS[0]) / max(math.hypot(c.se(), sa), 1e-9)
                    if gap < z:
                        z, sb = gap, c.se()
            here = b if sb >= sa or after == b else after
        if z < best_z and not (here == b and tb.settled()):
            best, best_z = here, z
    return best


def _end_value(tree: Tree, played: Action) -> tuple[float, float, bool]:
    c = tree.root.children.get(played)
    if c is not None and c.proof is not None:
        return float(c.proof.value), 0.0, True
    return 0.5, 0.5, False


# --- the job ---------------------------------------------------------------------------------------

class ReviewJob:
    """A review of ``game``'s main line that runs in chunks (see the module docstring).

    :meth:`step` does the next chunk (a position's first pass, or a stretch's end) and says whether
    work is left; :attr:`done` of :attr:`total` decisions are judged; :meth:`run` steps to the end and
    returns :meth:`result`, which writes the review into the record (once; the record does not change
    before). :meth:`cancel` stops the job and leaves the record untouched. ``workers``: None (the
    default) runs the stretches on as many worker processes as the machine has cores, where
    subprocesses can start (else here); 1 runs here; N on N worker processes; ``client`` a Dask
    scheduler address or ``distributed.Client`` runs them there. The review is the same wherever it
    runs."""

    def __init__(self, game: Game, budget: int = BUDGET, *, seed: int = 0, workers: int | None = None,
                 client: Any = None):
        if not isinstance(game, Game):
            raise TypeError(f"review needs a Game, not {type(game).__name__}")
        if not isinstance(budget, int) or isinstance(budget, bool):
            raise TypeError(f"budget must be a whole number of playouts per position, not {type(budget).__name__}")
        if budget < 1:
            raise ValueError(f"budget must be at least 1 playout per position, not {budget}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be a whole number, not {type(seed).__name__}")
        if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
            raise ValueError(f"workers must be a whole number >= 1 (or None), not {workers!r}")
        if client is not None:
            from .cluster import SERIAL, check_client

            check_client(client)
            if client == SERIAL:  # this process
                client, workers = None, 1
        from .review import position_seed

        self.game, self.budget, self.seed, self.workers, self.client = game, budget, seed, workers, client
        self.decisions, self._places, paths = plan(game)
        self.total = len(self.decisions)
        index = {id(n): k for k, n in enumerate(self._places)}
        self._pairs = [(index[id(d.parent)], index[id(d)]) for d in self.decisions]
        self._tasks: list[Task] = []
        for r in stretches(len(self._places)):
            local = {k: k - r.start for k in r}
            links: list[Link] = []
            for (b, a), d in zip(self._pairs, self.decisions):
                if b in local:
                    assert d.action is not None  # (a decision is a node reached by an action)
                    links.append((local[b], local.get(a), d.action))
            states = [self._places[k].state for k in r]
            comp = topology_of(states[0]).comp
            self._tasks.append((states, [paths[k] if k != r.start else () for k in r],
                                [position_seed(seed, s.ply) for s in states], budget, links,
                                None if is_default_components(comp) else comp))
        self._starts = [r.start for r in stretches(len(self._places))]
        self._analyses: dict[int, Analysis | None] = {}
        self._passed: set[int] = set()
        self._done = 0  # decisions whose positions have both passed (an int: other threads may read it)
        self._touch: dict[int, list[tuple[int, int]]] = {}
        for pair in self._pairs:
            for k in set(pair):
                self._touch.setdefault(k, []).append(pair)
        self._chunks: Generator[None, None, None] | None = None
        self._result: Review | None = None
        self.cancelled = False

    # --- progress ------------------------------------------------------------------------------------
    @property
    def done(self) -> int:
        """The decisions whose positions have both been searched (of :attr:`total`)."""
        return self.total if self.finished else self._done

    @property
    def finished(self) -> bool:
        """Whether every position is analysed (:meth:`result` may write the review)."""
        return len(self._analyses) == len(self._places)

    # --- running -----------------------------------------------------------------------------------------
    def step(self) -> bool:
        """Do the next chunk of work; True while work is left."""
        if self.cancelled:
            raise RuntimeError("this review was cancelled; start a new one")
        if self.finished:
            return False
        if self._chunks is None:
            self._chunks = self._work()
        next(self._chunks, None)
        if self.cancelled or self.finished:  # (cancelled by another thread during the chunk)
            self._chunks.close()
        return not self.finished and not self.cancelled

    def run(self, progress: "bool | None | Callable[[int, int], Any]" = None) -> Review:
        """Step to the end and return :meth:`result`. ``progress``: None shows the progress in a
        notebook cell (a bar updated in place, see :mod:`polis_nb.notebook`) and nothing elsewhere,
        True also elsewhere (a line on standard output), False never, or a function called with
        (done, total) after every step."""
        show = _progress(progress, self.total)
        try:
            while self.step():
                show(self.done, self.total)
        except BaseException:
            self.cancel()
            raise
        show(self.total, self.total, end=True)
        return self.result()

    def cancel(self) -> None:
        """Stop: the workers' tasks are abandoned, the record stays as it was. (From another thread
        than the one stepping, the work stops at the end of the chunk under way.)"""
        self.cancelled = True
        if self._chunks is not None:
            try:
                self._chunks.close()
            except ValueError:  # running in the stepping thread: step() closes it when the chunk ends
                pass

    def result(self) -> Review:
        """Write the review into the record (the first time) and return it as a :class:`.review.Review`."""
        if not self.finished:
            raise RuntimeError(f"the review is not finished ({self.done} of {self.total} decisions judged)")
        if self._result is None:
            from .review import write_review

            found = {id(n): self._analyses[k] for k, n in enumerate(self._places)}
            self._result = write_review(self.game, self.decisions, self._places, found)
        return self._result

    def _work(self) -> Generator[None, None, None]:
        n = self._workers()
        todo = list(range(len(self._tasks)))
        if self.client is not None:
            from .cluster import run_tasks

            got = run_tasks(stretch_result, [self._tasks[i] for i in todo], client=self.client)
            for i, analyses in zip(todo, got):
                self._store(i, analyses)
            yield
            return
        shared = _workers.pool(n) if n > 1 else None  # (None: busy with another review; this one runs here)
        if shared is not None:
            runs = shared.run([("polis_nb.analysis.review_job", "stretch", self._tasks[i]) for i in todo])
            try:
                for kind, i, value in runs:
                    if kind == "tick":
                        if value >= 0:
                            self._pass(self._starts[i] + value)
                    else:
                        self._store(i, value)
                    yield
                return
            except _workers.WorkerError as e:
                warnings.warn(f"the review's worker processes failed ({e}); going on in this process",
                              RuntimeWarning, stacklevel=2)
            finally:
                runs.close()  # (abandoned early: the workers stop)
        for i in todo:
            if i in self._done_tasks():
                continue
            run = stretch(*self._tasks[i])
            while True:
                try:
                    k = next(run)
                except StopIteration as stop:
                    self._store(i, stop.value)
                    break
                if k >= 0:
                    self._pass(self._starts[i] + k)
                yield
            yield

    def _done_tasks(self) -> set[int]:
        return {i for i, start in enumerate(self._starts) if start in self._analyses}

    def _store(self, i: int, analyses: list[Analysis | None]) -> None:
        for k, a in enumerate(analyses):
            self._pass(self._starts[i] + k)
            self._analyses[self._starts[i] + k] = a

    def _pass(self, k: int) -> None:
        """Position ``k`` has had its first search: count the decisions it completes."""
        if k in self._passed:
            return
        self._passed.add(k)
        self._done += sum(1 for pair in self._touch.get(k, ()) if all(x in self._passed for x in pair))

    def _workers(self) -> int:
        """How many worker processes run the stretches (1: this process)."""
        if self.workers is not None:
            return min(self.workers, len(self._tasks)) if _workers.available() else 1
        if not _workers.available() or self.budget * len(self._places) < WORKERS_FROM:
            return 1
        return max(1, min(os.cpu_count() or 1, len(self._tasks)))


# --- progress ---------------------------------------------------------------------------------------

# how a notebook shows the progress: registered from above (polis_nb.notebook, imported by ``import
# polis_nb``), since this layer imports no notebook library: (whether this Python is a notebook's kernel,
# factory(total) -> show(done, total, end=False)); until then no kernel is known and a line of text shows
_NOTEBOOK: list = [lambda: False, None]


def set_notebook_progress(active: Callable[[], bool], factory: Callable[[int], Callable[..., None]]) -> None:
    """Register how a notebook cell shows a review's progress: ``active()`` says whether this Python
    is a notebook's kernel, ``factory(total)`` returns ``show(done, total, end=False)``. A review with
    ``progress=None`` shows it in a kernel only. What shows last must be the same every run (nbval
    compares the cell's output)."""
    _NOTEBOOK[:] = [active, factory]


def _progress(progress: Any, total: int) -> Callable[..., None]:
    if callable(progress) and not isinstance(progress, bool):
        return lambda done, total, end=False: progress(done, total)
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False, None or a function (done, total), not {progress!r}")
    kernel = _NOTEBOOK[0]()
    if progress is False or (progress is None and not kernel):
        return lambda done, total, end=False: None
    return _NOTEBOOK[1](total) if kernel and _NOTEBOOK[1] is not None else _Line(total)


class _Line:
    """A progress line on standard output, rewritten in place (``\\r``) as the count changes; it ends
    with how many decisions were reviewed."""

    WIDTH = 24

    def __init__(self, total: int):
        self.shown = -1
        self.width = 0

    def __call__(self, done: int, total: int, end: bool = False) -> None:
        if end:
            text = f"Reviewed {total} decision{'s' if total != 1 else ''}."
            self._write(text + " " * max(0, self.width - len(text)) + "\n")
            return
        if done == self.shown:
            return
        self.shown = done
        filled = self.WIDTH * done // max(1, total)
        text = f"Reviewing the game: {done} of {total} decisions [{'#' * filled}{'.' * (self.WIDTH - filled)}]"
        self.width = max(self.width, len(text))
        self._write(text)

    @staticmethod
    def _write(text: str) -> None:
        out = sys.stdout
        out.write("\r" + text)
        out.flush()
