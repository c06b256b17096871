"""Development actions: train hoplites, build galleys, build trade ships, start a project."""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from ..i18n import Either, Phrase, message
from .actions import Action, Explanation, only_end, shared
from .topology import Topology, topology_of
from .common import Log, add_good, explained, have, say, side_id
from .decisions import ActionSpec, Opens, action, decision, own_polis, shape, with_listing
from .flow import after_action
from .memo import answers
from .modifiers import hire_cost
from .state import PLAYERS, Pending, State, tadd, tset


def _own_poleis(s: State, p: int) -> list[int]:
    return [i for i, o in enumerate(s.owner) if o == p]


def _build_unit(s: State, p: int, good: str, polis: int, area: int, pending: Pending) -> State:
    """p pays one ``good`` and a cube of the polis becomes its unit in ``area``; the decision goes on
    to ``pending`` (one copy of the State for all of it)."""
    u = s.units[area]
    return s.evolve(goods=tset(s.goods, p, tadd(s.goods[p], topology_of(s).good_index[good], -1)),
                    pop=tadd(s.pop, polis, -1), units=tset(s.units, area, tset(u, p, u[p] + 1)), pending=pending)


def _hire_cost(s: State, p: int) -> int:
    """Silver for one hired unit (cube from the supply, not the polis) if the round's event allows
    hiring (Mercenaries) and p can pay and has a cube; else 0."""
    if s.event is None:
        return 0
    n = hire_cost(s, p)
    return n if n and have(s, p, "silver") >= n and topology_of(s).supply(s, p) >= 1 else 0


HIRES = {"hoplite": message("develop.hires-hoplite", "{side} hires a mercenary hoplite in {polis} for {n} silver; it stands "
                              "in {area}"),
         "galley": message("develop.hires-galley", "{side} hires a mercenary galley in {polis} for {n} silver; it sails "
                             "into {area}")}
HIRE_ONLY_BY_EVENT = message("develop.hire-only-by-event", "A {unit} can be hired for silver only while the round's event "
                             "allows it (Mercenaries).")
CANNOT_HIRE = message("develop.cannot-hire", "{side} cannot hire a {unit}: it needs {n} silver and a cube in its supply.")
WRITE = message("develop.write", "Write {choices}.")


def _hire(s: State, p: int, polis: int, area: int, log: Log, unit: str) -> State:
    """p hires a unit for silver; its cube comes from the supply and the polis keeps its population."""
    b = topology_of(s)
    n = _hire_cost(s, p)
    u = s.units[area]
    s = add_good(s, p, "silver", -n).evolve(units=tset(s.units, area, tset(u, p, u[p] + 1)))
    say(log, HIRES[unit], "event.mercenaries", player=p, side=side_id(p), polis=b.polis_ids[polis], n=n,
        area=b.area_ids[area])
    return s


def _hire_why(s: State, a: Action, unit: str, options) -> Explanation:
    """Why a 'hire' step is refused: no event allows it, no silver or cube, or a wrong sea."""
    p = s.pending.player
    if s.event is None or not hire_cost(s, p):
        return explained(s, False, HIRE_ONLY_BY_EVENT, "event.mercenaries", unit=unit)
    if not _hire_cost(s, p):
        return explained(s, False, CANNOT_HIRE, "event.mercenaries", "game.limited-material", side=side_id(p),
                         unit=unit, n=hire_cost(s, p))
    hires = [str(x) for x in options(s) if x.kind == "hire"]
    return explained(s, False, WRITE, "event.mercenaries", "train.cost" if unit == "hoplite" else "galley.cost",
                     choices=Either(hires))


# --- a. train hoplites ------------------------------------------------------------------------

def _train_goods(s: State) -> tuple[str, str]:
    """What a hoplite may be paid with: the edition's metal good (metal or iron) or silver."""
    return (topology_of(s).comp.train_good, "silver")


def _train_ok(s: State, p: int, i: int) -> bool:
    b = topology_of(s)
    area = b.polis_area[i]
    return (area >= 0 and s.units[area][p] < b.limit(s)
            and ((s.pop[i] >= 2 and (have(s, p, topology_of(s).comp.train_good) > 0 or have(s, p, "silver") > 0))
                 or _hire_cost(s, p) > 0))


def train_polis_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("polis", (b.polis_ids[i],)) for i in _own_poleis(s, p) if _train_ok(s, p, i)]


