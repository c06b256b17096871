"""``analyse(state)``: what should the side to decide play here, and how sure is that?

One search tree (:mod:`.search`) grows from the position, wave after wave, until the budget is
spent, the position is proven, or (with ``target``) the best choice is known closely enough. Two
kinds of number come out, and they are never shown as one another:

* **Proven** values: the outcome with best play by both sides, exact over every chance outcome.
  ``ChoiceValue.proven`` is ``"win"``, ``"loss"`` or ``"shared"`` and ``p`` is exactly 1.0, 0.0 or
  0.5 (a chance step can also prove a value in between, e.g. ¾ when a die decides: ``exact``);
  ``reason`` says why in words with the deciding rule ("loses at once: Athens cannot feed its
  capital Athenai ...").
* **Estimates**: the share of the engine's playouts through a choice that the side to decide won
  (a shared result counts half; a playout stopped early counts the evaluation's estimate of how it
  would have ended, see :mod:`.evaluation`), shown from 30 playouts on, with a 95% interval; a
  choice the search tried fewer times (or never) is "not evaluated" (``p`` is None). An analysis
  gives every choice not proven those 30 playouts where its budget allows.

Choices that differ only in how they are paid (``trade +metal``, ``trade +wood``) stay separate in
``choices`` and are grouped as one row each in ``groups``.

    >>> import polis_nb as pn
    >>> s = pn.settle(pn.new_game(seed=3))
    >>> a = pn.analyse(s, budget=60, seed=1)
    >>> a.player, len(a.choices) == len(pn.legal_actions(s)), a.best.action in pn.legal_actions(s)
    ('sparta', True, True)
    >>> a.best.p is not None and 0 <= a.best.p <= 1
    True
"""
from __future__ import annotations

import html
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..data import Components
from ..record.compare import set_evaluator
from ..i18n import Phrase
from ..record.words import action_words, cite_sections, english, say, text_words
from ..rules import CHANCE, PLAYERS, Action, State, apply_unchecked, topology_of, is_legal, legal_actions, paid_with
from .cluster import Bar, check_client
from .search import CUT, EXPLORATION, ROOT_SHARE, WAVE, TreeNode, Tree, rollout_policy
from .solver import Proof, label
from . import words as W
from .words import NUMBERS_NOTE

CHANCE_NAME = "chance"  # Analysis.player at a chance step
MIN_INTERVAL = 30  # playouts below which no interval is shown
ROOT_SOLVE = 1000  # solver nodes for the choices at the position (plus 2 per playout of the budget)
Z95 = 1.959964


@dataclass(frozen=True)
class ChoiceValue:
    """One choice at the analysed position, valued for the side to decide.

    ``p``: exactly 1.0 / 0.0 / 0.5 for a proven win / loss / shared result, the exact value for a
    value proven over chance steps (``exact``), else the playout estimate from at least
    :data:`MIN_INTERVAL` playouts, or None ("not evaluated") if the search tried the choice fewer
    times (``visits``: how many; 0 if never). ``low``/``high``: its 95% interval, for estimates with at least
    :data:`MIN_INTERVAL` playouts (else None). ``reason`` says it in words; ``rules`` are the rule
    ids that decide it (a proof's ending). ``ends`` counts how its playouts ended (rule ids, or
    ``("cut off",)`` for a playout scored by the evaluation). ``words`` names the choice as the
    widgets do ("Trade (pay 1 metal)"); ``action`` and :attr:`notation` are for code.
    """

    action: Action
    visits: int
    p: float | None
    low: float | None
    high: float | None
    proven: str | None
    exact: Fraction | None
    reason: str
    rules: tuple[str, ...] = ()
    ends: dict[tuple[str, ...], int] = field(default_factory=dict)
    words: str = ""
    said: Any = field(default=None, compare=False, repr=False)  # the reason as a phrase, for other languages

    @property
    def notation(self) -> str:
        """The choice as action text (``"trade +metal"``); :attr:`words` names it as the widgets do."""
        return str(self.action)

    def reason_words(self, lang: str | None = None) -> str:
        """:attr:`reason` in ``lang`` (None: the current language)."""
        if self.said is None or (english() if lang is None else lang == "en"):
            return self.reason
        return say(self.said, lang=lang)

    @property
    def half_width(self) -> float | None:
        """Half the interval's width (0 for a proven value, None without an interval)."""
        if self.exact is not None:
            return 0.0
        return None if self.low is None or self.high is None else (self.high - self.low) / 2

    @property
    def evaluated(self) -> bool:
        return self.p is not None

    def to_dict(self) -> dict:
        return {"action": str(self.action), "words": self.words, "visits": self.visits, "p": self.p, "low": self.low, "high": self.high,
                "proven": self.proven, "exact": None if self.exact is None else str(self.exact),
                "reason": self.reason, "rules": list(self.rules),
                "ends": [{"rules": list(k), "count": v} for k, v in self.ends.items()]}


