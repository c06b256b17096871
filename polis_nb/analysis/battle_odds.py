"""Battle odds: the distribution of how a battle ends, exactly or by Monte Carlo.

    >>> from polis_nb.analysis.odds import battle_odds_setup
    >>> r = battle_odds_setup("land", units=(4, 4), samples=400, engine="model")
    >>> r.exact, r.samples, r.policy
    (False, 400, {'athens': 'random', 'sparta': 'random'})

An outcome is (units Athens lost, units Sparta lost, prestige change Athens, prestige change Sparta,
how it ended): "defender-broken" (the defender kept fewer than 2 units), "deck-exhausted" (too few
cards for both redraws, or an attacker without two cards), "retreat" (a side paid 1 prestige to
leave), "salpinx-loss" (an attacker could not pay for the Salpinx and lost the game) or, with an
``exchanges`` horizon, "continues". Rules: Ed1 · Schlachten [battle.*].

Exact results enumerate card types with memoisation (:mod:`.battle_exact`); they are exact up to
floating-point rounding. Monte Carlo either plays the kernel itself (``engine="kernel"``, the
default: ``pn.apply_unchecked`` with the policies' choices and ``pn.sample_chance``) or the compact
model (``engine="model"``, about 30 times faster), which makes the same choices and draws from the
same random numbers, so both engines give identical samples for the same seed.
"""
from __future__ import annotations

import dataclasses
import math
import random
import time
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..rules import (BATTLE_STAGES, Action, Battle, State, apply, apply_unchecked, topology_of, components_named, edit,
                     legal_actions, new_game, poss, sample_chance, settle, start_battle)
from .battle_exact import BudgetExceeded, Exact
from .battle_model import (ATHENS, BROKEN, CONTINUES, EXHAUSTED, POLICIES, RETREAT, SALPINX, SPARTA, BattlePosition,
                           Cards, Policy, attack_choice, draw_card, leaf, make_policy, multisets, played_pair, shift, simulate,
                           vadd, vsub)
from .battle_result import SIDES, Z95, BattleOdds, BattleOutcome, Estimate, _side, wilson

__all__ = ["BattleOdds", "BattleOutcome", "Estimate", "battle_odds", "battle_odds_setup", "setup_state", "wilson"]


DEFAULT_SAMPLES = {"kernel": 2_000, "model": 10_000}
DEFAULT_BUDGET = 500_000  # exact=True
TRY_BUDGET = 100_000  # exact=None: try this many nodes (well under a second) before sampling instead
MAX_PRECISION_SAMPLES = 1_000_000


# --- from a kernel state ---------------------------------------------------------------------------

def _node(s: State) -> BattlePosition:
    bt = _check_state(s)
    u = s.units[bt.area]
    return BattlePosition(bt.attacker, bt.hands, bt.deck, u, s.prestige, BATTLE_STAGES[s.pending.kind], draws=bt.draws,
                after=bt.after, asked=bt.asked, played=bt.played, last_losses=bt.last_losses,
                exchanges=bt.exchanges)


def _check_state(s: State) -> Battle:
    """The battle of ``s``, or a clear error where there is none to analyse."""
    if not isinstance(s, State):
        raise TypeError(f"battle_odds needs a State, got {type(s).__name__}")
    if s.is_terminal:
        raise ValueError("the game is over; there is no battle to analyse")
    if s.battle is None:
        more = (" (several battles wait: choose one with 'battle <area>' first)"
                if s.pending.kind == "battle-order" else "")
        raise ValueError("no battle in progress in this position" + more +
                         "; use battle_odds_setup(...) to analyse a battle from its units")
    if s.pending.kind not in BATTLE_STAGES:
        raise ValueError(f"unexpected decision {s.pending.kind!r} during a battle")
    return s.battle


def _policies(cards: Cards, attacker: int, pa: str, pd: str) -> tuple[Policy, Policy]:
    """(Athens' policy, Sparta's) from the attacker's and the defender's names."""
    for p in (pa, pd):
        if p not in POLICIES:
            raise ValueError(f"unknown policy {p!r}; known: {', '.join(POLICIES)}")
    att, dfn = make_policy(pa, cards), make_policy(pd, cards)
    return (att, dfn) if attacker == ATHENS else (dfn, att)


