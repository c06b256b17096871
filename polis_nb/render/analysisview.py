"""The engine panel's view model: an :class:`~polis_nb.analysis.evaluate.Analysis` as plain JSON, in
words, for the Board and the Viewer.

What it holds: the evaluation bar (Athens' win probability with its 95% interval, and who is to
decide), the choices best first (each named in words, with its estimate, interval, playouts, the
place it points at on the map and what ended its playouts), the best line in words, and board marks
for the best choice (the place it names, and an arrow for a move). Pure Python; no widget library.
"""
from __future__ import annotations

from ..record.node import Mark
from ..rules import Action, State, apply_unchecked
from ..rules.engine import is_legal
from ..rules.board import board
from ..rules.index import RULES
from .text import SIDE_NAME, action_words
from .viewmodel import target_of

TOP = 6  # choices listed in the panel
BEST, GOOD = "green", "blue"


def _pc(x: float) -> int:
    return round(100 * x)


def _ends_words(ends: dict) -> str:
    """What ended the playouts of a choice, most common first, in the rules' own summaries' ids."""
    total = sum(ends.values()) or 1
    parts = []
    for rules, n in sorted(ends.items(), key=lambda kv: -kv[1])[:2]:
        rid = next((r for r in rules if not r.startswith("end.tie-break")), rules[0]) if rules else ""
        what = _END_WORDS.get(rid, RULES[rid].summary if rid in RULES else rid)
        parts.append(f"{what} {round(100 * n / total)}%")
    return "; ".join(parts)


_END_WORDS = {
    "end.score": "scoring at the end", "end.tie-break": "a tie broken",
    "end.ostracism": "a side with no prestige after Phoros", "end.ostracism-ed2": "a side with no prestige",
    "end.capital-unfed": "an unfed capital", "end.capital-unfed-ed2": "an unfed capital",
    "end.prestige-owed": "prestige owed and not paid",
}


def _line_words(s: State, line) -> list[dict]:
    """The best line as words, played from ``s`` as far as its decisions stay legal (the line is
    the search's own guess: it may stop at a chance step it cannot name)."""
    out = []
    for step in line:
        try:
            a = Action.from_text(step.text)
        except ValueError:
            break
        if s.is_chance or not is_legal(s, a):
            break
        out.append({"who": SIDE_NAME[s.pending.player], "text": action_words(s, a), "p": _pc(step.p),
                    "playouts": step.visits})
        s = apply_unchecked(s, a)
    return out


def best_marks(s: State, a) -> list[Mark]:
    """Board marks for an analysis: the best choice's place (green), the runner-up's (blue), and for a
    move, an arrow from where the unit comes to where it goes."""
    marks: list[Mark] = []
    kind = s.pending.kind
    for c, colour in zip(a.choices[:2], (BEST, GOOD)):
        t = target_of(c.action, kind)
        if t is not None and not t.startswith("offer:"):
            marks.append(Mark.highlight(t.split(":", 1)[1], colour))
    b = a.best
    if b is not None and kind == "move-from" and b.action.kind == "from" and b.action.args:
        dest = board(s).area_ids[s.pending.data[1]]  # move-from waits with (unit, destination, moved)
        marks.append(Mark.arrow(b.action.args[0], dest, BEST))
    return marks


def analysis_view(a, *, top: int = TOP) -> dict:
    """The panel for analysis ``a`` of position ``a.state``."""
    s = a.state
    est, lo, hi = a.athens_interval
    to_decide = SIDE_NAME[s.pending.player] if s.pending.player in (0, 1) and not s.is_terminal else None
    choices = []
    for c in a.choices[:top]:
        choices.append({"action": str(c.action), "label": action_words(s, c.action), "p": _pc(c.p), "low": _pc(c.low),
                        "high": _pc(c.high), "playouts": c.visits, "target": target_of(c.action, s.pending.kind),
                        "ended_by": _ends_words(c.ends)})
    b = choices[0] if choices else None
    if s.is_terminal:
        summary = "The game is over."
    elif b is None:
        summary = f"A chance step: Athens wins {_pc(est)}% of the playouts from here."
    else:
        summary = (f"Best for {to_decide}: {b['label']} — it wins {b['p']}% of its playouts "
                   f"(95% interval {b['low']}–{b['high']}%).")
    return {
        "summary": summary,
        "player": to_decide,
        "athens": {"p": _pc(est), "low": _pc(lo), "high": _pc(hi)},
        "choices": choices,
        "more": max(0, len(a.choices) - top),
        "line": _line_words(s, a.line),
        "marks": [m.to_dict() for m in best_marks(s, a)],
        "playouts": a.iterations,
        "seconds": round(a.seconds, 1),
        "seed": a.seed,
    }
