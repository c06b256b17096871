"""A battle played with the keyboard only, in JupyterLab with Debian's Chromium at 1280×800 (issue 28):
Combat in hot seat (both sides at one screen: the pass-the-screen gate, "Hide my hand" once, fight on or
retreat (after the second exchange), two cards and Attack or Answer) and against
the sensible bot, each decision picked by a seeded
random user among the choices the view offers and reached with Tab alone (Enter on a control); then a
recorded battle stepped through with the replay's buttons.

Every Tab stop of the widget shows the focus ring, and after every decision (a card pick is a step of
one) the focus is on something in the widget (never on <body>) and shows: an outline at least 3:1 against what is behind it. The Tab presses each decision
needed are printed (median, max) and their median is at most 6. After every decision the live log has
heard its result once: in hot seat the decision's (a hand shown or hidden, a move, then the deal if
cards were drawn); against the bot "Your move: …", then the deal and the bot's reply; no item twice.

The scripted user knows the choices from the Python side (the view's ``gate``, ``choice`` and
``retreat``, read through a second kernel client), then presses Tab until the focused control makes
the choice (the gate, Fight on, Retreat, a card of the hand to decide, Attack/Answer, a replay step)."""
from __future__ import annotations

import json
import random
import statistics

import pytest

from .labserver import kernel_client, kernel_eval, open_notebook
from .test_keyboard import FOCUS_RING

pytestmark = pytest.mark.browser

HOT = '.pnb-combat[data-mode="hotseat"]'
BOT = '.pnb-combat[data-mode="bot"]'
REPLAY = '.pnb-combat[data-mode="replay"]'
MAX_PRESSES = 120  # past this, the control counts as not reached by Tab (it is focused from script to go on)

VIEW = """import json as _j
_v = combat.view
print(_j.dumps({"rev": _v["rev"], "gate": (_v["gate"] or {}).get("side"), "choice": _v["choice"],
                "retreat": _v["retreat"]["enabled"], "over": _v["over"], "exchanges": _v["exchanges"]}))"""

# the focused element, as the scripted user sees it
FOCUS = """(sel) => {
  const el = document.activeElement;
  if (!el || el === document.body) return { body: true };
  const w = document.querySelector(sel);
  const side = el.closest && el.closest('.pc-side');
  return { body: false, inWidget: w.contains(el), action: (el.dataset && el.dataset.action) || null,
           card: (el.dataset && el.dataset.card) || null, pressed: el.getAttribute('aria-pressed'),
           side: side ? side.dataset.side : null, disabled: !!el.disabled, tag: el.tagName,
           cls: String(el.className.baseVal ?? el.className) };
}"""

# every item added to a widget's live log, in order (a MutationObserver installed once per widget)
LISTEN = """(sel) => { window.__heard = window.__heard || {}; if (window.__heard[sel]) return;
  const heard = window.__heard[sel] = [];
  const live = document.querySelector(sel + ' .pn-live');
  if (!live) return;
  new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes)
    if (n.nodeType === 1) heard.push({ kind: n.dataset.kind, id: n.dataset.id, text: n.textContent }); })
    .observe(live, { childList: true }); }"""


def _heard(page, sel: str) -> list[dict]:
    return page.evaluate("(sel) => window.__heard[sel].splice(0)", sel)


def _wait_answered(page, sel: str, before: str) -> None:
    page.wait_for_function("([s, r]) => document.querySelector(s).dataset.rev !== r", arg=[sel, before])
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _is(goal: dict, f: dict) -> bool:
    """Whether the focused element ``f`` is the control ``goal`` names."""
    if f.get("body") or not f.get("inWidget") or f.get("disabled"):
        return False
    if "cls" in goal:
        return goal["cls"] in f["cls"].split()
    if "action" in goal:
        return f["action"] == goal["action"]
    return f["card"] == goal["card"] and f["side"] == goal["side"] and f["pressed"] == "false"


def _css(goal: dict) -> str:
    if "cls" in goal:
        return f".{goal['cls']}"
    if "action" in goal:
        return f'[data-action="{goal["action"]}"]'
    return f'.pc-side[data-side="{goal["side"]}"] button.pc-card[data-card="{goal["card"]}"][aria-pressed="false"]'


# whether the control lies before the focus in the widget (the user then goes back with Shift+Tab)
BEHIND = """([sel, css]) => { const w = document.querySelector(sel), a = document.activeElement, g = w.querySelector(css);
  return !!g && !!a && w.contains(a) && !!(g.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING); }"""


