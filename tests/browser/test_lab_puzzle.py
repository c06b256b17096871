"""The Puzzle widget (PuzzleBoard) in a real JupyterLab at 1280×800: a wrong choice says why and the
learner may retry, a hint helps without naming the answer, the answer is accepted (a button, then a
place on the map); the words, the choices and the whole map fit on one screen, after a wrong try and a
hint too; no page errors."""
from __future__ import annotations

import os

import pytest

from .labserver import act_and_wait, kernel_ask, open_notebook, shot

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 1280, "height": 800}
SEL = ".pnb-puzzle"
SHOTS = os.environ.get("POLIS_PUZZLE_SHOTS", "/tmp/shots")


def _shot(page, name: str) -> None:
    shot(page, name)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name))


def _ask(lab, code: str) -> str:
    return kernel_ask(lab, "puzzle.ipynb", code)


def test_a_puzzle_failed_hinted_and_solved_then_one_solved_on_the_map_in_lab(page, lab):
    from playwright.sync_api import expect

    page.set_viewport_size(VIEWPORT)
    open_notebook(page, lab, "puzzle.ipynb")
    w = page.locator(SEL)
    w.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    w.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    side = _ask(lab, "print(w.puzzle.player.capitalize())")
    expect(w.locator(".pz-prompt")).to_have_text(f"{side} to play: find the best choice")
    # one screen: the prompt, the choices, the tools and the whole map inside the notebook's panel
    panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    bottom = min(panel["y"] + panel["height"], VIEWPORT["height"])
    for part in (".pz-prompt", ".pb-buttons", ".pz-tools", ".pn-map svg"):
        box = w.locator(part).bounding_box()
        assert box["y"] >= panel["y"] - 1 and box["y"] + box["height"] <= bottom + 1, (part, box, panel)
    assert w.locator(".pz-show").is_disabled()  # no solution before a try or a hint
    _shot(page, "puzzle-open.png")

    answer, wrong = _ask(lab, "p = w.puzzle; print(p.accepted[0]); "
                              "print(next(c.action for c in p.choices if c.group != p.answer))").splitlines()
    assert answer not in w.inner_text()  # nothing on screen names the answer (its words may be a button)
    # a wrong choice: "Not this one —" with why; the choices stay for a retry
    act_and_wait(page, SEL, lambda: w.locator(f'.pb-button[data-action="{wrong}"]').click())
    expect(w.locator(".pz-feedback.pz-wrong")).to_contain_text("Not this one —")
    expect(w.locator(".pz-streak")).to_contain_text("Streak 0")
    assert w.locator(".pz-show").is_enabled()
    _shot(page, "puzzle-wrong.png")
    # a hint, then the answer
    act_and_wait(page, SEL, lambda: w.locator(".pz-hint-button").click())
    expect(w.locator(".pz-hint")).to_contain_text("Hint: ")
    assert w.locator(".pz-hint-button").is_disabled()
    # still one screen: the hint (the newest word, on top of what was said) and the whole map; the
    # try's verdict below the hint in the same box (a scroll away inside it where the window is short)
    for part in (".pz-hint", ".pn-map svg", ".pz-prompt", ".pb-buttons"):
        box = w.locator(part).bounding_box()
        assert box["y"] >= panel["y"] - 1 and box["y"] + box["height"] <= bottom + 1, (part, box, panel)
    hint, verdict = w.locator(".pz-hint").bounding_box(), w.locator(".pz-feedback").bounding_box()
    assert verdict["y"] > hint["y"], (hint, verdict)
    _shot(page, "puzzle-hint.png")
    act_and_wait(page, SEL, lambda: w.locator(f'.pb-button[data-action="{answer}"]').click())
    expect(w.locator(".pz-feedback.pz-right")).to_contain_text("Right —")
    expect(w.locator(".pz-solution")).to_contain_text("Themes: ")
    expect(w.locator(".pz-score")).to_contain_text("0/1")
    _shot(page, "puzzle-right.png")

    # the next puzzle, solved at the first try by a click on the map
    act_and_wait(page, SEL, lambda: w.locator(".pz-next").click())
    expect(w.locator(".pz-title")).to_contain_text(f"Puzzle 2 of {_ask(lab, 'print(len(w.puzzles))')}")
    target = _ask(lab, "print(next(t for t, xs in w.view['board']['targets'].items() "
                       "if any(x['action'] == w.puzzle.accepted[0] for x in xs)))")
    kind, _, ident = target.partition(":")
    place = w.locator(f".pn-map svg [data-{kind}='{ident}']").first
    act_and_wait(page, SEL, lambda: place.dispatch_event("click"))
    expect(w.locator(".pz-feedback.pz-right")).to_contain_text("Right —")
    expect(w.locator(".pz-streak")).to_contain_text("Streak 1")
    _shot(page, "puzzle-map-right.png")
    assert _ask(lab, "print(w.number, w.streak, sum(n for _, n in w.score.values()) > 0)") == "2 1 True"
    assert not page.errors
