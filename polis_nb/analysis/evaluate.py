"""``analyse(state)``: what should the side to decide play here?

The search bot's tree search (:mod:`.search`), run as several independent trees (root-parallel
ISMCTS) whose statistics add up. Each tree is one task with its own generator seeded from the
run's ``seed`` and the task's index, so the result does not depend on where or on how many workers
the tasks run (:mod:`.cluster`).

For every legal choice the result gives the playouts that went through it, its estimated win
probability for the side to decide (a shared result counts as half a win) with a 95% Wilson
interval, and the rule ids that ended those playouts (from :func:`polis_nb.outcome`). The tree
spends most playouts on the choices that look best, so the best choices get the narrowest
intervals; the estimate is the win rate of playouts in which the later decisions follow the
search (the playout policy below the tree), not perfect play.

    >>> import polis_nb as pn
    >>> s = pn.settle(pn.new_game(seed=3))
    >>> a = pn.analyse(s, budget=60, seed=1, client="serial")
    >>> a.player, len(a.choices) == len(pn.legal_actions(s)), a.best.action in pn.legal_actions(s)
    ('sparta', True, True)
    >>> 0 <= a.best.low <= a.best.p <= a.best.high <= 1
    True
"""
from __future__ import annotations

import html
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..record.compare import set_evaluator
from ..rules import Action, State, legal_actions
from ..rules.state import CHANCE, PLAYERS
from .battle_result import wilson
from .cluster import check_client, run_tasks, task_rng
from .search import EXPLORATION, Tree, rollout_policy

CHUNK = 250  # iterations per task (one tree); fixed, so results never depend on the workers
WAVE = 4  # tasks per wave when running to a target interval or a time limit


@dataclass(frozen=True)
class ChoiceValue:
    """One choice at the analysed position, seen by the side to decide.

    ``p`` counts a shared result as half a win; ``low``/``high`` bound it at 95% (Wilson).
    ``ends`` counts the rule ids that ended the playouts through this choice.
    """

    action: Action
    visits: int
    wins: int
    shared: int
    losses: int
    p: float
    low: float
    high: float
    ends: dict[tuple[str, ...], int] = field(default_factory=dict)

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_dict(self) -> dict:
        return {"action": str(self.action), "visits": self.visits, "wins": self.wins, "shared": self.shared,
                "losses": self.losses, "p": self.p, "low": self.low, "high": self.high,
                "ends": [{"rules": list(k), "count": v} for k, v in self.ends.items()]}


@dataclass(frozen=True)
class LineStep:
    """One decision of the best line: who makes it ("athens", "sparta" or "chance"), the decision
    (``card ?`` for a card drawn into the other side's hidden hand), how many playouts went that
    way, and the win rate of those playouts for the side that made it (None for chance)."""

    text: str
    who: str
    visits: int
    p: float | None

    def __str__(self) -> str:
        return f"{self.who}: {self.text}" if self.who == "chance" else f"{self.who.capitalize()}: {self.text}"


