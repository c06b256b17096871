"""Game review: what lichess's "computer analysis" is for a chess game, for a Polis record.

    g = pn.Game.load("argos.polis")
    r = g.review(seed=1)                 # judge every player decision of the main line
    r                                    # accuracy per side, the judged decisions, the chart
    r.chart()                            # Athens' win chance over the game (SVG)
    g.save("argos.polis")                # the evaluations are saved with the record ...
    pn.Game.load("argos.polis").review_result()   # ... and give the same review without a new run

**Values.** A position's value for a side is its expected result there: a win 1, a shared result ½,
a loss 0 (the engine's playout share, or exact where the result is proven). The engine's search of
each position (:mod:`.review_job`: the positions of the line searched in order, each search going on
from the tree of the one before) gives Athens' value there (``Analysis.athens``: with the engine's
best choice at a player's decision, over the outcomes at a chance step); the end of the game has its
exact value from :func:`polis_nb.outcome`. A decision's **loss** is the value of the
position before it for the side that decides (its best choice) minus the value of the position after
it for the same side, never below 0; a decision the engine itself prefers loses nothing.

**Judgements** (the thresholds are lichess's, on a 0-to-1 scale of expected result):

========  ===========  ================================================================
glyph     name         loss
========  ===========  ================================================================
``?!``    inaccuracy   ≥ 0.10
``?``     mistake      ≥ 0.20
``??``    blunder      ≥ 0.30, and always when a position that is not proven lost for the
                       decider (a proven win or a live game) becomes a proven loss
========  ===========  ================================================================

**Accuracy** per decision is lichess's formula on the loss in percentage points,
``103.1668 * exp(-0.04354 * loss_pp) - 3.1669`` clamped to [0, 100] (no loss: 100%, a loss of 10
points: 64%, 30 points: 25%); a side's accuracy is the mean over its reviewed decisions.

**What is reviewed.** Every decision of the main line taken by a player who had a choice: chance
steps and forced decisions (one legal choice) are skipped. Each analysed position gets its own seed
from the review's seed and its ply (:func:`position_seed`), so a review is repeatable, in this
process or on worker processes. Decisions are numbered as the Board and the Viewer number them
(``DecisionReview.num``, the ply of the position + 1) and placed in their step as the Viewer titles
it ("Round 3 · Sparta, turn 1"); what was played reads in words (``DecisionReview.words``; the
notation stays in ``action``).

**What the record gets.** Every analysed position keeps its evaluation
(:class:`~polis_nb.record.node.Evaluation`: Athens' value, a proven result, the engine's choice,
the playouts), which the ``.polis`` text (``[%eval ...]`` in the comment) and the JSON form
(``"eval"``) save. A judged decision gets its glyph, a comment in words (the review's paragraph,
starting "Inaccuracy:", "Mistake:" or "Blunder:", after the author's own comment) and, at the
position before it, the engine's choice with its best line as a variation named "engine" (not
promoted). A glyph the author set stays: the review reports it instead. Reviewing again replaces
the review's own glyphs and paragraphs; the variations stay.
"""
from __future__ import annotations

import hashlib
import html
import math
from dataclasses import dataclass
from typing import Any

from ..record.game import Game, set_reviewer
from ..record.node import PROVEN, Evaluation, Node
from ..record.steps import title_at
from ..record.turns import StepInfo, index_steps
from ..record.words import action_words, english, say  # render registers the words (the widgets' names of choices)
from ..rules import (PLAYERS, RULES, Action, State, apply, chance_rng, legal_actions, parse_action, sample_chance)
from . import reviewwords as W
from .evaluate import Analysis

INACCURACY, MISTAKE, BLUNDER = 0.10, 0.20, 0.30
#: glyph, the least loss that earns it, and its name (worst first)
JUDGEMENTS = (("??", BLUNDER, "blunder"), ("?", MISTAKE, "mistake"), ("?!", INACCURACY, "inaccuracy"))
NAMES = W.NAMES  # by glyph: the English names (messages, said in the current language)
#: how the review's own paragraph of a comment starts (in English; W.prefixes(): in every language)
PREFIXES = tuple(f"{name.capitalize()}: " for _, _, name in JUDGEMENTS)
VARIATION_NAME = "engine"
_FLIP = {"win": "loss", "loss": "win", "shared": "shared"}
_EXACT = {"win": 1.0, "loss": 0.0, "shared": 0.5}
_SCORING = {"end.score", "end.tie-break", "roundend.last-round"}  # endings that are no sudden death


