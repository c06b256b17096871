"""What a reader sees of the map's words: the contrast of every text of a board SVG against what is
behind it, measured on the rendered page (WCAG 2.1 contrast of relative luminances).

Two screenshots of the map give the pixels: one with every text hidden (what is behind the words) and
one with the dimmed groups (an ancestor with ``opacity`` below 1) hidden as well (what is behind those
groups). A text's colour on screen is its fill (and its halo, a ``paint-order: stroke`` outline, where
it has one) composited with the group's opacity over that backdrop. Each text gets the median contrast
over the pixels of its box."""
from __future__ import annotations

import base64

_MARK = """(svg) => {
  const out = [];
  const rgb = (c) => { const m = (c || '').match(/rgba?\\(([^)]+)\\)/); return m ? m[1].split(',').slice(0, 3).map(Number) : null; };
  const r0 = svg.getBoundingClientRect();
  let k = 0;
  for (const t of svg.querySelectorAll('text')) {
    const cs = getComputedStyle(t);
    const r = t.getBoundingClientRect();
    if (cs.display === 'none' || cs.visibility === 'hidden' || !r.width || !r.height) continue;
    if (r.right < r0.left || r.left > r0.right || r.bottom < r0.top || r.top > r0.bottom) continue;
    let alpha = 1, group = null;
    for (let e = t; e && e !== svg; e = e.parentElement) {
      const o = parseFloat(getComputedStyle(e).opacity);
      if (o < 1) { alpha *= o; group = e; }
    }
    const sw = parseFloat(cs.strokeWidth) || 0;
    const halo = cs.stroke !== 'none' && sw >= 2 && (cs.paintOrder || '').startsWith('stroke') ? rgb(cs.stroke) : null;
    if (group) group.setAttribute('data-dimmed', '1');
    t.setAttribute('data-ctr', String(k));
    out.push({ k: k++, text: t.textContent, fill: rgb(cs.fill), halo, alpha,
               box: [r.left - r0.left, r.top - r0.top, r.width, r.height] });
  }
  return out;
}"""

_MEASURE = """async ([texts, a, c]) => {
  const load = (b64) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = 'data:image/png;base64,' + b64; });
  const pixels = async (b64) => {
    const img = await load(b64);
    const cv = document.createElement('canvas'); cv.width = img.width; cv.height = img.height;
    const cx = cv.getContext('2d'); cx.drawImage(img, 0, 0);
    return { w: img.width, h: img.height, d: cx.getImageData(0, 0, img.width, img.height).data };
  };
  const A = await pixels(a), C = await pixels(c);
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (p) => 0.2126 * lin(p[0]) + 0.7152 * lin(p[1]) + 0.0722 * lin(p[2]);
  const ratio = (x, y) => { const [l1, l2] = [lum(x), lum(y)].sort((u, v) => v - u); return (l1 + 0.05) / (l2 + 0.05); };
  const over = (f, b, al) => f.map((v, i) => al * v + (1 - al) * b[i]);
  const out = [];
  for (const t of texts) {
    const [x, y, w, h] = t.box.map(Math.round);
    const got = [];
    for (let yy = Math.max(0, y + 1); yy < Math.min(A.h, y + h - 1); yy++) {
      for (let xx = Math.max(0, x + 1); xx < Math.min(A.w, x + w - 1); xx++) {
        const i = 4 * (yy * A.w + xx);
        const S = [A.d[i], A.d[i + 1], A.d[i + 2]], B = [C.d[i], C.d[i + 1], C.d[i + 2]];
        const fg = over(t.fill, B, t.alpha);
        const bg = t.halo ? over(t.halo, B, t.alpha) : S;
        got.push(ratio(fg, bg));
      }
    }
    got.sort((u, v) => u - v);
    if (got.length) out.push({ text: t.text, alpha: t.alpha, ratio: got[Math.floor(got.length / 2)] });
  }
  return out;
}"""


def text_contrast(page, svg) -> list[dict]:
    """``[{text, alpha, ratio}]`` for every text of the SVG element ``svg`` (a locator) on screen."""
    texts = svg.evaluate(_MARK)
    clip = svg.evaluate("s => { const r = s.getBoundingClientRect();"
                        " return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}; }")
    style = page.add_style_tag(content="[data-ctr]{visibility:hidden !important}")
    a = page.screenshot(clip=clip, full_page=True)
    style2 = page.add_style_tag(content="[data-dimmed]{visibility:hidden !important}")
    c = page.screenshot(clip=clip, full_page=True)
    for s in (style, style2):
        s.evaluate("e => e.remove()")
    svg.evaluate("s => { for (const e of s.querySelectorAll('[data-ctr],[data-dimmed]')) {"
                 " e.removeAttribute('data-ctr'); e.removeAttribute('data-dimmed'); } }")
    enc = [base64.b64encode(x).decode() for x in (a, c)]
    return page.evaluate(_MEASURE, [texts, enc[0], enc[1]])