WILL_TRAIN = message("develop.will-train", "{side} will train hoplites in {polis}")
NAME_ONE_POLIS = message("develop.name-one-polis", "Name one polis, e.g. 'polis {example}'.")
NOT_OWN_POLIS = message("develop.not-own-polis", "{polis} is not {side:gen} polis.")
LAST_CUBE = message("develop.last-cube", "{polis} has a single cube left, and the last cube of a polis never becomes a "
                    "unit.")
NEITHER_GOOD = message("develop.neither-good", "{side} has neither {good} nor {good2} to pay for {what}.")
A_HOPLITE = message("develop.a-hoplite", "a hoplite")
A_HULL = message("develop.a-hull", "a hull")
A_TRADE_SHIP = message("develop.a-trade-ship", "a trade ship")
NO_TERRITORY = message("develop.no-territory", "{polis} lies in no territory, so no hoplites can be trained there.")
AT_LIMIT = message("develop.at-limit", "{area} already holds {n} hoplites of {side}, the stacking limit of this round.")
NO_TRAINING = message("develop.no-training", "Training is not possible in {polis} now.")
NO_PORT = message("develop.no-port", "{polis} has no port, so it builds no galleys.")
SEAS_AT_LIMIT = message("develop.seas-at-limit", "Every sea {polis} builds into already holds the round's limit of "
                        "{side:gen} galleys.")
NO_GALLEYS_HERE = message("develop.no-galleys-here", "Building galleys is not possible in {polis} now.")
NOT_TRADE_CITY = message("develop.not-trade-city", "{polis} is not a trade city loyal to {side}.")
ALL_SHIPS = message("develop.all-ships", "All {n} trade ships of {side} are in play.")
NO_SHIPS_HERE = message("develop.no-ships-here", "Building trade ships is not possible in {polis} now.")


def train_polis_apply(s: State, a: Action, log: Log) -> State:
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    say(log, WILL_TRAIN, "train.polis", player=s.pending.player, side=side_id(s.pending.player), polis=a.args[0])
    return s.evolve(pending=Pending("train-pay", s.pending.player, (i, 0)))


def _polis_why(s: State, a: Action, ok, reason) -> Explanation | None:
    """Why a polis cannot be chosen: not one's own, its last cube, else the action's own ``reason``."""
    b = topology_of(s)
    p = s.pending.player
    if len(a.args) != 1 or a.args[0] not in b.polis_index:
        return explained(s, False, NAME_ONE_POLIS, "decision.wrong-kind", example=b.polis_ids[0])
    i = b.polis_index[a.args[0]]
    name = a.args[0]
    if s.owner[i] != p:
        return explained(s, False, NOT_OWN_POLIS, reason(s, p, i, name).rule_ids[0], polis=name, side=side_id(p))
    if s.pop[i] < 2 and not ok(s, p, i):
        return explained(s, False, LAST_CUBE, "polis.last-cube", polis=name)
    return None if ok(s, p, i) else reason(s, p, i, name)


def _pay_reason(s: State, p: int, goods: tuple[str, str], rule: str, what) -> Explanation | None:
    if not any(have(s, p, g) for g in goods):
        return explained(s, False, NEITHER_GOOD, rule, side=side_id(p), good=goods[0], good2=goods[1],
                         what=Phrase(what))
    return None


def _train_reason(s: State, p: int, i: int, name: str) -> Explanation:
    b = topology_of(s)
    area = b.polis_area[i]
    if area < 0:
        return explained(s, False, NO_TERRITORY, "train.polis", polis=name)
    if s.units[area][p] >= b.limit(s):
        return explained(s, False, AT_LIMIT, "stack.limit", area=b.area_ids[area], n=s.units[area][p], side=side_id(p))
    return _pay_reason(s, p, _train_goods(s), "train.cost", A_HOPLITE) or explained(
        s, False, NO_TRAINING, "train.polis", polis=name)


def _galley_reason(s: State, p: int, i: int, name: str) -> Explanation:
    if not topology_of(s).polis_ports[i]:
        return explained(s, False, NO_PORT, "galley.polis", polis=name)
    if not _galley_seas(s, p, i):
        return explained(s, False, SEAS_AT_LIMIT, "stack.limit", polis=name, side=side_id(p))
    return _pay_reason(s, p, ("wood", "silver"), "galley.cost", A_HULL) or explained(
        s, False, NO_GALLEYS_HERE, "galley.polis", polis=name)