def _tab_to(page, sel: str, goal: dict, figures: dict) -> int:
    """Press Tab (Shift+Tab if the control lies behind the focus) until ``goal`` has the focus; the presses
    (MAX_PRESSES if it was focused from script)."""
    presses = 0
    key = "Shift+Tab" if page.evaluate(BEHIND, [sel, _css(goal)]) else "Tab"
    while not _is(goal, page.evaluate(FOCUS, sel)):
        if presses == MAX_PRESSES:
            figures["unreached"].append(goal)
            page.locator(f"{sel} {_css(goal)}").first.focus()
            break
        page.keyboard.press(key)
        presses += 1
    return presses


def _plan(rng: random.Random, view: dict, hid: bool) -> tuple[str, list[dict]]:
    """The seeded user's next decision: its name and the controls to press Enter on, in order."""
    if view["gate"]:
        return "reveal", [{"cls": "pc-gate-btn"}]
    ch = view["choice"]
    if ch["kind"] == "window":
        if view.get("hotseat") and not hid:
            return "hide", [{"cls": "pc-hide"}]  # once: hide the hand again, then show it again
        if view["retreat"] and (rng.random() < 0.1 or view.get("hotseat") and view["exchanges"] >= 2):
            return "retreat", [{"action": "retreat"}]  # (in hot seat after the second exchange: a retreat ends it)
        return "fight", [{"action": "fight"}]
    x, y = rng.choice(ch["options"])["cards"]
    return f"{ch['kind']} {x} {y}", [{"card": x, "side": ch["side"]}, {"card": y, "side": ch["side"]},
                                     {"cls": "pc-confirm"}]


def _check_heard(heard: list[dict], what: str, bot: bool, ids: set) -> str | None:
    """What is wrong with what the live log got for one decision (None: nothing)."""
    kinds = [x["kind"] for x in heard]
    if what in ("reveal", "hide"):
        ok = kinds == ["hand"]
    elif bot:
        ok = kinds[:1] == ["move"] and heard[0]["text"].startswith("Your move: ") \
            and set(kinds[1:]) <= {"chance", "reply"}
    else:
        ok = kinds in (["move"], ["move", "chance"])
    again = [x for x in heard if x["id"] in ids]
    ids.update(x["id"] for x in heard)
    if not ok or again or any(not x["text"] for x in heard):
        return f"heard {heard}" + (f" (again: {again})" if again else "")
    return None


def _after(page, sel: str, what: str, figures: dict) -> None:
    """Where the focus is after a decision (or a card pick): in the widget, visible."""
    f = page.evaluate(FOCUS, sel)
    if f.get("body") or not f.get("inWidget"):
        figures["lost"].append(f"after {what}: focus on {f}")
        return
    ring = page.evaluate(FOCUS_RING)
    if not ring["ok"]:
        figures["unseen"].append(f"after {what} on {f['tag']}.{f['cls']}: {ring}")


def _every_stop_shows_the_ring(page, sel: str) -> list[str]:
    """Tab from the widget's own element through every Tab stop in it; the stops whose focus is not
    visible (an empty list: every one shows the ring)."""
    page.locator(sel).focus()
    bad, stops = [], 0
    while True:
        f = page.evaluate(FOCUS, sel)
        if f.get("body") or not f.get("inWidget"):
            break
        stops += 1
        ring = page.evaluate(FOCUS_RING)
        if not ring["ok"]:
            bad.append(f"{f['tag']}.{f['cls']}: {ring}")
        assert stops < 60, "Tab does not leave the widget"
        page.keyboard.press("Tab")
    assert stops >= 3, stops
    return bad