@dataclass(frozen=True)
class ChoiceGroup:
    """The choices that differ only in how they are paid (one choice alone if it has no such
    variants): ``what`` is chosen (notation without the payment), ``choices`` its variants best
    first, ``payments`` how each pays (same order, notation; empty for a choice without variants);
    ``words`` the row in words ("Move hoplites (pay with oil, wheat or metal)")."""

    what: str
    choices: tuple[ChoiceValue, ...]
    payments: tuple[str, ...]
    words: str = ""

    @property
    def notation(self) -> str:
        """What is chosen, as action text without the payment (the same as ``what``)."""
        return self.what

    @property
    def best(self) -> ChoiceValue:
        return self.choices[0]


@dataclass(frozen=True)
class LineStep:
    """One decision of the best line: who makes it ("athens", "sparta" or "chance"), the decision
    (``text``, action text), the playouts that went that way, and their value for the side that made
    it (None for chance; exact when proven). ``number`` is the decision's number as the widgets show
    it (the analysed position's next decision is its ply + 1); ``words`` names it as they do, or is
    ``""`` where the line leaves the position behind (a card the analysing side cannot see)."""

    text: str
    who: str
    visits: int
    p: float | None
    proven: str | None = None
    number: int = 0
    words: str = ""

    @property
    def notation(self) -> str:
        """The decision as action text (the same as ``text``)."""
        return self.text

    def __str__(self) -> str:
        who = say(W.CHANCE) if self.who == "chance" else say("{side}", {"side": self.who})
        return say(W.STEP, {"who": who, "decision": self.words or self.text})