def accuracy(loss: float) -> float:
    """lichess's accuracy of one decision (0 to 100) from its loss of expected result (0 to 1):
    ``103.1668 * exp(-0.04354 * loss_pp) - 3.1669`` with the loss in percentage points, clamped."""
    pp = 100 * max(0.0, loss)
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * pp) - 3.1669))


def judge(loss: float, before: str | None = None, after: str | None = None) -> str | None:
    """The glyph a decision earns: its ``loss`` (0 to 1) and the proven results before and after it
    for the side that decided ("win", "loss", "shared" or None); None if it loses little."""
    if after == "loss" and before != "loss":
        return "??"
    for glyph, least, _ in JUDGEMENTS:
        if loss >= least:
            return glyph
    return None


def position_seed(seed: int, ply: int) -> int:
    """The seed of the analysis of the position at ``ply`` in a review seeded ``seed`` (a hash of
    both, the same in every process and Python version)."""
    digest = hashlib.sha256(f"polis:review:{seed}:{ply}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision: where it is (``node``, its Viewer id ``node_id`` like ``"n12"``, the
    ``ply`` of the position where it was taken: the widgets number it :attr:`num`, and ``turn`` is
    its step as the Viewer titles it, "Round 3 · Sparta, turn 1"), who took it, what was played
    (``action``, the notation; :attr:`words` says it in words), Athens' value before and after it
    with the proven results from Athens' side (``proven_before``, ``proven_after``: "win", "loss",
    "shared" or None), the engine's choice ``best`` (notation; :attr:`best_words`), the ``loss`` for
    the side that decided (0 to 1), its ``accuracy`` (0 to 100), the ``judgement`` (``?!``, ``?``,
    ``??`` or None) and the node's ``glyphs`` (an author's glyph kept instead of the judgement shows
    here)."""

    node: Node
    node_id: str
    ply: int
    who: str
    action: str
    athens_before: float
    athens_after: float
    proven_before: str | None
    proven_after: str | None
    best: str | None
    loss: float
    accuracy: float
    judgement: str | None
    glyphs: tuple[str, ...]
    turn: str = ""

    @property
    def num(self) -> int:
        """The decision's number as the Board and the Viewer show it (the ply of its position + 1)."""
        return self.ply + 1

    @property
    def notation(self) -> str:
        """What was played, in the record's notation (the same as ``action``)."""
        return self.action

    @property
    def words(self) -> str:
        """What was played, in words ("Tribute from Attika")."""
        return _choice_words(self.node.parent, self.action)

    @property
    def best_words(self) -> str:
        """The engine's choice in words ("" at a chance step or without one)."""
        return _choice_words(self.node.parent, self.best) if self.best else ""

    @property
    def before(self) -> float:
        """The value of the position before the decision for the side that took it."""
        return _side_value(self.who, self.athens_before)

    @property
    def after(self) -> float:
        """The value of the position after the decision for the side that took it."""
        return _side_value(self.who, self.athens_after)

    @property
    def kept_glyph(self) -> bool:
        """A judged decision whose author's glyph was kept instead of the review's."""
        return self.judgement is not None and self.judgement not in self.glyphs and bool(self.glyphs)

    @property
    def step(self) -> str:
        """The decision's step and side in words: "Round 3 · Sparta, turn 1", "End of round 4 · Sparta"
        (the side named after a step that does not name it)."""
        side = say("{side}", {"side": self.who})
        if not self.turn:
            return side
        return self.turn if side in self.turn else say(W.STEP_SIDE, {"title": self.turn, "side": self.who})

    @property
    def place(self) -> str:
        """The decision's number and step: "23. Round 3 · Sparta, turn 1"."""
        return f"{self.num}. {self.step}"

    def chance_words(self) -> str:
        """"Sparta's chance 33% → 20%": the engine's value for the side that decided, before and after."""
        return say(W.CHANCE, {"side": self.who, "before": _pc(self.before), "after": _pc(self.after)})

    def to_dict(self) -> dict:
        return {"node": self.node_id, "ply": self.ply, "who": self.who, "action": self.action,
                "athens_before": self.athens_before, "athens_after": self.athens_after,
                "proven_before": self.proven_before, "proven_after": self.proven_after, "best": self.best,
                "loss": self.loss, "accuracy": self.accuracy, "judgement": self.judgement,
                "glyphs": list(self.glyphs)}

    def __str__(self) -> str:
        args = {"place": self.place, "decision": self.words, "chance": self.chance_words(), "glyph": self.judgement,
                "glyphs": "".join(self.glyphs)}
        if not self.judgement:
            return say(W.LINE, args)
        args["name"] = say(NAMES[self.judgement])
        return say(W.LINE_KEPT if self.kept_glyph else W.LINE_JUDGED, args)


