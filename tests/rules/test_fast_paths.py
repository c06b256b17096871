"""The fast paths of the kernel agree with the plain rules they stand for, choice by choice.

The kernel lists options through fast predicates and explains refusals through slower checks that
build the explanation; here both must give the same verdict on positions from seeded games of both
editions. ``is_legal`` agrees with the list. The searches kept in the memo (routes of units, trade
ships and the proxenos) give what the Board's single searches give; each action's quick
availability test agrees with the rule it shortcuts; a listing kept in a State, the shared copies
of states and the integer chance weights change nothing anyone can see.
"""
import dataclasses
import random
from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.rules import develop, military, politics, routes
from polis_nb.rules.topology import topology_of
from polis_nb.rules.engine import is_legal
from polis_nb.rules.military import siege_refusal, tribute_refusal
from polis_nb.rules.politics import proxenos_refusal, trade_refusal
from polis_nb.rules.decisions import ACTIONS, DECISIONS as HANDLERS
from polis_nb.rules.state import Pending


def _states(edition, n_games=12):
    for seed in range(n_games):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        pol = sensible_policy if seed % 2 else random_policy
        while not s.is_terminal:
            if s.pending.kind == "turn":
                yield s
            a = pn.sample_chance(s, rng) if s.is_chance else pol(s, rng)
            s = pn.apply(s, a)


def _as(s, kind):
    return s.evolve(pending=Pending(kind, s.pending.player))


def _agree(s, kind, action, refusal) -> None:
    """``action`` is listed exactly when the explaining check finds no refusal, and is_legal agrees."""
    at = _as(s, kind)
    listed = action in set(pn.legal_actions(at))
    assert listed == (refusal is None), (action, refusal)
    assert is_legal(at, action) == listed, action


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
@pytest.mark.parametrize("check", ["trade", "proxenos", "siege", "tribute"])
def test_fast_paths_agree_with_refusals(check, edition):
    seen = 0
    for s in list(_states(edition))[::3]:
        p = s.pending.player
        b = topology_of(s)
        if check == "trade":
            for o in b.offers:
                _agree(s, "trade-offer", pn.Action("offer", (o.id, "buy")), trade_refusal(s, p, o.id, "buy"))
                for g in o.demand:
                    args = (o.id, "exchange") if len(o.demand) == 1 else (o.id, "exchange", g)
                    _agree(s, "trade-offer", pn.Action("offer", args), trade_refusal(s, p, o.id, "exchange", g))
        elif check == "proxenos":
            for d, pid in enumerate(b.polis_ids):
                for mode in ("land", "sea"):
                    _agree(s, "proxenos-dest", pn.Action("polis", (pid, "by", mode)), proxenos_refusal(s, p, d, mode))
        elif check == "siege":
            legal = set(pn.legal_actions(_as(s, "siege-polis")))
            for i, pid in enumerate(b.polis_ids):
                assert (pn.Action("polis", (pid,)) in legal) == (siege_refusal(s, p, i) is None)
        else:
            legal = set(pn.legal_actions(_as(s, "tribute-area")))
            for t in b.territories:
                assert (pn.Action("area", (b.area_ids[t],)) in legal) == (tribute_refusal(s, p, t) is None)
        seen += 1
    assert seen > 50


# --- the memo's searches against the Board's single searches ------------------------------------


def _variants(s):
    """``s``, and ``s`` with the diolkos owned by the other side (the searches must tell them apart)."""
    b = topology_of(s)
    d = b.diolkos[0]
    return [s, s.evolve(owner=s.owner[:d] + (1 - max(s.owner[d], 0),) + s.owner[d + 1:])]


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_route_searches_agree_with_board(edition):
    seen = 0
    for s0 in list(_states(edition))[::9]:
        for s in _variants(s0):
            b = topology_of(s)
            for p in (0, 1):
                for src in range(len(b.area_ids)):
                    table = routes.unit_routes(s, p, src)
                    want = {d: r for d in range(len(b.area_ids)) if (r := b.route(s, p, src, d)) is not None}
                    assert table == want, (src, p)
                for m in b.comp.markets:
                    assert routes.trade_route(s, p, m.id) == b.trade_route(s, p, m.id), m.id
                src = s.proxenos[p]
                if src < 0:
                    continue
                theirs = s.proxenos[1 - p]
                for mode in ("land", "sea"):
                    bribes = routes.proxenos_bribes(s, p, src, mode)
                    for d in range(len(b.polis_ids)):
                        r = b.proxenos_route(s, p, src, d, mode)
                        assert routes.proxenos_route(s, p, src, d, mode) == r
                        assert bribes[d] == (None if r is None else r[0]), (d, mode)
                for silver in range(0, 8):
                    can = any(d not in (src, theirs) and (r := b.proxenos_route(s, p, src, d, mode)) is not None
                              and r[0] <= silver for d in range(len(b.polis_ids)) for mode in ("land", "sea"))
                    assert routes.proxenos_can_travel(s, p, src, silver, theirs) == can, silver
            seen += 1
    assert seen > 20


