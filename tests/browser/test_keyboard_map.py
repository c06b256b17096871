"""The Board's map with a keyboard, in Debian's Chromium at 1280×800 (issue 28), through the front-end
harness (the real widget module, the real Python widget behind it, no Jupyter): the map is one Tab stop;
the arrow keys go to a neighbouring place in their direction, Home and End to the first and last
choice, Enter chooses; a focused place shows its tip and says in its name that it is a choice now;
the place choices are buttons of the choices group too; a log line shows its rule citation on focus;
Escape closes the row of choices at a place and gives the focus back.

Set POLIS_SCREENSHOTS to a folder to keep screenshots (see labserver.shot)."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.widgets import Board

from .harness import Harness
from .labserver import act_and_wait, shot

pytestmark = pytest.mark.browser
SEL = "#w-board"

FOCUSED = """() => { const e = document.activeElement; const p = e && e.closest && e.closest('.pn-map [data-area], .pn-map [data-polis], .pn-map [data-offer]');
  if (!p) return null; const d = p.dataset; const r = p.getBoundingClientRect();
  return { target: d.offer ? 'offer:' + d.offer : d.polis ? 'polis:' + d.polis : 'area:' + d.area,
           x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, name: p.getAttribute('aria-label'),
           described: p.getAttribute('aria-describedby') }; }"""


def _open(pg, board: Board) -> Harness:
    h = Harness({"board": board}, width="848px").__enter__()
    pg.goto(h.url)
    pg.wait_for_selector("#w-board[data-ready]")
    return h


def _stops(pg) -> list[str]:
    """The places of the map that are Tab stops."""
    return pg.eval_on_selector_all(f"{SEL} .pn-map [tabindex='0']",
                                   "els => els.map(e => e.id || e.dataset.offer)")


def test_map_is_one_tab_stop_and_arrow_keys_go_to_neighbours(page1280):
    pg = page1280
    board = Board(pn.Game(seed=3))
    h = _open(pg, board)
    try:
        assert len(_stops(pg)) == 1  # 47 places, one Tab stop
        act_and_wait(pg, SEL, lambda: pg.locator(f'{SEL} .pb-button[data-action="hoplites"]').click())
        v = board.view
        legal = list(v["targets"])
        assert _stops(pg) == ["area-" + legal[0].split(":")[1]]  # the map's stop is its first choice
        # the choices group holds every place choice, with "a choice now" in its name
        entries = pg.eval_on_selector_all(f"{SEL} .pb-buttons .pb-place", "els => els.map(e => [e.dataset.target, e.getAttribute('aria-label')])")
        assert [t for t, _ in entries] == legal and all("a choice now" in n for _, n in entries)
        pg.locator(f"{SEL} .pn-map [tabindex='0']").focus()
        here = pg.evaluate(FOCUSED)
        assert here["target"] == legal[0] and here["name"].endswith(", a choice now: " + v["targets"][legal[0]][0]["label"])
        tip = pg.locator(f"{SEL} .pn-tip")
        assert tip.is_visible() and v["tips"][legal[0]]["title"] in tip.inner_text() and v["map_keys"] in tip.inner_text()
        assert here["described"] == tip.get_attribute("id")
        # every arrow goes to a neighbour (by the rules' borders) that lies that way, and the Tab stop follows
        for key, (dx, dy) in {"ArrowRight": (1, 0), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowUp": (0, -1)}.items():
            before = pg.evaluate(FOCUSED)
            pg.keyboard.press(key)
            after = pg.evaluate(FOCUSED)
            assert after is not None and after["target"] != before["target"], key
            assert (after["x"] - before["x"]) * dx + (after["y"] - before["y"]) * dy > 0, (key, before, after)
            if after["target"] in v["neighbours"][before["target"]]:
                continue
            # none of its neighbours lies that way: the nearest place that way
            assert not any(_that_way(pg, before, n, dx, dy) for n in v["neighbours"][before["target"]]), (key, before)
        assert len(_stops(pg)) == 1
        # Home and End: the first and the last choice
        pg.keyboard.press("End")
        assert pg.evaluate(FOCUSED)["target"] == legal[-1]
        pg.keyboard.press("Home")
        assert pg.evaluate(FOCUSED)["target"] == legal[0]
        pg.keyboard.press("ArrowRight")
        pg.keyboard.press("Home")
        # Enter chooses: the decision is taken and the focus stays on the map, on the first new choice
        act_and_wait(pg, SEL, lambda: pg.keyboard.press("Enter"))
        assert board.state.pending.kind == "move-from"
        now = pg.evaluate(FOCUSED)
        assert now is not None and now["target"] == list(board.view["targets"])[0]
        shot(pg, "board-keyboard-map.png")
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def _that_way(pg, here: dict, target: str, dx: int, dy: int) -> bool:
    """Whether place ``target`` lies within the arrow's reach from ``here`` (as core.js looks)."""
    kind, _, ident = target.partition(":")
    sel = f'{SEL} .pn-map [data-{kind}="{ident}"][tabindex]'
    r = pg.eval_on_selector(sel, "e => { const r = e.getBoundingClientRect(); return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; }")
    along = (r[0] - here["x"]) * dx + (r[1] - here["y"]) * dy
    aside = abs((r[0] - here["x"]) * dy - (r[1] - here["y"]) * dx)
    return along > 0 and aside <= 3.7 * along