def _ships_reason(s: State, p: int, i: int, name: str) -> Explanation:
    b = topology_of(s)
    if i not in b.trade_cities[p]:
        return explained(s, False, NOT_TRADE_CITY, "ships.trade-city", polis=name, side=side_id(p))
    if b.ships_free(s, p) == 0:
        return explained(s, False, ALL_SHIPS, "ships.limit", "game.limited-material", n=b.comp.ships_per_player,
                         side=side_id(p))
    return _pay_reason(s, p, ("wood", "silver"), "ships.cost", A_TRADE_SHIP) or explained(
        s, False, NO_SHIPS_HERE, "ships.trade-city", polis=name)


def train_pay_options(s: State) -> list[Action]:
    p = s.pending.player
    i, n = s.pending.data
    out = []
    if _train_ok(s, p, i):
        if s.pop[i] >= 2:
            out += [shared("pay", (g,)) for g in _train_goods(s) if have(s, p, g) > 0]
        if _hire_cost(s, p):
            out.append(shared("hire"))
    if n > 0:
        out.append(shared("end"))
    return out


ENDS_ACTION = message("develop.ends-action", "{side} ends the action")
TRAINS = message("develop.trains", "{side} trains a hoplite in {polis} for 1 {good}; it stands in {area}")
OWNS_NO_POLIS = message("develop.owns-no-polis", "{side} owns no polis.")
NEITHER_FOR_HOPLITE = message("develop.neither-for-hoplite", "{side} has neither {good} nor silver to equip a hoplite.")
NO_POLIS_TRAINS = message("develop.no-polis-trains", "No polis of {side} can train: each either has one cube left, lies "
                          "outside any territory, or its territory is at the stacking limit.")
EACH_COSTS = message("develop.each-costs", "Each {unit} costs one {good} or one {good2}.")
NO_GOOD_LEFT = message("develop.no-good-left", "{side} has no {good} left.")


def train_pay_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    i, n = s.pending.data
    b = topology_of(s)
    if a.kind == "end":
        say(log, ENDS_ACTION, player=p, side=side_id(p))
        return after_action(s, p, log)
    area = b.polis_area[i]
    pending = Pending("train-pay", p, (i, n + 1))
    if a.kind == "hire":
        s = _hire(s, p, i, area, log, "hoplite").evolve(pending=pending)
    else:
        s = _build_unit(s, p, a.args[0], i, area, pending)
        say(log, TRAINS, "train.cost", player=p, side=side_id(p), polis=b.polis_ids[i], good=a.args[0],
            area=b.area_ids[area])
    more = train_pay_options(s)
    if not more or only_end(more):
        return after_action(s, p, log)
    return with_listing(s, more)


def _train_why(s: State, p: int) -> Explanation | None:
    if not _own_poleis(s, p):
        return explained(s, False, OWNS_NO_POLIS, "train.polis", side=side_id(p))
    g = topology_of(s).comp.train_good
    if have(s, p, g) + have(s, p, "silver") == 0:
        return explained(s, False, NEITHER_FOR_HOPLITE, "train.cost", side=side_id(p), good=g)
    return explained(s, False, NO_POLIS_TRAINS, "train.polis", "polis.last-cube", "stack.limit", side=side_id(p))


def _pay_why(s: State, a: Action, goods: tuple[str, ...], cost_rule: str, what: str) -> Explanation | None:
    """Why a 'pay <good>' step of a building action is refused (the kind of good, or none left)."""
    p = s.pending.player
    if a.kind != "pay" or not a.args or a.args[0] not in goods:
        return explained(s, False, EACH_COSTS, cost_rule, unit=what, good=goods[0], good2=goods[1])
    if have(s, p, a.args[0]) < 1:
        return explained(s, False, NO_GOOD_LEFT, cost_rule, side=side_id(p), good=a.args[0])
    return None


def _building(ok: Callable[[State, Topology, int], bool], what: str):
    """The context of a building step: [polis index, units built so far], the polis one's own and able (``ok``)."""
    def check(s: State, b: Topology) -> str | None:
        d = s.pending.data
        if not shape(d, int, int) or d[1] < 0:
            return "expected [polis index, units built so far]"
        return own_polis(s, b, d[0]) or (None if ok(s, b, d[0]) else f"{b.comp.poleis[d[0]].name} {what}")
    return check


decision("train-polis", "actions", train_polis_options, train_polis_apply,
         lambda s, a: _polis_why(s, a, _train_ok, _train_reason), keywords=("polis",),
         prompt=message("prompt.train-polis", "choose where to train hoplites"), action="train", target="polis",
         why_template="polis {}")