def _redeal(node: BattlePosition, hidden: int, rng: random.Random) -> BattlePosition:
    """Replace ``hidden``'s hand by a hand of the same size drawn from the cards it could be."""
    nd = node.copy()
    pool = list(a + b for a, b in zip(nd.deck, nd.hands[hidden]))
    hand = [0] * len(pool)
    for _ in range(sum(nd.hands[hidden])):
        i = draw_card(tuple(pool), rng)
        pool[i] -= 1
        hand[i] += 1
    nd.hands[hidden] = tuple(hand)
    nd.deck = tuple(pool)
    return nd


def _kernel_run(s: State, cards: Cards, pols: tuple[Policy, Policy], rng: random.Random,
                horizon: int | None) -> int:
    """Play one battle with the kernel; return the outcome code."""
    area = _check_state(s).area
    u0, p0 = s.units[area], s.prestige
    names = cards.names
    done = 0
    end: int | None = None
    side = -1
    while True:
        kind = s.pending.kind
        bt = s.battle
        assert bt is not None, "the loop returns as soon as the battle ends"
        if kind == "draw-card":
            a = sample_chance(s, rng)
        elif kind == "battle-retreat":
            p = s.pending.player
            u = s.units[area]
            a = Action("retreat") if pols[p].retreats(u[p], u[1 - p]) else Action("fight")
        elif kind == "battle-attack":
            att = bt.attacker
            pol = pols[att]
            if pol.uniform:
                a = rng.choice(legal_actions(s))
            else:
                opts = cards.attack_options(bt.hands[att], s.prestige[att] < 1)
                i, j = attack_choice(pol, opts, bt.hands[1 - att], bt.deck, s.units[area][1 - att], rng)
                a = Action("play", (names[i], names[j]))
        elif kind == "battle-defend":
            dfn = 1 - bt.attacker
            pol = pols[dfn]
            if pol.uniform:
                a = rng.choice(legal_actions(s))
            else:
                x, y = pol.best_answer(played_pair(bt.played), bt.hands[dfn])[1]
                a = Action("answer", (names[x], names[y]))
        else:  # pragma: no cover - guarded by _check_state
            raise RuntimeError(f"unexpected decision {kind!r} in a battle")
        n = apply_unchecked(s, a)
        if n.is_terminal:
            end, side = SALPINX, bt.attacker
        elif n.battle is None:
            if a.kind == "retreat":
                end, side = RETREAT, s.pending.player
            elif kind == "battle-defend":
                dfn = 1 - bt.attacker
                end, side = (BROKEN, dfn) if n.units[area][dfn] < 2 else (EXHAUSTED, -1)
            else:
                end, side = EXHAUSTED, -1
        elif kind == "battle-defend":
            done += 1
            if horizon is not None and done >= horizon:
                end, side = CONTINUES, -1
        s = n
        if end is not None:
            u1 = s.units[area]
            loss = (u0[0] - u1[0], u0[1] - u1[1])
            dp = (s.prestige[0] - p0[0], s.prestige[1] - p0[1])
            return leaf(end, side) + shift(loss, dp)


def _progress(it: Iterable[int], total: int, seconds: float, progress: bool | None, desc: str) -> Iterable[int]:
    if progress is False or (progress is None and seconds < 1.0):
        return it
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return it
    return tqdm(it, total=total, desc=desc, leave=False)


_RATE = {("kernel", True): 250.0, ("kernel", False): 120.0, ("model", True): 9000.0, ("model", False): 700.0}


