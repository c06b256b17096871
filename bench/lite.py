"""The offline site (scripts/lite.sh) in Debian's Chromium: prints figures, asserts nothing.

    python bench/lite.py [--no-lab] [--budget 300]

- the site: size on disk and files, and what a first visit downloads (the files tutorial 01 needs);
- first load of tutorial 01 to an idle kernel, with an empty browser cache and again with a warm one;
- tutorial 01, Run All Cells, until the last cell finished;
- an analysis (``pn.analyse`` of tutorial 01's position, ``--budget`` playouts), timed in the kernel;
- the same three in JupyterLab with a local kernel, for reference (unless ``--no-lab``).
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

SITE = ROOT / "build" / "lite"
ANALYSIS = ("import time as _t\nfrom polis_nb.analysis.evaluate import analyse as _a\n"
            "_s = _t.perf_counter(); _a(athens_turn.state, budget={budget}, seed=1)\n"
            "print(f'ANALYSIS {{_t.perf_counter() - _s:.2f}}')\n")


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


def timed_cell(page, code: str) -> float:
    """Add a cell at the end, run ``code`` in it and return the seconds it printed after ANALYSIS."""
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")
    out = page.locator(".jp-OutputArea-output", has_text="ANALYSIS")
    out.wait_for(timeout=600_000)
    return float(out.inner_text().split()[-1])


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


def bench_lite(browser, budget: int) -> None:
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
        page.close()
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto(base + "lab/index.html?path=01-tour.ipynb")
        idle(page)
        print(f"lite  first load to idle kernel, warm cache:  {time.perf_counter() - start:6.1f} s")
        ctx.close()
    finally:
        server.shutdown()


def bench_lab(browser, budget: int) -> None:
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
            ctx.close()
        finally:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-lab", action="store_true", help="skip the JupyterLab reference")
    ap.add_argument("--budget", type=int, default=300)
    args = ap.parse_args()
    subprocess.run(["bash", str(ROOT / "scripts" / "lite.sh")], check=True, stdout=subprocess.DEVNULL)
    files = [p for p in SITE.rglob("*") if p.is_file()]
    print(f"site: {SITE.relative_to(ROOT)}, {mb(sum(p.stat().st_size for p in files))} in {len(files)} files")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
        bench_lite(browser, args.budget)
        if not args.no_lab:
            bench_lab(browser, args.budget)
        browser.close()


if __name__ == "__main__":
    main()