decision("train-pay", "actions", train_pay_options, train_pay_apply,
         lambda s, a: _hire_why(s, a, "hoplite", train_pay_options) if a.kind == "hire" else
         _pay_why(s, a, _train_goods(s), "train.cost", "hoplite"), keywords=("pay", "hire", "end"),
         prompt=message("prompt.train-pay", "pay for each hoplite (or end the action)"), action="train",
         context=_building(lambda s, b, i: b.polis_area[i] >= 0, "lies in no territory [train.polis]"))
def _pays_or_hires(s: State, p: int, pay: bool, poleis) -> bool:
    """Whether one of ``poleis`` (those with room for the unit) can give ``p`` a unit: paid with a good
    (``pay``: ``p`` holds one) from a polis that keeps a cube, or hired (Mercenaries). Hiring is
    checked once, and only when paying fails."""
    hire = None
    for i in poleis:
        if pay and s.pop[i] >= 2:
            return True
        if hire is None:
            hire = _hire_cost(s, p) > 0
        if hire:
            return True
    return False


def _train_avail(s: State, p: int) -> bool:
    """``any(_train_ok(s, p, i) for i in _own_poleis(s, p))``, the goods and hiring checked once."""
    b = topology_of(s)
    lim = b.limit(s)
    pay = have(s, p, b.comp.train_good) > 0 or have(s, p, "silver") > 0
    room = (i for i, o in enumerate(s.owner) if o == p and b.polis_area[i] >= 0 and s.units[b.polis_area[i]][p] < lim)
    return _pays_or_hires(s, p, pay, room)


action(ActionSpec("train", False, _train_avail,
                  Opens("train-polis"), _train_why,
                  ("train.polis", "train.cost"), message("action.train", "Train hoplites"),
                  frozenset(("metal", "iron", "silver"))))  # the train good of either edition


# --- b. build galleys -------------------------------------------------------------------------

def _galley_seas(s: State, p: int, i: int) -> list[int]:
    b = topology_of(s)
    lim = b.limit(s)
    return [x for x in b.polis_ports[i] if s.units[x][p] < lim]


def _galley_ok(s: State, p: int, i: int) -> bool:
    return (bool(_galley_seas(s, p, i))
            and ((s.pop[i] >= 2 and (have(s, p, "wood") > 0 or have(s, p, "silver") > 0)) or _hire_cost(s, p) > 0))


def galley_polis_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("polis", (b.polis_ids[i],)) for i in _own_poleis(s, p) if _galley_ok(s, p, i)]


WILL_BUILD_GALLEYS = message("develop.will-build-galleys", "{side} will build galleys in {polis}")
BUILDS_GALLEY = message("develop.builds-galley", "{side} builds a galley in {polis} for 1 {good}; it sails into {area}")
NEITHER_FOR_HULL = message("develop.neither-for-hull", "{side} has neither wood nor silver for a hull.")
NO_POLIS_BUILDS = message("develop.no-polis-builds", "No polis of {side} can build: each lacks a port, has one cube "
                          "left, or its seas are at the stacking limit.")
ARROW_SEAS = message("develop.arrow-seas", "A galley of {polis} goes into a sea its arrow points to: {seas}.")
GALLEYS_AT_LIMIT = message("develop.galleys-at-limit", "{side} already has {n} galleys in {area}, the stacking limit of "
                           "this round.")


def galley_polis_apply(s: State, a: Action, log: Log) -> State:
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    say(log, WILL_BUILD_GALLEYS, "galley.polis", player=s.pending.player, side=side_id(s.pending.player),
        polis=a.args[0])
    return s.evolve(pending=Pending("galley-pay", s.pending.player, (i, 0)))


def galley_pay_options(s: State) -> list[Action]:
    p = s.pending.player
    i, n = s.pending.data
    b = topology_of(s)
    out = []
    if s.pop[i] >= 2:
        for g in ("wood", "silver"):
            if have(s, p, g) > 0:
                out += [shared("pay", (g, b.area_ids[x])) for x in _galley_seas(s, p, i)]
    if _hire_cost(s, p):
        out += [shared("hire", (b.area_ids[x],)) for x in _galley_seas(s, p, i)]
    if n > 0:
        out.append(shared("end"))
    return out