@dataclass(frozen=True)
class SideSummary:
    """A side's review: decisions reviewed, accuracy (mean of its decisions', None without any)
    and how many were inaccuracies, mistakes and blunders."""

    side: str
    decisions: int
    accuracy: float | None
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_dict(self) -> dict:
        return {"side": self.side, "decisions": self.decisions, "accuracy": self.accuracy,
                "inaccuracies": self.inaccuracies, "mistakes": self.mistakes, "blunders": self.blunders}

    def __str__(self) -> str:
        acc = "-" if self.accuracy is None else f"{self.accuracy:.0f}%"
        return say(W.SUMMARY, {"side": self.side, "accuracy": acc, "inaccuracies": W.count(W.INACCURACIES, self.inaccuracies),
                               "mistakes": W.count(W.MISTAKES, self.mistakes), "blunders": W.count(W.BLUNDERS, self.blunders),
                               "decisions": W.count(W.DECISIONS, self.decisions)})


class ReviewChart(str):
    """The win-chance chart of a review: SVG markup that Jupyter shows as a picture. Each point
    carries ``data-node="n<k>"``, the node id of the Viewer and the HTML page."""

    def _repr_svg_(self) -> str:
        return str(self)


class Review:
    """The review of a record's main line (see the module docstring): ``decisions`` (one
    :class:`DecisionReview` each, in order), ``summary`` (a :class:`SideSummary` per side),
    ``flagged`` (the judged decisions), ``kept`` (judged decisions whose author's glyph was kept),
    ``chart()``. Built from the evaluations the record holds, so a record saved after a review
    gives the same review when loaded (:meth:`polis_nb.Game.review_result`)."""

    def __init__(self, game: Game, decisions: list[DecisionReview]):
        self.game = game
        self.decisions = tuple(decisions)
        self.summary = {side: _summary(side, [d for d in self.decisions if d.who == side]) for side in PLAYERS}

    @property
    def flagged(self) -> tuple[DecisionReview, ...]:
        return tuple(d for d in self.decisions if d.judgement is not None)

    @property
    def kept(self) -> tuple[DecisionReview, ...]:
        return tuple(d for d in self.decisions if d.kept_glyph)

    @property
    def playouts(self) -> int:
        """The most playouts behind one position's figure (the review's budget, unless the engine
        proved every position sooner)."""
        evs = [n.evaluation for d in self.decisions for n in (d.node.parent, d.node) if n is not None]
        return max((e.playouts for e in evs if e is not None), default=0)

    def chart(self, width: int = 640, height: int = 240) -> ReviewChart:
        """Athens' win chance over the game as SVG: y from 0 to 1 (Athens' expected result), one
        point per reviewed decision on x (the value after it), judged decisions marked with their
        glyph; each point has ``data-node`` so a page can jump to the decision on click."""
        from .plot import review_svg

        return ReviewChart(review_svg(self, width, height))

    def to_dict(self) -> dict:
        return {"summary": {k: v.to_dict() for k, v in self.summary.items()},
                "decisions": [d.to_dict() for d in self.decisions]}

    def __eq__(self, other: object) -> bool:
        # (so a Review is unhashable: a class that defines __eq__ and no __hash__ has none)
        return isinstance(other, Review) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        sides = ", ".join(say(W.REPR_SIDE, {"side": s.side, "accuracy": '-' if s.accuracy is None else f'{s.accuracy:.0f}%',
                                            "inaccuracies": s.inaccuracies, "mistakes": s.mistakes,
                                            "blunders": s.blunders}) for s in self.summary.values())
        return say(W.REPR, {"decisions": W.count(W.DECISIONS, len(self.decisions)), "sides": sides})

    def __str__(self) -> str:
        rows = [say(W.TITLE, {"decisions": W.count(W.DECISIONS, len(self.decisions)), "basis": self._basis()})]
        side, accuracy, inaccuracies, mistakes, blunders, decisions = (say(c) for c in W.COLUMNS)
        w = [max(8, len(side)), max(8, len(accuracy)), max(12, len(inaccuracies)), max(8, len(mistakes)),
             max(8, len(blunders)), max(9, len(decisions))]
        rows.append(f"  {side:{w[0]}} {accuracy:>{w[1]}} {inaccuracies:>{w[2]}} {mistakes:>{w[3]}} {blunders:>{w[4]}} "
                    f"{decisions:>{w[5]}}")
        for s in self.summary.values():
            acc = "-" if s.accuracy is None else f"{s.accuracy:.0f}%"
            name = say("{side}", {"side": s.side})
            rows.append(f"  {name:{w[0]}} {acc:>{w[1]}} {s.inaccuracies:{w[2]}d} {s.mistakes:{w[3]}d} "
                        f"{s.blunders:{w[4]}d} {s.decisions:{w[5]}d}")
        for d in self.flagged:
            rows.append(f"  {d}")
        for d in self.kept:
            judged = d.judgement
            assert judged is not None, "an author's glyph is kept only where the review judged the decision"
            rows.append(say(W.KEPT, {"glyphs": "".join(d.glyphs), "place": d.place, "decision": d.words,
                                     "finding": say(W.FINDS[judged])}))
        return "\n".join(rows)

    def _basis(self) -> str:
        n = self.playouts
        return W.count(W.BASIS, n) if n else say(W.BASIS_PROVEN)

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "<tr>" + "".join(f"<th>{esc(say(c))}</th>" for c in W.COLUMNS) + "</tr>"
        body = "".join(
            f"<tr><td>{esc(say('{side}', {'side': s.side}))}</td><td>{'-' if s.accuracy is None else f'{s.accuracy:.0f}%'}</td>"
            f"<td>{s.inaccuracies}</td><td>{s.mistakes}</td><td>{s.blunders}</td><td>{s.decisions}</td></tr>"
            for s in self.summary.values())
        items = []
        for d in self.flagged:
            said = _review_paragraph(d.node.comment)
            kept = " " + esc(say(W.KEPT_HTML, {"glyphs": "".join(d.glyphs)})) if d.kept_glyph else ""
            items.append(f"<li data-node='{esc(d.node_id)}'><b>{esc(d.judgement or '')}</b> {esc(d.place)}: "
                         f"{esc(d.words)}{kept} ({esc(d.chance_words())})"
                         + (f"<br>{esc(said)}" if said else "") + "</li>")
        flagged = f"<ul>{''.join(items)}</ul>" if items else f"<p>{esc(say(W.NONE_FLAGGED))}</p>"
        title = say(W.TITLE_HTML, {"decisions": W.count(W.DECISIONS, len(self.decisions)), "basis": self._basis()})
        return (f"<div class='polis-review'><p>{esc(title)}</p><table>{head}{body}</table>"
                f"{self.chart() if self.decisions else ''}{flagged}</div>")


