"""One screen in a real JupyterLab at 1280×800 with the file browser open (issues 18 and 23): the
Board's choices and its whole map; the Viewer's whole map with every label at least 11 px and its notes
on the same screen (below the map at 1280 px, beside it at 1920 px), stepping a turn at a time (a
decision with Shift); the Viewer's current row of the record kept in sight by scrolling the list only;
the engine's answer over the map, seen without scrolling, hiding none of its own marks (Board and
Viewer); and the guess-the-move lesson (a wrong try gives the author's hint; the right place is found;
nothing gives the answer away before)."""
from __future__ import annotations

import pytest

from .labserver import act_and_wait, key_and_wait, open_notebook, shot
from .test_learner_view import LABEL_SIZES, MIN_LABEL_PX

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 1280, "height": 800}

# the notebook's scrolling box (the nearest ancestor of a widget that scrolls): it must not move when
# a widget keeps something in sight by scrolling inside itself
NOTEBOOK_SCROLL = """e => {
  for (let p = e.parentElement; p; p = p.parentElement) {
    const oy = getComputedStyle(p).overflowY;
    if (oy !== 'visible' && p.scrollHeight > p.clientHeight + 1) return p.scrollTop;
  }
  return document.scrollingElement.scrollTop;
}"""

# the current row of the Viewer's record and the list's visible box (inside its border), on screen
CURRENT_ROW = """v => {
  const tree = v.querySelector('.pv-tree'), row = tree.querySelector('.pv-row.pv-current');
  const t = tree.getBoundingClientRect(), r = row.getBoundingClientRect();
  const top = t.top + tree.clientTop;
  return {row: [r.top, r.bottom], list: [top, top + tree.clientHeight], scrolled: tree.scrollTop,
          node: row.dataset.node};
}"""


def _inside(box: dict, top: float, bottom: float) -> bool:
    return box["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1


def _screen(page) -> tuple[float, float]:
    """The top and bottom of what the notebook shows on screen."""
    panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    return panel["y"], min(panel["y"] + panel["height"], page.viewport_size["height"])


def _open(page, lab, notebook: str, sel: str):
    """Open ``notebook`` at 1280×800, run it, and scroll its widget ``sel`` to the top of the notebook."""
    page.set_viewport_size(VIEWPORT)
    open_notebook(page, lab, notebook)
    widget = page.locator(sel)
    widget.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    widget.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    return widget


def _analyse(page, sel: str, widget, best: str):
    """Press "Analyse this position": the answer is a card over the map, it and the whole map on screen,
    and the notebook did not move. Returns the card."""
    from playwright.sync_api import expect

    top, bottom = _screen(page)
    scrolled = widget.evaluate(NOTEBOOK_SCROLL)
    before = widget.evaluate("e => e.dataset.rev")
    widget.locator(".pn-analyse").click()
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before], timeout=60_000)
    card = widget.locator(".pn-map .pn-engine")
    expect(card).to_be_visible()
    expect(card.locator(".pn-eval-summary")).to_contain_text(best)
    page.wait_for_timeout(200)  # docked once the map is drawn
    for part in (card, card.locator(".pn-evalbar"), card.locator(".pn-eval-summary"), widget.locator(".pn-map svg")):
        assert _inside(part.bounding_box(), top, bottom), (part, part.bounding_box(), top, bottom)
    assert widget.evaluate(NOTEBOOK_SCROLL) == scrolled
    return card


def _small_labels(widget) -> tuple[int, list]:
    sizes = widget.evaluate(LABEL_SIZES)
    return len(sizes), [(round(px, 1), text) for px, text in sizes if px < MIN_LABEL_PX]