def galley_pay_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    i, n = s.pending.data
    b = topology_of(s)
    if a.kind == "end":
        say(log, ENDS_ACTION, player=p, side=side_id(p))
        return after_action(s, p, log)
    pending = Pending("galley-pay", p, (i, n + 1))
    if a.kind == "hire":
        s = _hire(s, p, i, b.area_index[a.args[0]], log, "galley").evolve(pending=pending)
    else:
        sea = b.area_index[a.args[1]]
        s = _build_unit(s, p, a.args[0], i, sea, pending)
        say(log, BUILDS_GALLEY, "galley.cost", player=p, side=side_id(p), polis=b.polis_ids[i], good=a.args[0],
            area=a.args[1])
    more = galley_pay_options(s)
    if only_end(more):
        return after_action(s, p, log)
    return with_listing(s, more)


def _galley_why(s: State, p: int) -> Explanation | None:
    if have(s, p, "wood") + have(s, p, "silver") == 0:
        return explained(s, False, NEITHER_FOR_HULL, "galley.cost", side=side_id(p))
    return explained(s, False, NO_POLIS_BUILDS, "galley.polis", "polis.last-cube", "stack.limit", side=side_id(p))


def _galley_pay_why(s: State, a: Action) -> Explanation | None:
    if a.kind == "hire":
        return _hire_why(s, a, "galley", galley_pay_options)
    e = _pay_why(s, a, ("wood", "silver"), "galley.cost", "galley")
    if e is not None:
        return e
    b = topology_of(s)
    p = s.pending.player
    i = s.pending.data[0]
    ports = tuple(b.area_ids[x] for x in b.polis_ports[i])
    if len(a.args) != 2 or a.args[1] not in b.area_index or b.area_index[a.args[1]] not in b.polis_ports[i]:
        return explained(s, False, ARROW_SEAS, "galley.cost", polis=b.polis_ids[i], seas=ports)
    sea = b.area_index[a.args[1]]
    if s.units[sea][p] >= b.limit(s):
        return explained(s, False, GALLEYS_AT_LIMIT, "stack.limit", side=side_id(p), n=s.units[sea][p], area=a.args[1])
    return None


decision("galley-polis", "actions", galley_polis_options, galley_polis_apply,
         lambda s, a: _polis_why(s, a, _galley_ok, _galley_reason), keywords=("polis",),
         prompt=message("prompt.galley-polis", "choose where to build galleys"), action="galleys", target="polis",
         why_template="polis {}")
decision("galley-pay", "actions", galley_pay_options, galley_pay_apply, _galley_pay_why,
         keywords=("pay", "hire", "end"), prompt=message("prompt.galley-pay", "pay for each galley (or end the action)"),
         action="galleys",
         context=_building(lambda s, b, i: bool(b.polis_ports[i]), "has no port [galley.polis]"))
def _galleys_avail(s: State, p: int) -> bool:
    """``any(_galley_ok(s, p, i) for i in _own_poleis(s, p))``, the goods and hiring checked once."""
    b = topology_of(s)
    lim = b.limit(s)
    pay = have(s, p, "wood") > 0 or have(s, p, "silver") > 0
    room = (i for i, o in enumerate(s.owner) if o == p and any(s.units[x][p] < lim for x in b.polis_ports[i]))
    return _pays_or_hires(s, p, pay, room)


action(ActionSpec("galleys", False, _galleys_avail,
                  Opens("galley-polis"), _galley_why,
                  ("galley.polis", "galley.cost"), message("action.galleys", "Build galleys"),
                  frozenset(("wood", "silver"))))


# --- c. build trade ships ---------------------------------------------------------------------

def _ships_ok(s: State, p: int, i: int) -> bool:
    b = topology_of(s)
    return (i in b.trade_cities[p] and s.owner[i] == p and s.pop[i] >= 2 and b.ships_free(s, p) > 0
            and (have(s, p, "wood") > 0 or have(s, p, "silver") > 0))


def ships_polis_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("polis", (b.polis_ids[i],)) for i in b.trade_cities[p] if _ships_ok(s, p, i)]


WILL_BUILD_SHIPS = message("develop.will-build-ships", "{side} will build trade ships in {polis}")
BUILDS_SHIP = message("develop.builds-ship", "{side} builds a trade ship in {polis} for 1 {good}; its crew cube returns "
                      "to supply")
NO_LOYAL_CITY = message("develop.no-loyal-city", "{side} owns no trade city loyal to it.")
NO_CITY_BUILDS = message("develop.no-city-builds", "No loyal trade city can build now (one cube left, or no wood or "
                         "silver).")


