"""What a learner sees, in a real browser (Debian's Chromium) at 1280×800.

In JupyterLab: the board fills the output and every label on it is at least 11 px on screen; a widget
keeps the node it was made at after "Run All" plays on in later cells. With the front-end harness
(the real widget module served without Jupyter, at 848 px, the width of a notebook output at 1280 px
with the file browser open): hover tips, zoom (buttons, Ctrl + wheel, dragging), legal places marked
and the others dimmed, a visible end button, a "why?" answer in plain words for every place on the
map, and no raw notation anywhere on screen.

Set POLIS_SCREENSHOTS to a folder to keep screenshots (see labserver.shot)."""
from __future__ import annotations

import re

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of
from polis_nb.widgets import Board, Combat, Viewer

from .harness import Harness
from .labserver import click_and_wait, kernel_ask, open_notebook, shot

pytestmark = pytest.mark.browser
OUTPUT_WIDTH = "848px"  # a JupyterLab notebook output at 1280 px with the file browser open
MIN_LABEL_PX = 11.0

# the rendered size of every text of a map: its font size (board units) times the board's scale
LABEL_SIZES = """root => {
  const svg = root.querySelector('.pn-map svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].filter(t => t.getBoundingClientRect().width > 0)
    .map(t => [parseFloat(getComputedStyle(t).fontSize) * scale, t.textContent]);
}"""

# notation that must never reach the screen: card ids (trireme:periplous), tribute rows (rows metal:1),
# places as intents name them (area:attika), board-mark codes ([%arrow ...]), and "1 cubes"
RAW = re.compile(r"\b[a-z]+(?:-[a-z]+)?:[a-z0-9]+\b|\[%|\b1 cubes\b|is not a choice of this decision")


def _open(pg, widgets: dict) -> Harness:
    h = Harness(widgets, width=OUTPUT_WIDTH).__enter__()
    pg.goto(h.url)
    pg.wait_for_selector(f"#w-{list(widgets)[-1]}[data-ready]")
    return h


def _view_box(pg, sel: str) -> list[float]:
    return [float(x) for x in pg.eval_on_selector(f"{sel} .pn-map svg", "s => s.getAttribute('viewBox')").split()]


def _send_and_wait(pg, sel: str, act) -> None:
    before = pg.eval_on_selector(sel, "e => e.dataset.rev")
    act()
    pg.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before])


# --- JupyterLab ------------------------------------------------------------------------------------

def test_board_fills_the_output_and_labels_are_readable_in_lab(page, lab):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(page, lab, "board.ipynb")
    board = page.locator(".pnb-board")
    board.locator(".pn-map svg [data-layer='lands']").wait_for(state="attached")
    out = page.locator(".jp-OutputArea-output:has(.pnb-board)").bounding_box()
    map_box = board.locator(".pn-map").bounding_box()
    assert map_box["width"] >= 0.97 * out["width"], (map_box, out)
    sizes = board.evaluate(LABEL_SIZES)
    assert len(sizes) > 100
    small = [(round(px, 1), text) for px, text in sizes if px < MIN_LABEL_PX]
    assert not small, f"labels under {MIN_LABEL_PX} px: {small[:10]}"
    shot(page, "lab-board-1280.png")
    assert not page.errors


