"""Real-browser tests in JupyterLab with Debian's Chromium: the Board and the Viewer, clicked
like a user would; the Python side is checked through a second kernel client."""
import re

import pytest

from .labserver import click_and_wait as _click_and_wait
from .labserver import kernel_ask, key_and_wait, open_notebook
from .labserver import shot as _shot

pytestmark = pytest.mark.browser


def test_board_click_through_an_action_in_lab(page, lab):
    from playwright.sync_api import expect

    open_notebook(page, lab, "board.ipynb")
    board = page.locator(".pnb-board")
    expect(board.locator(".pb-prompt")).to_contain_text("Sparta", timeout=30_000)
    sel = ".pnb-board"
    # Move hoplites: destination Arkadia, then three hoplites from Lakedaimon, one click each
    _click_and_wait(page, sel, board.locator('.pb-button[data-action="hoplites"]'))
    expect(board.locator("#area-arkadia")).to_have_class(re.compile(r"\blegal\b"))
    key_and_wait(page, sel, "Enter", board.locator("#area-arkadia"))
    for _ in range(3):
        key_and_wait(page, sel, "Enter", board.locator("#area-lakedaimon"))
    expect(board.locator(".pb-log")).to_contain_text("Lakedaimon to Arkadia")
    # an illegal target is explained next to the board and changes nothing
    _click_and_wait(page, sel, board.locator('.pb-button[data-action="siege"]'))
    _click_and_wait(page, sel, board.locator("#polis-thebai"))
    expect(board.locator('.pb-explain li[data-rule="siege.requirements"]')).to_have_count(1)
    expect(board.locator(".pb-explain")).to_contain_text("Besieging a polis")  # the section, in English
    # besiege Argos: the die is rolled in Python from the game's seed
    _click_and_wait(page, sel, board.locator("#polis-argos"))
    expect(board.locator(".pb-log")).to_contain_text("Siege of Argos")
    _shot(page, "board.png")
    out = kernel_ask(lab, "board.ipynb", "print(g.state.units[3], [str(n.action) for n in g.node.path()][4:12])")
    assert out.startswith("(0, ") and "to arkadia" in out and "polis argos" in out
    assert not page.errors


def test_viewer_navigates_into_a_variation_in_lab(page, lab):
    from playwright.sync_api import expect

    open_notebook(page, lab, "viewer.ipynb")
    viewer = page.locator(".pnb-viewer")
    sel = ".pnb-viewer"
    # one row per turn, in words; the variation's turn is its own row, named
    expect(viewer.locator(".pv-row", has_text="demanded tribute")).to_be_visible(timeout=30_000)
    _click_and_wait(page, sel, viewer.locator(".pv-row", has_text="plan B"))
    expect(viewer.locator(".pv-row.pv-current")).to_contain_text("demanded tribute")
    # keyboard: up goes to the main-line alternative, right steps forward
    viewer.focus()
    key_and_wait(page, sel, "ArrowUp")
    expect(viewer.locator(".pv-row.pv-current")).to_contain_text("trained 1 hoplite")
    key_and_wait(page, sel, "ArrowDown")
    expect(viewer.locator(".pv-row.pv-current")).to_contain_text("demanded tribute")
    # annotate from the browser: a glyph and a comment go into the record
    _click_and_wait(page, sel, viewer.locator('.pv-glyph[aria-label^="glyph !? "]'))
    viewer.locator(".pv-comment-edit").fill("Tribute first <b>?</b>")
    _click_and_wait(page, sel, viewer.locator(".pv-save-comment"))
    _shot(page, "viewer.png")
    out = kernel_ask(lab, "viewer.ipynb",
                     "print([n.name for n in g.node.path() if n.name], g.node.glyphs, repr(g.node.comment))")
    assert out == "['plan B'] ['!?'] 'Tribute first <b>?</b>'"
    # user text is shown as text, never run: a script payload in a comment stays inert
    payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    viewer.locator(".pv-comment-edit").fill(payload)
    _click_and_wait(page, sel, viewer.locator(".pv-save-comment"))
    expect(viewer.locator(".pv-turn-entry .pv-comment").last).to_have_text("— " + payload)
    assert page.evaluate("() => window.__pwned") is None
    assert viewer.locator(".pv-tree img, .pv-commentary img, .pv-tree script").count() == 0
    assert not page.errors
