"""The playout policy: random, weighted towards useful choices, and never suicidal where it can help it.

Polis ends early for a side that cannot feed its capital (``end.capital-unfed``), owes prestige it
lacks (``end.prestige-owed``) or keeps no prestige after Phoros (``end.ostracism``). A uniform-random
game almost always ends that way in its first rounds, and so did the first "sensible" bot: it paid
its last wheat to act alone, spent its last prestige on marches and fed its cubes with prestige it
needed. Playouts of such games say little about a position, so this policy keeps a *budget*:

* the **food gap** is the wheat the side lacks to feed its cubes at round end (hoplites and galleys
  eat nothing, so training also closes it);
* the **spare prestige** is what is left after paying that gap with prestige and keeping the one
  prestige that saves the side from ostracism (in the last round no Phoros follows, so none is
  kept);
* choices that would spend more than the spare prestige (military actions, tribute outside the home
  region, retreats, Phoros, the Treasury's sale) are not taken, a side short of wheat favours
  trade, tribute and training and does not pay with wheat, and at the feeding step a side that
  cannot pay safely releases poleis, smallest first, rather than feed itself into ostracism.

Beyond that the choice stays random (weighted by kind), so playouts still cover the game's variety.
Everything random comes from the injected ``random.Random``.
"""
from __future__ import annotations

import random

from ..rules import Action, State, legal_actions
from ..rules.board import board
from ..rules.common import is_last_round
from ..rules.military import tribute_refusal

# weights of the turn's actions (a side not short of food); "pass" is weighed separately
WEIGHT = {"trade": 4.0, "tribute": 4.0, "hoplites": 2.5, "siege": 5.0, "train": 2.5, "fleet": 1.5, "civilwar": 3.0,
          "project": 4.0, "galleys": 1.0, "ships": 1.5, "proxenos": 0.4, "ransom": 2.0}
FOOD = {"trade": 4.0, "tribute": 4.0, "train": 2.0}  # extra factor while short of wheat
FREE_TRADE = "free-trade"  # the event card that may charge a prestige at the end of every turn
MILITARY = frozenset({"hoplites", "fleet", "siege"})  # cost one prestige when chosen


def need(s: State, p: int) -> int:
    """Wheat ``p`` must pay at round end: one per cube in its poleis."""
    return sum(n for o, n in zip(s.owner, s.pop) if o == p)


def _wheat(s: State, p: int) -> int:
    return s.goods[p][-1]  # wheat is the last good of both editions


def food_gap(s: State, p: int) -> int:
    """The wheat ``p`` lacks to feed its cubes at this round's end."""
    return max(0, need(s, p) - _wheat(s, p))


def spare_prestige(s: State, p: int) -> int:
    """Prestige ``p`` may spend and still feed its cubes and survive Phoros (may be negative)."""
    keep = 0 if is_last_round(s) else 1
    return s.prestige[p] - food_gap(s, p) - keep


def sensible_policy(s: State, rng: random.Random) -> Action:
    """A playout move: weighted random within the budget described in the module docstring."""
    acts = legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    fn = _BY_KIND.get(s.pending.kind)
    return fn(s, acts, rng) if fn is not None else rng.choice(acts)


# --- the turn ---------------------------------------------------------------------------------

