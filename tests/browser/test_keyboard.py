"""A game played with the keyboard only, in JupyterLab with Debian's Chromium at 1280×800 (issue 28):
20 decisions in hot seat and 20 against the sensible bot, each choice picked by a seeded random
user among the choices the view offers and reached with Tab alone (Enter, Space on a control).

After every decision the focus is on something in the Board (never on <body>) and shows: an outline
(HTML) or a stroke (a place on the map) at least 3:1 against what is behind it. The Tab presses each
decision needed are printed (median, max) and their median is at most 6. After every decision the live
region has heard its result once (against the bot: the user's move, then the bot's reply, each once);
with the search bot, thinking in the background, the move is heard at once and the reply when it comes.
On the map the arrow keys, Home and End move between places, never the notebook's selection.

The scripted user knows the choices from the Python side (the view's ``targets`` and ``choices``, read
through a second kernel client); it then presses Tab until the focused control is one that makes the
choice (a button naming the action, a place or a place's button naming it, a "pay with" button
holding it), and Enter."""
from __future__ import annotations

import json
import random
import statistics

import pytest

from .labserver import kernel_ask, kernel_client, kernel_eval, open_notebook

pytestmark = pytest.mark.browser

BOARD = ".pnb-board"
DECISIONS = 20
MAX_PRESSES = 200

# what the kernel says about the choices now: the targets (place -> actions), the entries of the
# choices group (an action, or the actions of a "pay with" picker) and whether a question is open
CHOICES = """import json as _j
_v = board.view
print(_j.dumps({"rev": _v["rev"], "targets": {t: [c["action"] for c in cs] for t, cs in _v["targets"].items()},
                "entries": [{"pay": [p["action"] for p in c["pay"]], "what": c.get("what", "")} if c.get("pay")
                            else {"action": c["action"]} for c in (_v.get("choices") or _v["buttons"])],
                "confirm": bool(_v.get("confirm")), "player": _v["player"], "over": bool(_v.get("game_over"))}))"""

# the focused element, as the scripted user sees it
FOCUS = """() => {
  const el = document.activeElement;
  const board = document.querySelector('.pnb-board');
  if (!el || el === document.body) return { body: true };
  const place = el.closest && el.closest('.pn-map') && el.closest('[data-offer],[data-polis],[data-area]');
  let target = el.dataset && el.dataset.target || null;
  if (!target && place) {
    const d = place.dataset;
    target = d.offer ? 'offer:' + d.offer : d.polis ? 'polis:' + d.polis : 'area:' + d.area;
  }
  return { body: false, inBoard: board.contains(el), action: el.dataset ? el.dataset.action || null : null,
           target, what: el.classList.contains('pb-has-pay') ? el.dataset.what : null,
           confirm: el.classList.contains('pb-confirm-cancel'), tag: el.tagName, cls: String(el.className.baseVal ?? el.className) };
}"""

# is the focus visible? the outline of an HTML control against the background behind it, or the
# stroke of the place's shape on the map against the shape's fill; contrast as WCAG computes it
FOCUS_RING = """() => {
  const el = document.activeElement;
  const rgb = (c) => { const m = String(c).match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return p.length > 3 && p[3] === 0 ? null : p.slice(0, 3); };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const behind = (e) => { for (let n = e.parentElement; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
    if (c) return c; } return [255, 255, 255]; };
  if (!el || el === document.body) return { ok: false, why: 'focus on body' };
  const visible = el.matches(':focus-visible');
  if (el instanceof SVGElement) {
    const shape = el.matches('path, rect, circle, polygon') ? el : el.querySelector('.disc, .cell, circle, rect, path');
    const cs = getComputedStyle(shape);
    const stroke = rgb(cs.stroke), fill = rgb(cs.fill) || [255, 255, 255];
    const width = parseFloat(cs.strokeWidth) || 0;
    const opacity = Number(getComputedStyle(el).opacity);
    const c = stroke ? contrast(stroke, fill) : 0;
    return { ok: visible && !!stroke && width >= 3 && opacity === 1 && c >= 3, kind: 'stroke', width, contrast: c,
             stroke: cs.stroke, fill: cs.fill, opacity, visible };
  }
  const cs = getComputedStyle(el);
  const width = cs.outlineStyle === 'none' ? 0 : parseFloat(cs.outlineWidth) || 0;
  const color = rgb(cs.outlineColor);
  const c = color ? contrast(color, behind(el)) : 0;
  return { ok: visible && width >= 2 && c >= 3, kind: 'outline', width, contrast: c, color: cs.outlineColor, visible };
}"""


# every item added to the live region, in order (a MutationObserver installed once)
LISTEN = """() => { if (window.__heard) return; window.__heard = [];
  const live = document.querySelector('.pnb-board .pn-live');
  new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes)
    if (n.nodeType === 1) window.__heard.push({ kind: n.dataset.kind, text: n.textContent,
      thinking: live.closest('.pnb-board').classList.contains('pb-is-thinking') }); })
    .observe(live, { childList: true }); }"""