# --- reading a review from the record ------------------------------------------------------------

def reviewed(node: Node) -> bool:
    """A main-line decision the review judges: taken by a player who had a choice."""
    parent = node.parent
    if parent is None:
        return False
    s = parent.state
    return not s.is_chance and not s.is_terminal and len(legal_actions(s)) > 1


def verdict(who: str, action: str, before: Evaluation, after: Evaluation) -> tuple[float, str | None]:
    """The loss (0 to 1, four decimals) and judgement of ``who``'s decision ``action`` between the
    evaluations of the positions before and after it. The engine's own choice loses nothing."""
    if before.best == action:
        return 0.0, None
    loss = round(max(0.0, _side_value(who, before.athens) - _side_value(who, after.athens)), 4)
    return loss, judge(loss, _side_label(who, before.proven), _side_label(who, after.proven))


def stored_review(game: Game) -> Review | None:
    """The review kept in ``game``'s evaluations (see :meth:`polis_nb.Game.review_result`); None
    when no decision of the main line has an evaluation before and after it."""
    if not isinstance(game, Game):
        raise TypeError(f"a review needs a Game, not {type(game).__name__}")
    ids = {id(n): f"n{k}" for k, n in enumerate(game.root.walk())}
    steps = index_steps(game.root)
    out = []
    for node in game.root.mainline():
        parent = node.parent
        assert parent is not None
        before, after = parent.evaluation, node.evaluation
        if before is None or after is None or not reviewed(node):
            continue
        who = PLAYERS[parent.state.pending.player]
        action = str(node.action)
        loss, judgement = verdict(who, action, before, after)
        out.append(DecisionReview(node, ids[id(node)], parent.state.ply, who, action, before.athens, after.athens,
                                  before.proven, after.proven, before.best, loss, round(accuracy(loss), 2), judgement,
                                  tuple(node.glyphs), _step_title(steps[id(node)], parent.state)))
    return Review(game, out) if out else None


