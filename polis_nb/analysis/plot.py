"""An analysis as an SVG chart: one row per choice, its win probability as a bar and its 95%
interval as a whisker, with the 50% line; plain SVG text, no plotting library."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .evaluate import Analysis

ROW, TOP, LABEL, PAD = 20, 28, 190, 12
BAR, BEST, WHISKER = "#9fb8d6", "#2f6fb0", "#222"


def analysis_svg(a: "Analysis", width: int = 560) -> str:
    """The chart of ``a`` (see :meth:`Analysis.plot`)."""
    if not isinstance(width, int) or width < LABEL + 120:
        raise ValueError(f"width must be a whole number of pixels >= {LABEL + 120}, not {width!r}")
    span = width - LABEL - PAD * 2 - 40

    def x(p: float) -> float:
        return LABEL + PAD + p * span

    rows = a.choices
    height = TOP + ROW * max(1, len(rows)) + 24
    title = (f"{a.player.capitalize()} to decide: win probability per choice, 95% interval "
             f"({a.iterations} playouts)")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" class="polis-analysis-plot">',
           f'<text x="{PAD}" y="16" font-weight="bold">{escape(title)}</text>']
    for k, c in enumerate(rows):
        y = TOP + k * ROW
        fill = BEST if k == 0 else BAR
        out.append(f'<text x="{LABEL - 4}" y="{y + 13}" text-anchor="end">{escape(str(c.action))}</text>')
        if c.visits:
            out.append(f'<rect x="{x(0):.1f}" y="{y + 3}" width="{x(c.p) - x(0):.1f}" height="{ROW - 6}" '
                       f'fill="{fill}"><title>{escape(str(c.action))}: {c.p:.1%} [{c.low:.1%}, {c.high:.1%}], '
                       f'{c.visits} playouts</title></rect>')
            out.append(f'<line x1="{x(c.low):.1f}" x2="{x(c.high):.1f}" y1="{y + ROW / 2}" y2="{y + ROW / 2}" '
                       f'stroke="{WHISKER}"/>')
            for v in (c.low, c.high):
                out.append(f'<line x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{y + 6}" y2="{y + ROW - 6}" stroke="{WHISKER}"/>')
            out.append(f'<text x="{x(1) + 6:.1f}" y="{y + 13}">{c.p:.0%}</text>')
        else:
            out.append(f'<text x="{x(0) + 4:.1f}" y="{y + 13}" fill="#777">not tried</text>')
    base = TOP + ROW * max(1, len(rows))
    out.append(f'<line x1="{x(0.5):.1f}" x2="{x(0.5):.1f}" y1="{TOP}" y2="{base}" stroke="#c33" '
               f'stroke-dasharray="3,3"/>')
    for v in (0, 0.5, 1):
        out.append(f'<text x="{x(v):.1f}" y="{base + 16}" text-anchor="middle" fill="#555">{v:.0%}</text>')
    out.append("</svg>")
    return "\n".join(out)
