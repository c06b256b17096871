"""A bot you can watch, and a review you can follow (issue 17, item 6), in JupyterLab with Debian's
Chromium at 1280×800: the search bot thinks in the background ("Sparta is thinking…" with Cancel),
then its reply is named above the map in words and marked on the map; in a Viewer of a reviewed game,
a click on a point of the win-chance chart goes to that decision.

Set POLIS_SCREENSHOTS to a folder to keep the screenshots (docs/screenshots/README.md)."""
from __future__ import annotations

import re

import pytest

from .labserver import kernel_ask, kernel_client, kernel_eval, open_notebook, shot
from .test_learner_view import RAW

pytestmark = pytest.mark.browser

# set before a click: remember whether "thinking…" was ever on screen (it may last well under a second)
WATCH_THINKING = """root => {
  window.__thinking = [];
  const seen = () => {
    const t = root.querySelector('.pb-thinking');
    if (t && !t.hidden) window.__thinking.push(t.querySelector('.pb-thinking-text').textContent);
  };
  new MutationObserver(seen).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def _settled(page, board) -> None:
    """Wait until the bot has answered: no "thinking", the user's prompt back."""
    from playwright.sync_api import expect

    expect(board.locator(".pb-thinking")).to_be_hidden(timeout=60_000)
    expect(board.locator(".pb-prompt")).to_contain_text(re.compile(r"^Athens:|Game over"), timeout=60_000)


def test_the_search_bot_thinks_then_its_reply_is_named_and_marked_in_lab(page1280, lab):
    from playwright.sync_api import expect

    page = page1280
    open_notebook(page, lab, "search_bot.ipynb")
    sel = ".pnb-board"
    board = page.locator(sel)
    _settled(page, board)  # Sparta starts: the bot's opening reply (in the background)
    expect(board.locator(".pb-reply-list li").first).to_be_visible()
    board.evaluate(WATCH_THINKING)
    # the user's decision: pass (Sparta then plays on alone until it passes too)
    board.locator('.pb-button[data-kind="pass"]').click()
    page.wait_for_function("() => window.__thinking.length > 0", timeout=10_000)
    seen = page.evaluate("() => window.__thinking")
    assert seen[0].startswith("Sparta is thinking…"), seen
    if board.locator(".pb-thinking").is_visible():  # still thinking (it usually takes a second or two)
        board.locator(".pb-thinking").scroll_into_view_if_needed()
        shot(page, "lab-board-thinking.png")
    _settled(page, board)
    # the reply, named in words above the map ...
    reply = board.locator(".pb-reply")
    expect(reply).to_be_visible()
    expect(reply.locator(".pb-reply-title")).to_have_text("Sparta's reply:")
    sentences = reply.locator(".pb-reply-list li.pb-by-sparta").all_inner_texts()
    assert sentences and all(re.match(r"Sparta (\w+ )+", s) and s.endswith(".") for s in sentences), sentences
    assert not RAW.search(reply.inner_text()), reply.inner_text()
    reply_box, map_box = reply.bounding_box(), board.locator(".pn-map").bounding_box()
    assert reply_box["y"] + reply_box["height"] <= map_box["y"]  # above the map
    # ... and marked on it: the marks Python sent, drawn in the map's marks layer in Sparta's red
    marks = board.locator(".pn-map svg [data-layer='marks'] .mark[data-colour='red']")
    assert marks.count() >= 1
    out = kernel_ask(lab, "search_bot.ipynb",
                     "r = board.view['reply']\nprint(len(r['marks']), r['sentences'][-1]['text'])")
    n, last = out.split(" ", 1)
    assert int(n) == marks.count() and last in reply.inner_text()
    reply.scroll_into_view_if_needed()
    shot(page, "lab-board-reply.png")
    board.evaluate("""root => {  // the marks sit where the bot acted, often low on the map: show the lowest
      const ms = [...root.querySelectorAll(".pn-map svg [data-layer='marks'] .mark")];
      const bottom = (m) => m.getBoundingClientRect().bottom;
      ms.reduce((a, m) => (bottom(m) > bottom(a) ? m : a)).scrollIntoView({ block: "center" });
    }""")
    shot(page, "lab-board-reply-map.png")
    assert not [p for p in page.problems if "page error" in p], page.problems