def ships_polis_apply(s: State, a: Action, log: Log) -> State:
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    say(log, WILL_BUILD_SHIPS, "ships.trade-city", player=s.pending.player, side=side_id(s.pending.player),
        polis=a.args[0])
    return s.evolve(pending=Pending("ships-pay", s.pending.player, (i, 0)))


def ships_pay_options(s: State) -> list[Action]:
    p = s.pending.player
    i, n = s.pending.data
    out = []
    if _ships_ok(s, p, i):
        out += [shared("pay", (g,)) for g in ("wood", "silver") if have(s, p, g) > 0]
    if n > 0:
        out.append(shared("end"))
    return out


def ships_pay_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    i, n = s.pending.data
    b = topology_of(s)
    if a.kind == "end":
        say(log, ENDS_ACTION, player=p, side=side_id(p))
        return after_action(s, p, log)
    goods = tset(s.goods, p, tadd(s.goods[p], b.good_index[a.args[0]], -1))
    s = s.evolve(goods=goods, pop=tadd(s.pop, i, -1), ships_port=tadd(s.ships_port, p, 1),
                 pending=Pending("ships-pay", p, (i, n + 1)))  # one copy: the good, the crew cube, the next step
    say(log, BUILDS_SHIP, "ships.cost", player=p, side=side_id(p), polis=b.polis_ids[i], good=a.args[0])
    more = ships_pay_options(s)
    if only_end(more):
        return after_action(s, p, log)
    return with_listing(s, more)


def _ships_why(s: State, p: int) -> Explanation | None:
    b = topology_of(s)
    if not any(s.owner[i] == p for i in b.trade_cities[p]):
        return explained(s, False, NO_LOYAL_CITY, "ships.trade-city", side=side_id(p))
    if b.ships_free(s, p) == 0:
        return explained(s, False, ALL_SHIPS, "ships.limit", "game.limited-material", n=b.comp.ships_per_player,
                         side=side_id(p))
    return explained(s, False, NO_CITY_BUILDS, "ships.cost", "polis.last-cube")


decision("ships-polis", "actions", ships_polis_options, ships_polis_apply,
         lambda s, a: _polis_why(s, a, _ships_ok, _ships_reason), keywords=("polis",),
         prompt=message("prompt.ships-polis", "choose where to build trade ships"), action="ships", target="polis",
         why_template="polis {}")
decision("ships-pay", "actions", ships_pay_options, ships_pay_apply,
         lambda s, a: _pay_why(s, a, ("wood", "silver"), "ships.cost", "ship"), keywords=("pay", "end"),
         prompt=message("prompt.ships-pay", "pay for each trade ship (or end the action)"), action="ships",
         context=_building(lambda s, b, i: i in b.trade_cities[s.pending.player],
                           "is not a trade city of this side [ships.trade-city]"))
action(ActionSpec("ships", False, lambda s, p: any(_ships_ok(s, p, i) for i in topology_of(s).trade_cities[p]),
                  Opens("ships-polis"), _ships_why,
                  ("ships.trade-city", "ships.cost"), message("action.ships", "Build trade ships"),
                  frozenset(("wood", "silver"))))


# --- d. start a project -----------------------------------------------------------------------

def payments(s: State, p: int, tile: str) -> list[tuple[str, ...]]:
    """Affordable ways to pay a tile: which kinds of goods are replaced wholly by silver."""
    proj = topology_of(s).project_index[tile]
    kinds = [g for g, _ in proj.cost if g != "silver"]
    out = []
    for k in range(len(kinds) + 1):
        for sub in combinations(kinds, k):
            need: dict[str, int] = {}
            for g, n in proj.cost:
                key = "silver" if g in sub else g
                need[key] = need.get(key, 0) + n
            if all(have(s, p, g) >= n for g, n in need.items()):
                out.append(sub)
    return out


def affordable(s: State, p: int, tile: str, mine: tuple[int, ...] | None = None) -> bool:
    """Whether p can pay the tile some way: ``bool(payments(s, p, tile))`` without listing them.
    Silver must replace exactly the kinds p lacks: replacing a kind p has only asks more silver.
    ``mine``: p's goods (by good index) if not those of ``s``."""
    b = topology_of(s)
    proj = b.project_index[tile]
    if mine is None:
        mine = s.goods[p]
    gi = b.good_index
    silver = 0
    needs_silver = False
    for g, n in proj.cost:
        if g == "silver":
            silver += n
            needs_silver = True
        elif mine[gi[g]] < n:
            silver += n
            needs_silver = True
    return not needs_silver or mine[gi["silver"]] >= silver