def battle_odds(state: State, *, policy_attacker: str = "random", policy_defender: str = "random",
                exact: bool | None = None, samples: int | None = None, rng: random.Random | None = None,
                engine: str = "kernel", view: str | None = None, exchanges: int | None = None,
                precision: float | None = None, node_budget: int | None = None,
                progress: bool | None = None) -> BattleOdds:
    """Odds of the battle in progress in ``state`` (at any battle decision, card draws included).

    ``policy_attacker`` plays the side that makes the next attack (``state.battle.attacker``; at a
    fresh battle the first attacker: Sparta on land, Athens at sea), ``policy_defender`` the other:
    "random" (uniform over the legal choices, never retreats), "greedy" (attacker: best expected
    immediate prestige + losses inflicted against a greedy answer, over the defender hands it cannot
    see; defender: fewest losses, then least prestige given) or "retreat-when-behind" (greedy, and
    retreats at a window while it has fewer units than the opponent).

    ``exact``: True enumerates (ValueError if more than ``node_budget`` nodes would be needed),
    False samples, None enumerates when that is quick and samples otherwise. ``samples`` (default
    2,000 kernel / 10,000 model) or ``precision`` (run until every main probability's 95% half-width
    is at most this; ``samples`` then caps the run) size the Monte Carlo run, seeded by ``rng``
    (default ``random.Random(0)``). ``view="athens"`` (or "sparta") treats the other side's hand as
    unknown: it is redrawn from the cards that side could hold. ``exchanges`` stops after that many
    exchanges (end "continues").
    """
    bt = _check_state(state)
    if engine not in ("kernel", "model"):
        raise ValueError(f"unknown engine {engine!r}; use 'kernel' or 'model'")
    if exchanges is not None and (not isinstance(exchanges, int) or exchanges < 1):
        raise ValueError("exchanges must be a positive int (or None for the whole battle)")
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise ValueError("samples must be a positive int")
    if precision is not None and not 0 < precision < 0.5:
        raise ValueError("precision must be a half-width between 0 and 0.5, e.g. 0.01")
    s = state.evolve(battles=())  # analyse this battle only, not the ones queued after it
    cards = Cards(s.components, bt.kind)
    attacker = bt.attacker
    pols = _policies(cards, attacker, policy_attacker, policy_defender)
    hidden = None
    if view is not None:
        hidden = 1 - SIDES.index(_side(view))
    b = topology_of(s)
    info: dict[str, Any] = {"kind": bt.kind, "area": b.name(bt.area), "units": s.units[bt.area],
                            "prestige": s.prestige, "horizon": exchanges, "view": None if view is None else _side(view)}
    policy = {side: policy_attacker if i == attacker else policy_defender for i, side in enumerate(SIDES)}
    node = _node(s)
    note = ""
    if exact and node_budget is None and _hopeless(node, exchanges, hidden):
        raise ValueError(
            f"exact odds of a whole battle with {_unknown(node, hidden)} cards still to be dealt or hidden, from "
            f"{sum(node.deck)} in the deck, are far beyond the default budget of {DEFAULT_BUDGET:,} search nodes (even 2 v 2 from a fresh deal needs "
            "millions); use exact=False for Monte Carlo, an exchanges=1 horizon, known hands, or a node_budget")
    if exact is None or exact:
        budget = node_budget if node_budget is not None else (DEFAULT_BUDGET if exact else TRY_BUDGET)
        if exact or _worth_trying(node, exchanges, hidden, pols):
            t0 = time.perf_counter()
            solver = Exact(cards, pols, exchanges, budget)
            try:
                codes = _exact(solver, node, hidden)
            except BudgetExceeded:
                if exact:
                    raise ValueError(
                        f"exact odds need more than {budget:,} search nodes for this position "
                        f"({sum(node.deck)} cards in the deck, units {tuple(node.units)}); pass a larger "
                        "node_budget, an exchanges horizon, or exact=False for Monte Carlo") from None
                note = f"exact search stopped at {budget:,} nodes; Monte Carlo instead"
            else:
                info.update(nodes=solver.nodes, seconds=time.perf_counter() - t0)
                return BattleOdds(codes, counts=None, exact=True, policy=policy, attacker=attacker, engine="exact",
                                  info=info)
    rng = rng if rng is not None else random.Random(0)
    t0 = time.perf_counter()
    counts = _monte_carlo(s, node, cards, pols, rng, engine, hidden, exchanges, samples, precision, progress,
                          policy, attacker, info)
    n = sum(counts.values())
    info.update(seconds=time.perf_counter() - t0, note=note)
    return BattleOdds({c: k / n for c, k in counts.items()}, counts=counts, exact=False, policy=policy,
                      attacker=attacker, engine=engine, info=info)


def _unknown(node: BattlePosition, hidden: int | None) -> int:
    return len(node.draws) + (sum(node.hands[hidden]) if hidden is not None else 0)


def _hopeless(node: BattlePosition, horizon: int | None, hidden: int | None) -> bool:
    """Beyond the default budget for sure: several exchanges after an unknown deal from a big deck."""
    return (horizon is None or horizon >= 2) and _unknown(node, hidden) >= 4 and sum(node.deck) >= 16


def _worth_trying(node: BattlePosition, horizon: int | None, hidden: int | None, pols: tuple[Policy, Policy]) -> bool:
    """A cheap guess whether exact enumeration may finish within the try budget (see bench/odds.py)."""
    unknown = _unknown(node, hidden)
    if horizon is not None and horizon <= 1:
        return unknown <= 5
    deterministic = not any(p.uniform for p in pols)
    return unknown <= 2 and sum(node.deck) <= (10 if deterministic else 6)


