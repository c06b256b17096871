"""compare(a, b): what differs between two positions, in plain language, and optionally an
evaluation of each (Athens' estimated win probability from :func:`polis_nb.analyse`).

The record layer sits below analysis, so it does not import it: the analysis layer registers its
evaluator here when it is imported (:func:`set_evaluator`), as ``import polis_nb`` does.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Callable

from ..rules import NEUTRAL, PLAYERS, State, topology_of, poss, score
from .words import action_words


@dataclass(frozen=True)
class Difference:
    topic: str  # "prestige", "goods", "polis", "control", "units", "score", "round"
    subject: str  # e.g. "Athens", "Thebai", "Boiotia"
    a: str
    b: str
    sentence: str


_EVALUATOR: list[Callable[..., Any]] = []


def set_evaluator(fn: Callable[..., Any]) -> None:
    """Register the position evaluator (``fn(state, **options)`` returning an object with
    ``bar_text()``, ``iterations`` and ``best``); :mod:`polis_nb.analysis` registers
    :func:`polis_nb.analyse`."""
    _EVALUATOR[:] = [fn]


class Comparison:
    """The differences between position A and position B.

    ``evaluate`` (False by default) adds an evaluation of each position: True for the evaluator's
    default budget, a number of playouts, or a dict of its options (e.g. ``{"budget": 500,
    "seed": 1, "client": "serial"}``); :meth:`evaluate` does the same afterwards. ``evaluations``
    then holds the two analyses (A, B), else None.
    """

    def __init__(self, a: State, b: State, label_a: str = "A", label_b: str = "B", *,
                 evaluate: bool | int | dict = False):
        self.a, self.b, self.label_a, self.label_b = a, b, label_a, label_b
        self.differences = _differences(a, b, label_a, label_b)
        self.evaluations: tuple[Any, Any] | None = None
        if evaluate is not False:
            self.evaluations = _evaluate(a, b, evaluate)

    def evaluate(self, **options: Any) -> "Comparison":
        """A copy of this comparison with an evaluation of both positions (``options`` go to the
        evaluator, e.g. ``budget=500, seed=1``)."""
        return Comparison(self.a, self.b, self.label_a, self.label_b, evaluate=options or True)

    def __bool__(self) -> bool:
        return bool(self.differences)

    def __str__(self) -> str:
        if not self.differences:
            text = f"{self.label_a} and {self.label_b} do not differ in prestige, goods, poleis, control or score."
        else:
            text = "\n".join(f"- {d.sentence}" for d in self.differences)
        return text + "".join(f"\n{s}" for s in self.evaluation_sentences())

    def evaluation_sentences(self) -> list[str]:
        """One sentence per evaluated position (none without an evaluation)."""
        if self.evaluations is None:
            return []
        out = []
        for label, ev, s in zip((self.label_a, self.label_b), self.evaluations, (self.a, self.b)):
            best = f"; best choice: {action_words(s, ev.best.action)}" if ev.best is not None else ""
            out.append(f"Evaluation of {label}: {ev.bar_text()} ({ev.iterations} playouts){best}.")
        return out

    def __repr__(self) -> str:
        return f"<Comparison {self.label_a} vs {self.label_b}: {len(self.differences)} differences>"

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = "".join(f"<tr><td>{esc(d.topic)}</td><td>{esc(d.subject)}</td><td>{esc(d.a)}</td><td>{esc(d.b)}</td>"
                       f"<td>{esc(d.sentence)}</td></tr>" for d in self.differences)
        evals = "".join(f"<p>{esc(s)}</p>" for s in self.evaluation_sentences())
        return (f"<table class='polis-compare'><tr><th>topic</th><th>what</th><th>{esc(self.label_a)}</th>"
                f"<th>{esc(self.label_b)}</th><th>in words</th></tr>{rows}</table>{evals}")


def _evaluate(a: State, b: State, evaluate: Any) -> tuple[Any, Any]:
    if not _EVALUATOR:
        raise RuntimeError("no evaluator is registered; import polis_nb.analysis (import polis_nb does)")
    if evaluate is True:
        options: dict = {}
    elif isinstance(evaluate, int) and not isinstance(evaluate, bool):
        options = {"budget": evaluate}
    elif isinstance(evaluate, dict):
        options = dict(evaluate)
    else:
        raise TypeError(f"evaluate must be True, a number of playouts or a dict of options, not {evaluate!r}")
    fn = _EVALUATOR[0]
    return fn(a, **options), fn(b, **options)


def _owner(o: int) -> str:
    return "neutral" if o == NEUTRAL else PLAYERS[o].capitalize()


def _whose(o: int) -> str:
    return "neutral" if o == NEUTRAL else poss(o)


def _differences(a: State, b: State, la: str, lb: str) -> list[Difference]:
    bd = topology_of(a)
    comp = bd.comp
    out: list[Difference] = []
    if a.round != b.round:
        ra, rb = comp.rounds[a.round].name, comp.rounds[b.round].name
        out.append(Difference("round", "game", ra, rb, f"{la} is in round {ra}, {lb} in round {rb}."))
    for p, name in enumerate(PLAYERS):
        side = name.capitalize()
        sa, sb = score(a, p), score(b, p)
        if sa != sb:
            out.append(Difference("score", side, str(sa), str(sb), f"If the game ended now {side} would score "
                                  f"{sa} in {la} and {sb} in {lb} ({_more(sb - sa)} in {lb})."))
        if a.prestige[p] != b.prestige[p]:
            d = b.prestige[p] - a.prestige[p]
            out.append(Difference("prestige", side, str(a.prestige[p]), str(b.prestige[p]),
                                  f"{side} has {_more(d)} prestige in {lb} ({b.prestige[p]} against {a.prestige[p]})."))
        for g, x, y in zip(comp.goods, a.goods[p], b.goods[p]):
            if x != y:
                out.append(Difference("goods", f"{side} {g}", str(x), str(y),
                                      f"{side} has {_more(y - x)} {g} in {lb} ({y} against {x})."))
    for i, pol in enumerate(comp.poleis):
        oa, ob = a.owner[i], b.owner[i]
        if oa != ob:
            out.append(Difference("polis", pol.name, _owner(oa), _owner(ob),
                                  f"{pol.name} is {_whose(oa)} in {la} but {_whose(ob)} in {lb}."))
        elif a.pop[i] != b.pop[i]:
            out.append(Difference("polis", pol.name, str(a.pop[i]), str(b.pop[i]),
                                  f"{pol.name} holds {b.pop[i]} cubes in {lb} against {a.pop[i]} in {la}."))
    for i, area in enumerate(comp.areas):
        ca, cb = bd.controller(a, i), bd.controller(b, i)
        if ca != cb:
            who = lambda c: "nobody" if c == NEUTRAL else PLAYERS[c].capitalize()  # noqa: E731
            out.append(Difference("control", area.name, who(ca), who(cb),
                                  f"{area.name} is controlled by {who(ca)} in {la} and by {who(cb)} in {lb}."))
        elif a.units[i] != b.units[i]:
            (x1, y1), (x2, y2) = a.units[i], b.units[i]
            out.append(Difference("units", area.name, f"{x1}/{y1}", f"{x2}/{y2}",
                                  f"{area.name} holds {x2} Athenian and {y2} Spartan units in {lb} "
                                  f"against {x1} and {y1} in {la}."))
    return out


def _more(d: int) -> str:
    return f"{d} more" if d > 0 else f"{-d} less"