def _project_poleis(s: State, p: int, tile: str) -> list[int]:
    b = topology_of(s)
    typ = b.project_index[tile].type
    busy = {pol for _, pol in s.started}
    return [i for i in _own_poleis(s, p) if typ in b.comp.poleis[i].project_types and i not in busy]


def _tile_ok(s: State, p: int, tile: str) -> bool:
    return bool(_project_poleis(s, p, tile)) and affordable(s, p, tile)


def tile_options(s: State) -> list[Action]:
    p = s.pending.player
    return [shared("tile", (t,)) for t in s.display if _tile_ok(s, p, t)]


PICKS = message("develop.picks-project", "{side} picks the project {project}")
WILL_START = message("develop.will-start", "{side} will start {project} in {polis}")
STARTS = message("develop.starts-project", "{side} starts {project} in {polis}, paying {paid}")
PAID = message("develop.paid", "{n} {good}")
PAID_FOR = message("develop.paid-for", "{n} {good} (for {good2})")
NO_TILE_LEFT = message("develop.no-tile-left", "No project tile is left on display.")
NO_PROJECT_FITS = message("develop.no-project-fits", "No displayed project fits an owned polis without a project this "
                          "round, or none is affordable.")
CHOOSE_TILE = message("develop.choose-tile", "Choose a tile on display: {tiles}")
NO_POLIS_FOR_TYPE = message("develop.no-polis-for-type", "No polis of {side} allows this project type and is free this "
                            "round.")
CANNOT_PAY_TILE = message("develop.cannot-pay-tile", "{side} cannot pay for this project, even replacing one kind of good "
                          "by silver.")
NO_SUCH_TYPE = message("develop.no-such-type", "{polis} allows no {ptype} project.")
BEGUN_ALREADY = message("develop.begun-already", "{polis} has already begun a project this round.")
WRITE_PAY = message("develop.write-pay", "Write 'pay', or 'pay silver-for:<goods>' naming kinds of the cost that silver "
                    "replaces in full: {kinds}.")
SILVER_ONLY = message("develop.silver-only", "none (this tile costs silver only)")
NOT_THIS_WAY = message("develop.not-this-way", "{side} cannot pay {project} ({cost}) this way; silver replaces a kind of "
                       "good only in full, never in part.")


def tile_apply(s: State, a: Action, log: Log) -> State:
    say(log, PICKS, "project.polis", player=s.pending.player, side=side_id(s.pending.player), project=a.args[0])
    return s.evolve(pending=Pending("project-polis", s.pending.player, (a.args[0],)))


def project_polis_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("polis", (b.polis_ids[i],)) for i in _project_poleis(s, p, s.pending.data[0])]


def project_polis_apply(s: State, a: Action, log: Log) -> State:
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    say(log, WILL_START, "project.polis", player=s.pending.player, side=side_id(s.pending.player),
        project=s.pending.data[0], polis=a.args[0])
    return s.evolve(pending=Pending("project-pay", s.pending.player, (s.pending.data[0], i)))


def project_pay_options(s: State) -> list[Action]:
    p = s.pending.player
    out = []
    for sub in payments(s, p, s.pending.data[0]):
        out.append(Action("pay", ("silver-for:" + ",".join(sub),)) if sub else Action("pay"))
    return out


def project_pay_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    tile, i = s.pending.data
    b = topology_of(s)
    proj = b.project_index[tile]
    sub = a.args[0].split(":", 1)[1].split(",") if a.args else []
    paid = []
    for g, n in proj.cost:
        key = "silver" if g in sub else g
        s = add_good(s, p, key, -n)
        paid.append(Phrase(PAID_FOR, {"n": n, "good": key, "good2": g}) if key != g else
                    Phrase(PAID, {"n": n, "good": key}))
    s = s.evolve(display=tuple(t for t in s.display if t != tile), started=s.started + ((tile, i),))
    rules = ["project.cost", *b.comp.data_rules(("projects", tile, "cost"))]
    say(log, STARTS, *rules, player=p, side=side_id(p), project=tile, polis=b.polis_ids[i], paid=tuple(paid))
    return after_action(s, p, log)


def _project_why(s: State, p: int) -> Explanation | None:
    if not s.display:
        return explained(s, False, NO_TILE_LEFT, "round.projects")
    return explained(s, False, NO_PROJECT_FITS, "project.polis", "project.cost")