class Analysis:
    """The result of :func:`analyse`: choices best first, the best line and what ended the games.

    ``choices`` are ordered by playouts (the search's preference; ties by estimate), so
    ``best`` is the choice the search bot would make. ``athens`` is Athens' estimated win
    probability at the position if the best choice is made (at a chance step: over the chance
    outcomes; at the end of the game: the result), with ``athens_interval`` -- what an evaluation
    bar shows. ``decided_by`` counts rule ids over every playout.
    """

    def __init__(self, state: State, choices: list[ChoiceValue], line: list[LineStep], decided_by: Counter,
                 iterations: int, tasks: int, seed: int, seconds: float, overall: tuple[float, int],
                 view: str | None):
        self.state = state
        self.player = state.current_player  # "athens", "sparta", "chance" or "terminal"
        self.choices = tuple(choices)
        self.line = tuple(line)
        self.decided_by = decided_by
        self.iterations, self.tasks, self.seed, self.seconds, self.view = iterations, tasks, seed, seconds, view
        self._overall = overall  # (score for Athens, playouts) over all playouts

    # --- the figures ------------------------------------------------------------------------
    @property
    def best(self) -> ChoiceValue | None:
        """The choice the search prefers (None at a chance step or when the game is over)."""
        return self.choices[0] if self.choices else None

    @property
    def athens_interval(self) -> tuple[float, float, float]:
        """(estimate, low, high): Athens' win probability at this position, 95% interval."""
        s = self.state
        if s.is_terminal:
            w = s.outcome.winner  # type: ignore[union-attr]
            v = 0.5 if w is None else 1.0 if w == PLAYERS[0] else 0.0
            return v, v, v
        b = self.best
        if b is not None:
            return (b.p, b.low, b.high) if self.player == PLAYERS[0] else (1 - b.p, 1 - b.high, 1 - b.low)
        k, n = self._overall
        lo, hi = wilson(k, n)
        return (k / n if n else 0.5), lo, hi

    @property
    def athens(self) -> float:
        """Athens' estimated win probability here (a shared result counts half)."""
        return self.athens_interval[0]

    def choice(self, action: Action | str) -> ChoiceValue:
        """The figures of one choice, by action or its text."""
        text = str(action)
        for c in self.choices:
            if str(c.action) == text:
                return c
        raise KeyError(f"{text!r} is not a choice at this position; choices: "
                       + ", ".join(str(c.action) for c in self.choices))

    def to_dict(self) -> dict:
        """Plain JSON-safe data, e.g. for a view model (evaluation bar, best-choice arrows)."""
        est, lo, hi = self.athens_interval
        return {"player": self.player, "view": self.view, "iterations": self.iterations, "tasks": self.tasks,
                "seed": self.seed, "athens": {"p": est, "low": lo, "high": hi},
                "choices": [c.to_dict() for c in self.choices],
                "line": [{"text": x.text, "who": x.who, "visits": x.visits, "p": x.p} for x in self.line],
                "decided_by": dict(self.decided_by.most_common())}

    # --- showing it -------------------------------------------------------------------------
    def __repr__(self) -> str:
        b = self.best
        head = f"<Analysis {self.player}, {self.iterations} playouts"
        if b is None:
            return head + f": Athens {self.athens:.0%}>"
        return head + f": best {b.action} {b.p:.0%} [{b.low:.0%}, {b.high:.0%}]>"

    def __str__(self) -> str:
        est, lo, hi = self.athens_interval
        rows = [f"Analysis for {self.player.capitalize()}: {self.iterations} playouts in {self.tasks} tasks, "
                f"seed {self.seed}; Athens {_pc(est)} [{_pc(lo)}, {_pc(hi)}]"]
        if self.choices:
            rows.append(f"  {'choice':28} {'playouts':>8} {'win':>6}  {'95% interval':14} decided by")
            for c in self.choices:
                rows.append(f"  {str(c.action):28} {c.visits:8d} {_pc(c.p):>6}  [{_pc(c.low)}, {_pc(c.high)}]"
                            f"{'':3} {_ends(c.ends)}")
        if self.line:
            rows.append("  best line: " + "; ".join(str(x) for x in self.line))
        if self.decided_by:
            rows.append("  games ended by: " + ", ".join(f"{r} {n}" for r, n in self.decided_by.most_common()))
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        esc = html.escape
        est, lo, hi = self.athens_interval
        rows = "".join(
            f"<tr><td>{esc(str(c.action))}</td><td style='text-align:right'>{c.visits}</td>"
            f"<td style='text-align:right'>{_pc(c.p)}</td><td>[{_pc(c.low)}, {_pc(c.high)}]</td>"
            f"<td>{esc(_ends(c.ends))}</td></tr>" for c in self.choices)
        line = "; ".join(esc(str(x)) for x in self.line)
        ended = ", ".join(f"{esc(r)} {n}" for r, n in self.decided_by.most_common())
        table = ("<table class='polis-analysis'><tr><th>choice</th><th>playouts</th><th>win</th><th>95% interval</th>"
                 f"<th>decided by</th></tr>{rows}</table>") if self.choices else ""
        return (f"<div class='polis-analysis'><p>Analysis for {esc(self.player.capitalize())}: {self.iterations} "
                f"playouts; Athens {_pc(est)} [{_pc(lo)}, {_pc(hi)}]</p>{table}"
                + (f"<p>Best line: {line}</p>" if line else "") + (f"<p>Games ended by: {ended}</p>" if ended else "")
                + "</div>")

    def plot(self, width: int = 560) -> "SvgPlot":
        """Each choice's win probability with its 95% interval as an SVG chart (no plotting library)."""
        from .plot import analysis_svg

        return SvgPlot(analysis_svg(self, width))


