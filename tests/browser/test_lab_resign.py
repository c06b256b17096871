"""Resigning in the Board (issue 23, item 9), in JupyterLab with Debian's Chromium at 1280×800: the
Resign button (reached with the keyboard) asks "Resign? Yes / No" in the bar with "No" focused (Escape
answers no); Yes ends the game as the record says ("Athens resigns: Sparta wins"), with save, rematch
and a way to take it back; the record in the kernel holds the resignation.

Set POLIS_SCREENSHOTS to a folder to keep the screenshots (docs/screenshots/README.md)."""
from __future__ import annotations

import re

import pytest

from .labserver import click_and_wait, kernel_ask, key_and_wait, open_notebook, shot

pytestmark = pytest.mark.browser


def test_resign_then_yes_ends_the_game_and_the_record_says_so(page1280, lab):
    from playwright.sync_api import expect

    page = page1280
    open_notebook(page, lab, "bot.ipynb")
    sel = ".pnb-board"
    board = page.locator(sel)
    expect(board.locator(".pb-prompt")).to_contain_text("Athens:")  # the bot played Sparta's opening turn
    resign, ask = board.locator(".pb-resign"), board.locator(".pb-resign-ask")
    expect(resign).to_be_visible()
    expect(ask).to_be_hidden()
    # the keyboard reaches it: Enter on the button asks, with "No" focused; Escape answers no
    key_and_wait(page, sel, "Enter", resign)
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("Resign? Athens gives up the game and Sparta wins.")
    assert page.evaluate("() => document.activeElement.classList.contains('pb-resign-no')")
    key_and_wait(page, sel, "Escape")
    expect(ask).to_be_hidden()
    expect(board.locator(".pb-note")).to_have_text("You play on: nobody resigned.")
    # Resign → Yes
    click_and_wait(page, sel, resign)
    expect(board.locator(".pb-buttons")).to_be_hidden()  # the question stands in place of the choices
    ask.scroll_into_view_if_needed()
    shot(page, "lab-board-resign-ask.png")
    click_and_wait(page, sel, ask.locator(".pb-resign-yes"))
    over = board.locator(".pb-gameover")
    expect(over).to_be_visible()
    expect(over.locator(".pb-gameover-title")).to_have_text("Game over: Sparta wins")
    expect(over.locator(".pb-gameover-text")).to_have_text("Athens resigns: Sparta wins.")
    for button in (".pb-save", ".pb-rematch", ".pb-take-back"):
        expect(over.locator(button)).to_be_visible()
    expect(resign).to_be_hidden()
    expect(ask).to_be_hidden()
    assert board.locator(".pb-buttons .pb-button").count() == 0
    box = over.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 800, box  # the end of the game is on screen
    shot(page, "lab-board-resigned.png")
    out = kernel_ask(lab, "bot.ipynb", "print(g.result, '|', g.node is board.node, board.node.resigned)")
    assert out == "Athens resigns: Sparta wins | True athens", out
    # taking it back: the game goes on where it was
    click_and_wait(page, sel, over.locator(".pb-take-back"))
    expect(over).to_be_hidden()
    expect(board.locator(".pb-note")).to_have_text("The resignation is taken back: play on.")
    expect(board.locator(".pb-prompt")).to_contain_text(re.compile(r"^Athens:"))
    expect(resign).to_be_visible()
    assert not [p for p in page.problems if "page error" in p], page.problems  # type: ignore[attr-defined]
