"""Real-browser test of the Combat widget in JupyterLab with Debian's Chromium: a whole hot-seat
battle clicked to its end (pass-the-screen gate, fight on, two cards, answers, reveal), a battle
against a bot, and a recorded battle replayed; the Python side is checked through a second kernel
client."""

import pytest

from polis_nb.render.combatview import odds_function

from .labserver import click_and_wait as _click_and_wait
from .labserver import kernel_ask, open_notebook
from .labserver import rev as _rev
from .labserver import shot as _shot

pytestmark = pytest.mark.browser
HOT = '.pnb-combat[data-mode="hotseat"]'
BOT = '.pnb-combat[data-mode="bot"]'
REPLAY = '.pnb-combat[data-mode="replay"]'


def _pick_pair(page, sel, w):
    """Click two cards of the acting hand until the confirm button is enabled (a legal pair)."""
    side = page.eval_on_selector(sel, "e => e.querySelector('.pc-hand button.pc-card').closest('.pc-side').dataset.side")
    cards = w.locator(f'.pc-side[data-side="{side}"] .pc-hand button.pc-card')
    n = cards.count()
    assert n >= 2
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            cards.nth(i).click()
            cards.nth(j).click()
            if w.locator(".pc-confirm").is_enabled():
                return
            w.locator(".pc-clear").click()
    raise AssertionError("no legal pair in the hand")


def _one_click(page, sel, w):
    """The next decision as a user makes it; returns what was done."""
    if w.locator(".pc-gate").is_visible():
        _click_and_wait(page, sel, w.locator(".pc-gate-btn"))
        return "gate"
    if w.locator(".pc-fight").is_visible():
        _click_and_wait(page, sel, w.locator(".pc-fight"))
        return "fight"
    _pick_pair(page, sel, w)
    _click_and_wait(page, sel, w.locator(".pc-confirm"))
    return "pair"


def test_combat_hotseat_battle_clicked_to_its_end_in_lab(page, lab):
    from playwright.sync_api import expect

    open_notebook(page, lab, "combat.ipynb")
    w = page.locator(HOT)
    expect(w.locator(".pc-gate-btn")).to_have_text("Sparta: show my hand", timeout=30_000)
    # before the gate no hand is on screen, and deciding is impossible
    expect(w.locator(".pc-hand .pc-card")).to_have_count(0)
    expect(w.locator(".pc-hidden-hand")).to_have_count(2)
    expect(w.locator(".pc-retreat")).to_be_disabled()
    expect(w.locator(".pc-retreat-why")).to_contain_text("show Sparta's hand first")
    expect(w.locator(".pc-pile")).to_have_text("Draw pile: 16 cards")
    expect(w.locator('.pc-side[data-side="sparta"] .pc-role')).to_have_text("Attacker")
    _click_and_wait(page, HOT, w.locator(".pc-gate-btn"))
    expect(w.locator('.pc-side[data-side="sparta"] .pc-hand .pc-card')).to_have_count(4)
    expect(w.locator('.pc-side[data-side="athens"] .pc-hidden-hand')).to_have_text("4 cards (hidden)")
    expect(w.locator(".pc-retreat")).to_be_enabled()
    # the button's words come from the view model, the cost from the rules
    expect(w.locator(".pc-retreat")).to_have_text("Retreat (1 prestige)")
    expect(w.locator(".pc-retreat")).to_have_attribute("aria-label", "Retreat, paying 1 prestige")
    _shot(page, "combat-window.png")
    if odds_function() is not None:  # the odds arrive after the view, for Sparta's knowledge only
        expect(w.locator(".pc-odds")).to_contain_text("How it ends", timeout=30_000)
        expect(w.locator(".pc-odds")).to_contain_text("knowing Sparta's hand only")
    done, reveals = [], 0
    for _ in range(120):
        if page.eval_on_selector(HOT, "e => e.dataset.over") == "true":
            break
        # whoever decides, the other side's hand is never on screen
        deciding = page.eval_on_selector(HOT, "e => e.querySelector('.pc-to-act')?.dataset.side || ''")
        other = "athens" if deciding == "sparta" else "sparta"
        assert w.locator(f'.pc-side[data-side="{other}"] .pc-hand .pc-card').count() == 0
        done.append(_one_click(page, HOT, w))
        if done[-1] == "pair" and w.locator(".pc-reveal").is_visible():
            reveals += 1
            if reveals == 1:
                expect(w.locator(".pc-reveal .pc-pair")).to_have_count(2)
                expect(w.locator(".pc-reveal")).to_contain_text("Ed1 · Battles")
                _shot(page, "combat-reveal.png")
    else:
        raise AssertionError(f"the battle did not end: {done}")
    expect(w.locator(".pc-end")).to_contain_text("The battle is over")
    expect(w.locator(".pc-end")).to_contain_text("Ed1 · Battles")
    expect(w.locator(".pc-retreat")).to_be_disabled()
    assert "gate" in done and "pair" in done and reveals >= 1
    _shot(page, "combat-end.png")
    out = kernel_ask(lab, "combat.ipynb", "print(hotseat.over, hotseat.state.battle, hotseat.view['end']['cause'], "
                                          "hotseat.view['exchanges'])")
    over, battle, cause, exchanges = out.split()
    assert over == "True" and battle == "None" and cause in ("defender-broken", "deck-exhausted",
                                                              "attacker-out-of-cards")
    assert int(exchanges) >= 1
    assert not page.errors, page.errors


def test_combat_against_a_bot_and_replay_in_lab(page, lab):
    from playwright.sync_api import expect

    open_notebook(page, lab, "combat.ipynb")
    w = page.locator(BOT)
    expect(w.locator(".pc-prompt")).to_contain_text("Athens", timeout=30_000)
    expect(w.locator('.pc-side[data-side="sparta"] .pc-bot')).to_have_text("bot: sensible")
    for _ in range(60):
        if page.eval_on_selector(BOT, "e => e.dataset.over") == "true":
            break
        assert w.locator(".pc-gate").is_hidden()  # no gate against a bot
        assert w.locator('.pc-side[data-side="sparta"] .pc-hand .pc-card').count() == 0
        _one_click(page, BOT, w)
    else:
        raise AssertionError("the battle against the bot did not end")
    expect(w.locator(".pc-end")).to_contain_text("The battle is over")
    # a button the view disabled, forced on in the page, is still refused by Python, visibly
    page.eval_on_selector(BOT, "e => e.querySelector('.pc-retreat').removeAttribute('disabled')")
    _click_and_wait(page, BOT, w.locator(".pc-retreat"))
    expect(w.locator(".pc-note")).to_contain_text("Refused")
    # replay: step back to the start of the recorded battle and forward again
    r = page.locator(REPLAY)
    expect(r.locator(".pc-end")).to_be_visible()
    _click_and_wait(page, REPLAY, r.locator(".pc-nav-start"))
    expect(r.locator(".pc-nav-pos")).to_contain_text("Step 1 of")
    expect(r.locator(".pc-nav-back")).to_be_disabled()
    expect(r.locator(".pc-end")).to_be_hidden()
    r.focus()
    before = _rev(page, REPLAY)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([s, v]) => document.querySelector(s).dataset.rev !== v", arg=[REPLAY, before])
    expect(r.locator(".pc-nav-pos")).to_contain_text("Step 2 of")
    expect(r.locator(".pc-retreat")).to_be_hidden()
    out = kernel_ask(lab, "combat.ipynb",
                     "print(bot.over, bot.state.battle, replay.view['nav']['position'], g.node is g.node.end())")
    assert out == "True None 1 True"
    assert not page.errors, page.errors