def _turn(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    gap = food_gap(s, p)
    spare = spare_prestige(s, p)
    alone = bool(s.passed) and s.passed[0] != p
    goods = s.goods[p]
    wheat_i = len(goods) - 1
    b = board(s)
    weights = []
    for a in acts:
        k = a.kind
        w = WEIGHT.get(k, 1.0)
        if k == "pass" or (k in MILITARY and spare < 1) or (k == "tribute" and spare < 1 and not _home_tribute(s, p)):
            w = 0.0
        elif gap:
            w *= FOOD.get(k, 0.3)
        if w and a.args:  # acting alone: the good paid first
            g = b.good_index[a.args[0][1:]]
            if g == wheat_i and goods[g] <= need(s, p):
                w = 0.0
            else:
                w *= goods[g] / 8  # pay with what is plentiful
        weights.append(w)
    total = sum(weights)
    i_pass = len(acts) - 1  # "pass" is always the last choice of the turn
    if total == 0 or (s.event == FREE_TRADE and s.prestige[p] <= 1):
        return acts[i_pass]  # (under Free Trade every further turn may cost a prestige)
    food = sum(w for a, w in zip(acts, weights) if a.kind in FOOD)
    if gap and food:  # short of wheat with a way to get it: no passing
        weights[i_pass] = 0.0
    elif alone:  # every further action costs a good: go on only now and then
        if rng.random() < 0.5:
            return acts[i_pass]
        weights[i_pass] = total * 0.3
    else:
        weights[i_pass] = total * (0.01 if not s.turn_actions else 0.12)
    return rng.choices(acts, weights)[0]


def _home_tribute(s: State, p: int) -> bool:
    """Whether ``p`` may demand tribute in its home region (free of prestige) now."""
    return tribute_refusal(s, p, board(s).home[p]) is None


# --- round end --------------------------------------------------------------------------------

def _feed(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    b = board(s)
    keep = 0 if is_last_round(s) else 1
    short = need(s, p) - _wheat(s, p)
    feed = [a for a in acts if a.kind == "feed"]
    if feed and s.prestige[p] - short >= keep:
        return feed[0]
    releases = sorted((a for a in acts if a.kind == "release"), key=lambda a: s.pop[b.polis_index[a.args[0]]])
    if not releases:
        return acts[0]
    for a in releases:  # the smallest polis whose release lets the rest be fed safely
        if s.prestige[p] - (short - s.pop[b.polis_index[a.args[0]]]) >= keep:
            return a
    return releases[-1]


def _grow(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    grow = [a for a in acts if a.kind == "grow"]
    if not grow:
        return acts[-1]
    if is_last_round(s) or (_wheat(s, p) >= 2 and rng.random() < 0.8):
        return rng.choice(grow)
    return acts[-1]


def _phoros(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    spare = s.prestige[p] - 3  # keep a cushion against next round's costs
    if spare < 1 or rng.random() < 0.7:
        return acts[0]  # "phoros 0"
    ok = [a for a in acts if 0 < int(a.args[0]) <= spare]
    return rng.choice(ok) if ok else acts[0]


def _sell(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    """The Treasury's sale of prestige for silver: only what is spare."""
    p = s.pending.player
    spare = spare_prestige(s, p) - 1
    ok = [a for a in acts if int(a.args[0]) <= max(0, spare)]
    return acts[0] if rng.random() < 0.6 or not ok else rng.choice(ok)


# --- inside actions ---------------------------------------------------------------------------

def _tribute_area(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    b = board(s)
    home = [a for a in acts if b.area_index[a.args[0]] == b.home[p]]
    if home:
        return home[0]
    return rng.choice(acts)


def _rows(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    """The tribute rows worth most (wheat and silver, which buys wheat, count triple while short of
    wheat; otherwise silver counts one and a half)."""
    p = s.pending.player
    b = board(s)
    table = {r.good: r.amounts for r in b.comp.tribute.get(b.area_ids[s.pending.data[0]], ())}
    gap = food_gap(s, p)
    best, best_v = acts[0], -1.0
    for a in acts:
        v = rng.random() * 0.5
        for part in a.args[0].split(","):
            g, k = part.split(":")
            amounts = table.get(g)
            n = amounts[int(k) - 1] if amounts and int(k) <= len(amounts) else int(k)
            v += n * (3.0 if g in ("wheat", "silver") and gap else 1.5 if g in ("silver", "pacifists") else 1.0)
        if v > best_v:
            best, best_v = a, v
    return best


def _offer(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    if food_gap(s, p):
        b = board(s)
        wheat = [a for a in acts if a.args[1] == "buy" or b.offers[b.offer_index[a.args[0]]].receive == "wheat"]
        if wheat:
            return rng.choice(wheat)
    return rng.choice(acts)


def _more(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    """Paying for one more unit (or moving one more): usually yes; training always while short of
    wheat (hoplites eat nothing)."""
    more = [a for a in acts if a.kind != "end"]
    if more and (rng.random() < 0.8 or (s.pending.kind == "train-pay" and food_gap(s, s.pending.player))):
        return rng.choice(more)
    return acts[-1]


def _move_dest(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    if rng.random() < 0.7:
        p = s.pending.player
        b = board(s)
        contested = [a for a in acts if s.units[b.area_index[a.args[0]]][1 - p] >= 3]
        if contested:
            return rng.choice(contested)
    return rng.choice(acts)


def _retreat(s: State, acts: tuple[Action, ...], rng: random.Random) -> Action:
    p = s.pending.player
    if spare_prestige(s, p) < 2:
        return acts[0]  # "fight": a retreat costs a prestige
    return acts[0] if rng.random() < 0.85 else acts[-1]


_BY_KIND = {"turn": _turn, "feed": _feed, "grow": _grow, "phoros": _phoros, "event-sell": _sell,
            "tribute-area": _tribute_area, "tribute-rows": _rows, "trade-offer": _offer,
            "train-pay": _more, "galley-pay": _more, "ships-pay": _more, "move-from": _more,
            "move-dest": _move_dest, "battle-retreat": _retreat}