class Analysis:
    """The result of :func:`analyse`: every legal choice valued (best first), grouped rows, the best
    line, and how the playouts ended.

    ``best`` is the choice the search prefers. ``athens`` is Athens' value at the position with that
    choice (at a chance step: over the outcomes; at the end of the game: the result);
    ``athens_proven`` says whether it is proven ("win" / "loss" / "shared" for Athens) and
    ``athens_interval`` gives (value, low, high) for an evaluation bar (low = high = value when
    proven; None bounds when the playouts are too few). ``proven`` is the position's label for the
    side to decide.
    """

    def __init__(self, state: State, choices: list[ChoiceValue], line: list[LineStep], decided_by: Counter,
                 iterations: int, seed: int, seconds: float, view: str | None, root: tuple[float, float, int],
                 root_proof: Proof | None, cut: int,
                 best_estimate: tuple[float, float | None, float | None] | None = None):
        self.state = state
        self.player = state.current_player  # "athens", "sparta", "chance" or "terminal"
        self.choices = tuple(choices)
        self.line = tuple(line)
        self.decided_by = decided_by
        self.iterations, self.seed, self.seconds, self.view = iterations, seed, seconds, view
        self.cut = cut  # playouts scored by the evaluation rather than finished
        self._root = root  # (Athens' total, squares, visits) over all playouts
        self._root_proof = root_proof
        # (Athens' mean, low, high) through the best choice when it has too few playouts to show as a
        # choice's estimate: the position's value still comes from it (as a review weighs positions)
        self._best_estimate = best_estimate

    # --- the figures ------------------------------------------------------------------------
    @property
    def best(self) -> ChoiceValue | None:
        """The choice the search prefers (None at a chance step or when the game is over)."""
        return self.choices[0] if self.choices else None

    @property
    def groups(self) -> tuple[ChoiceGroup, ...]:
        """The choices as rows: variants that differ only in payment share one row (in the order of
        their best variant)."""
        rows: dict[str, list[tuple[ChoiceValue, str]]] = {}
        for c in self.choices:
            pw = paid_with(self.state, c.action)
            key = pw[0] if pw else str(c.action)
            rows.setdefault(key, []).append((c, pw[1] if pw else ""))
        out = []
        for key, items in rows.items():
            pays = tuple(pay for _, pay in items) if len(items) > 1 or items[0][1] else ()
            choices = tuple(c for c, _ in items)
            out.append(ChoiceGroup(key, choices, pays, group_words(self.state, choices, pays)))
        return tuple(out)

    @property
    def proven(self) -> str | None:
        """The position's proven label for the side to decide (None if not proven)."""
        lab = self.athens_proven
        if lab is None or self.player not in PLAYERS:
            return lab
        return lab if self.player == "athens" or lab == "shared" else {"win": "loss", "loss": "win"}[lab]

    @property
    def athens_proven(self) -> str | None:
        """"win", "loss" or "shared" if Athens' result at this position is proven, else None."""
        v = self.athens_exact
        if v is None:
            return None
        return label(v, self._root_proof.mixed if self._root_proof is not None else False)

    @property
    def athens_exact(self) -> Fraction | None:
        """Athens' exact value here, if proven (a finished game, a proven root or best choice)."""
        s = self.state
        if s.outcome is not None:  # the game is over
            w = s.outcome.winner
            return Fraction(1, 2) if w is None else Fraction(int(w == PLAYERS[0]))
        if self._root_proof is not None:
            return self._root_proof.value
        return None

    @property
    def athens_interval(self) -> tuple[float, float | None, float | None]:
        """(value, low, high): Athens' value here with its 95% interval (low = high = value when
        proven; None bounds when too few playouts back it)."""
        ex = self.athens_exact
        if ex is not None:
            return float(ex), float(ex), float(ex)
        b = self.best
        if b is not None and b.p is not None:
            if self.player == PLAYERS[0]:
                return b.p, b.low, b.high
            return (1 - b.p, None if b.high is None else 1 - b.high, None if b.low is None else 1 - b.low)
        if self._best_estimate is not None:
            return self._best_estimate
        total, sq, n = self._root
        mean, lo, hi = _interval(total, sq, n)
        return (0.5 if mean is None else mean), lo, hi

    @property
    def athens(self) -> float:
        """Athens' value here (exact if proven, else the playout estimate)."""
        return self.athens_interval[0]

    def choice(self, action: Action | str) -> ChoiceValue:
        """The figures of one choice, by action or its text."""
        text = str(action)
        for c in self.choices:
            if str(c.action) == text:
                return c
        raise KeyError(f"{text!r} is not a choice at this position; choices: "
                       + ", ".join(str(c.action) for c in self.choices))

    def bar_text(self) -> str:
        """What the evaluation bar shows, in words that say what kind of number it is."""
        v, lo, hi = self.athens_interval
        lab = self.athens_proven
        if lab is not None:
            return say(W.BAR[lab])
        if self.athens_exact is not None:
            return say(W.BAR_EXACT, {"value": self.athens_exact})
        if self.iterations == 0:
            return say(W.NOT_EVALUATED)
        if lo is None or hi is None:
            return say(W.BAR_ESTIMATE, {"share": _pc(v)})
        return say(W.BAR_INTERVAL, {"share": _pc(v), "low": _pc(lo), "high": _pc(hi)})

    def to_dict(self) -> dict:
        """Plain JSON-safe data, e.g. for a view model (evaluation bar, best-choice arrows)."""
        est, lo, hi = self.athens_interval
        return {"player": self.player, "view": self.view, "iterations": self.iterations, "seed": self.seed,
                "athens": {"p": est, "low": lo, "high": hi, "proven": self.athens_proven}, "bar": self.bar_text(),
                "choices": [c.to_dict() for c in self.choices],
                "line": [{"text": x.text, "words": x.words, "number": x.number, "who": x.who, "visits": x.visits,
                          "p": x.p, "proven": x.proven} for x in self.line],
                "decided_by": dict(self.decided_by.most_common()), "cut_off": self.cut}

    # --- showing it -------------------------------------------------------------------------
    def _heading(self) -> str:
        if self.player in PLAYERS:
            return say(W.HEADING, {"side": self.player})
        return say(W.HEADING_CHANCE) if self.player == CHANCE_NAME else say(W.HEADING_OVER)

    def __repr__(self) -> str:
        b = self.best
        if b is None:
            return say(W.REPR, {"heading": self._heading(), "n": self.iterations, "bar": self.bar_text()})
        return say(W.REPR_BEST, {"heading": self._heading(), "n": self.iterations, "choice": _words_of(self.state, b),
                                 "figure": _figure(b, self.state)})

    def __str__(self) -> str:
        rows = [say(W.TITLE, {"heading": self._heading(), "n": self.iterations, "seed": self.seed, "bar": self.bar_text()})]
        if self.choices:
            groups = self.groups
            width = min(max(len(g.words) for g in groups), 56)
            choice, playouts, value = say(W.COLUMN_CHOICE), say(W.COLUMN_PLAYOUTS), say(W.COLUMN_VALUE)
            rows.append(f"  {choice:{width}} {playouts:>8}  {value}")
            for g in groups:
                rows.append(f"  {g.words:{width}} {g.best.visits:8d}  {_figure(g.best, self.state)}")
        steps = self.line_said()
        if steps:
            rows.append("  " + say(W.BEST_LINE))
            rows += [f"    {x}" for x in steps]
        ended = _ended_words(self.decided_by, self.cut, self.state.edition)
        if ended:
            rows.append("  " + say(W.ENDED_BY, {"ended": ended}))
        rows.append("  " + say(NUMBERS_NOTE))
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = "".join(
            f"<tr><td>{esc(g.words)}</td><td style='text-align:right'>{g.best.visits}</td>"
            f"<td>{esc(_figure(g.best, self.state))}</td></tr>" for g in self.groups)
        steps = self.line_said(numbered=False)
        line = (f"<p>{esc(say(W.BEST_LINE_HTML))}</p><ol start='{self.line[0].number}'>"
                + "".join(f"<li>{esc(x)}</li>" for x in steps) + "</ol>") if steps else ""
        ended = esc(_ended_words(self.decided_by, self.cut, self.state.edition))
        heads = "".join(f"<th>{esc(say(m))}</th>" for m in (W.COLUMN_CHOICE, W.COLUMN_PLAYOUTS, W.COLUMN_VALUE))
        table = (f"<table class='polis-analysis'><tr>{heads}</tr>"
                 f"{rows}</table>") if self.choices else ""
        title = say(W.TITLE_HTML, {"heading": self._heading(), "n": self.iterations, "bar": self.bar_text()})
        return (f"<div class='polis-analysis'><p>{esc(title)}</p>{table}{line}"
                + (f"<p>{say(W.ENDED_BY_HTML, {'ended': ended})}</p>" if ended else "")
                + f"<p><small>{esc(say(NUMBERS_NOTE))}</small></p></div>")

    def line_said(self, *, numbered: bool = True) -> list[str]:
        """The best line in words, one decision a row as the widgets number and name it ("12. Athens:
        Phoros: 1 prestige → silver", "13. Chance: Project tile drawn: Phidias"), up to where it
        leaves the position behind (then "…": it goes on with cards the analysing side cannot see)."""
        out = []
        for x in self.line:
            if not x.words:
                out.append(say(W.LINE_HIDDEN))
                break
            out.append((f"{x.number}. " if numbered else "") + str(x))
        return out

    def plot(self, width: int = 560) -> "SvgPlot":
        """Each choice's value as an SVG chart (proven values marked, estimates with their interval)."""
        from .plot import analysis_svg

        return SvgPlot(analysis_svg(self, width))


