"""Issue 18 in a real JupyterLab at 1280×800 with the file browser open: the Board's choices and its
whole map on one screen, the Viewer's map and notes side by side, stepping a turn at a time (a
decision with Shift), and the guess-the-move lesson (a wrong try gives the author's hint; the right
place is found; nothing gives the answer away before)."""
from __future__ import annotations

from .labserver import act_and_wait, key_and_wait, open_notebook, shot

VIEWPORT = {"width": 1280, "height": 800}


def _inside(box: dict, top: float, bottom: float) -> bool:
    return box["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1


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


def test_the_viewer_puts_map_and_notes_side_by_side_and_steps_by_turns_in_lab(page, lab):
    from playwright.sync_api import expect

    page.set_viewport_size(VIEWPORT)
    open_notebook(page, lab, "viewer.ipynb")
    sel = ".pnb-viewer"
    viewer = page.locator(sel)
    viewer.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    viewer.locator(".pv-bar").scroll_into_view_if_needed()
    m = viewer.locator(".pn-map svg").bounding_box()
    notes = viewer.locator(".pv-notes-box").bounding_box()
    assert notes["x"] >= m["x"] + m["width"] - 1, (m, notes)  # beside the map, not below it
    assert abs(notes["y"] - m["y"]) < 2 and m["height"] <= VIEWPORT["height"] - 150, (m, notes)
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
