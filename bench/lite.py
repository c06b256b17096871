"""The offline site (scripts/lite.sh) in Debian's Chromium: prints figures, asserts nothing.

    python bench/lite.py [--no-lab] [--budget 300] [--review-budget 8]

- the site: size on disk and files, and what a first visit downloads (the files tutorial 01 needs);
- first load of tutorial 01 to an idle kernel, with an empty browser cache and again with a warm one;
- tutorial 01, Run All Cells, until the last cell finished;
- an analysis (``pn.analyse`` of tutorial 01's position, ``--budget`` playouts), timed in the kernel;
- the search bot on a Board: its reply to Athens' pass (seed 3), from the click until the reply is drawn
  (the site has no threads: the search runs in slices on the kernel's event loop), as the Board plays it
  (capped at 2.5 s of search) and without the cap, then the uncapped reply worked out in a cell;
- a Board's review of a finished game (30 decisions, ``--review-budget`` playouts per position), from
  the click until the review is drawn, and the same review timed in the kernel (``workers=1``);
- the same in JupyterLab with a local kernel, for reference (unless ``--no-lab``).
"""
from __future__ import annotations

import argparse
import functools
import importlib.util
import re
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.labserver import CHROME_ARGS, CHROMIUM, LabServer  # noqa: E402
from tests.browser.test_lite import BOT_GAME, REVIEW_GAME, _new_cell  # noqa: E402

SITE = ROOT / "build" / "lite"
ANALYSIS = ("import time as _t\nfrom polis_nb.analysis.evaluate import analyse as _a\n"
            "_s = _t.perf_counter(); _a(athens_turn.state, budget={budget}, seed=1)\n"
            "print(f'ANALYSIS {{_t.perf_counter() - _s:.2f}}')\n")
# the search bot without its time cap (the same work in both places): a Board of it, and its reply to Athens'
# pass after its opening reply of seed 3 worked out in a cell
UNCAPPED = ("from polis_nb.widgets.opponent import Opponent\n"
            "full_board = Board(pn.Game(seed=3), opponent=Opponent('search', 'athens', seconds=None))\nfull_board\n")
PLAN = ("import time as _t\n_o = Opponent('search', 'athens', seconds=None)\n"
        "_s1 = pn.apply(_o.plan(pn.settle(pn.new_game(seed=3))).end, 'pass')\n"
        "_s = _t.perf_counter(); _p = _o.plan(_s1)\n"
        "print(f'BENCH-PLAN {_t.perf_counter() - _s:.2f} {len(_p.decisions)} {_p.searched}')\n")
REVIEW = ("import time as _t\nfrom polis_nb.analysis.review_job import ReviewJob as _R\n"
          "_g = finished_game()\n"
          "_s = _t.perf_counter(); _r = _R(_g, {budget}, seed=1, workers=1).run(progress=False)\n"
          "print(f'BENCH-REVIEW {{_t.perf_counter() - _s:.2f}} {{len(_r.decisions)}}')\n")