def test_every_choice_is_reachable_without_the_map(page1280):
    """A place that names several choices: its button in the choices group opens the row of them, with the
    focus on the first; Escape closes it and gives the focus back to the button."""
    pg = page1280
    s = pn.position(seed=3, round="4", to_move="athens")
    board = Board(s)
    h = _open(pg, board)
    try:
        pg.locator(f'{SEL} .pb-button[data-action="proxenos"]').focus()
        act_and_wait(pg, SEL, lambda: pg.keyboard.press("Enter"))
        chalkis = pg.locator(f'{SEL} .pb-buttons .pb-place[data-target="polis:chalkis"]')
        assert chalkis.inner_text() == "Chalkis: 2 choices"
        # the focus is on the first new choice, and the keyboard's group of places shows
        assert pg.evaluate("() => document.activeElement.dataset.target") == "polis:chalkis"
        assert chalkis.bounding_box()["width"] > 20
        shot(pg, "board-keyboard-choices.png")
        pg.keyboard.press("Enter")
        row = pg.locator(f"{SEL} .pb-choices .pb-choice")
        assert row.count() == 2
        assert pg.evaluate("() => document.activeElement.classList.contains('pb-choice')")
        pg.keyboard.press("Escape")
        assert row.count() == 0
        assert pg.evaluate("() => document.activeElement.dataset.target") == "polis:chalkis"
        pg.keyboard.press("Enter")
        assert pg.locator(f"{SEL} .pb-buttons .pb-place").first.bounding_box()["width"] > 20  # still in sight
        act_and_wait(pg, SEL, lambda: pg.keyboard.press("Enter"))  # the first of the row: by land
        assert board.state.proxenos[0] == 1  # in Chalkis
        assert pg.evaluate("() => document.activeElement.closest('.pb-buttons') !== null")  # the first new choice
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def test_log_lines_show_their_rule_on_focus(page1280):
    pg = page1280
    board = Board(pn.Game(seed=3))
    h = _open(pg, board)
    try:
        act_and_wait(pg, SEL, lambda: pg.locator(f'{SEL} .pb-button[data-action="hoplites"]').click())
        pg.locator(f'{SEL} .pb-tab[data-tab="log"]').click()
        line = pg.locator(f"{SEL} .pb-log li").first
        cite = board.view["log"][0]["cite"]
        assert cite and line.get_attribute("tabindex") == "0"
        assert pg.locator(f"{SEL} .pn-focus-tip").count() == 0
        line.focus()
        tip = line.locator(".pn-focus-tip")
        assert tip.is_visible() and cite in tip.inner_text()
        assert line.get_attribute("aria-describedby") == tip.get_attribute("id")
        pg.keyboard.press("Shift+Tab")
        assert pg.locator(f"{SEL} .pn-focus-tip").count() == 0
    finally:
        h.__exit__(None, None, None)


def test_the_guard_rail_question_is_an_alert_and_takes_the_focus(page1280):
    """A choice that loses at once: the question's words are an alert, the focus on Cancel; Cancel (Enter)
    plays nothing, says so in an alert, and the focus goes back to the first choice."""
    from ..analysis import known_positions as kp

    pg = page1280
    s = kp.ed1_all_in_phoros()
    board = Board(s)
    h = _open(pg, board)
    try:
        pg.locator(f'{SEL} .pb-button[data-action="phoros 3"]').focus()
        act_and_wait(pg, SEL, lambda: pg.keyboard.press("Enter"))
        alert = pg.locator(f"{SEL} .pb-confirm:not(.pb-resign-ask) [role=alert]")
        assert alert.is_visible() and "ostracised" in alert.inner_text()
        assert pg.evaluate("() => document.activeElement.classList.contains('pb-confirm-cancel')")
        act_and_wait(pg, SEL, lambda: pg.keyboard.press("Enter"))
        assert board.state == s
        note = pg.locator(f"{SEL} .pb-note[role=alert]")
        assert note.is_visible() and note.inner_text().startswith("Cancelled")
        assert pg.evaluate("() => document.activeElement.closest('.pb-buttons') !== null")
        assert pg.evaluate("() => document.activeElement.matches(':focus-visible')")
        assert not pg.problems, pg.problems
    finally:
        h.__exit__(None, None, None)