def test_the_board_shows_its_choices_and_the_whole_map_on_one_screen_in_lab(page, lab):
    page.set_viewport_size(VIEWPORT)
    open_notebook(page, lab, "bot.ipynb")  # with the bot's reply line above the map
    board = page.locator(".pnb-board")
    board.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    top, bottom = panel["y"], min(panel["y"] + panel["height"], VIEWPORT["height"])
    board.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    boxes = {name: board.locator(part).bounding_box()
             for name, part in (("prompt", ".pb-prompt"), ("buttons", ".pb-buttons"), ("reply", ".pb-reply"),
                                ("map", ".pn-map svg"))}
    out = [name for name, b in boxes.items() if not _inside(b, top, bottom)]
    assert not out, (out, boxes, top, bottom)
    shot(page, "one-screen-board.png")
    assert not page.errors


def test_the_viewer_shows_a_readable_map_with_its_notes_on_one_screen_and_steps_by_turns_in_lab(page, lab):
    from playwright.sync_api import expect

    sel = ".pnb-viewer"
    viewer = _open(page, lab, "viewer.ipynb", sel)
    # every label of the map at least 11 px, the whole map on screen, and the notes right below it on
    # the same screen (the output, 848 px wide, has no room beside a map that size)
    count, small = _small_labels(viewer)
    assert count > 100 and not small, f"labels under {MIN_LABEL_PX} px: {small[:10]}"
    top, bottom = _screen(page)
    m = viewer.locator(".pn-map svg").bounding_box()
    assert _inside(m, top, bottom), (m, top, bottom)
    title = viewer.locator(".pv-step-title").bounding_box()
    record = viewer.locator(".pv-tree-title").bounding_box()
    assert title["y"] >= m["y"] + m["height"] - 1 and _inside(title, top, bottom), (m, title, bottom)
    assert _inside(record, top, bottom), (record, bottom)
    shot(page, "lab-viewer-1280.png")
    # a turn at a time: the draws that open the round, then Sparta's whole turn
    viewer.focus()
    key_and_wait(page, sel, "ArrowRight")
    step = viewer.locator(".pv-step")
    expect(step).to_contain_text("Round 3 begins")
    key_and_wait(page, sel, "ArrowRight")
    expect(step).to_contain_text("Round 3 · Sparta, turn 1")
    expect(viewer.locator(".pv-tree")).to_contain_text("3.S1")
    expect(viewer.locator("section.pv-current")).to_contain_text("Pay 1 metal")
    # Shift + ← one decision back: still in Sparta's turn, on its last-but-one decision
    key_and_wait(page, sel, "Shift+ArrowLeft")
    expect(step).to_contain_text("Round 3 · Sparta, turn 1")
    expect(viewer.locator("section.pv-current")).to_contain_text("Train hoplites in Sparta")
    shot(page, "one-screen-viewer.png")
    # the engine's answer: over the map, on screen without scrolling the notebook
    _analyse(page, sel, viewer, "Best for Sparta:")
    # on a wide screen the notes sit beside the map, as tall as the map and the band, labels as large
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(300)
    viewer.evaluate("e => e.scrollIntoView({block: 'start'})")
    m = viewer.locator(".pn-map svg").bounding_box()
    notes = viewer.locator(".pv-notes-box").bounding_box()
    assert notes["x"] >= m["x"] + m["width"] - 1 and abs(notes["y"] - m["y"]) < 2, (m, notes)
    count, small = _small_labels(viewer)
    assert not small, small[:10]
    assert not page.errors