# --- running a review ------------------------------------------------------------------------------

def review(game: Game, budget: int | None = None, *, seed: int = 0, client: Any = None,
           workers: int | None = None, progress: Any = None) -> Review:
    """Review ``game``'s main line (see :meth:`polis_nb.Game.review`, the module docstring and
    :class:`.review_job.ReviewJob`, which does the work): ``budget`` playouts per analysed position
    on average (None: :data:`.review_job.BUDGET`)."""
    from .review_job import BUDGET, ReviewJob

    job = ReviewJob(game, BUDGET if budget is None else budget, seed=seed, workers=workers, client=client)
    return job.run(progress)


def write_review(game: Game, decisions: list[Node], places: list[Node],
                 analyses: dict[int, Analysis | None]) -> Review:
    """Write the review into the record from the analyses of its positions (``analyses[id(node)]``,
    None at the game's end): every position's evaluation, and each judged decision's glyph, comment
    paragraph and better line; returns the review read back from the record."""
    found = {id(n): (_evaluation(n.state, analyses[id(n)]), analyses[id(n)]) for n in places}
    for d in decisions:  # a choice the search proved at the position before tells the result after it
        _, a = found[id(d.parent)]
        ev, later = found[id(d)]
        label = _choice_label(a, d.action) if a is not None else None
        if ev.proven is None and label is not None:
            who = PLAYERS[d.before.pending.player]
            athens = label if who == PLAYERS[0] else _FLIP[label]
            found[id(d)] = (Evaluation(_EXACT[athens], athens, ev.best, ev.playouts), later)
    plans = [_plan(d, found) for d in decisions]
    for n in places:
        n.evaluation = found[id(n)][0]
    for d, plan in zip(decisions, plans):
        _apply(d, *plan)
    result = stored_review(game)
    assert result is not None or not decisions
    return result if result is not None else Review(game, [])


def _evaluation(s: State, a: Analysis | None) -> Evaluation:
    """The evaluation of position ``s`` the record keeps, from its analysis (None: the game's end)."""
    if s.outcome is not None or a is None:
        if s.outcome is None:
            raise ValueError("a position the game goes on from is evaluated from its analysis, and none was given")
        w = s.outcome.winner
        end = "shared" if w is None else "win" if w == PLAYERS[0] else "loss"
        return Evaluation(_EXACT[end], end)
    label = _athens_label(a)
    athens = a.athens if label is None else _EXACT.get(label, a.athens)
    best = str(a.best.action) if a.best is not None and not s.is_chance else None
    return Evaluation(min(1.0, max(0.0, athens)), label, best, max(a.iterations, a._root[2]))