class SvgPlot(str):
    """SVG markup that Jupyter shows as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


def _pc(x: float) -> str:
    return f"{100 * x:.0f}%"


def _words_of(s: State, c: ChoiceValue) -> str:
    return c.words or action_words(s, c.action)


def _pay_words(pay: str) -> str:
    """How a variant pays, in words: "+oil" → "oil", "silver-for:wood,metal" → "silver for wood and
    metal", "in kind" → "the goods asked"."""
    if pay.startswith("+"):
        return _good(pay[1:])
    if pay.startswith("silver-for:"):
        return say(W.SILVER_FOR, {"goods": W.listed([_good(g) for g in pay.split(":", 1)[1].split(",")], "and")})
    return say(W.IN_KIND) if pay == "in kind" else pay.replace(" ", ", ")


def _good(g: str) -> str:
    """A good by its id, as the current language names it (English: the id itself)."""
    return g if english() else say("{good}", {"good": g})


def group_words(s: State, choices: tuple[ChoiceValue, ...], payments: tuple[str, ...]) -> str:
    """A row of the analysis in words: its best variant as the widgets name it, and how else it can
    be paid ("Move hoplites (pay with oil, wheat or metal)", "Pay 1 metal (or with wood)")."""
    first = _words_of(s, choices[0])
    if len(choices) == 1:
        return first
    pays = [_pay_words(p) for p in payments]
    if s.pending.kind == "turn":  # an action paid with a good of the side's choice (it acts alone)
        return say(W.PAY_WITH, {"choice": first.split(' (pay', 1)[0], "goods": W.listed(pays)})
    return say(W.OR_WITH, {"choice": first, "goods": W.listed(pays[1:])})