def test_the_viewer_keeps_its_current_row_in_sight_by_scrolling_the_list_only_in_lab(page, lab):
    """A long record (120 decisions) opens at its end: the list has scrolled to the current row;
    stepping back, then a click on the first turn, then End keep the row in sight, and the notebook
    never moves."""
    from playwright.sync_api import expect

    sel = ".pnb-viewer"
    viewer = _open(page, lab, "viewer_long.ipynb", sel)

    def in_sight(expected_scroll: bool | None = None) -> str:
        c = viewer.evaluate(CURRENT_ROW)
        assert c["list"][0] - 1 <= c["row"][0] and c["row"][1] <= c["list"][1] + 1, c
        if expected_scroll is not None:  # scrolled down the list, or (about) at its top
            assert (c["scrolled"] > 40) is expected_scroll, c
        return c["node"]

    last = in_sight(expected_scroll=True)  # the end of the record is far down the list
    notebook = viewer.evaluate(NOTEBOOK_SCROLL)
    focus = "e => e.focus({preventScroll: true})"  # the keys go to the Viewer; nothing scrolls for it
    viewer.evaluate(focus)
    for _ in range(3):
        key_and_wait(page, sel, "ArrowLeft")
        assert in_sight() != last
    # the first turn, clicked where it is (a click that scrolled it into view first would move the notebook)
    act_and_wait(page, sel, lambda: viewer.locator(".pv-row.pv-step-row").first.dispatch_event("click"))
    in_sight(expected_scroll=False)
    viewer.evaluate(focus)
    key_and_wait(page, sel, "End")
    assert in_sight(expected_scroll=True) == last
    expect(viewer.locator(".pv-where")).to_contain_text("end of the line")
    assert viewer.evaluate(NOTEBOOK_SCROLL) == notebook
    assert not page.errors


def test_the_engine_answer_shows_over_the_board_without_hiding_its_marks_in_lab(page, lab):
    """Sparta chooses where its hoplites go: after "Analyse this position" the answer (the evaluation
    bar, the best choice in words) is on screen over the map, the best place is marked in green, and
    the answer hides no mark; the notebook did not move."""
    from playwright.sync_api import expect

    sel = ".pnb-board"
    board = _open(page, lab, "analyse.ipynb", sel)
    top, bottom = _screen(page)
    expect(board.locator(".pn-engine")).to_be_hidden()
    card = _analyse(page, sel, board, "Best for Sparta: To ")
    marks = board.locator(".pn-map svg [data-layer='marks'] .mark")
    assert board.locator(".pn-map svg [data-layer='marks'] .mark[data-colour='green']").count() == 1
    c = card.bounding_box()
    for i in range(marks.count()):
        mk = marks.nth(i).bounding_box()
        assert _inside(mk, top, bottom), mk
        apart = (mk["x"] >= c["x"] + c["width"] or mk["x"] + mk["width"] <= c["x"]
                 or mk["y"] >= c["y"] + c["height"] or mk["y"] + mk["height"] <= c["y"])
        assert apart, (i, mk, c)
    shot(page, "lab-board-engine.png")
    # closed, it stays closed until the next answer
    card.locator(".pn-engine-close").click()
    expect(card).to_be_hidden()
    assert not page.errors


def test_a_guess_the_move_lesson_hints_then_accepts_the_right_place_in_lab(page, lab):
    from playwright.sync_api import expect

    page.set_viewport_size(VIEWPORT)
    open_notebook(page, lab, "lesson.ipynb")
    sel = ".pnb-viewer"
    viewer = page.locator(sel)
    viewer.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    viewer.focus()
    for _ in range(4):  # step until the question stops the Viewer
        if viewer.locator(".pv-lesson-prompt").count():
            break
        key_and_wait(page, sel, "ArrowRight")
    expect(viewer.locator(".pv-lesson-prompt")).to_contain_text("what did Sparta decide here?")
    assert "Arkadia borders Argos" not in viewer.inner_text()  # the author's note waits
    act_and_wait(page, sel, lambda: viewer.locator(".pn-map svg [data-area='attika']").first.dispatch_event("click"))
    expect(viewer.locator(".pv-lesson-feedback")).to_contain_text("Not this one")
    expect(viewer.locator(".pv-lesson-hint")).to_contain_text("Which area borders Argos?")
    act_and_wait(page, sel, lambda: viewer.locator(".pn-map svg [data-area='arkadia']").first.dispatch_event("click"))
    expect(viewer.locator(".pv-lesson")).to_contain_text("Found 1 of 1")
    shot(page, "one-screen-lesson.png")
    assert not page.errors