def _exact(solver: Exact, node: BattlePosition, hidden: int | None) -> dict[int, float]:
    if hidden is None:
        return solver.solve(node)
    pool = vadd(node.deck, node.hands[hidden])
    acc: dict[int, float] = {}
    for hand, q in multisets(pool, sum(node.hands[hidden])):
        nd = node.copy()
        nd.hands[hidden] = hand
        nd.deck = vsub(pool, hand)
        for c, p in solver.solve(nd).items():
            acc[c] = acc.get(c, 0.0) + q * p
    return acc


def _monte_carlo(s: State, node: BattlePosition, cards: Cards, pols: tuple[Policy, Policy], rng: random.Random, engine: str,
                 hidden: int | None, horizon: int | None, samples: int | None, precision: float | None,
                 progress: bool | None, policy: dict[str, str], attacker: int, info: dict[str, Any]) -> Counter[int]:
    counts: Counter[int] = Counter()
    uniform = all(p.uniform for p in pols)
    rate = _RATE[engine, uniform]
    bt = _check_state(s)

    def one() -> int:
        if engine == "model":
            nd = _redeal(node, hidden, rng) if hidden is not None else node
            return simulate(cards, nd, pols, rng, horizon)
        st = s
        if hidden is not None:
            nd = _redeal(node, hidden, rng)
            hands = (nd.hands[0], bt.hands[1]) if hidden == 0 else (bt.hands[0], nd.hands[1])
            st = st.evolve(battle=dataclasses.replace(bt, hands=hands, deck=nd.deck))
        return _kernel_run(st, cards, pols, rng, horizon)

    if precision is None:
        n = samples if samples is not None else DEFAULT_SAMPLES[engine]
        for _ in _progress(range(n), n, n / rate, progress, "battle odds"):
            counts[one()] += 1
        return counts
    cap = samples if samples is not None else MAX_PRECISION_SAMPLES
    # enough samples for p = 1/2 at this half-width, checked in batches
    need = min(cap, int(math.ceil(Z95 * Z95 * 0.25 / precision ** 2)))
    bar = _progress(range(need), need, need / rate, progress, "battle odds")
    it = iter(bar)
    done = 0
    batch = max(200, need // 20)
    while done < cap:
        for _ in range(min(batch, cap - done)):
            next(it, None)
            counts[one()] += 1
            done += 1
        probe = BattleOdds({c: k / done for c, k in counts.items()}, counts=counts, exact=False, policy=policy,
                           attacker=attacker, engine=engine, info=info)
        if probe.half_width() <= precision:
            break
    if hasattr(bar, "close"):
        bar.close()
    return counts


# --- from units and hands -----------------------------------------------------------------------------

CardsSpec = str | Mapping[str, int] | Iterable[str]  # a text of names, {name: count} or a list of names


def _cards_vector(cards: Cards, spec: CardsSpec, what: str) -> tuple[int, ...]:
    """Counts per card type from a mapping {name: count}, a list of names or a text of names."""
    v = [0] * cards.n
    if isinstance(spec, str):
        spec = spec.replace(",", " ").split()
    items = spec.items() if isinstance(spec, Mapping) else ((x, 1) for x in spec)
    for name, k in items:
        if name not in cards.index:
            raise ValueError(f"{what}: unknown {cards.kind} card {name!r}; known: {', '.join(cards.names)}")
        if not isinstance(k, int) or k < 0:
            raise ValueError(f"{what}: count of {name!r} must be a non-negative int")
        v[cards.index[name]] += k
    return tuple(v)


def setup_state(kind: str = "land", units: Sequence[int] = (4, 4), prestige: Sequence[int] = (5, 5),
                hands: Sequence[CardsSpec | None] | None = None, components: Any = "ed1-default", *,
                deck: CardsSpec | None = None, attacker: str | None = None, area: str | None = None) -> State:
    """A kernel position with a battle just dealt (or being dealt) from the given units and hands.

    ``hands`` is (Athens, Sparta), each None (dealt at random) or the cards as a list of names,
    a text ("phalanx:othismos archers:shoot") or a mapping {name: count}; a hand has one card per
    unit. ``deck`` lists the cards still in the draw pile (default: all others), to study a battle
    late in its course. ``attacker`` defaults to the first attacker of the kind (Sparta on land,
    Athens at sea).
    """
    if kind not in ("land", "sea"):
        raise ValueError(f"kind must be 'land' or 'sea', not {kind!r}")
    if isinstance(components, str):
        try:
            comp = components_named(components)
        except KeyError as err:
            raise ValueError(str(err).strip('"')) from None
    else:
        comp = components
    units = tuple(int(x) for x in units)
    prestige = tuple(int(x) for x in prestige)
    if len(units) != 2 or len(prestige) != 2 or min(units) < 0 or min(prestige) < 0:
        raise ValueError("units and prestige are (Athens, Sparta) pairs of non-negative ints")
    s = settle(new_game(comp.edition, components=comp))
    b = topology_of(s)
    if area is None:
        area_i = b.seas[0] if kind == "sea" else next(t for t in b.territories if t not in b.home)
    else:
        if area not in b.area_index or b.is_sea[b.area_index[area]] != (kind == "sea"):
            raise ValueError(f"area {area!r} is not a {'sea' if kind == 'sea' else 'territory'} of this board")
        area_i = b.area_index[area]
    att = (ATHENS if kind == "sea" else SPARTA) if attacker is None else SIDES.index(_side(attacker))
    last = comp.rounds[-1].label
    s = edit(s, round=last, to_move=SIDES[att], units={b.area_ids[area_i]: units},
             prestige={"athens": prestige[0], "sparta": prestige[1]})
    cards = Cards(s.components, kind)
    hands = hands if hands is not None else (None, None)
    if len(hands) != 2:
        raise ValueError("hands is a pair (Athens, Sparta); use None for a hand dealt at random")
    known = [None if h is None else _cards_vector(cards, h, f"hands[{SIDES[i]}]") for i, h in enumerate(hands)]
    for i, h in enumerate(known):
        if h is not None and sum(h) != units[i]:
            raise ValueError(f"{poss(SIDES[i])} hand has {sum(h)} cards but {units[i]} units; a side "
                             "holds one card per unit")
    used = [sum(x) for x in zip(*[h for h in known if h is not None])] if any(h is not None for h in known) \
        else [0] * cards.n
    if deck is None:
        pile = tuple(c - u for c, u in zip(cards.counts, used))
    else:
        pile = _cards_vector(cards, deck, "deck")
    over = [cards.names[i] for i in range(cards.n) if pile[i] + used[i] > cards.counts[i]]
    if over:
        raise ValueError("more cards than the deck holds: " + ", ".join(
            f"{cards.names[i]} ({pile[i] + used[i]} of {cards.counts[i]})" for i in range(cards.n)
            if pile[i] + used[i] > cards.counts[i]))
    unknown = sum(units[i] for i in (0, 1) if known[i] is None)
    if sum(pile) < unknown:
        raise ValueError(f"the deck holds {sum(pile)} cards, too few to deal {unknown}")
    order = [att, 1 - att]
    draws = tuple(p for p in order if known[p] is not None for _ in range(units[p]))
    draws += tuple(p for p in order if known[p] is None for _ in range(units[p]))
    s = start_battle(s, area_i, [])
    full_deck = tuple(p + u for p, u in zip(pile, used))
    assert s.battle is not None, "start_battle opens the battle"
    s = s.evolve(battle=dataclasses.replace(s.battle, attacker=att, deck=full_deck, draws=draws))
    for p in order:
        hand = known[p]
        if hand is not None:
            for i, k in enumerate(hand):
                for _ in range(k):
                    s = apply(s, Action("card", (cards.names[i],)))
    return s.evolve(log=())


def battle_odds_setup(kind: str = "land", units: tuple[int, int] = (4, 4), prestige: tuple[int, int] = (5, 5),
                      hands: Sequence[CardsSpec | None] | None = None, components: Any = "ed1-default", *,
                      deck: CardsSpec | None = None, attacker: str | None = None, **kwargs: Any) -> BattleOdds:
    """Odds of a battle built from units, prestige and (optionally) hands; see :func:`setup_state`
    for the position and :func:`battle_odds` for the keyword arguments (policies, exact, samples,
    rng, engine, view, exchanges, precision)."""
    s = setup_state(kind, units, prestige, hands, components, deck=deck, attacker=attacker)
    if s.battle is None:
        raise ValueError("the battle ended before its first exchange (a side holds fewer than two cards)")
    return battle_odds(s, **kwargs)