def _battle(page, lab, notebook: str, sel: str, seed: int) -> dict:
    """Play the notebook's battle to its end with the keyboard; returns the figures."""
    open_notebook(page, lab, notebook)
    page.locator(sel).wait_for()
    page.wait_for_function("s => document.querySelector(s).dataset.rev", arg=sel)
    kc = kernel_client(lab, notebook)
    rng = random.Random(seed)
    figures: dict = {"presses": [], "lost": [], "unseen": [], "misheard": [], "unreached": [], "decisions": []}
    bot = sel == BOT
    ids: set = set()
    hid = False
    page.evaluate(LISTEN, sel)
    figures["unseen"] += _every_stop_shows_the_ring(page, sel)  # the widget itself, the cards, the buttons, the log
    try:
        page.locator(f"{sel} .pc-prompt").click()  # the keyboard user starts at the question
        for _ in range(200):
            view = json.loads(kernel_eval(kc, VIEW))
            if view["over"]:
                break
            view["hotseat"] = not bot
            what, goals = _plan(rng, view, hid)
            hid = hid or what == "hide"
            n = 0
            for k, goal in enumerate(goals):
                n += _tab_to(page, sel, goal, figures)
                before = page.eval_on_selector(sel, "e => e.dataset.rev")
                page.keyboard.press("Enter")
                if k < len(goals) - 1:  # a card picked: the browser keeps it, nothing is sent
                    page.evaluate("() => new Promise((r) => requestAnimationFrame(r))")
                    _after(page, sel, f"{what} (pick {k + 1})", figures)
            _wait_answered(page, sel, before)
            figures["presses"].append(n)
            figures["decisions"].append(what)
            wrong = _check_heard(_heard(page, sel), what, bot, ids)
            if wrong:
                figures["misheard"].append(f"after {what!r}: {wrong}")
            _after(page, sel, what, figures)
        else:
            raise AssertionError("the battle did not end")
    finally:
        kc.stop_channels()
    return figures


def _report(name: str, figures: dict) -> None:
    p = figures["presses"]
    print(f"\n{name}: {len(p)} decisions; Tab presses per decision median {statistics.median(p)}, max {max(p)}, "
          f"all {p}; focus lost {len(figures['lost'])} times; focus not visible {len(figures['unseen'])} times; "
          f"not reached by Tab {len(figures['unreached'])} times; announcements wrong {len(figures['misheard'])} "
          f"times\n  decisions: {figures['decisions']}")
    for k in ("lost", "unseen", "misheard", "unreached"):
        for x in figures[k][:3]:
            print(f"  {k}: {x}")


def _assert_kept(figures: dict) -> None:
    assert not figures["unreached"], figures["unreached"]
    assert not figures["lost"], figures["lost"]
    assert not figures["unseen"], figures["unseen"]
    assert not figures["misheard"], figures["misheard"]
    assert statistics.median(figures["presses"]) <= 6


def test_keyboard_only_battle_in_hot_seat(page1280, lab):
    figures = _battle(page1280, lab, "keyboard_combat.ipynb", HOT, 28)
    _report("hot seat", figures)
    assert {"reveal", "hide", "fight", "retreat"} <= set(figures["decisions"])
    assert any(d.startswith("attack") for d in figures["decisions"])
    assert any(d.startswith("defend") for d in figures["decisions"])
    _assert_kept(figures)
    assert not [p for p in page1280.problems if p.startswith("page error")]


def test_keyboard_only_battle_against_the_bot_then_a_replay(page1280, lab):
    page = page1280
    figures = _battle(page, lab, "keyboard_combat_bot.ipynb", BOT, 28)
    _report("against the bot", figures)
    # the replay: to its start with the keyboard, then forward step by step to its end
    replay = page.locator(REPLAY)
    replay.scroll_into_view_if_needed()
    steps: dict = {"presses": [], "lost": [], "unseen": [], "misheard": [], "unreached": [], "decisions": []}
    steps["unseen"] += _every_stop_shows_the_ring(page, REPLAY)
    replay.locator(".pc-prompt").click()
    count = int(page.eval_on_selector(REPLAY, "e => e.querySelector('.pc-nav-pos').textContent.match(/of (\\d+)/)[1]"))
    plan = [{"cls": "pc-nav-start"}] + [{"cls": "pc-nav-forward"}] * (count - 1)
    for goal in plan:
        n = _tab_to(page, REPLAY, goal, steps)
        before = page.eval_on_selector(REPLAY, "e => e.dataset.rev")
        page.keyboard.press("Enter")
        _wait_answered(page, REPLAY, before)
        steps["presses"].append(n)
        steps["decisions"].append(goal["cls"])
        _after(page, REPLAY, goal["cls"], steps)
    _report("replay", steps)
    assert any(d.startswith("attack") for d in figures["decisions"])
    assert any(d.startswith("defend") for d in figures["decisions"])
    _assert_kept(figures)
    assert page.eval_on_selector(REPLAY, "e => e.querySelector('.pc-nav-forward').disabled")
    _assert_kept(steps)
    assert not [p for p in page.problems if p.startswith("page error")]