def test_memo_follows_the_units():
    """A search asked about a position with other units never gets the answer of the last one."""
    s = next(x for x in _states("ed1") if x.round >= 1)
    b = topology_of(s)
    for p in (0, 1):
        for src in b.territories:
            routes.unit_routes(s, p, src)
        for area in range(len(b.area_ids)):
            for q in (0, 1):
                moved = s.evolve(units=s.units[:area] + (tuple(n + 3 * (i == q) for i, n in enumerate(s.units[area])),)
                                 + s.units[area + 1:])
                for src in b.territories:
                    want = {d: r for d in range(len(b.area_ids)) if (r := b.route(moved, p, src, d)) is not None}
                    assert routes.unit_routes(moved, p, src) == want
                for m in b.comp.markets:
                    assert routes.trade_route(moved, p, m.id) == b.trade_route(moved, p, m.id)


# --- each action's quick availability test against the rule it shortcuts -------------------------

def _plain_available(s, p, kind):
    """What the availability of each action was before its fast test: the explaining checks."""
    b = topology_of(s)
    own = [i for i, o in enumerate(s.owner) if o == p]
    if kind == "train":
        return any(develop._train_ok(s, p, i) for i in own)
    if kind == "galleys":
        return any(develop._galley_ok(s, p, i) for i in own)
    if kind == "ships":
        return any(develop._ships_ok(s, p, i) for i in b.trade_cities[p])
    if kind == "project":
        return any(develop._project_poleis(s, p, t) and develop.payments(s, p, t) for t in s.display)
    if kind in ("hoplites", "fleet"):
        unit = "hoplite" if kind == "hoplites" else "galley"
        lim = b.limit(s)
        areas = b.territories if unit == "hoplite" else b.seas
        return any(s.units[d][p] < lim and any(o != d and s.units[o][p] > 0 and b.route(s, p, o, d) is not None
                                               for o in areas) for d in areas)
    if kind == "siege":
        return any(siege_refusal(s, p, i) is None for i in range(len(s.owner)))
    if kind == "tribute":
        return any(tribute_refusal(s, p, t) is None for t in b.territories)
    if kind == "trade":
        return any(trade_refusal(s, p, oid) is None for oid in b.offer_ids)
    if kind == "proxenos":
        return any(proxenos_refusal(s, p, d, m) is None for d in range(len(s.owner)) for m in ("land", "sea"))
    if kind == "ransom":
        return politics._ransom_why(s, p) is None
    if kind == "civilwar":
        return politics._civil_why(s, p) is None
    raise AssertionError(kind)


def _crowded(s):
    """``s`` with every stack at the round's stacking limit (moves and building meet the limit), and
    ``s`` with both sides at the limit everywhere (no unit can move, nothing can be built)."""
    lim = topology_of(s).limit(s)
    return (s.evolve(units=tuple(tuple(lim if n else 0 for n in u) for u in s.units)),
            s.evolve(units=tuple((lim, lim) for _ in s.units)))


def _short_of_cubes(s):
    """``s`` with a side's supply brought down to 0-3 cubes (galleys added in a sea): sieges and
    civil wars meet the limit of material."""
    b = topology_of(s)
    sea = b.seas[0]
    out = []
    for p in (0, 1):
        for left in range(4):
            extra = b.supply(s, p) - left
            if extra > 0:
                u = s.units[sea]
                out.append(s.evolve(units=s.units[:sea] + ((u[0] + extra * (p == 0), u[1] + extra * (p == 1)),)
                                    + s.units[sea + 1:]))
    return out


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_availability_agrees_with_the_rules(edition):
    checked = 0
    states = list(_states(edition))
    for s in states[::2] + [v for x in states[::7] for v in (*_crowded(x), *_variants(x)[1:], *_short_of_cubes(x))]:
        for p in (0, 1):
            for kind, spec in ACTIONS.items():
                assert spec.available(s, p) == _plain_available(s, p, kind), (kind, p, s.to_notation())
            for t in s.display:
                assert develop.affordable(s, p, t) == bool(develop.payments(s, p, t)), t
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_options_from_shared_searches_agree_with_plain_ones(edition):
    """Move destinations and origins, and the listing a handler keeps in the State it returns."""
    for s in list(_states(edition))[::3]:
        b = topology_of(s)
        p = s.pending.player
        for unit, areas in (("hoplite", b.territories), ("galley", b.seas)):
            at = s.evolve(pending=Pending("move-dest", p, (unit,)))
            want = [pn.Action("to", (b.area_ids[d],)) for d in areas if military._origins(s, p, unit, d)]
            assert list(pn.legal_actions(at)) == want
    for seed in range(6):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        while not s.is_terminal:
            kept = getattr(s, "_legal", None)
            if kept is not None:  # a handler listed them while making s: the plain listing agrees
                assert kept == tuple(HANDLERS[s.pending.kind].options(s.evolve()))
            a = pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng)
            s = pn.apply(s, a)