def _figure(c: ChoiceValue, s: State | None = None) -> str:
    """A choice's value in a few words: proven, exact, estimated or not evaluated."""
    if c.proven is not None:
        return text_words(c.reason, None if s is None else s.components) if english() else c.reason_words()
    if c.exact is not None:
        return say(W.EXACT, {"value": c.exact})
    if c.p is None:
        return say(W.TOO_FEW, {"n": c.visits}) if c.visits else say(W.NOT_EVALUATED)
    if c.low is None or c.high is None:
        return say(W.FEW, {"share": _pc(c.p), "n": c.visits})
    return say(W.INTERVAL, {"share": _pc(c.p), "low": _pc(c.low), "high": _pc(c.high)})


_END_WORDS = W.END_WORDS


def end_words(rule: str, edition: str = "ed1") -> str:
    """How a game ended by ``rule``, in a few words ("the final scoring", "ostracism"); a rule
    without such words is named by its rulebook section."""
    said = _END_WORDS.get(rule)
    return say(said) if said else cite_sections((rule,), edition)[0] or say(W.ANOTHER_RULE)


def _ended_words(ends: Counter, cut: int = 0, edition: str = "ed1") -> str:
    """How playouts ended, in words: ``ends`` counts rule ids of finished ones; ``cut`` those
    stopped at the horizon."""
    total = sum(n for r, n in ends.items() if not r.startswith("end.tie-break")) + cut
    if not total:
        return ""
    parts = [] if not cut else [say(W.STOPPED, {"share": f"{cut / total:.0%}"})]
    for r, n in ends.most_common():
        if r.startswith("end.tie-break"):
            continue
        parts.append(say(W.ENDING_SHARE, {"ending": end_words(r, edition), "share": f"{n / total:.0%}"}))
    return ", ".join(parts[:5])


def _interval(total: float, sq: float, n: int) -> tuple[float | None, float | None, float | None]:
    """(mean, low, high) of n scores in [0, 1] with the given sum and sum of squares: a normal 95%
    interval, clipped to [0, 1], from MIN_INTERVAL scores on (else None bounds)."""
    if n == 0:
        return None, None, None
    mean = total / n
    if n < MIN_INTERVAL:
        return mean, None, None
    var = max(0.0, sq / n - mean * mean)
    half = Z95 * math.sqrt(max(var, 1e-12) / (n - 1))
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def proof_words(proof: Proof, p: int, *, sentence: bool = False) -> tuple[str | None, str]:
    """(label for side p, reason in words) of a proven choice: "wins by force: ...", "loses at once:
    ...", "a shared result by force: ...", or the exact chance of winning when a die or card decides.
    ``sentence``: to follow a choice's name in a sentence ("is a shared result ..."), with the deciding
    rules' ids in brackets (the puzzles' explanations)."""
    lab, said = proof_said(proof, p, sentence=sentence)
    return lab, say(said, {"why": proof.why.rstrip(".")}, lang="en")


def proof_said(proof: Proof, p: int, *, sentence: bool = False) -> tuple[str | None, Phrase]:
    """:func:`proof_words` as a phrase for any language (why the line ends: the outcome's reason)."""
    v = proof.value if p == 0 else 1 - proof.value
    lab = label(v, proof.mixed)
    rules = f" [{', '.join(proof.end.rules)}]" if sentence and proof.end.rules else ""
    return lab, W.proof_phrase(lab, proof.choices == 0, W.why_phrase(proof), rules, v, sentence)


