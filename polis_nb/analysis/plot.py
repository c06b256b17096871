"""Analyses as SVG charts, plain SVG text, no plotting library: an analysis (one row per choice,
its win probability as a bar and its 95% interval as a whisker, with the 50% line) and a game
review (Athens' win chance after each reviewed decision, judged decisions marked)."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Callable

from ..i18n import message, plural
from ..record.words import say
from . import words as W
from .reviewwords import NAMES as GLYPH_NAMES

if TYPE_CHECKING:
    from .evaluate import Analysis
    from .review import DecisionReview, Review

PLOT_TITLE = plural("plot.title", "{side} to decide: proven results, or the share of {n} engine playouts won with its "
                                  "95% interval", "{side} to decide: proven results, or the share of {n} engine playouts "
                                                  "won with its 95% interval")
PLOT_TITLE_CHANCE = plural("plot.title-chance", "Chance to decide: proven results, or the share of {n} engine playouts "
                                                "won with its 95% interval", "Chance to decide: proven results, or the "
                                                "share of {n} engine playouts won with its 95% interval")
PLOT_PROVEN = {"win": message("plot.wins", "wins by force"), "loss": message("plot.loses", "loses by force"),
               "shared": message("plot.shared", "shared by force")}
PLOT_EXACT = message("plot.exact", "exactly {value}")
CHART_LABEL = message("plot.review-label", "Athens’ win chance after each decision")
CHART_LABEL_CLICK = message("plot.review-label-click", "Athens’ win chance after each decision; a point opens its decision")
CHART_TITLE = message("plot.review-title", "Athens’ win chance after each decision (the engine’s value; Sparta’s is the rest)")
TIP = message("plot.review-tip", "Decision {n} · {step}: {decision}{judged}. Athens {before} before, {after} after{proven}")
AXIS = plural("plot.review-axis", "the {n} decisions reviewed, in order", "the {n} decisions reviewed, in order")
AXIS_CLICK = plural("plot.review-axis-click", "the {n} decisions reviewed, in order — a point opens its decision",
                    "the {n} decisions reviewed, in order — a point opens its decision")


def _quoted(text: str) -> str:
    """Words for SVG text: escaped, the apostrophe as the entity the charts always wrote."""
    return escape(text).replace("’", "&#8217;")

ROW, TOP, LABEL, PAD = 20, 28, 190, 12
BAR, BEST, WHISKER, PROVEN = "#9fb8d6", "#2f6fb0", "#222", "#2f855a"


def analysis_svg(a: "Analysis", width: int = 560) -> str:
    """The chart of ``a`` (see :meth:`Analysis.plot`)."""
    if not isinstance(width, int) or width < LABEL + 120:
        raise ValueError(f"width must be a whole number of pixels >= {LABEL + 120}, not {width!r}")
    span = width - LABEL - PAD * 2 - 40

    def x(p: float) -> float:
        return LABEL + PAD + p * span

    rows = [g.best for g in a.groups]
    height = TOP + ROW * max(1, len(rows)) + 24
    if a.player == "chance":
        title = say(PLOT_TITLE_CHANCE, {"n": a.iterations})
    else:  # (a finished game's "Terminal" as it always read)
        title = say(PLOT_TITLE, {"side": a.player if a.player in ("athens", "sparta") else a.player.capitalize(),
                                 "n": a.iterations})
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" class="polis-analysis-plot">',
           f'<text x="{PAD}" y="16" font-weight="bold">{escape(title)}</text>']
    for k, (g, c) in enumerate(zip(a.groups, rows)):
        y = TOP + k * ROW
        fill = BEST if k == 0 else BAR
        name = g.what if g.payments else str(c.action)
        out.append(f'<text x="{LABEL - 4}" y="{y + 13}" text-anchor="end">{escape(name)}</text>')
        if c.p is None:
            out.append(f'<text x="{x(0) + 4:.1f}" y="{y + 13}" fill="#777">{escape(say(W.NOT_EVALUATED))}</text>')
            continue
        tip = escape(f"{name}: {c.reason_words()}")
        out.append(f'<rect x="{x(0):.1f}" y="{y + 3}" width="{x(c.p) - x(0):.1f}" height="{ROW - 6}" '
                   f'fill="{PROVEN if c.proven else fill}"><title>{tip}</title></rect>')
        if c.low is not None and c.high is not None and c.exact is None:
            out.append(f'<line x1="{x(c.low):.1f}" x2="{x(c.high):.1f}" y1="{y + ROW / 2}" y2="{y + ROW / 2}" '
                       f'stroke="{WHISKER}"/>')
            for v in (c.low, c.high):
                out.append(f'<line x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{y + 6}" y2="{y + ROW - 6}" stroke="{WHISKER}"/>')
        proven = PLOT_PROVEN.get(c.proven or "")
        words = say(proven) if proven else f"{c.p:.0%}" if c.exact is None else say(PLOT_EXACT, {"value": c.exact})
        out.append(f'<text x="{x(1) + 6:.1f}" y="{y + 13}">{escape(words)}</text>')
    base = TOP + ROW * max(1, len(rows))
    out.append(f'<line x1="{x(0.5):.1f}" x2="{x(0.5):.1f}" y1="{TOP}" y2="{base}" stroke="#c33" '
               f'stroke-dasharray="3,3"/>')
    for v in (0, 0.5, 1):
        out.append(f'<text x="{x(v):.1f}" y="{base + 16}" text-anchor="middle" fill="#555">{v:.0%}</text>')
    out.append("</svg>")
    return "\n".join(out)


# --- the win-chance chart of a game review -------------------------------------------------------

JUDGED = {"?!": "#d69e2e", "?": "#dd6b20", "??": "#c53030"}
FORCED = W.BAR
POINT, LINE, FILL = "#4a5568", "#2b6cb0", "rgba(43,108,176,.12)"


def review_svg(r: "Review", width: int = 640, height: int = 240, *, current: str | None = None,
               describe: "Callable[[DecisionReview], str] | None" = None, clickable: bool = False) -> str:
    """The chart of a review (see :meth:`Review.chart`): Athens' value after each reviewed decision
    (0 to 1, the 50% line dashed), one point per decision (a ``<g class="pn-review-point">`` with the
    decision's ``data-node`` and ``data-glyph``, a larger transparent target around it and a tooltip),
    judged ones coloured and labelled with their glyph, ``current`` (a node id) ringed. ``describe``
    names a decision in the tooltips (by default :attr:`DecisionReview.words`). ``clickable``: the
    chart sits where a click on a point opens its decision (the Board, the Viewer, the exported page),
    and says so; a static picture (a notebook cell's output) does not."""
    for name, v, least in (("width", width, 200), ("height", height, 120)):
        if not isinstance(v, int) or isinstance(v, bool) or v < least:
            raise ValueError(f"{name} must be a whole number of pixels >= {least}, not {v!r}")
    left, right, top, bottom = 44, 14, 28, 30
    w, h = width - left - right, height - top - bottom
    ds = r.decisions
    n = max(1, len(ds))

    def x(k: float) -> float:
        return left + k * w / n

    def y(v: float) -> float:
        return top + (1 - v) * h

    words = describe or (lambda d: d.words)
    label = _quoted(say(CHART_LABEL_CLICK if clickable else CHART_LABEL))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" class="pn-review-chart" '
           f'role="group" aria-label="{label}">',
           f'<text x="{left}" y="16" font-weight="bold">{_quoted(say(CHART_TITLE))}</text>',
           f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="#fafafa" stroke="#bbb"/>']
    for level in (0, 0.5, 1):
        out.append(f'<text x="{left - 6}" y="{y(level) + 4:.1f}" text-anchor="end" fill="#444">{level:.0%}</text>')
    out.append(f'<line x1="{left}" x2="{left + w}" y1="{y(0.5):.1f}" y2="{y(0.5):.1f}" stroke="#c33" '
               f'stroke-dasharray="3,3"/>')
    if ds:  # from Athens' value before the first decision through its value after each
        pts = [(x(0), y(ds[0].athens_before))] + [(x(k + 1), y(d.athens_after)) for k, d in enumerate(ds)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
        out.append(f'<polygon points="{pts[0][0]:.1f},{y(0):.1f} {path} {pts[-1][0]:.1f},{y(0):.1f}" fill="{FILL}"/>')
        out.append(f'<polyline points="{path}" fill="none" stroke="{LINE}" stroke-width="1.5"/>')
    for k, d in enumerate(ds):
        px, py = x(k + 1), y(d.athens_after)
        colour = JUDGED.get(d.judgement or "", POINT)
        judged = f" {d.judgement} ({say(GLYPH_NAMES[d.judgement])})" if d.judgement else ""
        proven = f" ({say(FORCED[d.proven_after])})" if d.proven_after in FORCED else ""
        tip = say(TIP, {"n": d.num, "step": d.step, "decision": words(d), "judged": judged,
                        "before": f"{d.athens_before:.0%}", "after": f"{d.athens_after:.0%}", "proven": proven})
        ring = (f'<circle cx="{px:.1f}" cy="{py:.1f}" r="9" fill="none" stroke="#1a202c" stroke-width="2" '
                f'class="pn-review-current"/>') if d.node_id == current else ""
        button = ' role="button" tabindex="-1" style="cursor:pointer"' if clickable else ""
        out.append(f'<g class="pn-review-point" data-node="{escape(d.node_id, quote=True)}" '
                   f'data-glyph="{escape(d.judgement or "", quote=True)}"{button} '
                   f'aria-label="{escape(tip, quote=True)}">'
                   f'<title>{escape(tip)}</title>'
                   f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{max(6.0, min(10.0, w / n / 2)):.1f}" fill="transparent"/>'
                   f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{4.5 if d.judgement else 2.5}" fill="{colour}" '
                   f'stroke="#fff"/>{ring}</g>')
        if d.judgement:
            ty = py - 8 if py > top + 14 else py + 17
            out.append(f'<text x="{px:.1f}" y="{ty:.1f}" text-anchor="middle" font-weight="bold" fill="{colour}" '
                       f'pointer-events="none">{escape(d.judgement)}</text>')
    out.append(f'<text x="{left + w / 2:.1f}" y="{height - 8}" text-anchor="middle" fill="#444">'
               f'{escape(say(AXIS_CLICK if clickable else AXIS, {"n": len(ds)}))}</text>')
    out.append("</svg>")
    return "\n".join(out)