def _athens_label(a: Analysis) -> str | None:
    """The proven result at the analysed position from Athens' side (None until the engine proves it)."""
    label = getattr(a, "athens_proven", None)
    if label is None:
        mover = getattr(a, "proven", None)
        if mover in PROVEN and a.player in PLAYERS:
            label = mover if a.player == PLAYERS[0] else _FLIP[mover]
    return label if label in PROVEN else None


def _choice_label(a: Analysis, action: Action | None) -> str | None:
    """The proven result of ``action`` at ``a``'s position for the side deciding there, if any."""
    if action is None:
        return None
    try:
        c = a.choice(action)
    except KeyError:
        return None
    label = getattr(c, "proven", None)
    return label if label in PROVEN else None


def _plan(d: Node, found: dict) -> tuple[str | None, str | None, list[tuple[Action, bool, State]]]:
    """(the judgement, the comment paragraph, the better line) for decision ``d``, from the analyses;
    nothing in the record changes here."""
    parent = d.parent
    assert parent is not None
    before, a = found[id(parent)]
    after, later = found[id(d)]
    who = PLAYERS[parent.state.pending.player]
    _, glyph = verdict(who, str(d.action), before, after)
    if glyph is None or a is None:
        return None, None, []
    words = _words(glyph, who, d, a, later, before, after)
    return glyph, words, _better_line(parent.state, a)


def _words(glyph: str, who: str, d: Node, a: Analysis, later: Analysis | None, before: Evaluation,
           after: Evaluation) -> str:
    """The review's paragraph for a judged decision, in plain words: what the decision does (the
    engine's reason when it proved it, else the game's end, else the fall of the decider's share of
    the playouts) and the better choice with its value."""
    try:
        played = a.choice(d.decision)
    except KeyError:
        played = None
    reason = _proof_reason(played)
    s = d.state
    if reason is not None:
        what = say(W.WHAT_PROVEN, {"reason": reason})
    elif s.outcome is not None:  # the game is over
        o = s.outcome
        lost = o.winner is not None and o.winner != who
        said = o.reason if english() or o.msg is None else o.reason_words()
        what = say(W.WHAT_LOSES_NOW if lost else W.WHAT_ENDS, {"reason": said})
    elif _side_label(who, after.proven) == "loss":
        what = say(W.WHAT_LOSES)
    else:
        ending = _sudden_ending(later)
        what = say(W.WHAT_FALLS_ENDING if ending else W.WHAT_FALLS,
                   {"side": who, "before": _pc(_side_value(who, before.athens)),
                    "after": _pc(_side_value(who, after.athens)), "ending": ending or ""})
    best = a.best
    better = ""
    if best is not None:
        name = action_words(d.before, best.action)
        why = _proof_reason(best)
        if why is not None:
            holds = why.startswith("a shared") if english() else best.proven == "shared"
            better = say(W.BETTER_HOLDS if holds else W.BETTER_PROVEN, {"choice": name, "reason": why})
        elif isinstance(best.p, (int, float)):
            better = say(W.BETTER_SHARE, {"choice": name, "side": who, "share": _pc(best.p)})
        else:
            better = say(W.BETTER, {"choice": name})
    return say(W.PARAGRAPH, {"head": say(W.HEADS[glyph]), "what": what, "better": better})


def _proof_reason(c: Any) -> str | None:
    """A choice's reason in words when the engine proved its value ("loses at once: ..."), else None
    (an estimate's reason only restates its playout share)."""
    reason = getattr(c, "reason", None) if english() or not hasattr(c, "reason_words") else c.reason_words()
    proved = getattr(c, "proven", None) in PROVEN or getattr(c, "exact", None) is not None
    if not proved or not isinstance(reason, str) or not reason.strip():
        return None
    return reason.strip().rstrip(".")