def test_every_focusable_thing_shows_the_focus_at_3_to_1(page1280):
    """Tab through the whole Board (a decision with places to choose, the log tab open, a game against a
    bot for its selects): each stop shows an outline or stroke at least 3:1 against what is behind it."""
    from .test_keyboard import FOCUS_RING

    pg = page1280
    board = Board(pn.Game(seed=3), opponent="sensible", side="athens")
    h = _open(pg, board)
    try:
        act_and_wait(pg, SEL, lambda: pg.locator(f'{SEL} .pb-button[data-action="hoplites"]').click())
        pg.locator(f'{SEL} .pb-tab[data-tab="log"]').click()
        pg.locator(f"{SEL} .pb-prompt").focus()
        seen, bad = [], []
        for _ in range(120):
            pg.keyboard.press("Tab")
            where = pg.evaluate("""() => { const e = document.activeElement; const w = document.getElementById('w-board');
              return w.contains(e) ? (e.tagName + '.' + String(e.className.baseVal ?? e.className) + ':' + (e.id || e.dataset.action || e.textContent.slice(0, 30))) : null; }""")
            if where is None:
                break
            seen.append(where)
            ring = pg.evaluate(FOCUS_RING)
            if not ring["ok"]:
                bad.append((where, ring))
        assert len(seen) > 20 and any(x.startswith("path.area") for x in seen), seen
        assert sum(1 for x in seen if x.startswith(("path.area", "g.polis", "g.offer"))) == 1  # the map: one stop
        # the opponent's tab: its two selects
        pg.locator(f'{SEL} .pb-tab[data-tab="opponent"]').click()
        for sel in (".pb-bot", ".pb-side"):
            pg.keyboard.press("Tab")
            assert pg.evaluate(f"() => document.activeElement.matches('{sel}')"), sel
            seen.append(sel)
            ring = pg.evaluate(FOCUS_RING)
            if not ring["ok"]:
                bad.append((sel, ring))
        print("\nTab stops of the Board:", len(seen), seen)
        assert not bad, bad
    finally:
        h.__exit__(None, None, None)


def test_the_map_and_its_key_speak_the_boards_language(page1280):
    """A Polish Board: the map's places named with the second edition's names and Polish words, the choices
    a keyboard reaches say so in Polish, and the key to the symbols is a list named in Polish (the browser
    has no words of its own for it)."""
    pg = page1280
    board = Board(pn.Game(seed=3), language="pl")
    h = _open(pg, board)
    try:
        assert "Plansza Polis" in pg.get_attribute(f"{SEL} .pn-map svg", "aria-label")
        attika = pg.get_attribute(f"{SEL} #area-attika", "aria-label")
        assert attika.startswith("Attika: ") and "Ateńczycy" in attika and "Athens" not in attika
        assert pg.get_attribute(f"{SEL} #polis-athenai", "aria-label").startswith("Athinae ")
        assert pg.get_attribute(f"{SEL} .pb-key", "aria-label") == "Legenda symboli mapy"
        act_and_wait(pg, SEL, lambda: pg.locator(f'{SEL} .pb-button[data-action="hoplites"]').click())
        names = pg.eval_on_selector_all(f"{SEL} .pb-buttons .pb-place", "els => els.map(e => e.getAttribute('aria-label'))")
        assert names and all("do wyboru teraz" in n for n in names)
    finally:
        h.__exit__(None, None, None)


def test_the_key_is_named_in_english_as_before(page1280):
    h = _open(page1280, Board(pn.Game(seed=3), language="en"))
    try:
        assert page1280.get_attribute(f"{SEL} .pb-key", "aria-label") == "Key to the map's symbols"
        assert page1280.locator(f"{SEL} .pb-key .pb-key-row").count() >= 10
    finally:
        h.__exit__(None, None, None)