class SvgPlot(str):
    """SVG markup that Jupyter shows as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


def _pc(x: float) -> str:
    return f"{100 * x:.0f}%"


def _ends(ends: dict) -> str:
    total = sum(ends.values())
    top = sorted(ends.items(), key=lambda kv: -kv[1])[:2]
    return ", ".join(f"{' + '.join(k)} {v / total:.0%}" for k, v in top) if total else ""


# --- running ----------------------------------------------------------------------------------

def _task(text: str, comp: Any, view: Any, rollout: Any, exploration: float, iterations: int, seed: int,
          index: int) -> dict:
    """One tree of ``iterations`` from the position in ``text`` (runs on a worker)."""
    if comp is not None:
        from ..rules.board import register

        register(comp)
    s = State.from_notation(text)
    tree = Tree(s, viewer=view, rollout=rollout, exploration=exploration)
    return tree.run(task_rng("analyse", seed, index), iterations).summary()


def analyse(s: State, budget: int = 2000, *, seconds: float | None = None, target: float | None = None,
            seed: int = 0, view: str | None = "mover", rollout: Any = "sensible",
            exploration: float = EXPLORATION, chunk: int = CHUNK, client: Any = None, workers: int | None = None,
            progress: bool = False) -> Analysis:
    """Evaluate every legal choice at ``s`` for the side to decide.

    ``budget`` is the number of playouts (tree iterations), split into tasks of ``chunk``. With
    ``target`` (e.g. 0.03 for ±3 points) the tasks run in waves until the best choice's interval is
    that narrow or ``budget`` is spent; with ``seconds`` waves stop once that time has passed (the
    result then depends on the machine's speed). ``view`` is whose knowledge the search uses:
    "mover" (the side to decide), "athens", "sparta" or None (a spectator: neither battle hand).
    ``rollout`` plays below the tree ("sensible", "random", "greedy" or a policy function).
    ``client`` and ``workers`` choose where the tasks run (see :mod:`.cluster`; "serial" for this
    process); ``progress`` shows a bar. Same ``seed`` and budget: the same result.
    """
    if not isinstance(s, State):
        raise TypeError(f"analyse needs a State, not {type(s).__name__}")
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"budget must be a whole number of playouts >= 1, not {budget!r}")
    if not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a whole number >= 1, not {chunk!r}")
    if target is not None and not 0 < target < 0.5:
        raise ValueError(f"target is a half-width between 0 and 0.5 (0.03 = ±3 points), not {target!r}")
    if seconds is not None and not seconds > 0:
        raise ValueError(f"seconds must be > 0, not {seconds!r}")
    if view not in ("mover", None, *PLAYERS):
        raise ValueError(f"view must be 'mover', 'athens', 'sparta' or None, not {view!r}")
    rollout_policy(rollout)
    check_client(client)
    t0 = time.perf_counter()
    if s.is_terminal:
        return _finished(s, seed, view)
    from ..rules.board import board

    comp = board(s).comp
    portable = None if _is_default(comp) else comp  # a user's component set travels with the tasks
    text = s.to_notation()
    sizes = [chunk] * (budget // chunk) + ([budget % chunk] if budget % chunk else [])
    adaptive = target is not None or seconds is not None
    parts: list[dict] = []
    done = 0
    while done < len(sizes):
        wave = sizes[done: done + WAVE] if adaptive else sizes
        tasks = [(text, portable, view, rollout, exploration, n, seed, done + i) for i, n in enumerate(wave)]
        parts += run_tasks(_task, tasks, client=client, workers=workers, progress=progress, desc="analyse")
        done += len(wave)
        if not adaptive:
            break
        partial = _result(s, parts, seed, view, time.perf_counter() - t0, done)
        if target is not None and partial.best is not None and partial.best.half_width <= target:
            break
        if seconds is not None and time.perf_counter() - t0 >= seconds:
            break
    return _result(s, parts, seed, view, time.perf_counter() - t0, done)


def _is_default(comp) -> bool:
    from ..data import default_components

    return any(default_components(ed) == comp for ed in ("ed1", "ed2"))


def _result(s: State, parts: list[dict], seed: int, view: Any, seconds: float, tasks: int) -> Analysis:
    from .search import merge_summaries

    m = merge_summaries(parts)
    legal = {str(a): a for a in legal_actions(s)}
    choices = []
    decided: Counter = Counter()
    athens_score, n_all = 0.0, 0
    for text, c in m["choices"].items():
        wins, shared, losses = c["results"]
        n = wins + shared + losses
        ends = {tuple(k.split("|")): v for k, v in c["ends"].items()}
        for rules, v in ends.items():
            for r in rules:
                decided[r] += v
        mine = wins + shared / 2
        athens_score += mine if s.pending.player in (0, CHANCE) else n - mine
        n_all += n
        if s.pending.player == CHANCE:
            continue
        lo, hi = wilson(mine, n)
        choices.append(ChoiceValue(legal[text], n, wins, shared, losses, mine / n if n else 0.0, lo, hi, ends))
    order = {a: i for i, a in enumerate(legal)}
    choices.sort(key=lambda c: (-c.visits, -c.p, order[str(c.action)]))
    missing = [a for a in legal.values() if all(c.action != a for c in choices)]
    if s.pending.player != CHANCE:
        choices += [ChoiceValue(a, 0, 0, 0, 0, 0.0, 0.0, 1.0) for a in missing]
    line = _line(m["tree"], max(2, m["iterations"] // 100))
    return Analysis(s, choices, line, decided, m["iterations"], tasks, seed, seconds, (athens_score, n_all),
                    None if view is None else view)


def _line(tree: dict, min_visits: int, depth: int = 12) -> list[LineStep]:
    out: list[LineStep] = []
    node = tree
    while node and len(out) < depth:
        text, (visits, value, player, children) = max(node.items(), key=lambda kv: kv[1][0])
        if visits < min_visits:
            break
        who = "chance" if player == CHANCE else PLAYERS[player]
        out.append(LineStep(text, who, visits, None if player == CHANCE else value / visits))
        node = children
    return out


def _finished(s: State, seed: int, view: Any) -> Analysis:
    o = s.outcome
    return Analysis(s, [], [], Counter(o.rules), 0, 0, seed, 0.0, (0.0, 0), view)  # type: ignore[union-attr]


set_evaluator(analyse)  # g.compare(a, b, evaluate=...) and Comparison.evaluate use it