def _value(a: Action, node: TreeNode, p: int, ends: Counter | None) -> ChoiceValue:
    e = dict(ends or {})
    if node.proof is not None:
        lab, reason = proof_words(node.proof, p)
        exact = node.proof.value if p == 0 else 1 - node.proof.value
        return ChoiceValue(a, node.visits, float(exact), float(exact), float(exact), lab, exact, reason,
                           node.proof.end.rules, e, said=proof_said(node.proof, p)[1])
    if node.visits == 0:
        return _untried(a)
    if node.visits < MIN_INTERVAL:  # too few playouts for a number worth showing
        thin = Phrase(W.THIN, {"n": node.visits, "least": MIN_INTERVAL})
        return ChoiceValue(a, node.visits, None, None, None, None, None, say(thin, lang="en"), (), e, said=thin)
    mean, lo, hi = _interval(node.total, node.sq, node.visits)
    assert mean is not None, "a visited node has a mean"
    if p == 1:
        mean, lo, hi = 1 - mean, (None if hi is None else 1 - hi), (None if lo is None else 1 - lo)
    top = Counter(e).most_common(1)
    rules = () if not top or tuple(top[0][0]) == CUT else tuple(top[0][0])
    said = Phrase(W.ESTIMATE, {"side": PLAYERS[p], "share": _pc(mean), "n": node.visits})
    return ChoiceValue(a, node.visits, mean, lo, hi, None, None, say(said, lang="en"), rules, e, said=said)


def line_words(s: State, actions: list[Action]) -> list[str]:
    """Each decision of a line played from ``s`` in words, as far as the line stays legal in ``s``'s
    game ("" from there on: a search that cannot see a hand may follow cards of another deal)."""
    out: list[str] = []
    at: State | None = s  # None once the line leaves the game
    for a in actions:
        if at is None or at.is_terminal or not is_legal(at, a):
            at = None
            out.append("")
            continue
        out.append(action_words(at, a))
        at = apply_unchecked(at, a)
    return out


def _untried(a: Action) -> ChoiceValue:
    return ChoiceValue(a, 0, None, None, None, None, None, str(W.UNTRIED), said=Phrase(W.UNTRIED))


# --- running ----------------------------------------------------------------------------------

def analyse(s: State, budget: int = 2000, *, seconds: float | None = None, target: float | None = None,
            seed: int = 0, view: str | None = "mover", rollout: Any = "sensible",
            exploration: float = EXPLORATION, wave: int = WAVE, client: Any = None, workers: int | None = None,
            progress: bool = False) -> Analysis:
    """Value every legal choice at ``s`` for the side to decide (see the module docstring).

    ``budget`` caps the playouts (tree iterations); the search stops sooner once the position is
    proven, after ``seconds`` (the result then depends on the machine's speed) or, with ``target``
    (e.g. 0.03 for ±3 points), once the best choice is proven or its interval that narrow. ``view``
    is whose knowledge the search uses: "mover" (the side to decide), "athens", "sparta" or None (a
    spectator: neither battle hand). ``rollout`` plays below the tree ("sensible", "random",
    "greedy" or a policy function). ``wave`` leaves are chosen and scored together; ``client`` and
    ``workers`` choose where their playouts run (see :mod:`.cluster`): by default in this process;
    ``workers=N`` on a local Dask cluster of N worker processes; ``client=`` a scheduler address or a
    ``distributed.Client``. ``progress`` shows a bar. Same ``seed``, budget and wave: the same
    result wherever the playouts run.
    """
    if not isinstance(s, State):
        raise TypeError(f"analyse needs a State, not {type(s).__name__}")
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"budget must be a whole number of playouts >= 1, not {budget!r}")
    if target is not None and not 0 < target < 0.5:
        raise ValueError(f"target is a half-width between 0 and 0.5 (0.03 = ±3 points), not {target!r}")
    if seconds is not None and not seconds > 0:
        raise ValueError(f"seconds must be > 0, not {seconds!r}")
    if view not in ("mover", None, *PLAYERS):
        raise ValueError(f"view must be 'mover', 'athens', 'sparta' or None, not {view!r}")
    if not isinstance(wave, int) or isinstance(wave, bool) or wave < 1:
        raise ValueError(f"wave must be a whole number >= 1, not {wave!r}")
    rollout_policy(rollout)
    check_client(client)
    t0 = time.perf_counter()
    if s.outcome is not None:  # the game is over
        return Analysis(s, [], [], Counter(s.outcome.rules), 0, seed, 0.0, view, (0.0, 0.0, 0), None, 0)
    comp = topology_of(s).comp
    portable = None if is_default_components(comp) else comp  # a user's component set travels with the tasks
    tree = Tree(s, viewer=view, rollout=rollout, exploration=exploration, wave=wave)
    bar = _bar(budget, progress)

    def enough(t: Tree) -> bool:
        if target is None or t.iterations < MIN_INTERVAL:
            return False
        got = analysis_of(s, t, seed, view, 0.0).best
        return got is not None and got.half_width is not None and got.half_width <= target

    # near a round's end and in the last round: which choices win or lose by force; the solver keeps at
    # the others as the tree runs, and every choice not proven gets MIN_INTERVAL playouts if the budget allows
    tree.solve_root_choices(ROOT_SOLVE + 2 * budget, wide=True)
    tree.keep_proving(ROOT_SHARE, MIN_INTERVAL)
    try:
        tree.run(random.Random(f"polis:analyse:{seed}"), budget, seconds, seed=seed, client=client, workers=workers,
                 comp=portable, stop=enough if target is not None else None, on_wave=bar.update)
    finally:
        bar.close()
    return analysis_of(s, tree, seed, view, time.perf_counter() - t0)