def test_widgets_stay_put_after_run_all_in_lab(page, lab):
    """stay.ipynb makes a Board at the start, plays on in a later cell, makes a Viewer at a middle node
    and plays on again: after Run All, each widget shows the node it was made at, and the first click
    acts there."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(page, lab, "stay.ipynb")
    board, viewer = page.locator(".pnb-board"), page.locator(".pnb-viewer")
    expect(board.locator(".pb-prompt")).to_have_text("Sparta: choose an action or pass")
    expect(viewer.locator(".pv-where")).to_have_text("Decision 8")
    click_and_wait(page, ".pnb-board", board.locator('.pb-button[data-action="train"]'))
    expect(board.locator(".pb-prompt")).to_contain_text("Sparta: choose where to train hoplites")
    click_and_wait(page, ".pnb-viewer", viewer.locator(".pv-forward"))
    expect(viewer.locator(".pv-decision")).to_have_text("9. Pass")  # one step on, not the end of the record
    # the click extended the record from the board's own node; the cells' line is kept
    out = kernel_ask(lab, "stay.ipynb", "print(board.node.parent is made, str(board.node.action), "
                                        "[str(v.action) for v in made.variations])")
    assert out == "True train ['hoplites', 'train']"
    assert not page.errors


# --- the harness: the real widget module at a notebook's output width --------------------------------

def test_hover_tips_zoom_and_pan(page1280):
    pg = page1280
    h = _open(pg, {"board": Board(pn.Game(seed=3))})
    try:
        sel = "#w-board"
        tip = pg.locator(f"{sel} .pn-tip")
        pg.locator(f"{sel} #polis-argos").hover()
        assert tip.is_visible() and tip.inner_text().splitlines()[:3] == [
            "Argos", "Neutral (no owner)", "Population 0 (at most 5 once owned)"]
        assert "Fortification 3" in tip.inner_text()
        pg.locator(f'{sel} [data-offer="thrake.0"]').hover()
        assert "3 wheat for 3 metal" in tip.inner_text() and "Thrake" in tip.inner_text()
        pg.mouse.move(1, 1)
        assert not tip.is_visible()
        whole = _view_box(pg, sel)
        pg.locator(f"{sel} .pn-zoom-in").click()
        zoomed = _view_box(pg, sel)
        assert zoomed[2] == pytest.approx(whole[2] / 1.5, abs=0.1)
        box = pg.locator(f"{sel} .pn-map").bounding_box()
        # Ctrl + wheel (a pinch on a touchpad) zooms at the pointer; a plain wheel does not
        pg.mouse.move(box["x"] + 400, box["y"] + 300)
        pg.mouse.wheel(0, -200)
        assert _view_box(pg, sel) == zoomed
        pg.keyboard.down("Control")
        pg.mouse.wheel(0, -200)
        pg.keyboard.up("Control")
        pg.wait_for_function("s => parseFloat(document.querySelector(s + ' .pn-map').dataset.zoom) > 1.6", arg=sel)
        closer = _view_box(pg, sel)
        assert closer[2] < zoomed[2]
        # dragging moves the zoomed map and is not a click: nothing is sent
        rev = pg.eval_on_selector(sel, "e => e.dataset.rev")
        pg.mouse.down()
        pg.mouse.move(box["x"] + 300, box["y"] + 250, steps=6)
        pg.mouse.up()
        moved = _view_box(pg, sel)
        assert moved[:2] != closer[:2] and moved[2:] == closer[2:]
        pg.wait_for_timeout(150)
        assert pg.eval_on_selector(sel, "e => e.dataset.rev") == rev
        shot(pg, "board-zoomed.png")
        pg.locator(f"{sel} .pn-zoom-fit").click()
        assert _view_box(pg, sel) == whole
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def test_legal_places_stand_out_and_the_end_button_shows(page1280):
    pg = page1280
    g = pn.Game(seed=3)
    g.play("hoplites")
    h = _open(pg, {"board": Board(g)})
    try:
        sel = "#w-board"
        legal = pg.locator(f"{sel} .pn-map svg .area.legal")
        assert legal.count() >= 5
        assert pg.locator(f"{sel} .pn-map.pn-has-legal").count() == 1
        paint = "e => [getComputedStyle(e).opacity, getComputedStyle(e).fillOpacity].map(parseFloat)"
        assert pg.eval_on_selector(f"{sel} #area-arkadia", paint) == [1, 1]
        other = pg.eval_on_selector(f"{sel} .pn-map svg .area.land:not(.legal)", "e => e.id")
        opacity, fill = pg.eval_on_selector(f"{sel} #{other}", paint)
        assert opacity == 1 and fill < 0.6  # not a choice: dimmed by colour (a paler fill), not faded
        assert "places on the map are choices" in pg.locator(f"{sel} .pb-hint").inner_text()
        _send_and_wait(pg, sel, lambda: pg.locator(f"{sel} #area-arkadia").dispatch_event("click"))
        _send_and_wait(pg, sel, lambda: pg.locator(f"{sel} #area-lakedaimon").dispatch_event("click"))
        end = pg.locator(f'{sel} .pb-button[data-kind="end"]')
        assert end.is_visible() and "pb-main" in end.get_attribute("class")
        assert end.inner_text() == "End the action"
        shot(pg, "board-legal.png")
        _send_and_wait(pg, sel, end.click)
        assert pg.locator(f"{sel} .pn-map.pn-has-legal").count() == 0  # a turn decision: nothing dimmed
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def _why_each_place(pg, sel: str) -> dict[str, str]:
    """Ask "why?" about every place on the map; return place → the answer shown."""
    places = pg.eval_on_selector_all(f"{sel} .pn-map svg .area[data-area], {sel} .pn-map svg .polis[data-polis], "
                                     f"{sel} .pn-map svg .offer[data-offer]",
                                     "es => es.map(e => e.id || ('offer-' + e.dataset.offer))")
    answers = {}
    for ident in places:
        target = f'{sel} [data-offer="{ident[6:]}"]' if ident.startswith("offer-") else f"{sel} #{ident}"
        pg.locator(f"{sel} .pb-why").click()
        _send_and_wait(pg, sel, lambda: pg.locator(target).dispatch_event("click"))
        answers[ident] = (pg.locator(f"{sel} .pb-note").inner_text() + " "
                          + pg.locator(f"{sel} .pb-explain").inner_text()).strip()
    return answers


@pytest.mark.parametrize("moves", ["", "hoplites", "train"], ids=["turn", "destination", "polis"])
def test_why_answers_every_place_in_plain_words(page1280, moves):
    pg = page1280
    g = pn.Game(seed=3)
    if moves:
        g.play(moves)
    h = _open(pg, {"board": Board(g)})
    try:
        comp = topology_of(g.state).comp
        answers = _why_each_place(pg, "#w-board")
        assert len(answers) == len(comp.areas) + len(comp.poleis) + sum(len(m.offers) for m in comp.markets)
        for place, text in answers.items():
            assert len(text) > 20, (place, text)
            assert not RAW.search(text), (place, text)
        names = {"area-arkadia": "Arkadia", "polis-thebai": "Thebai", "offer-persis.0": "Persis"}
        for place, name in names.items():
            assert name in answers[place], (place, answers[place])
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def test_no_raw_notation_on_screen(page1280):
    """Viewer (arrows, comments, tribute rows, chance draws) and Combat (a bot battle to its end) show
    words; the notation stays in the record."""
    pg = page1280
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon")
    g.comment("Into Arkadia."), g.arrow("lakedaimon", "arkadia", "red"), g.highlight("arkadia", "green")
    g.play("from lakedaimon; end")
    g.play("tribute; area lakedaimon")
    g.play(str(pn.legal_actions(g.state)[0]))
    battle = Combat.setup(kind="sea", units=(4, 4), seed=3, mode="bot", side="sparta", bot="greedy")
    h = _open(pg, {"viewer": Viewer(g, steps="decision"), "combat": battle})  # every decision's words
    try:
        v, c = "#w-viewer", "#w-combat"
        # play the battle to its end as the user (the bot answers)
        for _ in range(40):
            if pg.locator(f"{c} .pc-end").inner_text().strip():
                break
            if pg.locator(f"{c} .pc-fight").is_visible():
                _send_and_wait(pg, c, pg.locator(f"{c} .pc-fight").click)
                continue
            cards = pg.locator(f"{c} .pc-hand button.pc-card")
            done = False
            for i in range(cards.count()):
                for j in range(cards.count()):
                    if i != j and not done:
                        cards.nth(i).click()
                        cards.nth(j).click()
                        if pg.locator(f"{c} .pc-confirm").is_enabled():
                            _send_and_wait(pg, c, pg.locator(f"{c} .pc-confirm").click)
                            done = True
                        else:
                            pg.locator(f"{c} .pc-clear").click()
            assert done, "no legal pair"
        pg.locator(f"{c} .pc-log-box summary").click()
        for k in range(len(list(g.root.mainline()))):
            text = pg.locator(v).inner_text()
            assert not RAW.search(text), RAW.search(text).group(0)
            assert not RULE_ID.search(text), RULE_ID.search(text).group(0)
            _send_and_wait(pg, v, pg.locator(f"{v} .pv-back").click) if k < 3 else None
        text = pg.locator(c).inner_text()
        found = RAW.search(text)
        assert not found, (found.group(0), text[max(0, found.start() - 80):found.end() + 80])
        shot(pg, "viewer-words.png")
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


RULE_ID = re.compile(r"\b(?:end|roundend|action|battle|move|trade|tribute|siege|round|event|train|turn)\.[a-z-]+\b")


def test_no_raw_notation_or_rule_ids_on_the_board_or_the_puzzles(page1280):
    """Board (acting alone with payment variants, the guard-rail question, every tab) and PuzzleBoard
    (a wrong try and a hint) show words and rulebook sections, never notation or rule ids."""
    from polis_nb.puzzles import check
    from polis_nb.widgets import Board, PuzzleBoard

    from ..analysis import known_positions as kp

    pg = page1280
    ask = Board(kp.ed1_all_in_phoros())
    ask.handle_intent({"kind": "choose", "action": "phoros 3", "rev": ask.rev})  # the question is asked
    puzzle = PuzzleBoard(edition="ed1", seed=3)
    wrong = next(str(c) for c in pn.legal_actions(puzzle.puzzle.state()) if not check(puzzle.puzzle, c).right)
    puzzle.handle_intent({"kind": "choose", "action": wrong, "rev": puzzle.rev})  # a wrong try, then a hint
    puzzle.handle_intent({"kind": "hint", "rev": puzzle.rev})
    h = _open(pg, {"alone": Board(kp.ed1_capital_unfed_after_paying_with_wheat()), "ask": ask, "puzzle": puzzle})
    try:
        text = pg.locator("#w-puzzle").inner_text()
        assert "Not this one" in text, text[:300]
        for pattern in (RAW, RULE_ID):
            found = pattern.search(text)
            assert not found, ("puzzle", found.group(0), text[max(0, found.start() - 80):found.end() + 80])
        for sel in ("#w-alone", "#w-ask"):
            for tab in pg.locator(f"{sel} .pb-tab").all():
                tab.click()
                text = pg.locator(sel).inner_text()
                for pattern in (RAW, RULE_ID):
                    found = pattern.search(text)
                    assert not found, (sel, tab.inner_text(), found.group(0),
                                       text[max(0, found.start() - 80):found.end() + 80])
        assert "Play it anyway?" in pg.locator("#w-ask").inner_text()
        shot(pg, "board-words.png")
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


# --- playing against a bot, and the engine panel (issue: analysis) ---------------------------------

def _one_decision(page, sel: str, board) -> str:
    """Make one decision as a user would: an action other than passing, else a place, else any button."""
    buttons = board.locator('.pb-buttons .pb-button:not([data-kind="pass"])')
    if buttons.count():
        target = buttons.first
    elif board.locator(".pn-map svg .legal").count():
        target = board.locator(".pn-map svg .legal").first
    else:
        target = board.locator(".pb-buttons .pb-button").first
    what = target.get_attribute("data-action") or target.get_attribute("id") or "?"
    before = page.eval_on_selector(sel, "e => e.dataset.rev")
    target.dispatch_event("click")
    _settled(page, sel, before)
    if board.locator(".pb-choices .pb-choice").count():  # a place with several choices: take the first
        before = page.eval_on_selector(sel, "e => e.dataset.rev")
        board.locator(".pb-choices .pb-choice").first.click()
        _settled(page, sel, before)
    return what


def _settled(page, sel: str, before: str) -> None:
    """Wait for the Board to answer a click and, against a bot, for the bot's reply (it thinks in the
    background: the view changes while it thinks, and again when it has played)."""
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before],
                           timeout=60_000)
    page.wait_for_function("s => !document.querySelector(s).classList.contains('pb-is-thinking')", arg=sel,
                           timeout=60_000)


def test_three_decisions_against_a_bot_then_undo_and_analyse_in_lab(page, lab):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(page, lab, "bot.ipynb")
    sel = ".pnb-board"
    board = page.locator(sel)
    expect(board.locator(".pb-prompt")).to_contain_text("Athens:")  # the bot played Sparta's opening turn
    expect(board.locator(".pb-bot")).to_have_value("sensible")
    expect(board.locator(".pb-side")).to_have_value("athens")
    played = [_one_decision(page, sel, board) for _ in range(3)]
    assert len(played) == 3
    # the record holds the user's decisions and the bot's answers, in one line
    out = kernel_ask(lab, "bot.ipynb",
                     "path = board.node.path()\n"
                     "who = [n.parent.state.current_player for n in path if n.parent is not None]\n"
                     "print(g.node is board.node, who.count('athens') >= 3, who.count('sparta') >= 2)")
    assert out == "True True True", (out, played)
    expect(board.locator(".pb-prompt")).to_contain_text(re.compile(r"^Athens:|over"))
    expect(board.locator(".pb-undo")).to_be_enabled()
    click_and_wait(page, sel, board.locator(".pb-undo"))
    expect(board.locator(".pb-note")).to_contain_text("Back to before your last decision")
    expect(board.locator(".pb-prompt")).to_contain_text("Athens:")
    # the engine panel: an evaluation bar and the choices in words, the best one marked on the map
    act_done = page.eval_on_selector(sel, "e => e.dataset.rev")
    board.locator(".pn-analyse").click()
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, act_done],
                           timeout=60_000)
    # the bar says what kind of number it shows: a proven result, or a share of the engine's playouts
    expect(board.locator(".pn-eval-label")).to_contain_text(
        re.compile(r"by force|Athens wins \d+% of the engine's playouts"))
    expect(board.locator(".pn-eval-summary")).to_contain_text("Best for Athens:")
    assert board.locator(".pn-eval-table tr").count() >= 2
    assert not RAW.search(board.locator(".pn-engine").inner_text())
    shot(page, "lab-board-bot.png")
    assert not page.errors