def test_a_review_chart_point_takes_the_viewer_to_its_decision_in_lab(page1280, lab):
    from playwright.sync_api import expect

    page = page1280
    open_notebook(page, lab, "reviewed.ipynb")
    sel = ".pnb-viewer"
    viewer = page.locator(sel)
    review = viewer.locator(".pn-review")
    expect(review).to_be_visible(timeout=30_000)
    expect(viewer.locator(".pv-where")).to_have_text("Start of the game")
    expect(review.locator(".pn-review-summary tr")).to_have_count(3)
    points = review.locator(".pn-review-chart-box .pn-review-point")
    assert points.count() >= 10
    # a marked decision if the review marked one (its glyph in the chart, the list and the record)
    marked = review.locator(".pn-review-chart-box .pn-review-point:not([data-glyph=''])")
    point = marked.first if marked.count() else points.nth(points.count() // 2)
    node, glyph = point.get_attribute("data-node"), point.get_attribute("data-glyph")
    label = point.get_attribute("aria-label")
    num = int(re.match(r"Decision (\d+) · ", label).group(1))
    review.scroll_into_view_if_needed()
    before = page.eval_on_selector(sel, "e => e.dataset.rev")
    point.click()
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before])
    expect(viewer.locator(".pv-where")).to_have_text(re.compile(rf"^Decision {num}\b"))
    expect(viewer.locator(".pv-decision")).to_contain_text(f"{num}. ")
    expect(viewer.locator(f".pv-row.pv-current[data-node='{node}'] .pv-glyph-text")).to_have_text(glyph)
    focus = review.locator(".pn-review-focus")
    expect(focus).to_contain_text(f"Decision {num} · ")
    if glyph:
        expect(focus).to_contain_text({"?!": "(inaccuracy)", "?": "(mistake)", "??": "(blunder)"}[glyph])
    expect(review.locator(".pn-review-current")).to_have_count(1)  # the point of the decision shown is ringed
    assert not RAW.search(review.inner_text()), review.inner_text()
    out = kernel_ask(lab, "reviewed.ipynb", "print(viewer.view['current'], viewer.node is g.node)")
    assert out == f"{node} True"
    # another decision, by a click on the list of marked decisions (or on another point)
    items = review.locator(f".pn-review-item:not([data-node='{node}'])")
    item = items.first if items.count() else review.locator(f".pn-review-point:not([data-node='{node}'])").first
    other = item.get_attribute("data-node")
    before = page.eval_on_selector(sel, "e => e.dataset.rev")
    item.click()
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before])
    expect(viewer.locator(f".pv-row.pv-current[data-node='{other}']")).to_have_count(1)
    review.scroll_into_view_if_needed()
    shot(page, "lab-viewer-review.png")
    assert not [p for p in page.problems if "page error" in p], page.problems


def test_the_board_review_counts_its_decisions_and_can_be_cancelled_in_lab(page1280, lab):
    """Review this game: a bar and "x of N decisions" while it runs, Cancel leaves the record as it
    was, and a second review runs to its end and shows the review panel."""
    from playwright.sync_api import expect

    page = page1280
    open_notebook(page, lab, "board_review.ipynb")
    board = page.locator(".pnb-board")
    expect(board.locator(".pb-gameover")).to_be_visible(timeout=60_000)
    board.locator(".pb-review-game").click()
    progress = board.locator(".pb-review-progress")
    expect(progress).to_be_visible(timeout=30_000)
    text = progress.locator(".pb-review-progress-text")
    expect(text).to_have_text(re.compile(r"^Reviewing the game: \d+ of 119 decisions…$"))
    page.wait_for_function("() => document.querySelector('.pb-review-bar').value > 0", timeout=120_000)
    done = int(re.match(r"Reviewing the game: (\d+) of", text.inner_text()).group(1))
    assert 0 < done < 119 and board.locator(".pb-review-bar").get_attribute("max") == "119"
    box = progress.bounding_box()
    assert box["width"] > 0 and box["y"] >= 0
    progress.scroll_into_view_if_needed()
    shot(page, "lab-board-review-progress.png")
    board.locator(".pb-review-cancel").click()
    expect(progress).to_be_hidden(timeout=30_000)
    expect(board.locator(".pb-note")).to_have_text("Cancelled the review: the record is as it was.")
    expect(board.locator(".pb-review-game")).to_be_enabled()
    kc = kernel_client(lab, "board_review.ipynb")
    try:
        assert kernel_eval(kc, "print(g.review_result(), board.wait(60))") == "None True"
        board.locator(".pb-review-game").click()
        expect(board.locator(".pn-review")).to_be_visible(timeout=600_000)
        assert kernel_eval(kc, "print(len(g.review_result().decisions))") == "119"
    finally:
        kc.stop_channels()
    expect(progress).to_be_hidden()
    assert not [p for p in page.problems if "page error" in p], page.problems