def _heard(page) -> list[dict]:
    return page.evaluate("() => window.__heard.splice(0)")


def _check_heard(heard: list[dict], bot: bool) -> str | None:
    """What is wrong with what the live region got for one decision (None: nothing). Hot seat: the
    decision's result once. Against the bot: the user's move once, then at most the bot's reply once."""
    kinds = [x["kind"] for x in heard]
    if kinds not in (["move"], ["move", "reply"] if bot else ["move"]):
        return f"heard {heard}"
    if bot and not heard[0]["text"].startswith("Your move: "):
        return f"the move is not introduced as yours: {heard[0]}"
    return None


def _wait_answered(page, before: str) -> None:
    """Until Python has answered: a new revision drawn and nothing waited for any more."""
    page.wait_for_function("([s, r]) => { const b = document.querySelector(s); "
                           "return b.dataset.rev !== r && !b.classList.contains('pn-waiting'); }", arg=[BOARD, before])
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _goal(focus: dict, action: str, view: dict) -> str | None:
    """What Enter on the focused element does for ``action``: "play" (it makes the choice), "open" (it
    opens the row that holds it: a place naming several actions, a "pay with" button), else None."""
    if focus.get("body") or not focus.get("inBoard"):
        return None
    if focus.get("action") == action:
        return "play"
    acts = view["targets"].get(focus.get("target") or "", [])
    if action in acts:
        return "play" if len(acts) == 1 else "open"
    if focus.get("what") is not None:
        for e in view["entries"]:
            if e.get("pay") and action in e["pay"] and e["what"] == focus["what"]:
                return "open"
    return None


def _tab_to(page, action: str, view: dict) -> int:
    """Press Tab until Enter there plays ``action`` (opening a row on the way when needed), press Enter;
    returns the Tab presses."""
    presses = 0
    while True:
        goal = _goal(page.evaluate(FOCUS), action, view)
        if goal == "play":
            return presses
        if goal == "open":
            page.keyboard.press("Enter")
            page.evaluate("() => new Promise((r) => requestAnimationFrame(r))")
            if _goal(page.evaluate(FOCUS), action, view) == "play":
                return presses
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= MAX_PRESSES, f"{action!r} not reached with {MAX_PRESSES} Tab presses"


def _pick(rng: random.Random, view: dict) -> str:
    """The seeded user's choice: an entry of the choices group or a place, then one of its actions."""
    entries = [e["pay"] if e.get("pay") else [e["action"]] for e in view["entries"]]
    entries += list(view["targets"].values())
    return rng.choice(rng.choice(entries))


def _play(page, lab, notebook: str, seed: int) -> dict:
    """Play DECISIONS decisions with the keyboard; returns the figures."""
    open_notebook(page, lab, notebook)
    page.locator(BOARD).wait_for()
    page.wait_for_function("s => document.querySelector(s).dataset.rev !== undefined", arg=BOARD)
    kc = kernel_client(lab, notebook)
    rng = random.Random(seed)
    presses: list[int] = []
    lost: list[str] = []
    unseen: list[str] = []
    misheard: list[str] = []
    bot = "bot" in notebook
    page.evaluate(LISTEN)
    try:
        # the keyboard user starts at the question: the prompt (a click there, not a Tab, in both versions)
        page.locator(f"{BOARD} .pb-prompt").click()
        decided = 0
        while decided < DECISIONS:
            view = json.loads(kernel_eval(kc, CHOICES))
            assert not view["over"], "the game ended before the last decision"
            if view["confirm"]:  # a choice that loses at once was asked about: the user answers Cancel
                action = "decline"
                n = 0
                while not page.evaluate(FOCUS).get("confirm"):
                    page.keyboard.press("Tab")
                    n += 1
                    assert n <= MAX_PRESSES
            else:
                action = _pick(rng, view)
                n = _tab_to(page, action, view)
            before = page.eval_on_selector(BOARD, "e => e.dataset.rev")
            page.keyboard.press("Enter")
            _wait_answered(page, before)
            presses.append(n)
            decided += 1
            heard = _heard(page)
            wrong = None if action == "decline" and not heard else _check_heard(heard, bot)
            if wrong:
                misheard.append(f"after {action!r}: {wrong}")
            focus = page.evaluate(FOCUS)
            if focus.get("body") or not focus.get("inBoard"):
                lost.append(f"after {action!r}: focus on {focus}")
                continue
            ring = page.evaluate(FOCUS_RING)
            if not ring["ok"]:
                unseen.append(f"after {action!r} on {focus.get('tag')}.{focus.get('cls')}: {ring}")
    finally:
        kc.stop_channels()
    return {"presses": presses, "lost": lost, "unseen": unseen, "misheard": misheard}


