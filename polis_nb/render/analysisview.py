"""The engine panel's view model: an :class:`~polis_nb.analysis.evaluate.Analysis` as plain JSON, in
words, for the Board and the Viewer.

What it holds: the evaluation bar (Athens' value: a proven result in words, or the engine's playout
estimate with its 95% interval when enough playouts back it), the choices best first as rows (the
variants that differ only in how they are paid share a row: "pay with metal, wood or wine"), each
with its value in words ("wins by force", "loses at once: ...", "62% of 140 playouts",
"not evaluated": never tried, or by fewer playouts than an interval takes), the place it points
at on the map and how its playouts ended; the best line in words; a note on what the numbers mean;
and board marks for the best choice. Pure Python; no widget library.
"""
from __future__ import annotations

from ..record.node import Mark
from ..rules import PLAYERS, State, topology_of, target_of
from ..i18n import Either, message, plural
from .say import say, side_name
from .text import action_words

TOP = 6  # rows listed in the panel
STOPPED = message("engine.ends.stopped", "stopped early, estimated")
OTHER_END = message("engine.ends.other", "another ending")
END_SHARE = message("engine.ends.share", "{ending} {n}%")
EXACT = message("engine.value.exact", "wins exactly {n} (chance decides)")
NOT_EVALUATED = message("engine.value.not-evaluated", "not evaluated")
SHARE = plural("engine.value.share", "{p}% of {n} playout", "{p}% of {n} playouts")
PAY_WITH = message("engine.pay", "pay with {good}")
OVER = message("engine.summary.over", "The game is over.")
CHANCE_STEP = message("engine.summary.chance", "A chance step: {bar}.")
NO_TIME = message("engine.summary.no-time", "not evaluated (the search found no time for it)")
TOO_FEW = plural("engine.summary.too-few", "not evaluated ({n} playout through it: too few for an estimate)",
                 "not evaluated ({n} playouts through it: too few for an estimate)")
INTERVAL = message("engine.summary.interval", " (95% interval {low}–{high}%)")
WINS_SHARE = plural("engine.summary.wins-share", "{side} wins {p}% of the engine's {n} playout through it{span}",
                    "{side} wins {p}% of the engine's {n} playouts through it{span}")
BEST_FOR = message("engine.summary.best", "Best for {side}: {label} — {what}.")
BEST, GOOD = "green", "blue"


def _pc(x: float | None) -> int | None:
    return None if x is None else round(100 * x)


def _ends_words(ends: dict, edition: str) -> str:
    """How the playouts of a choice ended, most common first."""
    from ..analysis.evaluate import _END_WORDS, end_words
    from ..analysis.search import CUT

    total = sum(ends.values())
    if not total:
        return ""
    parts = []
    for rules, n in sorted(ends.items(), key=lambda kv: -kv[1])[:2]:
        if tuple(rules) == CUT:
            what = say(STOPPED)
        else:
            what = next((_END_WORDS[r] for r in rules if r in _END_WORDS), None) or (
                end_words(rules[0], edition) if rules else say(OTHER_END))
        parts.append(say(END_SHARE, ending=what, n=round(100 * n / total)))
    return "; ".join(parts)


def _why(c) -> str:
    """Why a proven choice has its value, in words (the reason after "wins by force: ")."""
    return c.reason.split(": ", 1)[1] if ": " in c.reason else c.reason


def _value_words(c) -> str:
    """A row's value in a few words (the full reason goes in its tooltip)."""
    if c.proven is not None:
        return c.reason.split(":", 1)[0]  # "wins by force", "loses at once", ...
    if c.exact is not None:
        return say(EXACT, n=c.exact)
    if c.p is None:
        return say(NOT_EVALUATED)
    return say(SHARE, p=_pc(c.p), n=c.visits)


def _line_words(line) -> list[dict]:
    """The best line as words, the players' decisions up to its first chance step (the line is the
    search's own guess: it stops where it leaves the position behind, see ``LineStep.words``)."""
    out = []
    for step in line:
        if step.who not in PLAYERS or not step.words:
            break
        out.append({"who": side_name(step.who), "text": step.words,
                    "p": _pc(step.p), "proven": step.proven, "playouts": step.visits})
    return out


def best_marks(s: State, a) -> list[Mark]:
    """Board marks for an analysis: the best choice's place (green), the runner-up's (blue), and for a
    move, an arrow from where the unit comes to where it goes."""
    marks: list[Mark] = []
    kind = s.pending.kind
    for g, colour in zip(a.groups[:2], (BEST, GOOD)):
        c = g.best
        if c.p is None:
            continue
        t = target_of(c.action, kind)
        if t is not None and not t.startswith("offer:"):
            marks.append(Mark.highlight(t.split(":", 1)[1], colour))
    b = a.best
    if b is not None and kind == "move-from" and b.action.kind == "from" and b.action.args:
        dest = topology_of(s).area_ids[s.pending.data[1]]  # move-from waits with (unit, destination, moved)
        marks.append(Mark.arrow(b.action.args[0], dest, BEST))
    return marks


def _pay_words(s: State, g) -> str:
    if not g.payments:
        return ""
    goods = [p.lstrip("+") for p in g.payments]
    return say(PAY_WITH, good=Either((tuple(goods[:-1]), goods[-1])) if len(goods) > 1 else goods[0])


def analysis_view(a, *, top: int = TOP) -> dict:
    """The panel for analysis ``a`` of position ``a.state``."""
    from ..analysis.evaluate import NUMBERS_NOTE

    s = a.state
    est, lo, hi = a.athens_interval
    side = PLAYERS[s.pending.player] if s.pending.player in (0, 1) and not s.is_terminal else None
    to_decide = side_name(side) if side is not None else None
    rows = []
    for g in a.groups[:top]:
        c = g.best
        label = action_words(s, c.action)
        if g.payments:
            label = label.split(" (pay", 1)[0]
        rows.append({"action": str(c.action), "label": label, "pay": _pay_words(s, g), "value": _value_words(c),
                     "reason": c.reason, "proven": c.proven, "p": _pc(c.p), "low": _pc(c.low), "high": _pc(c.high),
                     "playouts": c.visits, "target": target_of(c.action, s.pending.kind),
                     "ended_by": _why(c) if c.proven or c.exact is not None else _ends_words(c.ends, s.edition)})
    b = rows[0] if rows else None
    if s.is_terminal:
        summary = say(OVER)
    elif b is None:
        summary = say(CHANCE_STEP, bar=a.bar_text())
    else:
        c = a.best
        if c.proven is not None or c.exact is not None:
            what = c.reason
        elif c.p is None:
            what = say(NO_TIME) if not c.visits else say(TOO_FEW, n=c.visits)
        else:
            span = "" if c.low is None else say(INTERVAL, low=b["low"], high=b["high"])
            what = say(WINS_SHARE, side=side, p=b["p"], n=c.visits, span=span)
        summary = say(BEST_FOR, side=side, label=b["label"], what=what)
    return {
        "summary": summary,
        "player": to_decide,
        "athens": {"p": _pc(est), "low": _pc(lo), "high": _pc(hi), "proven": a.athens_proven, "text": a.bar_text()},
        "choices": rows,
        "more": max(0, len(a.groups) - top),
        "line": _line_words(a.line),
        "marks": [m.to_dict() for m in best_marks(s, a)],
        "note": NUMBERS_NOTE,
        "playouts": a.iterations,
        "seconds": round(a.seconds, 1),
        "seed": a.seed,
    }