# --- the listing kept in a State, copies of states, chance weights ---------------------------------

def test_listing_is_kept_and_invisible():
    s = pn.settle(pn.new_game("ed1", seed=4))
    acts = pn.legal_actions(s)
    assert pn.legal_actions(s) is acts
    fresh = s.evolve()
    assert fresh == s and hash(fresh) == hash(s) and fresh.to_dict() == s.to_dict()
    assert pn.legal_actions(fresh) == acts
    assert pn.State.from_notation(s.to_notation()) == s
    with pytest.raises(pn.IllegalActionError):
        pn.apply(s, pn.Action("to", ("attika",)))
    assert all(is_legal(s, a) for a in acts) and not is_legal(s, pn.Action("pass", ("x",)))


def test_evolve_makes_states_like_replace():
    s = pn.settle(pn.new_game("ed2", seed=5))
    t = s.evolve(ply=s.ply + 4, round=1, passed=(0,))
    assert type(t) is pn.State and t == dataclasses.replace(s, ply=s.ply + 4, round=1, passed=(0,))
    assert s.ply != t.ply and s.evolve() == s and s.evolve() is not s
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.ply = 3
    with pytest.raises(TypeError):
        s.evolve(nonsense=1)


def _old_probability(s, a):
    from polis_nb.rules import battle, events

    k = s.pending.kind
    if k == "draw-card":
        return battle.draw_probability(s, a)
    if k == "market-die":
        return politics.market_die_probability(s, a)
    if k == "draw-event":
        return events.event_probability(s, a)
    return Fraction(1, len(HANDLERS[k].options(s)))


def _old_sample(s, rng):
    outs = [(a, _old_probability(s, a)) for a in pn.legal_actions(s)]
    x = rng.random() * float(sum(p for _, p in outs))
    acc = 0.0
    for a, p in outs:
        acc += float(p)
        if x < acc:
            return a
    return outs[-1][0]


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_chance_weights_agree_with_fractions(edition):
    kinds = set()
    for seed in range(30):
        if {"draw-card", "market-die", "draw-event", "draw-project"} <= kinds and seed >= 8:
            break
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        while not s.is_terminal:
            if s.is_chance:
                outs = pn.chance_outcomes(s)
                assert [p for _, p in outs] == [_old_probability(s, a) for a, _ in outs]
                assert sum(p for _, p in outs) == 1
                for k in range(3):
                    assert pn.sample_chance(s, random.Random(k)) == _old_sample(s, random.Random(k))
                kinds.add(s.pending.kind)
                a = pn.sample_chance(s, rng)
            else:
                a = random_policy(s, rng) if seed % 4 == 3 else sensible_policy(s, rng)
            s = pn.apply(s, a)
    assert {"draw-card", "market-die", "draw-event", "draw-project"} <= kinds


# --- the compiled kernel's copy of a State ------------------------------------------------------

def test_the_compiled_copy_copies_every_field():
    """``State._copy`` (how the compiled kernel copies a State; one line per field) names every field: each
    field of the copy is the very object the original holds (a field left out would be unset), over the
    positions of seeded games, with fields told apart by distinct values where the types allow; the listing
    kept in the original is not copied."""
    names = [f.name for f in dataclasses.fields(pn.State)]
    seen = 0
    for s in _states("ed2", n_games=2):
        pn.legal_actions(s)
        copy = s._copy()
        assert copy is not s and copy == s and getattr(copy, "_legal", None) is None
        for name in names:
            assert getattr(copy, name) is getattr(s, name), name
        seen += 1
    assert seen > 20
    numbered = pn.new_game("ed1", seed=11).evolve(ply=12, round=1, start_player=0)
    copy = numbered._copy()
    assert (copy.seed, copy.ply, copy.round, copy.start_player) == (11, 12, 1, 0)


def test_evolve_refuses_an_unknown_field_and_changes_nothing():
    s = pn.settle(pn.new_game(seed=3))
    before = s.to_dict()
    with pytest.raises(TypeError, match=r"unknown State field\(s\): \['plies'\]"):
        s.evolve(ply=3, plies=4)
    assert s.to_dict() == before