def _tile_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    if len(a.args) != 1 or a.args[0] not in s.display:
        return explained(s, False, CHOOSE_TILE, "round.projects", tiles=tuple(s.display))
    if not _project_poleis(s, p, a.args[0]):
        return explained(s, False, NO_POLIS_FOR_TYPE, "project.polis", side=side_id(p))
    return explained(s, False, CANNOT_PAY_TILE, "project.cost", side=side_id(p))


def _project_polis_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    p = s.pending.player
    tile = s.pending.data[0]
    proj = b.project_index[tile]
    if len(a.args) != 1 or a.args[0] not in b.polis_index:
        return explained(s, False, NAME_ONE_POLIS, "decision.wrong-kind", example=b.polis_ids[0])
    i = b.polis_index[a.args[0]]
    name = a.args[0]
    if s.owner[i] != p:
        return explained(s, False, NOT_OWN_POLIS, "project.polis", polis=name, side=side_id(p))
    if proj.type not in b.comp.poleis[i].project_types:
        return explained(s, False, NO_SUCH_TYPE, "project.polis", polis=name, ptype=proj.type)
    if any(pol == i for _, pol in s.started):
        return explained(s, False, BEGUN_ALREADY, "project.polis", polis=name)
    return None


def _project_pay_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    p = s.pending.player
    proj = b.project_index[s.pending.data[0]]
    kinds = [g for g, _ in proj.cost if g != "silver"]
    sub = a.args[0].split(":", 1)[1].split(",") if a.args and a.args[0].startswith("silver-for:") else None
    if a.args and (sub is None or len(a.args) != 1 or not set(sub) <= set(kinds)):
        return explained(s, False, WRITE_PAY, "project.cost", kinds=tuple(kinds) or Phrase(SILVER_ONLY))
    cost = tuple(Phrase(PAID, {"n": n, "good": g}) for g, n in proj.cost)
    return explained(s, False, NOT_THIS_WAY, "project.cost", side=side_id(p), project=proj.id, cost=cost)


def _project_polis_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, str) or d[0] not in s.display:
        return "expected [a project tile on display]"
    if not payments(s, s.pending.player, d[0]):
        return f"{PLAYERS[s.pending.player]} cannot pay for {d[0]!r} [project.cost]"
    return None


def _project_pay_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, str, int) or d[0] not in s.display:
        return "expected [a project tile on display, polis index]"
    why = own_polis(s, b, d[1])
    if why:
        return why
    if b.project_index[d[0]].type not in b.comp.poleis[d[1]].project_types or any(i == d[1] for _, i in s.started):
        return f"{b.comp.poleis[d[1]].name} cannot take this project now [project.polis]"
    return None


decision("project-tile", "actions", tile_options, tile_apply, _tile_why, keywords=("tile",),
         prompt=message("prompt.project-tile", "choose a project tile"), action="project")
decision("project-polis", "actions", project_polis_options, project_polis_apply, _project_polis_why,
         keywords=("polis",), prompt=message("prompt.project-polis", "choose the polis for the project"), action="project",
         target="polis",
         why_template="polis {}", context=_project_polis_context)
decision("project-pay", "actions", project_pay_options, project_pay_apply, _project_pay_why, keywords=("pay",),
         prompt=message("prompt.project-pay", "pay for the project"), action="project", context=_project_pay_context)
def _project_avail(s: State, p: int) -> bool:
    """``any(_tile_ok(s, p, t) for t in s.display)``: the tiles with a polis for them, then what p can pay."""
    return bool(s.display) and _project_paying(s, p)(s.goods[p])


def _project_paying(s: State, p: int) -> Callable[[tuple[int, ...]], bool]:
    """Whether p holding ``goods`` could start a project in ``s``: the tiles with a polis for them are
    found once (and kept in the memo), then only the goods are asked."""
    tiles: tuple[str, ...] = ()
    if s.display:
        key = ("project-tiles", s.components, p, s.display, s.started, s.owner)
        memo = answers(s)
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(t for t in s.display if _project_poleis(s, p, t))
        tiles = found

    def can(goods: tuple[int, ...]) -> bool:
        for t in tiles:
            if affordable(s, p, t, goods):
                return True
        return False
    return can


action(ActionSpec("project", False, _project_avail,
                  Opens("project-tile"), _project_why,
                  ("project.polis", "project.cost"), message("action.project", "Start a project"),
                  paying=_project_paying))
