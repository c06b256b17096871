"""The offline site (``bash scripts/lite.sh``) in real Chromium, served on 127.0.0.1 by the script's own
``--serve``: tutorial 01 runs in the browser's Python (Pyodide) with no %pip cell, the Board answers a
click, and every request the page and its kernel make goes to 127.0.0.1 and succeeds (this machine
reaches no CDN, so one would fail). Then every tutorial's code runs in that kernel; and the rules and
record unit tests run on Pyodide's Python 3.14 under Node.

The build is cached (~/.cache/polis_nb/lite), so only a first run or a changed input pays for it."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from .conftest import _need_browser
from .labserver import click_and_wait, free_port, shot

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
# the English tutorials and their translations, a folder a language (tutorials/de/, tutorials/pl/), as the
# sweep names them
TUTORIALS = sorted([p.name for p in (ROOT / "tutorials").glob("[0-9][0-9]-*.ipynb")]
                   + [p.relative_to(ROOT / "tutorials").as_posix()
                      for p in (ROOT / "tutorials").glob("[a-z][a-z]/[0-9][0-9]-*.ipynb")])


class _Output:
    """The lines a process prints, read in a thread (so waiting for one can time out)."""

    def __init__(self, proc: subprocess.Popen):
        self.proc, self.lines = proc, []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)

    def wait_for(self, pattern: str, timeout: float) -> re.Match:
        end = time.time() + timeout
        while time.time() < end:
            for line in self.lines:
                if m := re.search(pattern, line):
                    return m
            if self.proc.poll() is not None:
                time.sleep(0.5)  # the reader's last lines
                pytest.fail(f"exited with {self.proc.returncode} before printing {pattern!r}:\n" + "".join(self.lines[-40:]))
            time.sleep(0.5)
        pytest.fail(f"no {pattern!r} after {timeout:.0f} s:\n" + "".join(self.lines[-40:]))


def _run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def site():
    """Build (or reuse) build/lite and serve it with ``scripts/lite.sh --serve``; the site's base URL."""
    _need_browser()
    proc = subprocess.Popen(["bash", "scripts/lite.sh", "--serve", "--port", str(free_port())], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    out = _Output(proc)
    try:
        m = out.wait_for(r"(http://127\.0\.0\.1:\d+/)lab/index\.html\?path=01-tour\.ipynb", timeout=1200)
        yield m.group(1)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)


class _Page:
    """A Chromium page on the site that records every request, failure and console error."""

    def __init__(self, browser, base: str):
        self.base, self.requests, self.failed, self.errors = base, [], [], []
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        self.ctx.set_default_timeout(60_000)
        self.ctx.on("request", lambda r: self.requests.append(r.url))
        self.ctx.on("requestfailed", lambda r: self.failed.append(f"{r.url}: {r.failure}"))
        self.ctx.on("response", lambda r: self.failed.append(f"{r.url}: HTTP {r.status}") if r.status >= 400 else None)
        self.page = self.ctx.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))

    def foreign(self) -> list[str]:
        return [u for u in self.requests if not (u.startswith(self.base) or u.startswith(("blob:", "data:")))]