# the Board's root answered (a new revision), the bot is done and the user is to decide again
SETTLED = """([root, before]) => {
  const b = document.querySelectorAll('.pnb-board')[root];
  const t = b.querySelector('.pb-thinking');
  return b.dataset.rev !== before && (!t || t.hidden)
    && /^(Athens:|Game over)/.test(b.querySelector('.pb-prompt').textContent);
}"""


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def run_all(page, timeout_ms: int = 600_000) -> float:
    from playwright.sync_api import expect

    start = time.perf_counter()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt:not(.jp-Placeholder-prompt)")
    expect(prompts.last).to_have_text(re.compile(r"\[\d+\]:"), timeout=timeout_ms)
    expect(page.locator(".jp-CodeCell .jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=timeout_ms)
    return time.perf_counter() - start


def printed(page, code: str, marker: str) -> list[str]:
    """Add a cell at the end, run ``code`` in it and return the words it printed after ``marker``."""
    from playwright.sync_api import expect

    outs = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']", has_text=marker)
    k = outs.count()
    _new_cell(page, code)
    expect(outs).to_have_count(k + 1, timeout=1_200_000)
    text = outs.last.inner_text()
    return text[text.index(marker) + len(marker):].split()


def timed_cell(page, code: str) -> float:
    """The seconds ``code`` printed after ANALYSIS."""
    return float(printed(page, code, "ANALYSIS")[-1])


def bot_and_review(page, where: str, budget: int) -> None:
    """The search bot's reply and a review on Boards in the open notebook (tutorial 01, run), then the
    same work timed in the kernel."""
    from playwright.sync_api import expect

    boards = page.locator(".pnb-board")
    k = boards.count()
    for name, cell, what in (("bot_board", BOT_GAME, "capped at 2.5 s"), ("full_board", UNCAPPED, "no cap")):
        _new_cell(page, cell)
        expect(boards).to_have_count(k + 1, timeout=120_000)
        page.wait_for_function(SETTLED, arg=[k, ""], timeout=600_000)  # the opening reply (Sparta starts)
        board = boards.nth(k)
        before = board.get_attribute("data-rev")
        start = time.perf_counter()
        board.locator('.pb-button[data-action="pass"]').click()
        page.wait_for_function(SETTLED, arg=[k, before], timeout=600_000, polling=50)
        wall = time.perf_counter() - start
        searched = printed(page, f"print('BENCH-REPLY', {name}.view['reply']['seconds'])\n", "BENCH-REPLY")[0]
        print(f"{where} search bot's reply ({what}) on the Board, click to drawn: {wall:6.2f} s "
              f"(its search: {searched} s)")
        k += 1
    secs, decisions, searches = printed(page, PLAN, "BENCH-PLAN")
    print(f"{where} the same reply (no cap) worked out in a cell:        {float(secs):6.2f} s "
          f"({decisions} decisions, {searches} searched)")
    _new_cell(page, REVIEW_GAME.format(budget=budget))
    expect(boards).to_have_count(k + 1, timeout=120_000)
    board = boards.nth(k)
    expect(board.locator(".pb-gameover")).to_be_visible(timeout=60_000)
    start = time.perf_counter()
    board.locator(".pb-review-game").click()
    expect(board.locator(".pn-review")).to_be_visible(timeout=1_200_000)
    wall = time.perf_counter() - start
    print(f"{where} Board review (budget {budget}), click to drawn:    {wall:6.2f} s")
    secs, n = printed(page, REVIEW.format(budget=budget), "BENCH-REVIEW")
    print(f"{where} the same review in a cell ({n} decisions):      {float(secs):6.2f} s")


def idle(page, timeout_ms: int = 600_000) -> None:
    from playwright.sync_api import expect

    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=timeout_ms)


def serve_counting(hits: list[str]) -> ThreadingHTTPServer:
    """scripts/lite_serve.py's handler on a free port, recording each path it answers."""
    spec = importlib.util.spec_from_file_location("lite_serve", ROOT / "scripts" / "lite_serve.py")
    lite_serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lite_serve)

    class Counting(lite_serve.Handler):
        def send_response(self, code, message=None):
            hits.append(unquote(urlparse(self.path).path))
            super().send_response(code, message)

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def bench_lite(browser, budget: int, review_budget: int) -> None:
    hits: list[str] = []
    server = serve_counting(hits)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto(base + "lab/index.html?path=01-tour.ipynb")
        idle(page)
        cold = time.perf_counter() - start
        files = {SITE / h.lstrip("/") for h in hits if (SITE / h.lstrip("/")).is_file()}
        print(f"first visit: {len(hits)} requests served, {mb(sum(f.stat().st_size for f in files))} of files "
              f"(pyodide.asm.wasm {mb((SITE / 'static/pyodide/pyodide.asm.wasm').stat().st_size)})")
        print(f"lite  first load to idle kernel, empty cache: {cold:6.1f} s")
        ran = run_all(page)
        print(f"lite  tutorial 01 Run All:                     {ran:6.1f} s")
        print(f"lite  analyse(budget={budget}):                    {timed_cell(page, ANALYSIS.format(budget=budget)):6.2f} s")
        bot_and_review(page, "lite ", review_budget)
        page.close()
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto(base + "lab/index.html?path=01-tour.ipynb")
        idle(page)
        print(f"lite  first load to idle kernel, warm cache:  {time.perf_counter() - start:6.1f} s")
        ctx.close()
    finally:
        server.shutdown()


def bench_lab(browser, budget: int, review_budget: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = LabServer(ROOT / "tutorials", Path(tmp), extra_path=ROOT)
        lab = server.start()
        try:
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            start = time.perf_counter()
            page.goto(f"{lab['url']}/lab/tree/01-tour.ipynb?token={lab['token']}&reset")
            idle(page)
            print(f"lab   first load to idle kernel:              {time.perf_counter() - start:6.1f} s")
            print(f"lab   tutorial 01 Run All:                     {run_all(page):6.1f} s")
            print(f"lab   analyse(budget={budget}):                    {timed_cell(page, ANALYSIS.format(budget=budget)):6.2f} s")
            bot_and_review(page, "lab  ", review_budget)
            ctx.close()
        finally:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-lab", action="store_true", help="skip the JupyterLab reference")
    ap.add_argument("--budget", type=int, default=300)
    ap.add_argument("--review-budget", type=int, default=8, help="playouts per position of the Board's review")
    args = ap.parse_args()
    subprocess.run(["bash", str(ROOT / "scripts" / "lite.sh")], check=True, stdout=subprocess.DEVNULL)
    files = [p for p in SITE.rglob("*") if p.is_file()]
    print(f"site: {SITE.relative_to(ROOT)}, {mb(sum(p.stat().st_size for p in files))} in {len(files)} files")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
        bench_lite(browser, args.budget, args.review_budget)
        if not args.no_lab:
            bench_lab(browser, args.budget, args.review_budget)
        browser.close()


if __name__ == "__main__":
    main()