def _sudden_ending(a: Analysis | None) -> str | None:
    """The rule (in words) that ends most of ``a``'s playouts, if it ends a game at once."""
    if a is None or not a.iterations or not a.decided_by:
        return None
    rule, n = a.decided_by.most_common(1)[0]
    if rule in _SCORING or not rule.startswith("end.") or rule not in RULES or 2 * n < a.iterations:
        return None
    if not english():
        return RULES[rule].words().strip().rstrip(".")
    text = RULES[rule].summary.strip().rstrip(".")
    return text[:1].lower() + text[1:]


def _better_line(s: State, a: Analysis) -> list[tuple[Action, bool, State]]:
    """The engine's choice at ``s`` and as much of its best line as can be played: (action, drawn
    from the seed, position after it). A hidden card or a step that no longer fits ends it."""
    best = a.best
    if best is None:
        return []
    s = apply(s, best.action)
    out = [(best.action, False, s)]
    steps = list(a.line[1:]) if a.line and a.line[0].text == str(best.action) else []
    for step in steps:
        if s.is_terminal or (step.who == "chance") != s.is_chance:
            break
        if step.who != "chance" and step.who != s.current_player:
            break
        try:
            act = parse_action(s, step.text)
            auto = s.is_chance and sample_chance(s, chance_rng(s)) == act
            s = apply(s, act)
        except ValueError:
            break
        out.append((act, auto, s))
    return out


def _apply(d: Node, glyph: str | None, words: str | None, line: list[tuple[Action, bool, State]]) -> None:
    """Write a decision's judgement: glyph (unless the author set one), comment paragraph, variation."""
    comment, ours = _strip_review(d.comment)
    if ours:  # a review's own glyph from before goes with its paragraph
        d.glyphs[:] = [g for g in d.glyphs if g not in NAMES]
    if glyph is not None and not d.glyphs:
        d.glyphs.append(glyph)
    if words:
        comment = f"{comment}\n\n{words}" if comment else words
    d.comment = comment
    if line:
        parent = d.parent
        assert parent is not None
        first, auto, state = line[0]
        if parent.child(first) is None:
            node = parent.add_variation(first, auto=auto, state=state)
            node.name = VARIATION_NAME
            for act, auto, state in line[1:]:
                node = node.add_variation(act, auto=auto, state=state)


def _strip_review(comment: str) -> tuple[str, bool]:
    """``comment`` without the review's paragraph (always the last one), and whether it had one."""
    prefixes = W.prefixes()
    if comment.startswith(prefixes):
        return "", True
    k = max(comment.rfind("\n\n" + p) for p in prefixes)
    return (comment[:k], True) if k >= 0 else (comment, False)


def _review_paragraph(comment: str) -> str:
    body, ours = _strip_review(comment)
    return comment[len(body):].strip() if ours else ""


# --- small helpers -----------------------------------------------------------------------------

def _step_title(info: StepInfo, s: State) -> str:
    """The step of a decision as the widgets title it (``s``: the position where it was taken)."""
    player = PLAYERS[info.player] if info.kind == "turn" and info.player is not None else ""
    return title_at(s, info.kind, player, info.number)


def _choice_words(at: Node | None, action: str | None) -> str:
    """A choice (its notation) at node ``at``'s position, in words (the notation if it is not a choice there)."""
    if at is None or not action:
        return action or ""
    try:
        return action_words(at.state, Action.from_text(action))
    except (ValueError, KeyError, IndexError):
        return action


def _side_value(who: str, athens: float) -> float:
    return athens if who == PLAYERS[0] else 1.0 - athens


def _side_label(who: str, athens_label: str | None) -> str | None:
    if athens_label is None:
        return None
    return athens_label if who == PLAYERS[0] else _FLIP[athens_label]


def _summary(side: str, ds: list[DecisionReview]) -> SideSummary:
    count = {g: sum(1 for d in ds if d.judgement == g) for g in NAMES}
    acc = sum(d.accuracy for d in ds) / len(ds) if ds else None
    return SideSummary(side, len(ds), None if acc is None else round(acc, 2), count["?!"], count["?"], count["??"])


def _pc(x: float) -> str:
    return f"{100 * x:.0f}%"


set_reviewer(review, stored_review)  # g.review(...) and g.review_result() use them
