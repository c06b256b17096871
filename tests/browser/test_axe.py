"""axe-core (tests/browser/axe.py: pinned, from npm) over every widget in a real JupyterLab at 1280×800,
each run scoped to the widget's element: the Board (its first decision, zoomed in, while a place is being
chosen; a second-edition Board at its first decision and while an offer is being chosen), the Viewer in
view mode and in play mode (a place being chosen too), Combat and the PuzzleBoard; the same widgets drawn
without Jupyter (the harness, with a lesson Viewer at its question too), where axe compares every place's
name with the text it shows; and the exported pages (``Game.to_html``: an annotated game, a worksheet and
its answer key) opened in Chromium.
No serious or critical violation anywhere. Each run's figures (every violated rule, its impact and
nodes) are printed (``-s``) and kept in test-artifacts/axe.txt.

While a place is being chosen on a Board, and on every board of the exported pages, every text of the
map keeps a contrast of at least 4.5:1 against what is behind it (tests/browser/contrast.py). The
screenshots of the Boards, in colour and in greyscale, go to POLIS_SCREENSHOTS (or /tmp/shots) for
looking at."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.render.records import quizzed
from tests.render.test_htmlgame import annotated

from .axe import axe_script, figures, inject, serious, violations
from .contrast import text_contrast
from .labserver import act_and_wait, open_notebook

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 1280, "height": 800}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SHOTS = os.environ.get("POLIS_SCREENSHOTS") or "/tmp/shots"


@pytest.fixture(scope="module")
def axe():
    return axe_script()


_WRITTEN: list[str] = []  # this run's figures (the file holds the last run's only)


def _report(lines: list[str]) -> None:
    print("\n" + "\n".join(lines))
    _WRITTEN.extend(lines)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "axe.txt").write_text("\n".join(_WRITTEN) + "\n", encoding="utf-8")


def _screens(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))
    grey = page.add_style_tag(content="html{filter:grayscale(1)}")
    page.screenshot(path=os.path.join(SHOTS, f"{name}-grey.png"))
    grey.evaluate("e => e.remove()")


def test_every_widget_in_lab_has_no_serious_axe_violation(page, lab, axe):
    from playwright.sync_api import expect

    page.set_viewport_size(VIEWPORT)
    open_notebook(page, lab, "a11y.ipynb")
    inject(page, axe)
    found: dict[str, dict] = {}

    def measure(where: str, sel) -> None:
        w = page.locator(sel).first if isinstance(sel, str) else sel
        w.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        found[where] = violations(page, w)

    board, viewer = ".pnb-board", ".pnb-viewer"
    first = page.locator(board).first  # the first-edition Board (the second is the notebook's last widget)
    first.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    measure("Board, first decision", board)
    _screens(page, "a11y-board")
    first.locator(".pn-zoom-in").click()  # zoomed in, Fit can be pressed
    measure("Board, zoomed in", board)
    first.locator(".pn-zoom-fit").click()
    act_and_wait(page, board, lambda: first.locator('.pb-button[data-action="hoplites"]').click())
    measure("Board, a place being chosen", board)
    texts = text_contrast(page, first.locator(".pn-map svg"))
    _screens(page, "a11y-board-choosing")
    measure("Viewer, view mode", viewer)
    act_and_wait(page, viewer, lambda: page.locator(f"{viewer} .pv-mode-play").click())
    measure("Viewer, play mode", viewer)
    act_and_wait(page, viewer, lambda: page.locator(f'{viewer} .pb-button[data-action="hoplites"]').click())
    measure("Viewer, play mode, a place being chosen", viewer)
    measure("Combat", ".pnb-combat")
    measure("PuzzleBoard", ".pnb-puzzle")
    ed2 = page.locator(board).nth(1)
    measure("Board, second edition", ed2)
    before = ed2.get_attribute("data-rev")
    ed2.locator('.pb-button[data-action="trade"]').click()
    expect(ed2).not_to_have_attribute("data-rev", before)
    assert ed2.locator(".pn-map svg .offer.legal").count() > 0
    measure("Board, second edition, an offer being chosen", ed2)
    texts += text_contrast(page, ed2.locator(".pn-map svg"))
    _screens(page, "a11y-board-ed2-trade")

    worst = min(texts, key=lambda t: t["ratio"])
    low = [t for t in texts if t["ratio"] < 4.5]
    _report([figures(k, v) for k, v in found.items()]
            + [f"Board maps while choosing (first edition, then second): {len(texts)} texts, {len(low)} under "
               f"4.5:1, worst {worst['ratio']:.2f}:1 ({worst['text']!r}, opacity {worst['alpha']:.2f})"])
    assert {k: serious(v) for k, v in found.items() if serious(v)} == {}
    assert low == [], sorted((round(t["ratio"], 2), t["text"]) for t in low)[:12]
    assert not page.errors


def test_the_widgets_outside_jupyter_have_no_serious_axe_violation(page1280, axe):
    """The same widgets drawn by their real browser half without Jupyter (tests/browser/harness.py), where
    axe reads the visible text of every place of the map (in JupyterLab it finds less of it to compare):
    the Board whole, while a place is being chosen, zoomed in (Fit can be pressed); the Viewer in play mode;
    a lesson Viewer at its first question; the PuzzleBoard; Combat against a bot after its first exchange
    (the reveal, its citations keyboard stops, the user's cards to pick)."""
    import random

    import polis_nb as pn
    from polis_nb.widgets import Board, Combat, PuzzleBoard, Viewer

    from .harness import Harness

    page = page1280
    g = pn.Game(seed=3)
    g.play("hoplites")
    lesson = Viewer(quizzed(), lesson=True)
    while not (lesson.view.get("lesson") or {}).get("open"):  # step on to the first question
        lesson.handle_intent({"kind": "nav", "dir": "forward", "by": "decision", "rev": lesson.view["rev"]})
    combat = Combat.setup(units=(4, 4), prestige=(2, 2), seed=3, mode="bot", side="athens", odds=False)
    rng = random.Random(0)
    while not combat.view["reveal"]:  # to the first exchange's reveal, the user's choices open again
        ch = combat.view["choice"]
        combat.play("fight" if ch["kind"] == "window" else rng.choice(ch["options"])["action"])
    widgets = {"board": Board(g), "viewer": Viewer(pn.Game("ed2", seed=1), mode="play"), "lesson": lesson,
               "puzzle": PuzzleBoard(pn.puzzles(edition="ed2")[:1], seed=0), "combat": combat}
    found = {}
    with Harness(widgets, width="1000px") as h:
        page.goto(h.url)
        page.wait_for_selector("#w-combat[data-ready]")
        page.locator("#w-board .pn-map svg .area.legal").first.wait_for(state="attached")
        inject(page, axe)
        for key in widgets:
            found[f"{key} (no Jupyter)"] = violations(page, page.locator(f"#w-{key}"))
        page.locator("#w-board .pn-zoom-in").click()
        found["board (no Jupyter), zoomed in"] = violations(page, page.locator("#w-board"))
        checked = page.locator("#w-board").evaluate(
            "async (el) => { const r = await axe.run(el, {runOnly: ['label-content-name-mismatch']});"
            " return [...r.passes, ...r.violations].reduce((n, x) => n + x.nodes.length, 0); }")
    _report([figures(k, v) for k, v in found.items()])
    assert {k: serious(v) for k, v in found.items() if serious(v)} == {}
    assert checked > 10  # axe did compare names with visible text on the map
    assert not page.problems, page.problems


@pytest.mark.parametrize("kind", ["game", "worksheet", "answer key"])
def test_the_exported_page_has_no_serious_axe_violation(page1280, tmp_path, axe, kind):
    page = page1280
    path = tmp_path / "page.html"
    if kind == "game":
        annotated().to_html(path)
    else:
        quizzed().to_html(path, worksheet=True, answers=kind == "answer key")
    page.goto(path.as_uri())
    page.locator("svg").first.wait_for(state="attached")
    inject(page, axe)
    found = violations(page)
    texts = [t for svg in page.locator("svg.polis-board").all() for t in text_contrast(page, svg)]
    low = [t for t in texts if t["ratio"] < 4.5]
    _report([figures(f"HTML export ({kind})", found),
             f"HTML export ({kind}) boards: {len(texts)} texts, {len(low)} under 4.5:1, "
             f"worst {min(t['ratio'] for t in texts):.2f}:1"])
    assert serious(found) == {}
    assert low == [], sorted((round(t["ratio"], 2), t["text"]) for t in low)[:12]
