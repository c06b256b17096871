"""The Viewer's play mode and the PuzzleBoard with a keyboard, in Debian's Chromium at 1280×800 (issue 28),
through the front-end harness: the map is one Tab stop; the places that are choices are buttons of the
choices group too; after each decision (a try of a puzzle) the focus goes to the first new choice (or
"Next puzzle"), never to the page, and shows; in play mode each decision's result is read once by a
polite live region."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.widgets import PuzzleBoard, Viewer

from .harness import Harness
from .labserver import act_and_wait
from .test_keyboard import FOCUS_RING

pytestmark = pytest.mark.browser

HEARD = """() => [...document.querySelectorAll('.pn-live .pn-live-item')].map((p) => [p.dataset.kind, p.textContent])"""


def _open(pg, key: str, widget) -> Harness:
    h = Harness({key: widget}, width="848px").__enter__()
    pg.goto(h.url)
    pg.wait_for_selector(f"#w-{key}[data-ready]")
    return h


def _focus(pg) -> dict:
    return pg.evaluate("""() => { const e = document.activeElement;
      return { body: !e || e === document.body, group: !!e.closest('.pb-buttons'), target: e.dataset.target || null,
               action: e.dataset.action || null, cls: String(e.className.baseVal ?? e.className) }; }""")


def test_viewer_play_mode_keeps_the_focus_and_reads_each_decision(page1280):
    pg = page1280
    g = pn.Game(seed=3)
    v = Viewer(g)
    v.handle_intent({"kind": "mode", "mode": "play", "rev": v.rev})
    sel = "#w-viewer"
    h = _open(pg, "viewer", v)
    try:
        stops = pg.eval_on_selector_all(f"{sel} .pn-map [tabindex='0']", "els => els.length")
        assert stops == 1  # the map: one Tab stop
        pg.locator(f'{sel} .pb-buttons button[data-action="hoplites"]').focus()
        act_and_wait(pg, sel, lambda: pg.keyboard.press("Enter"))
        f = _focus(pg)
        assert f["group"] and f["target"] == list(v.view["board"]["targets"])[0], f  # the first new choice
        assert pg.evaluate(FOCUS_RING)["ok"]
        assert pg.evaluate(HEARD) == [["move", "Sparta chooses Move hoplites (−1 prestige)."]]
        names = pg.eval_on_selector_all(f"{sel} .pb-buttons .pb-place", "els => els.map(e => e.getAttribute('aria-label'))")
        assert len(names) == len(v.view["board"]["targets"]) and all("a choice now" in n for n in names)
        act_and_wait(pg, sel, lambda: pg.keyboard.press("Enter"))  # the first destination
        f = _focus(pg)
        assert not f["body"] and f["group"], f
        heard = pg.evaluate(HEARD)
        assert len(heard) == 2 and heard[1][0] == "move" and "will move hoplites to" in heard[1][1]
        # stepping back through the record announces nothing and keeps the focus in the Viewer
        pg.locator(sel).focus()
        act_and_wait(pg, sel, lambda: pg.keyboard.press("ArrowLeft"))
        assert pg.evaluate(HEARD) == heard and not _focus(pg)["body"]
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def _puzzle(pid: str):
    return next(p for p in pn.puzzles() if p.id == pid)


def test_puzzle_by_keyboard_a_wrong_try_then_the_answer_then_next(page1280):
    pg = page1280
    first, second = _puzzle("ed1-030576a9"), _puzzle("ed1-158171c2")  # grow: four poleis to choose from
    w = PuzzleBoard([first, second])
    sel = "#w-puzzle"
    h = _open(pg, "puzzle", w)
    try:
        places = pg.eval_on_selector_all(f"{sel} .pb-buttons .pb-place", "els => els.map(e => e.dataset.target)")
        assert places == list(w.view["board"]["targets"]) and "polis:chalkis" in places
        assert pg.eval_on_selector_all(f"{sel} .pn-map [tabindex='0']", "els => els.length") == 1
        # a wrong try: the verdict is said, the focus comes back to the first choice
        pg.locator(f'{sel} .pb-place[data-target="polis:athenai"]').focus()
        act_and_wait(pg, sel, lambda: pg.keyboard.press("Enter"))
        assert w.view["feedback"] and not w.view["feedback"]["right"]
        f = _focus(pg)
        assert f["group"] and f["target"] == places[0], f
        assert pg.evaluate(FOCUS_RING)["ok"]
        assert pg.locator(f"{sel} .pz-feedback[role=status]").is_visible()
        # Tab to Chalkis and choose it: solved, the focus on "Next puzzle"
        for _ in range(len(places) + 2):
            if _focus(pg)["target"] == "polis:chalkis":
                break
            pg.keyboard.press("Tab")
        act_and_wait(pg, sel, lambda: pg.keyboard.press("Enter"))
        assert w.view["status"] == "solved"
        assert pg.evaluate("() => document.activeElement.classList.contains('pz-next')")
        assert pg.evaluate(FOCUS_RING)["ok"]
        act_and_wait(pg, sel, lambda: pg.keyboard.press("Enter"))  # the next puzzle: its first choice
        f = _focus(pg)
        assert w.puzzle is second and f["group"], f
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)