def _report(name: str, figures: dict) -> None:
    p = figures["presses"]
    print(f"\n{name}: {len(p)} decisions; Tab presses per decision median {statistics.median(p)}, max {max(p)}, "
          f"all {p}; focus lost {len(figures['lost'])} times; focus not visible {len(figures['unseen'])} times; "
          f"announcements wrong {len(figures['misheard'])} times")


@pytest.mark.parametrize("notebook,seed", [("keyboard.ipynb", 28), ("keyboard_bot.ipynb", 28)],
                         ids=["hot-seat", "against-the-bot"])
def test_keyboard_only_game(page1280, lab, notebook, seed):
    figures = _play(page1280, lab, notebook, seed)
    _report(notebook, figures)
    assert not figures["lost"], figures["lost"]
    assert not figures["unseen"], figures["unseen"]
    assert not figures["misheard"], figures["misheard"]
    assert statistics.median(figures["presses"]) <= 6
    assert not [p for p in page1280.problems if p.startswith("page error")]


def test_live_region_hears_your_move_then_the_search_bots_reply(page1280, lab):
    """The search bot thinks in the background: the user's move is heard at once, the reply when it comes
    (two draws), each once; a redraw without a decision (a "why?") adds nothing."""
    from playwright.sync_api import expect

    open_notebook(page1280, lab, "search_bot.ipynb")
    board = page1280.locator(BOARD)
    expect(board.locator(".pb-prompt")).to_contain_text("Athens", timeout=60_000)  # the bot's first reply is in
    page1280.evaluate(LISTEN)
    assert _heard(page1280) == []  # what happened before the widget was shown is not announced
    board.locator('.pb-button[data-action="pass"]').focus()
    before = page1280.eval_on_selector(BOARD, "e => e.dataset.rev")
    page1280.keyboard.press("Enter")
    page1280.wait_for_function("([s, r]) => { const b = document.querySelector(s); return b.dataset.rev !== r "
                               "&& !b.classList.contains('pb-is-thinking') && !b.classList.contains('pn-waiting'); }",
                               arg=[BOARD, before], timeout=60_000)
    heard = _heard(page1280)
    assert [x["kind"] for x in heard] == ["move", "reply"], heard
    assert heard[0]["text"] == "Your move: Athens passes and takes no more actions this round."
    assert heard[1]["text"].startswith("Sparta's reply: ")
    assert [x["thinking"] for x in heard] == [True, False]  # the move while the bot thinks, the reply after
    # the focus went to the thinking bar meanwhile, and is on the first new choice now
    assert page1280.evaluate("() => document.activeElement.closest('.pb-buttons') !== null")
    assert page1280.evaluate(FOCUS_RING)["ok"]
    assert board.locator(".pn-live[role=log][aria-live=polite]").count() == 1
    assert board.locator(".pb-reply[aria-live]").count() == 0  # the line above the map is not read again
    before = page1280.eval_on_selector(BOARD, "e => e.dataset.rev")
    board.locator(".pb-why").click()
    board.locator("#area-attika").click()
    _wait_answered(page1280, before)
    assert _heard(page1280) == []
    assert not [p for p in page1280.problems if p.startswith("page error")]


def test_arrow_keys_move_on_the_map_not_in_the_notebook(page1280, lab):
    """In JupyterLab the arrow keys, Home and End on the map move between places (the notebook's own
    shortcuts, such as an arrow selecting the next cell, do not fire), and Enter chooses."""
    open_notebook(page1280, lab, "keyboard.ipynb")
    board = page1280.locator(BOARD)
    board.locator('.pb-button[data-action="hoplites"]').focus()
    before = page1280.eval_on_selector(BOARD, "e => e.dataset.rev")
    page1280.keyboard.press("Enter")
    _wait_answered(page1280, before)
    page1280.locator(f"{BOARD} .pn-map [tabindex='0']").focus()
    at = "() => { const e = document.activeElement; return e.closest('.pn-map') ? (e.id || e.dataset.offer) : null; }"
    cell = "() => document.querySelector('.jp-Notebook .jp-Cell.jp-mod-active') ? [...document.querySelectorAll('.jp-Notebook .jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active')) : -1"
    start, active = page1280.evaluate(at), page1280.evaluate(cell)
    seen = [start]
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        page1280.keyboard.press(key)
        seen.append(page1280.evaluate(at))
    assert None not in seen and len(set(seen)) > 2, seen  # the focus stayed on the map and moved
    assert page1280.evaluate(cell) == active  # the notebook's selection did not move
    assert seen[-1] == start  # Home: the first choice, the map's Tab stop before
    before = page1280.eval_on_selector(BOARD, "e => e.dataset.rev")
    page1280.keyboard.press("Enter")
    _wait_answered(page1280, before)
    out = kernel_ask(lab, "keyboard.ipynb", "print(board.state.pending.kind, str(board.node.action))")
    assert out == f"move-from to {start.split('-', 1)[1]}", out