@pytest.fixture(scope="module")
def tour(browser, site):
    """Tutorial 01 opened in the site and run to its end (Run All Cells)."""
    from playwright.sync_api import expect

    p = _Page(browser, site)
    page = p.page
    page.goto(site + "lab/index.html?path=01-tour.ipynb")
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Python (Pyodide) | Idle", timeout=300_000)
    # the tests add cells to this page; with autosave on, a slow run saved them into the site's copy of the
    # tutorial (the browser's storage), and the sweep then ran a tutorial that is not the one shipped
    autosave = page.locator('.lm-Menu-item[data-command="docmanager:toggle-autosave"]')

    def autosave_on() -> bool:  # a menu shows its items' state as it was when it opened: open it afresh
        page.get_by_role("menuitem", name="Settings", exact=True).click()
        on = "lm-mod-toggled" in (autosave.get_attribute("class") or "")
        page.keyboard.press("Escape")
        return on

    if autosave_on():
        page.get_by_role("menuitem", name="Settings", exact=True).click()
        autosave.click()  # once: the setting is saved in the background (the browser's storage)
        deadline = time.monotonic() + 30
        while autosave_on():
            if time.monotonic() > deadline:
                pytest.fail("JupyterLab's autosave is still on 30 s after it was switched off")
            page.wait_for_timeout(500)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt:not(.jp-Placeholder-prompt)")
    expect(prompts.last).to_have_text(re.compile(r"\[\d+\]:"), timeout=300_000)
    expect(page.locator(".jp-CodeCell .jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=300_000)
    yield p
    p.ctx.close()


def test_tutorial_01_runs_offline_and_the_board_answers(tour):
    from playwright.sync_api import expect

    page = tour.page
    outputs = page.locator(".jp-OutputArea-output")
    assert outputs.count() >= 6, "tutorial 01 printed less than it does in JupyterLab"
    _no_stderr(page)
    expect(page.locator(".jp-OutputArea-output", has_text="Not yet: nothing decided yet")).to_have_count(1)
    board = page.locator(".pnb-board")
    expect(board).to_have_count(1)
    expect(board.locator(".pb-prompt")).to_contain_text("Athens")
    board.scroll_into_view_if_needed()
    # a click the kernel must answer: Athens passes, and the Board says it is Sparta's turn
    click_and_wait(page, ".pnb-board", board.locator('.pb-button[data-action="pass"]'))
    expect(board.locator(".pb-prompt")).to_contain_text("Sparta")
    expect(board.locator(".pb-log")).to_contain_text("pass")
    shot(page, "lite-board.png")
    assert not tour.foreign(), f"requests to other hosts: {tour.foreign()[:10]}"
    assert not tour.failed, f"failed requests: {tour.failed[:10]}"
    assert not tour.errors, f"console errors: {tour.errors[:10]}"
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in tour.requests)
    assert any(re.search(r"/static/pyodide/polis_nb-[^/]+\.whl$", u) for u in tour.requests)


def _new_cell(page, code: str) -> None:
    """Add a code cell at the end of the open notebook and run it (its output comes later)."""
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below, in edit mode after Enter
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")


def _no_stderr(page) -> None:
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(".jp-OutputArea-output:has-text('Traceback')").count() == 0


BOT_GAME = """from polis_nb.widgets import Board
bot_board = Board(pn.Game(seed=3), opponent="search", side="athens")  # Sparta starts: the bot thinks first
bot_board
"""
# a finished game (the last 30 decisions of a seeded game of random choices) on a Board, and a small budget for
# its review: the site's Python is several times slower than a desktop's, and the test is about the review
# running there (bench/lite.py times it, and the reply, against JupyterLab)
REVIEW_GAME = """import random
import polis_nb.widgets.panels.review as board_module
board_module.REVIEW_BUDGET = {budget}


def finished_game(seed=4, back=30):
    rng, s, states = random.Random(seed), pn.settle(pn.new_game(seed=seed)), []
    while not s.is_terminal:
        states.append(s)
        s = pn.settle(pn.apply(s, rng.choice(pn.legal_actions(s))))
    g = pn.Game.from_state(states[-back])
    while not g.state.is_terminal:
        g.play(rng.choice(pn.legal_actions(g.state)))
    return g


reviewed = finished_game()
review_board = Board(reviewed)
review_board
"""


def test_the_search_bot_replies_and_the_board_reviews_without_threads(tour):
    """No thread can start in the site's Python: the search bot's reply and the Board's review run in
    slices on the kernel's event loop, and still show "thinking…", the reply, the progress and the review."""
    from playwright.sync_api import expect

    from .test_lab_bot_review import WATCH_THINKING

    page = tour.page
    boards = page.locator(".pnb-board")
    first = boards.count()
    _new_cell(page, BOT_GAME)
    expect(boards).to_have_count(first + 1, timeout=120_000)
    board = boards.nth(first)
    board.scroll_into_view_if_needed()
    expect(board.locator(".pb-thinking")).to_be_hidden(timeout=120_000)  # the opening reply, then Athens
    expect(board.locator(".pb-prompt")).to_contain_text(re.compile(r"^Athens:"), timeout=120_000)
    expect(board.locator(".pb-reply-list li.pb-by-sparta").first).to_be_visible()
    board.evaluate(WATCH_THINKING)
    board.locator('.pb-button[data-action="pass"]').click()  # Sparta then plays on until it passes too
    page.wait_for_function("() => window.__thinking.length > 0", timeout=30_000)
    assert page.evaluate("() => window.__thinking")[0].startswith("Sparta is thinking…")
    expect(board.locator(".pb-thinking")).to_be_hidden(timeout=180_000)
    expect(board.locator(".pb-prompt")).to_contain_text(re.compile(r"^Athens:|Game over"), timeout=30_000)
    reply = board.locator(".pb-reply")
    expect(reply.locator(".pb-reply-title")).to_have_text("Sparta's reply:")
    sentences = reply.locator(".pb-reply-list li.pb-by-sparta").all_inner_texts()
    assert sentences and all(re.match(r"Sparta (\w+ )+", t) and t.endswith(".") for t in sentences), sentences
    expect(board.locator(".pb-note")).not_to_contain_text("Refused")
    reply.scroll_into_view_if_needed()
    shot(page, "lite-bot-reply.png")

    _new_cell(page, REVIEW_GAME.format(budget=8))
    expect(boards).to_have_count(first + 2, timeout=120_000)
    board = boards.nth(first + 1)
    board.scroll_into_view_if_needed()
    expect(board.locator(".pb-gameover")).to_be_visible(timeout=60_000)
    board.locator(".pb-review-game").click()
    progress = board.locator(".pb-review-progress")
    expect(progress).to_be_visible(timeout=30_000)  # drawn between two slices of the review
    expect(progress.locator(".pb-review-progress-text")).to_have_text(
        re.compile(r"^Reviewing the game: \d+ of \d+ decisions…$"))
    expect(board.locator(".pn-review")).to_be_visible(timeout=600_000)
    expect(progress).to_be_hidden()
    expect(board.locator(".pb-note")).to_contain_text("The review is done")
    board.locator(".pn-review").scroll_into_view_if_needed()
    shot(page, "lite-board-review.png")
    _new_cell(page, 'print("LITE-REVIEWED", len(reviewed.review_result().decisions), '
                    'review_board.view["review"] is not None, bot_board.thinking)\n')
    out = page.locator(".jp-OutputArea-output", has_text="LITE-REVIEWED")
    expect(out).to_have_count(1, timeout=60_000)
    n, shown, thinking = out.inner_text().split()[1:]
    assert int(n) > 5 and shown == "True" and thinking == "False"
    _no_stderr(page)
    assert not tour.foreign(), f"requests to other hosts: {tour.foreign()[:10]}"
    assert not tour.failed, f"failed requests: {tour.failed[:10]}"
    assert not tour.errors, f"console errors: {tour.errors[:10]}"


def test_every_tutorial_runs_in_the_lite_kernel(tour):
    """Each tutorial's code cells, in order and each notebook in a fresh namespace, in the kernel of the
    open page (one kernel start for all): no cell raises, nothing is written to stderr."""
    page = tour.page
    _new_cell(page, (Path(__file__).with_name("lite_sweep.py")).read_text() + "\n_sweep()\n")
    report = page.locator(".jp-OutputArea-output", has_text="LITE-SWEEP")
    report.wait_for(timeout=1_500_000)
    text = report.inner_text()
    results = json.loads(text[text.index("LITE-SWEEP ") + len("LITE-SWEEP "):].strip())
    assert sorted(results) == TUTORIALS
    for name in TUTORIALS:
        nb = json.loads((ROOT / "tutorials" / name).read_text(encoding="utf-8"))
        assert results[name]["cells"] == sum(c["cell_type"] == "code" for c in nb["cells"]), name
    problems = {name: r for name, r in results.items() if r["failed"] or r["stderr"]}
    assert not problems, json.dumps(problems, indent=1)
    assert not tour.foreign() and not tour.failed


# On Pyodide's Python 3.14 (the site's) under Node: the rules and record tests but the long ones (the
# conformance games, the property and fuzz runs: ~7 min there; run them by hand with
# `bash scripts/lite.sh --pytest tests/rules tests/record -m "not slow"`), and but those below.
PY314_LONG = ["tests/rules/test_conformance.py", "tests/rules/test_fast_paths.py", "tests/rules/test_fuzz_state.py",
              "tests/rules/test_event_decks_played.py", "tests/record/test_round_trip.py",
              "tests/record/test_fuzz_records.py"]
# the test builds a list nested 100,000 deep: freeing it stops Pyodide (a limit of CPython on
# WebAssembly, not of polis_nb; no user builds such a list by hand)
PY314_DEEP_LIST = ["tests/record/test_hostile_input.py::test_deeply_nested_values_in_a_json_dict_are_reported_not_recursed_into"]


def _pytest_on_pyodide(*args: str) -> subprocess.CompletedProcess:
    r = _run(["bash", "scripts/lite.sh", "--pytest", "-q", *args], 1200)
    assert "on emscripten (Pyodide)" in r.stdout and "Python 3.14" in r.stdout, r.stdout[-3000:]
    return r


def test_rules_and_record_tests_pass_on_pyodide_python_314():
    """The pure wheel's code on the Python the site runs (3.14, emscripten), not only on 3.11."""
    r = _pytest_on_pyodide("tests/rules", "tests/record", "-m", "not slow", *[f"--ignore={p}" for p in PY314_LONG],
                           *[f"--deselect={t}" for t in PY314_DEEP_LIST])
    assert r.returncode == 0, r.stdout[-5000:]
    m = re.search(r"\b(\d+) passed\b", r.stdout)
    assert m and int(m.group(1)) > 500 and not re.search(r"\b\d+ (failed|errors?)\b", r.stdout), r.stdout[-3000:]
