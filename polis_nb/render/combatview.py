"""The Combat widget's view model: one battle as plain JSON — the two sides and their roles, the hand
the viewer may see, the draw pile's size, the choice to make, the reveal of the last exchange with
its rule citations, the end of the battle and its reason, and (optionally) the odds.

A battle is a *trail* of :class:`Step` s: the position where it opened, then one step per decision
(chance draws included) up to now. Pure Python; nothing here imports a widget library.

Hidden information: hands come only through :func:`polis_nb.rules.visibility.view`, so a view for
one side never holds the other side's hand or the composition of the draw pile; options and
explanations are listed only for the side whose hand is on screen. Card draws are narrated
without naming the card.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from ..rules import (BATTLE_STAGES, HIDDEN, PLAYERS, RULES, SALPINX_COST, SIDE_BATTLE_DECISIONS, Action, Battle,
                     Explanation, State, topology_of, card_name, card_types, describe_pending, explain, legal_actions,
                     matched, poss, retreat_cost, view as visible_state)
from ..i18n import get_language, message, plural, term
from .choiceview import outcome_words
from .say import say, side_name
from .text import NOBODY, action_words, cite_sections, cite_words, plain, retreat_words, rule_json
from .viewmodel import explanation_json, prompt as decision_prompt

NAMES = {"athens": "Athens", "sparta": "Sparta"}
OVER = message("combat.view.over", "The battle is over.")
DEALING = message("combat.view.dealing", "Dealing: a card for {side}")
DEALING_CHANCE = message("combat.view.dealing-chance", "Dealing: a card for Chance")
PASS_SCREEN = message("combat.view.pass-screen", "{side} decides. Pass the screen to {side}, then show the hand.")
TITLES = {"sea": message("combat.view.sea", "Sea battle in {area}"), "land": message("combat.view.land", "Land battle in {area}")}
GATE = message("combat.view.gate", "{side}: show my hand")
END_RULES = frozenset({"battle.end", "battle.salpinx-unpayable"})
CAUSES = {
    "retreat": message("combat.cause.retreat", "a side retreated"),
    "defender-broken": message("combat.cause.defender-broken", "the defender kept fewer than two units"),
    "deck-exhausted": message("combat.cause.deck-exhausted", "the draw pile could not serve both redraws"),
    "attacker-out-of-cards": message("combat.cause.attacker-out-of-cards", "the attacker could not play two cards"),
    "salpinx-unpayable": message("combat.cause.salpinx-unpayable",
                                 "the attacker could not pay for the Salpinx and lost the game"),
    "left": message("combat.cause.left", "the game left this battle"),
}
CAUSE_SENTENCE = message("combat.cause.sentence", "{cause}.")
CARD = message("combat.card", "{formation} ({manoeuvre})")
OPENS = message("combat.step.opens", "The battle opens")
CHANCE_STEP = message("combat.step.chance", "Chance: {action}")
SIDE_STEP = message("combat.step.side", "{side}: {action}{bot}")
CHANCE_SIDE_STEP = message("combat.step.chance-side", "Chance: {action}{bot}")
BOT = message("combat.step.bot", " (bot: {bot})")
SALPINX = message("combat.reveal.salpinx", "{card} cannot be matched: a unit lost, and the attacker owes {n} prestige")
MATCHES = message("combat.reveal.matches", "{answer} matches {attack}{mercenaries}{gain}")
MERCENARIES = message("combat.reveal.mercenaries", " ({name})")
GAIN = message("combat.reveal.gain", ": +{n} prestige to the attacker")
NO_LOSS = message("combat.reveal.no-loss", ": no loss")
FAILS = message("combat.reveal.fails", "{answer} fails against {attack}: a unit lost{gain}")
FAIL_GAIN = message("combat.reveal.fail-gain", ", +{n} prestige to the attacker")
GAME_OVER = message("combat.next.game-over", "Game over — {outcome}")
GOES_ON = message("combat.next.goes-on", "The game goes on. {side}: {pending}")
GOES_ON_CHANCE = message("combat.next.goes-on-chance", "The game goes on. Chance: {pending}")
PAYING = message("combat.retreat.paying", "Retreat, paying {n} prestige")
NOBODY_MAY = message("combat.retreat.nobody", "Nobody may retreat from this view.")
TOO_POOR = message("combat.retreat.too-poor", "{side} has {prestige} prestige; retreating costs {n}, paid to the opponent.")
WINDOW = message("combat.retreat.window", "Retreat is offered only at a retreat window: before the first exchange and "
                                          "after each exchange.")
FIRST = message("combat.retreat.first", "{side} decides first at this retreat window.")
CANNOT = message("combat.retreat.cannot", "{side} cannot decide from this view.")
PAYS = message("combat.retreat.pays", "{side} pays {n} prestige to the opponent; its units stay in the area.")
FIGHT = message("combat.choice.fight", "Fight on")
ATTACK = message("combat.choice.attack", "Attack with these two")
ANSWER = message("combat.choice.answer", "Answer")


@dataclass(frozen=True)
class Step:
    """One position of the battle's trail: ``state`` after ``action`` was decided in ``before``
    (the first step may have no action). ``bot`` names the policy that decided it, if any."""

    state: State
    action: Action | None = None
    before: State | None = None
    bot: str = ""


# --- small helpers ------------------------------------------------------------------------------

def in_battle(s: State, area: int | None = None) -> bool:
    return s.outcome is None and s.battle is not None and (area is None or s.battle.area == area)


def _battle(s: State) -> Battle:
    """The battle being fought at ``s`` (its callers have checked there is one, see :func:`in_battle`)."""
    if s.battle is None:
        raise ValueError("no battle is being fought in this position")
    return s.battle


def card_label(t) -> str:
    """A card's display name in its edition's words: "Cavalry (Advance)" (Ed1), "Ippiko (Proothisi)" (Ed2)."""
    if get_language() == "en":  # the edition's own English names
        return f"{t.formation_label} ({t.manoeuvre_label})"
    return say(CARD, formation=t.formation, manoeuvre=t.manoeuvre)


def card_json(t) -> dict:
    """A card: ``name`` is its notation (the same ids in every edition; intents use it), ``label``,
    ``formation_name`` and ``manoeuvre_name`` are what the edition calls it (for display)."""
    english = get_language() == "en"  # the edition's own English names; another language's from its term table
    return {"name": card_name(t), "formation": t.formation, "manoeuvre": t.manoeuvre, "value": t.value,
            "formation_name": t.formation_label if english else term("formation", t.formation, None, get_language(), None),
            "manoeuvre_name": t.manoeuvre_label if english else term("manoeuvre", t.manoeuvre, None, get_language(), None),
            "label": card_label(t)}


def _types(s: State, kind: str):
    return card_types(s.components, kind)[0]


def hand_cards(counts, types) -> list[dict]:
    """A hand (counts per card type) as a list of cards in deck order."""
    out = []
    for t, k in zip(types, counts):
        out += [card_json(t)] * k
    return out


def cited(rules, s: State | None = None) -> dict:
    """The citation of some rules for the screen: ``cite`` the rulebook sections in English, each
    once and without rule ids ("Ed1 · Battles"); ``cite_original`` as printed; ``cite_rules`` the
    rule ids with their sections (for a tooltip)."""
    known = tuple(r for r in rules if r in RULES)
    edition = s.edition if s is not None else "ed1"
    en, original = cite_sections(known, edition)
    return {"cite": en, "cite_original": original, "cite_rules": cite_words(known, edition)[0]}


def entry_json(e, s: State | None = None) -> dict:
    """A log entry for the screen (``s``: the position it belongs to, for the edition's words): plain
    text, rule ids, the citation in English and as printed."""
    text = plain(e.text, s.components if s is not None else None)
    c = cited(e.rules, s)
    return {"text": text, "sentence": f"{text} — {c['cite']}" if e.rules else text, "rules": list(e.rules),
            **c, "player": e.player}


def collapse(entries: list[dict]) -> list[dict]:
    """Runs of the same entry (the deal: "Sparta draws a combat card" four times) as one, with a count."""
    out: list[dict] = []
    for e in entries:
        if out and out[-1]["text"] == e["text"] and out[-1]["rules"] == e["rules"]:
            out[-1]["count"] += 1
        else:
            out.append(dict(e, count=1))
    return out


def battle_entries(trail: Sequence[Step]) -> list:
    """The log entries of the battle: from the opening sentence (in the first step) on."""
    out = []
    first = list(trail[0].state.log)
    k = next((i for i, e in enumerate(first) if "battle.first-attacker" in e.rules), 0)
    out += first[k:]
    for st in trail[1:]:
        out += list(st.state.log)
    return out


def step_label(st: Step, viewer: str | None, open_hands: bool) -> str:
    """A decision in words, with card draws hidden from whoever may not see that hand."""
    if st.action is None:
        return say(OPENS)
    b = st.before
    if b is None:
        return plain(str(st.action))
    if b.pending.kind == "draw-card" and b.battle is not None and b.battle.draws:
        return say(CHANCE_STEP, action=action_words(b, st.action, viewer=None if open_hands else (viewer or NOBODY)))
    tail = say(BOT, bot=st.bot) if st.bot else ""
    if b.pending.player in (0, 1):
        return say(SIDE_STEP, side=PLAYERS[b.pending.player], action=action_words(b, st.action), bot=tail)
    return say(CHANCE_SIDE_STEP, action=action_words(b, st.action), bot=tail)


# --- the last exchange, revealed ----------------------------------------------------------------

def reveal(st: Step, area: int, number: int) -> dict:
    """What one exchange did: each attacking card against its answer (formation match, Mercenaries,
    Salpinx), the defender's losses, the prestige won and paid, and the log with rule citations."""
    before, after, answer = st.before, st.state, st.action
    if before is None or answer is None:
        raise ValueError("an exchange is revealed from the step that answered it")
    bt = _battle(before)
    types = _types(before, bt.kind)
    names = [card_name(t) for t in types]
    att, dfn = bt.attacker, 1 - bt.attacker
    answers = [names.index(x) for x in answer.args]
    pairs = []
    for ai, di in zip(bt.played, answers):
        ta, td = types[ai], types[di]
        merc = "mercenaries" in (ta.formation, td.formation) and ta.formation != "salpinx"
        if ta.formation == "salpinx":
            result, loss, gain, rule = "salpinx", 1, 0, "battle.salpinx"
            text = say(SALPINX, card=card_label(ta), n=SALPINX_COST)
        elif matched(ta, td):
            g = max(0, ta.value - td.value)
            result, loss, gain = "match", 0, g
            rule = "battle.mercenaries" if merc else "battle.formation"
            text = say(MATCHES, answer=card_label(td), attack=card_label(ta),
                       mercenaries=say(MERCENARIES, name=_merc_name(types)) if merc else "",
                       gain=say(GAIN, n=g) if g else say(NO_LOSS))
        else:
            result, loss, gain = "fail", 1, max(0, ta.value)
            rule = "battle.salpinx" if td.formation == "salpinx" else "battle.formation"
            text = say(FAILS, answer=card_label(td), attack=card_label(ta),
                       gain=say(FAIL_GAIN, n=ta.value) if ta.value > 0 else "")
        pairs.append({"attack": card_json(ta), "answer": card_json(td), "result": result, "mercenaries": merc,
                      "loss": loss, "gain": gain, "text": text, "rule": rule, **cited((rule,), after)})
    lost = before.units[area][dfn] - after.units[area][dfn]
    return {
        "exchange": number,
        "attacker": PLAYERS[att],
        "defender": PLAYERS[dfn],
        "pairs": pairs,
        "losses": {PLAYERS[dfn]: lost, PLAYERS[att]: 0},
        "prestige": {PLAYERS[p]: after.prestige[p] - before.prestige[p] for p in (0, 1)},
        "salpinx": any(p["result"] == "salpinx" for p in pairs),
        "mercenaries": any(p["mercenaries"] for p in pairs),
        "log": [entry_json(e, after) for e in after.log],
        "redraw": None,
    }


def _merc_name(types) -> str:
    """What the edition calls the Mercenaries ("Mercenaries", "Misthoforos")."""
    if get_language() != "en":
        return term("formation", "mercenaries", None, get_language(), None)
    return next((t.formation_label for t in types if t.formation == "mercenaries"), "Mercenaries")


def last_reveal(trail: Sequence[Step], area: int) -> dict | None:
    exchanges = [k for k, st in enumerate(trail) if st.before is not None and st.before.pending.kind == "battle-defend"
                 and in_battle(st.before, area)]
    if not exchanges:
        return None
    k = exchanges[-1]
    out = reveal(trail[k], area, len(exchanges))
    for st in trail[k:]:  # the redraw that followed it, if it happened yet (at once when nobody is asked)
        for e in st.state.log:
            if _is_redraw(e):
                out["redraw"] = entry_json(e, st.state)
    out["log"] = [x for x in out["log"] if "battle.redraw" not in x["rules"]]
    return out


def _is_redraw(e) -> bool:
    return "battle.redraw" in e.rules and " draws 2 cards, " in e.text


# --- the end ------------------------------------------------------------------------------------

def ending(trail: Sequence[Step], area: int) -> dict | None:
    """How the battle ended (None while it goes on)."""
    last = trail[-1]
    s = last.state
    if in_battle(s, area):
        return None
    start = trail[0].state
    before, a = last.before, last.action
    if before is None or a is None:
        cause = "left"
    elif a.kind == "retreat":
        cause = "retreat"
    elif any("battle.salpinx-unpayable" in e.rules for e in s.log):
        cause = "salpinx-unpayable"
    elif before.pending.kind == "battle-defend":
        dfn = 1 - _battle(before).attacker
        cause = "defender-broken" if s.units[area][dfn] < 2 else "deck-exhausted"
    else:
        cause = "attacker-out-of-cards"
    reasons = [entry_json(e, s) for e in s.log if END_RULES & set(e.rules)]
    if not reasons:
        reasons = [{"text": say(CAUSES[cause]), "sentence": say(CAUSE_SENTENCE, cause=say(CAUSES[cause])),
                    "rules": ["battle.end"],
                    **cited(("battle.end",), s), "player": None}]
    end_units = s.units[area]
    return {
        "cause": cause,
        "cause_text": say(CAUSES[cause]),
        "reasons": reasons,
        "losses": {PLAYERS[p]: start.units[area][p] - end_units[p] for p in (0, 1)},
        "units": {PLAYERS[p]: end_units[p] for p in (0, 1)},
        "prestige": {PLAYERS[p]: s.prestige[p] - start.prestige[p] for p in (0, 1)},
        "game_over": outcome_words(s.outcome) if s.outcome is not None else None,
        "next": _next_prompt(s),
    }


def _next_prompt(s: State) -> str:
    if s.outcome is not None:
        return say(GAME_OVER, outcome=outcome_words(s.outcome))
    if s.is_chance or s.current_player not in NAMES:
        return say(GOES_ON_CHANCE, pending=describe_pending(s))
    return say(GOES_ON, side=s.current_player, pending=describe_pending(s))


# --- choices ------------------------------------------------------------------------------------

def _retreat_rule(edition: str = "ed1") -> dict:
    return rule_json("battle.retreat", edition)


def retreat_info(s: State, area: int, side: str | None, *, can_act: bool, why_not: str = "") -> dict:
    """The retreat button: enabled only at a retreat window for ``side`` (who then has the prestige,
    or the kernel would not ask); otherwise the reason it is disabled, with the rule. Its words
    (``label``, and ``paying`` for the enabled button) carry the cost from the rules."""
    rule = _retreat_rule(s.edition)
    cost = retreat_cost()

    def button(enabled: bool, reason: str) -> dict:
        return {"enabled": enabled, "action": "retreat", "reason": reason, "rule": rule, "label": retreat_words(),
                "paying": say(PAYING, n=cost)}

    if not in_battle(s, area):
        return button(False, say(OVER))
    if side is None:
        return button(False, why_not or say(NOBODY_MAY))
    p = PLAYERS.index(side)
    if s.prestige[p] < cost:
        reason = say(TOO_POOR, side=side, prestige=s.prestige[p], n=cost)
    elif not explain(s, "retreat").legal:  # the kernel asks only at a retreat window
        reason = say(WINDOW)
    elif s.pending.player != p:
        reason = say(FIRST, side=PLAYERS[s.pending.player])
    elif not can_act:
        reason = why_not or say(CANNOT, side=side)
    else:
        return button(True, say(PAYS, side=side, n=cost))
    return button(False, reason)


def _options(s: State) -> list[dict]:
    """Legal attack or answer pairs, each in both orders for a pick in any order (same action)."""
    out = []
    bt = s.battle
    same = (s.pending.kind == "battle-defend" and bt is not None and len(bt.played) == 2
            and bt.played[0] == bt.played[1])
    for a in legal_actions(s):
        if a.kind not in ("play", "answer"):
            continue
        x, y = a.args
        out.append({"action": str(a), "cards": [x, y]})
        if x != y and (a.kind == "play" or same):
            out.append({"action": str(a), "cards": [y, x]})
    return out


def _blocked(s: State, side: int) -> list[dict]:
    """Pairs from the attacker's own hand that the rules forbid (the Salpinx without prestige), with why."""
    if s.pending.kind != "battle-attack":
        return []
    bt = _battle(s)
    types = _types(s, bt.kind)
    hand = bt.hands[side]
    legal = {tuple(o["cards"]) for o in _options(s)}
    out = []
    names = [card_name(t) for t in types]
    for i, k in enumerate(hand):
        for j in range(i, len(hand)):
            if not k or not hand[j] or (i == j and k < 2) or (names[i], names[j]) in legal:
                continue
            e = explain(s, f"play {names[i]} {names[j]}")
            if not e.legal:
                item = {"text": plain(e.text, s.components), "rules": list(e.rule_ids), **cited(e.rule_ids, s)}
                out.append(dict(item, cards=[names[i], names[j]]))
                if i != j:
                    out.append(dict(item, cards=[names[j], names[i]]))
    return out


def choice(s: State, area: int, side: str | None) -> dict | None:
    """The decision ``side`` makes now, with its options (None if it is not ``side``'s to make)."""
    if side is None or not in_battle(s, area) or s.pending.kind not in SIDE_BATTLE_DECISIONS \
            or s.current_player != side:
        return None
    p = PLAYERS.index(side)
    kind = BATTLE_STAGES[s.pending.kind]
    out: dict[str, Any] = {"kind": kind, "side": side, "options": [], "blocked": []}
    if kind == "window":
        out["fight"] = {"action": "fight", "label": say(FIGHT)}
    else:
        out["options"] = _options(s)
        out["blocked"] = _blocked(s, p)
        out["verb"] = "play" if kind == "attack" else "answer"
        out["label"] = say(ATTACK) if kind == "attack" else say(ANSWER)
    return out


def prompt(s: State, area: int, *, gate: str | None = None) -> str:
    """What the battle waits for, in words: the pending decision's own prompt (its ``Decision.prompt``,
    worded as the Board words it), the deal, the screen to pass (hot seat), or the end."""
    if not in_battle(s, area):
        return say(OVER)
    if s.is_chance:
        bt = _battle(s)
        return say(DEALING, side=PLAYERS[bt.draws[0]]) if bt.draws else say(DEALING_CHANCE)
    if gate:
        return say(PASS_SCREEN, side=s.current_player)
    return decision_prompt(s)


# --- the whole view -----------------------------------------------------------------------------

def combat_view(trail: Sequence[Step], *, area: int, mode: str, rev: int = 0, viewer: str | None = None,
                open_hands: bool = False, acting: str | None = None, gate: str | None = None,
                bots: dict | None = None, retreat_why: str = "", note: str = "",
                explanation: Explanation | None = None, odds: dict | None = None, nav: dict | None = None) -> dict:
    """The Combat widget's view model.

    ``viewer``: whose hand is on screen (None: nobody's, unless ``open_hands`` — a replay shown to a
    spectator — shows both). ``acting``: the side whose choices are listed (it must be the viewer).
    ``gate``: the side that must show its hand before deciding (hot seat). ``bots``: side → policy name.
    """
    if acting is not None and acting != viewer:
        raise ValueError("options may be listed only for the side whose hand is on screen")
    s = trail[-1].state
    start = trail[0].state
    over = not in_battle(s, area)
    # the battle as last seen (after its end, the position before the last decision)
    live = s if not over else next((st.state for st in reversed(trail) if in_battle(st.state, area)), start)
    if not in_battle(live, area):
        last_before = trail[-1].before
        if last_before is None or not in_battle(last_before, area):
            raise ValueError("this trail holds no position of the battle")
        live = last_before
    fought = _battle(live)
    kind = fought.kind
    types = _types(live, kind)
    seen = (live.to_dict() if open_hands else visible_state(live, viewer))["battle"]
    if open_hands:
        seen["hand_sizes"] = [sum(h) for h in seen["hands"]]
        seen["deck_size"] = sum(seen["deck"])
        seen["deck"] = HIDDEN
    b = topology_of(live)
    attacker = fought.attacker
    sides = []
    for p, name in enumerate(PLAYERS):
        hand = seen["hands"][p]
        sides.append({
            "side": name, "name": side_name(name),
            "role": "attacker" if p == attacker else "defender",
            "units": (s if over else live).units[area][p], "units_start": start.units[area][p],
            "prestige": s.prestige[p], "prestige_start": start.prestige[p],
            "hand": None if hand == HIDDEN or over else hand_cards(hand, types),
            "hand_size": None if over else seen["hand_sizes"][p],
            "bot": (bots or {}).get(name, ""),
            "to_act": not over and live.current_player == name,
        })
    played = list(fought.played) if not over else []
    entries = battle_entries(trail)
    view = {
        "rev": rev,
        "mode": mode,
        "kind": kind,
        "area": b.name(area),
        "area_id": b.area_ids[area],
        "title": say(TITLES["sea" if kind == "sea" else "land"], components=s.components, area=b.area_ids[area]),
        "exchanges": sum(1 for st in trail if st.before is not None and st.before.pending.kind == "battle-defend"
                         and in_battle(st.before, area)),
        "over": over,
        "viewer": viewer,
        "open_hands": open_hands,
        "decision": live.pending.kind if not over else "over",
        "player": live.current_player if not over else None,
        "prompt": prompt(s, area, gate=gate),
        "sides": sides,
        "deck_size": None if over else seen["deck_size"],
        "table": {"attacker": PLAYERS[attacker], "cards": [card_json(types[i]) for i in played]} if played else None,
        "gate": {"side": gate, "label": say(GATE, side=gate)} if gate else None,
        "choice": choice(s, area, acting),
        "retreat": retreat_info(s, area, acting if acting is not None else (gate or viewer),
                                can_act=acting is not None, why_not=retreat_why),
        "reveal": last_reveal(trail, area),
        "end": ending(trail, area),
        "log": collapse([entry_json(e, s) for e in entries]),
        "steps": [step_label(st, viewer, open_hands) for st in trail],
        "odds": odds,
        "nav": nav,
        "note": note,
        "explanation": explanation_json(explanation, b.comp, live.edition),
    }
    return view


# --- odds ---------------------------------------------------------------------------------------

ODDS_MODULES = ("polis_nb.analysis.odds", "polis_nb.analysis.battle_odds")
END_LABELS = {"defender-broken": message("combat.odds.broken", "{side} broken (under 2 units)"),
              "deck-exhausted": message("combat.odds.deck", "Draw pile runs out"),
              "retreat": message("combat.odds.retreats", "{side} retreats"),
              "salpinx-loss": message("combat.odds.salpinx", "{side} loses the game (Salpinx)"),
              "continues": message("combat.odds.continues", "Still going")}
END_LABELS_ANY = {"defender-broken": message("combat.odds.broken-any", "A side broken (under 2 units)"),
                  "retreat": message("combat.odds.retreats-any", "A side retreats"),
                  "salpinx-loss": message("combat.odds.salpinx-any", "A side loses the game (Salpinx)")}
HOW_IT_ENDS = message("combat.odds.how-it-ends", "How it ends")
UNITS_LOST = message("combat.odds.units-lost", "Units lost")
LOSES_AT_LEAST = plural("combat.odds.loses", "{side} loses {n}+ unit", "{side} loses {n}+ units")
EXPECTED = message("combat.odds.expected", "Expected prestige change, {side}")
ONLY_HAND = message("combat.odds.only-hand", "{side:gen} hand only")
BOTH_HANDS = message("combat.odds.both-hands", "both hands")
ODDS_OVER = message("combat.odds.over", "The battle is over.")
DEALT = message("combat.odds.dealt", "Cards are being dealt.")
ODDS_MISSING = message("combat.odds.missing", "Battle odds need polis_nb.analysis.odds, which this version lacks.")
ODDS_HIDDEN = message("combat.odds.hidden", "Odds appear once a hand is shown: they use only what that side knows.")


def odds_function():
    """``battle_odds`` from the battle-odds module, or None where this version lacks it."""
    import importlib

    for name in ODDS_MODULES:
        try:
            fn = getattr(importlib.import_module(name), "battle_odds", None)
        except ImportError:
            continue
        if callable(fn):
            return fn
    return None


def odds_view(s: State, area: int, viewer: str | None, *, open_hands: bool = False, seed: int = 0,
              samples: int = 400, policies: tuple[str, str] = ("greedy", "greedy")) -> dict:
    """The outcome distribution from ``s`` as ``viewer`` may know it, for the odds panel.

    Uses ``battle_odds`` of the battle-odds module when it exists: exact when that is quick, else a
    seeded Monte Carlo of ``samples`` battles. A side's odds treat the other hand as unknown (the
    module redraws it from the cards it could be), so they never depend on hidden cards; with no
    hand on screen (hot seat, before the gate) there are no odds to show."""
    if not in_battle(s, area):
        return {"available": False, "note": say(ODDS_OVER)}
    if s.is_chance:
        return {"available": False, "note": say(DEALT)}
    fn = odds_function()
    if fn is None:
        return {"available": False, "note": say(ODDS_MISSING)}
    if not open_hands and viewer is None:
        return {"available": False, "note": say(ODDS_HIDDEN)}
    rng = random.Random(f"combat-odds:{seed}:{s.ply}")
    try:
        res = fn(s, policy_attacker=policies[0], policy_defender=policies[1], exact=None, samples=samples, rng=rng,
                 engine="model", view=None if open_hands else viewer)
        out = odds_json(res)
    except Exception as e:  # the panel is optional: it must never break the widget
        return {"available": False, "note": f"Odds unavailable: {type(e).__name__}: {e}"}
    out["known"] = say(ONLY_HAND, side=viewer) if viewer is not None and not open_hands else say(BOTH_HANDS)
    return out


def _p(x) -> float | None:
    p = getattr(x, "p", x)
    return float(p) if isinstance(p, (int, float)) else None


def _said(res: Any, words: str, english: str) -> str:
    """What a battle-odds result says of itself in the current language (its ``words`` method), or its English
    (``english``) for a result that has no words of its own; "" when it says neither."""
    said = getattr(res, words, None) or getattr(res, english, None)
    return said() if callable(said) else ""


def odds_json(res) -> dict:
    """Plain JSON for the odds panel from a battle-odds result: how the battle ends, each side's
    losses, the expected prestige changes, the policies and the method."""
    out: dict[str, Any] = {
        "available": True, "exact": bool(getattr(res, "exact", False)), "samples": getattr(res, "samples", None),
        "policies": _said(res, "policy_words", "policy_text"), "method": _said(res, "method_words", "method"),
        "note": getattr(res, "note", "") or "", "text": str(res), "groups": [], "figures": []}
    ended = getattr(res, "ended_by", None)
    if isinstance(ended, dict) and ended:
        rows = []
        for (end, side), p in ended.items():
            if end not in END_LABELS:
                label = end[:1].upper() + end[1:]
            elif side in NAMES or "{side}" not in END_LABELS[end]:
                label = say(END_LABELS[end], side=side)
            else:
                label = say(END_LABELS_ANY[end])
            rows.append({"label": label, "p": float(p)})
        out["groups"].append({"title": say(HOW_IT_ENDS), "rows": rows})
    marg = getattr(res, "marginals", None)
    marg = marg() if callable(marg) else marg
    if isinstance(marg, dict):
        ends, losses = [], []
        for label, e in marg.items():
            p = _p(e)
            if p is None:
                continue
            if label.startswith("ends:") and not ended:
                ends.append({"label": label[5:].strip(), "p": p})
            elif " loses >= " in label:
                side, _, k = label.partition(" loses >= ")
                losses.append({"label": say(LOSES_AT_LEAST, side=side, n=int(k) if k.isdigit() else k), "p": p})
            elif label.startswith("expected prestige change: "):
                side = label.rpartition(": ")[2]
                out["figures"].append({"label": say(EXPECTED, side=side), "value": p})
        if ends:
            out["groups"].append({"title": say(HOW_IT_ENDS), "rows": ends})
        if losses:
            out["groups"].append({"title": say(UNITS_LOST), "rows": losses})
    if out["groups"]:
        del out["text"]  # the table says it; the text is the fallback for results without one
    return out
