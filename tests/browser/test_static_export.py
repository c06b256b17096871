"""Without a kernel, in a real browser (Debian's Chromium at 1280×800):

* the page ``Game.to_html`` writes, opened from ``file://`` and from a local http server: the board is
  there, the arrow keys step through the record, ↓ enters a variation, Home/End jump, a click in the
  tree goes to that decision, user text stays text, no console error and no request beyond the page;
* a worksheet (``worksheet=True``) steps only up to its first question, folds its hints until asked,
  and prints one question a page without the buttons; its answer key (``answers=True``) gives the
  answers in words;
* a tutorial converted by nbconvert (as stored) shows its widgets as board pictures;
* JupyterLab shows the live widget, not the picture beside it.

Set POLIS_SCREENSHOTS to a folder to keep screenshots (see labserver.shot)."""
from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path

import pytest

from polis_nb.render.svg import svg_layers
from polis_nb.rules.topology import topology_of
from tests.render.records import LATER, quizzed
from tests.render.test_htmlgame import PAYLOAD, annotated

from .labserver import open_notebook, shot

pytestmark = pytest.mark.browser
TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"


@pytest.fixture
def http_dir(tmp_path):
    """A stdlib http server on 127.0.0.1 serving ``tmp_path``; yields its base URL."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _heading(page) -> str:
    return page.inner_text("#node h2")


@pytest.mark.parametrize("where", ["file", "http"])
def test_exported_game_steps_through_the_record(page1280, tmp_path, http_dir, where):
    from playwright.sync_api import expect

    page = page1280
    g = annotated()
    path = tmp_path / "game.html"
    g.to_html(path)
    url = path.as_uri() if where == "file" else f"{http_dir}/game.html"
    page.goto(url)
    nodes = list(g.root.walk())
    picture = page.locator("#board > svg")
    expect(picture).to_have_attribute("aria-label", svg_layers(g.root.state)[0]["aria-label"])
    expect(page.locator('#board g[data-layer="poleis"] g.polis')).to_have_count(len(topology_of(g.root.state).comp.poleis))
    expect(page.locator("#node h2")).to_have_text("Start of the game")

    # → steps along the main line: the board follows (Sparta's hoplites reach Arkadia)
    march = next(k for k, n in enumerate(nodes) if str(n.action) == "to arkadia")
    line = [0] + [nodes.index(n) for n in nodes[march].path()]
    for k in line[1:]:
        page.keyboard.press("ArrowRight")
        expect(page.locator("#pos")).to_have_text(f"decision {nodes[k].depth()} · main line")
    assert page.locator('#board g.units[data-area="arkadia"]').count() == 0  # declared, not yet moved
    expect(page.locator("#node blockquote.comment")).to_have_text(PAYLOAD)  # user text shown as text
    expect(page.locator("#node .marks")).to_contain_text("arrow from Lakedaimon to Arkadia (red)")
    assert page.locator('#board g.mark[data-kind="arrow"]').count() == 1
    page.keyboard.press("ArrowRight")  # the first hoplite moves
    expect(page.locator('#board g.units[data-area="arkadia"][data-player="sparta"]')).to_have_count(1)
    shot(page, "export-game.png")

    # ↓ at Sparta's first decision enters the named variation, ↑ comes back
    var = next(k for k, n in enumerate(nodes) if n.name == "plan <B>")
    page.keyboard.press("Home")
    expect(page.locator("#node h2")).to_have_text("Start of the game")
    for _ in range(nodes[var].depth()):
        page.keyboard.press("ArrowRight")
    main_heading = _heading(page)
    page.keyboard.press("ArrowDown")
    expect(page.locator("#node .vname")).to_have_text("Variation: plan <B>")
    expect(page.locator("#pos")).to_contain_text("variation")
    expect(page.locator(f'#tree a.mv[data-n="{var}"]')).to_have_class(re.compile(r"\bcur\b"))
    page.keyboard.press("End")
    assert page.locator("#node h2").inner_text() != main_heading and "line ends" in page.inner_text("#node .next")
    page.keyboard.press("Home")
    for _ in range(nodes[var].depth()):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#node h2")).to_have_text(main_heading)
    expect(page.locator("#pos")).to_contain_text("main line")

    # a click in the tree goes to that decision; the branch list offers the alternatives
    page.locator(f'#tree a.mv[data-n="{nodes.index(nodes[var].parent)}"]').click()
    expect(page.locator("#branches button")).to_have_count(2)
    page.locator("#branches button").nth(1).click()
    expect(page.locator("#node .vname")).to_have_text("Variation: plan <B>")

    assert page.evaluate("() => window.__pwned") is None
    assert page.locator("#node img, #tree img, #node script").count() == 0
    assert page.problems == []  # type: ignore[attr-defined]
    assert set(page.requests) == {url}  # type: ignore[attr-defined]  # nothing fetched but the page


def test_worksheet_steps_to_its_first_question_folds_its_hints_and_prints_a_question_a_page(page1280, tmp_path):
    from playwright.sync_api import expect

    page = page1280
    g = quizzed()
    sheet, key = tmp_path / "sheet.html", tmp_path / "key.html"
    g.to_html(sheet, worksheet=True)
    g.to_html(key, worksheet=True, answers=True)
    page.goto(sheet.as_uri())
    expect(page.locator("#node h2")).to_have_text("Start of the game")
    # the lead-in ends at the position before question 1, which the page does not pass
    page.keyboard.press("End")
    expect(page.locator("#node .next")).to_have_text("Question 1 below asks what Sparta should do here.")
    expect(page.locator('.controls [data-go="forward"]')).to_be_disabled()
    expect(page.locator("#node h2")).to_have_text("Sparta: Move hoplites")
    questions = page.locator("article.question")
    expect(questions).to_have_count(2)
    expect(questions.nth(0).locator(".prompt")).to_have_text("Round 3 · Sparta, turn 1: what should Sparta do?")
    assert questions.nth(0).locator(".qboard svg .area.legal").count() >= 2  # the places to choose from
    # hints folded until asked
    hints = page.locator("details.hint")
    expect(hints).to_have_count(2)
    expect(hints.nth(0).locator("p")).to_be_hidden()
    page.get_by_role("button", name="Open all hints").click()
    expect(hints.nth(0).locator("p")).to_have_text("Which area borders Argos?")
    expect(page.get_by_role("button", name="Fold all hints")).to_be_visible()
    text = page.inner_text("body")
    for what, words in LATER.items():
        assert words not in text, what
    questions.nth(0).scroll_into_view_if_needed()
    shot(page, "worksheet.png")
    # print: no buttons, no stepping, each question on a page of its own
    page.emulate_media(media="print")
    for sel in (".controls", ".sheet-tools", ".keys", ".lead-in .board-pane"):
        expect(page.locator(sel).first).to_be_hidden()
    breaks = questions.evaluate_all("qs => qs.map(q => getComputedStyle(q).breakBefore)")
    assert breaks == ["page", "page"]
    expect(hints.nth(0).locator("p")).to_be_visible()  # an open hint prints
    page.locator('[data-sheet="hints"]').evaluate("b => b.click()")  # hidden in print: clicked by script
    expect(hints.nth(0)).to_be_hidden()  # a folded one does not
    page.emulate_media(media="screen")

    page.goto(key.as_uri())
    expect(page.locator("article.question")).to_have_count(2)
    expect(page.locator("article.question").nth(0).locator("dl.answers")).to_contain_text("Sparta chose “To Arkadia”.")
    expect(page.locator("article.question").nth(1).locator("dl.answers")).to_contain_text("Sparta chose “Pay 1 metal”.")
    shot(page, "answer-key.png")
    assert page.problems == []  # type: ignore[attr-defined]
    assert set(page.requests) == {sheet.as_uri(), key.as_uri()}  # type: ignore[attr-defined]


def test_nbconvert_tutorial_page_shows_the_widgets_as_board_pictures(page1280, tmp_path):
    from nbconvert import HTMLExporter

    page = page1280
    body, _ = HTMLExporter().from_filename(str(TUTORIALS / "01-tour.ipynb"))
    path = tmp_path / "01-tour.html"
    path.write_text(body, encoding="utf-8")
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort())
    page.goto(path.as_uri())
    imgs = page.locator('.jp-RenderedSVG[data-mime-type="image/svg+xml"] img')
    assert imgs.count() >= 1
    for k in range(imgs.count()):
        img = imgs.nth(k)
        img.scroll_into_view_if_needed()
        size = img.evaluate("e => [e.naturalWidth, e.getBoundingClientRect().width]")
        assert size[0] > 0, "the SVG decodes as an image"
        assert size[1] >= 900, "the board fills the output width"
    assert page.locator(".jp-OutputArea-output", has_text="Board(").count() == 0
    page.locator(".jp-RenderedSVG img").first.scroll_into_view_if_needed()
    shot(page, "nbconvert-01-tour.png")


def test_lab_shows_the_live_widget_not_a_picture_beside_it(page, lab):
    from playwright.sync_api import expect

    open_notebook(page, lab, "board.ipynb")
    expect(page.locator(".pnb-board")).to_have_count(1, timeout=30_000)
    assert page.locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"], .jp-RenderedSVG').count() == 0
    assert page.locator(".jp-OutputArea-output", has_text="Board(").count() == 0
    assert not page.errors  # type: ignore[attr-defined]