def _bar(total: int, progress: bool) -> Bar:
    from .cluster import _bar as bar

    return bar(total, progress, "analyse")


def is_default_components(comp: Components) -> bool:
    """Whether ``comp`` is one of the packaged component sets (else it must travel with tasks)."""
    from ..data import default_components

    return any(default_components(ed) == comp for ed in ("ed1", "ed2"))


def analysis_of(s: State, tree: Tree, seed: int, view: Any, seconds: float) -> Analysis:
    """The :class:`Analysis` of position ``s`` from its search ``tree`` (as :func:`analyse` returns it)."""
    decided: Counter = Counter()  # rule ids over the playouts that finished (and the proofs)
    for c in tree.ends.values():
        for rules, n in c.items():
            if tuple(rules) != CUT:
                for r in rules:
                    decided[r] += n
    p = s.pending.player
    choices: list[ChoiceValue] = []
    if p != CHANCE:
        legal = legal_actions(s)
        seen = set()
        for a, node in tree.choices():
            if a in legal:  # (a hidden hand may make other choices legal in other deals)
                choices.append(_value(a, node, p, tree.ends.get(a)))
                seen.add(a)
        choices += [_untried(a) for a in legal if a not in seen]
    choices = [replace(c, words=action_words(s, c.action)) for c in choices]
    best = tree.line(max(2, tree.iterations // 100))
    said = line_words(s, [a for a, _ in best])
    line = [LineStep(str(a), "chance" if n.player == CHANCE else PLAYERS[n.player], n.visits,
                     None if n.player == CHANCE else n.for_player(n.player),
                     None if n.proof is None or n.player == CHANCE else proof_words(n.proof, n.player)[0],
                     s.ply + 1 + k, words)
            for k, ((a, n), words) in enumerate(zip(best, said))]
    root = tree.root
    return Analysis(s, choices, line, decided, tree.iterations, seed, seconds, view,
                    (root.total, root.sq, root.visits), root.proof, tree.cut, _thin_best(tree, choices))


def _thin_best(tree: Tree, choices: list[ChoiceValue]) -> tuple[float, float | None, float | None] | None:
    """Athens' (mean, low, high) through the best choice when it is an estimate too thin to show
    (fewer than :data:`MIN_INTERVAL` playouts), else None."""
    if not choices or choices[0].p is not None or not choices[0].visits:
        return None
    node = tree.root.children.get(choices[0].action)
    if node is None or node.proof is not None:
        return None
    mean, lo, hi = _interval(node.total, node.sq, node.visits)
    return (0.5 if mean is None else mean), lo, hi


set_evaluator(analyse)  # g.compare(a, b, evaluate=...) and Comparison.evaluate use it
