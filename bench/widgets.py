"""Widget benchmark in real JupyterLab + Debian Chromium: prints figures, asserts nothing.

    python bench/widgets.py [--clicks 60] [--editions ed1,ed2]

For the Board: click → board updated (the click's intent reaches Python, the kernel applies the
decision, the new view model comes back and the SVG is updated in place), median and p95, measured
inside the page with performance.now(). Side by side, in the same run and page, a trivial anywidget
counter whose click round-trips through a Python observer. Also the view-model size per update and
the SVG render time in Python. Each edition is measured in its own JupyterLab session.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.labserver import CHROME_ARGS, CHROMIUM, LabServer, open_notebook  # noqa: E402

COUNTER = '''
import anywidget, traitlets
class Counter(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button"); b.className = "bench-counter";
      const draw = () => { b.textContent = model.get("label"); el.dataset.rev = String(model.get("count")); };
      b.onclick = () => { model.set("count", model.get("count") + 1); model.save_changes(); };
      model.on("change:label", draw); draw(); el.append(b);
    } };"""
    count = traitlets.Int(0).tag(sync=True)
    label = traitlets.Unicode("count 0").tag(sync=True)
    @traitlets.observe("count")
    def _on(self, ch):
        self.label = f"count {ch['new']}"
counter = Counter()
counter
'''

BOARD = '''
import random, polis_nb as pn
from polis_nb.widgets import Board
g = pn.Game(edition="{edition}", seed=5)
board = Board(g)
board
'''

# click something legal: a choice button, else a highlighted place; resolve when the view's rev changes
CLICK_JS = """async ([sel, what]) => {
  const root = document.querySelector(sel);
  const before = root.dataset.rev;
  let target;
  if (what === "counter") target = root.querySelector("button");
  else target = root.querySelector(".pb-button:not([data-action=pass])") || root.querySelector("svg .legal");
  if (!target) return -1;
  // the widget sets data-rev once it has drawn the new view: observe it (no polling delay)
  const drawn = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (root.dataset.rev !== before) { mo.disconnect(); resolve(performance.now()); }
    });
    mo.observe(root, { attributes: true, attributeFilter: ["data-rev"] });
  });
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  // a click that changes nothing (no new view within 5 s) is reported, not waited for forever
  const late = new Promise((resolve) => setTimeout(() => resolve(null), 5000));
  const t1 = await Promise.race([drawn, late]);
  return t1 === null ? -2 : t1 - t0;
}"""


def notebook(cells: list[str]) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c}
                      for c in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60)
    ap.add_argument("--editions", default="ed1,ed2", help="comma-separated editions to measure")
    args = ap.parse_args(argv)
    for edition in args.editions.split(","):
        measure(edition, args.clicks)
    return 0


def measure(edition: str, clicks: int) -> None:
    from playwright.sync_api import sync_playwright

    import polis_nb as pn
    from polis_nb.render import svg
    from polis_nb.widgets import Board

    with tempfile.TemporaryDirectory() as d:
        nbdir = Path(d) / "nb"
        nbdir.mkdir()
        (nbdir / "bench.ipynb").write_text(json.dumps(notebook([COUNTER, BOARD.replace("{edition}", edition)])))
        server = LabServer(nbdir, Path(d) / "lab", extra_path=ROOT)
        lab = server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                open_notebook(page, lab, "bench.ipynb")
                page.wait_for_selector(".pnb-board .pb-button")
                times = {"board": [], "counter": []}
                stuck: list = []
                for k in range(clicks):
                    for what, sel in (("counter", ".bench-counter"), ("board", ".pnb-board")):
                        sel = sel if what == "board" else "div:has(> .bench-counter)"
                        ms = page.evaluate(CLICK_JS, [sel, what])
                        if ms >= 0:
                            times[what].append(ms)
                        elif ms == -2:
                            stuck.append(page.evaluate(f"document.querySelector('{sel}').dataset.rev"))
                browser.close()
        finally:
            server.stop()
    b, c = times["board"], times["counter"]
    print(f"polis_nb widget benchmark, {edition} — JupyterLab + Chromium, {len(b)} board clicks, "
          f"{len(c)} counter clicks")
    print(f"  Board click → board updated: median {statistics.median(b):.1f} ms, p95 {pct(b, 0.95):.1f} ms")
    print(f"  trivial counter round trip : median {statistics.median(c):.1f} ms, p95 {pct(c, 0.95):.1f} ms")
    print(f"  ratio (medians) board / counter: {statistics.median(b) / statistics.median(c):.2f}")
    if stuck:
        print(f"  clicks that drew nothing within 5 s: {len(stuck)} (left out)")
    g = pn.Game(edition=edition, seed=5)
    w = Board(g)
    sizes = []
    for _ in range(40):
        sizes.append(len(json.dumps(w.view)))
        buttons = w.view["buttons"] or [{"action": t[0]["action"]} for t in w.view["targets"].values()]
        if not buttons:
            break
        w.handle_intent({"kind": "choose", "action": buttons[0]["action"], "rev": w.rev})
    print(f"  view model per update: median {statistics.median(sizes) / 1024:.1f} KiB (max {max(sizes) / 1024:.1f} KiB)")
    s = g.state
    t0 = time.perf_counter()
    for _ in range(50):
        svg(s)
    print(f"  SVG render: {(time.perf_counter() - t0) / 50 * 1e3:.2f} ms")


if __name__ == "__main__":
    raise SystemExit(main())
